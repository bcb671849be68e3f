import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { listRoutes } from './route-table.js';

/** An Express path as OpenAPI writes it: /api/blog-posts/:idOrSlug is /api/blog-posts/{idOrSlug}. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * The routes the app registered (read from the Express router, so a route added anywhere is
 * included) that the document does not describe, as "METHOD /path".
 */
export function undocumentedRoutes(app: INestApplication, document: OpenAPIObject): string[] {
  return listRoutes(app)
    .filter((route) => !(document.paths[openApiPath(route.path)] as Record<string, unknown> | undefined)?.[route.method.toLowerCase()])
    .map((route) => `${route.method} ${route.path}`);
}
