import type { Manifest } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { createQueryClient } from '../src/api/query-client';
import type { SiteConfig } from '../src/config/site-config';
import { createAppRouter } from '../src/router';

/**
 * Renders one page on request: the router matches the URL, runs the loaders (which read the
 * content service), and the whole document, head included, goes out as HTML with the query
 * cache and site config embedded for hydration. Unknown paths and missing content give 404.
 * The answer's Content-Security-Policy names its inline scripts by hash (web-server.ts).
 */
export function renderPage(request: Request, site: SiteConfig, manifest: Manifest): Promise<Response> {
  const handler = createRequestHandler({
    request,
    createRouter: () => createAppRouter({ queryClient: createQueryClient(), siteConfig: site }),
    getRouterManifest: () => manifest,
  });
  return handler(({ router, responseHeaders }) =>
    renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
  );
}
