// @vitest-environment node
import { rootRouteId } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/api/query-client';
import { siteConfigFromEnv } from './web-config';
import { createAppRouter } from '../src/router';
import { buildRouterManifest, CLIENT_ENTRY, type ViteManifest } from './router-manifest';

const router = createAppRouter({ queryClient: createQueryClient(), siteConfig: siteConfigFromEnv({}) });
const pageModules = Object.values(router.routesById)
  .map((route) => route.options.staticData?.pageModule)
  .filter((module): module is string => Boolean(module));

function viteManifest(): ViteManifest {
  const manifest: ViteManifest = {
    [CLIENT_ENTRY]: { file: 'assets/entry.js', isEntry: true, imports: ['_shared.js'], css: ['assets/entry.css'] },
    '_shared.js': { file: 'assets/shared.js' },
    '_page-helper.js': { file: 'assets/page-helper.js', imports: ['_shared.js'] },
  };
  for (const module of pageModules) manifest[module] = { file: `assets/${module.split('/').pop()}.js`, imports: ['_page-helper.js', '_shared.js'] };
  return manifest;
}

describe('buildRouterManifest', () => {
  it('gives the root the entry script, its stylesheet and its static imports', () => {
    const { routes } = buildRouterManifest(viteManifest(), router);
    expect(routes[rootRouteId]).toEqual({
      preloads: ['/assets/entry.js', '/assets/shared.js'],
      css: ['/assets/entry.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/entry.js', async: true } }],
    });
  });

  it("preloads each route's own page chunk and what only it needs", () => {
    const { routes } = buildRouterManifest(viteManifest(), router);
    expect(routes['/blog']).toEqual({ preloads: ['/assets/blog-list-page.tsx.js', '/assets/page-helper.js'], css: [] });
    expect(pageModules.length).toBeGreaterThanOrEqual(18);
  });

  it('stops the server when a page has no chunk in the build', () => {
    const manifest = viteManifest();
    delete manifest[pageModules[0]!];
    expect(() => buildRouterManifest(manifest, router)).toThrow(/no chunk/);
  });
});
