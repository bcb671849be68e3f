import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'vite';
import { repoRoot } from './bench-processes.js';

/**
 * The floor for the website's JavaScript: an empty page built in this run with the same
 * React, TanStack Router and React Query the site uses, the site's own Vite config, and the same
 * way of starting (hydrating a server-rendered document through the router, one query read).
 */
const EMPTY_PAGE = `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, HeadContent, Outlet, Scripts } from '@tanstack/react-router';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

const queryClient = new QueryClient();

function RootDocument() {
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

function EmptyPage() {
  const { data } = useQuery({ queryKey: ['empty'], queryFn: () => Promise.resolve('') });
  return <main>{data}</main>;
}

const rootRoute = createRootRoute({ component: RootDocument });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: EmptyPage });
const router = createRouter({
  routeTree: rootRoute.addChildren([indexRoute]),
  Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
});

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
);
`;

export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export interface BuiltApp {
  /** The directory holding assets/ and .vite/manifest.json. */
  outDir: string;
  manifest: ViteManifest;
  remove(): void;
}

/** Builds the empty page with frontend/vite.config.ts into a directory under .run/ (resolving the site's node_modules). */
export async function buildEmptyApp(): Promise<BuiltApp> {
  mkdirSync(`${repoRoot}.run`, { recursive: true });
  const root = mkdtempSync(`${repoRoot}.run/bench-empty-app-`);
  writeFileSync(`${root}/empty-page.tsx`, EMPTY_PAGE);
  const outDir = `${root}/dist`;
  try {
    await build({
      configFile: `${repoRoot}frontend/vite.config.ts`,
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, rollupOptions: { input: `${root}/empty-page.tsx` } },
    });
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as ViteManifest;
  return { outDir, manifest, remove: () => rmSync(root, { recursive: true, force: true }) };
}
