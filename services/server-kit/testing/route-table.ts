import type { INestApplication } from '@nestjs/common';
import { adminAccess } from '../src/admin/admin-routes.js';

export interface Route {
  method: string;
  /** Express path with parameters, such as /api/admin/blog-posts/:id. */
  path: string;
}

/** Every route the app serves, read from the Express router, so a route added later is covered at once. */
export function listRoutes(app: INestApplication): Route[] {
  const express = app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  return express.router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods)
          .filter((method) => method !== '_all')
          .map((method) => ({ method: method.toUpperCase(), path: layer.route!.path }))
      : [],
  );
}

/** The routes that need an admin session, as the global guard decides (adminAccess). */
export function adminRoutes(app: INestApplication): Route[] {
  return listRoutes(app).filter((route) => adminAccess(route.path) === 'session');
}
