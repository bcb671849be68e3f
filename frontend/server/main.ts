import { readFileSync } from 'node:fs';
import { AUDIT_REPORT_API_PATH, IMAGE_REPORT_API_PATH } from '@agency/shared';
import { configureApiTransport } from '../src/api/api-client';
import { createQueryClient } from '../src/api/query-client';
import { createAppRouter } from '../src/router';
import { createCachedFetch } from './cached-fetch';
import { buildRouterManifest, type ViteManifest } from './router-manifest';
import { loadWebConfig, unsetSiteVariables } from './web-config';
import { createWebServer } from './web-server';

declare const __BUILD_TIME__: string;

/** The "web" process: renders every public page on request (see docs/architecture.md, "Page render"). */
function main(): void {
  const config = loadWebConfig();
  if (process.env.NODE_ENV === 'production') {
    const unset = unsetSiteVariables();
    if (unset.length > 0) {
      console.warn(
        `[web] WARNING: ${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set: the site shows placeholders ` +
          '(an example.com contact address) or leaves those details and links out. See docs/operations.md.',
      );
    }
  }
  const contentFetch = createCachedFetch(config.contentCacheTtlMs);
  const reportsOnContent = [AUDIT_REPORT_API_PATH, IMAGE_REPORT_API_PATH].map((path) => `${config.contentUrl}${path}/`);
  configureApiTransport({
    baseUrl: config.contentUrl,
    // Stored audit and image reports live in the tools API; they are read uncached (each is opened rarely).
    fetch: (input, init) =>
      reportsOnContent.some((prefix) => input.startsWith(prefix)) ? fetch(`${config.toolsUrl}${input.slice(config.contentUrl.length)}`, init) : contentFetch(input, init),
  });

  const viteManifestUrl = new URL('../client/.vite/manifest.json', import.meta.url);
  const viteManifest = JSON.parse(readFileSync(viteManifestUrl, 'utf8')) as ViteManifest;
  const manifest = buildRouterManifest(viteManifest, createAppRouter({ queryClient: createQueryClient(), siteConfig: config.site }));

  const server = createWebServer({ site: config.site, manifest, builtAt: __BUILD_TIME__ });
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.bindHost, () => {
    console.log(`[web] listening on ${config.bindHost} port ${config.port}; content from ${config.contentUrl}; site ${config.site.siteUrl}`);
    // Under pm2 (make start), the next process starts once this one serves.
    process.send?.('ready');
  });

  const stop = (signal: string) => {
    console.log(`[web] ${signal}: closing`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

try {
  main();
} catch (error) {
  console.error(`[web] cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
