import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';

const pageModules = import.meta.glob<{ default: ComponentType }>('./**/-components/**/*-page.tsx');

/**
 * A route's page component as its own chunk (route-level code splitting). The source path goes
 * into the route's static data so the web server can emit modulepreload links for the chunk.
 */
export function lazyPage(path: `./${string}/-components/${string}-page.tsx`) {
  const load = pageModules[path];
  if (!load) throw new Error(`No page module at ${path}`);
  return {
    component: lazyRouteComponent(load),
    staticData: { pageModule: `src/routes/${path.slice(2)}` },
  };
}

/** An admin page: drawn in the admin's own layout, without the public header, footer and cookie banner. */
export function adminPage(path: `./admin/-components/${string}-page.tsx`) {
  const page = lazyPage(path);
  return { ...page, staticData: { ...page.staticData, layout: 'admin' as const } };
}
