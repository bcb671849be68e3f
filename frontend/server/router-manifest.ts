import { rootRouteId, type Manifest } from '@tanstack/react-router';
import type { AppRouter } from '../src/router';

/** The entries of Vite's client build manifest (dist/client/.vite/manifest.json) that we read. */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ViteManifestChunk>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';

function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const publicPath = (file: string): string => `/${file}`;

/**
 * The router's asset manifest: the root route loads the client entry (module script, stylesheet,
 * modulepreloads of its static imports); each route with a lazy page preloads that page's chunk,
 * so the browser fetches a page's code alongside the entry instead of after it.
 */
export function buildRouterManifest(vite: ViteManifest, router: AppRouter): Manifest {
  const entry = vite[CLIENT_ENTRY];
  if (!entry) throw new Error(`The client build manifest has no entry for ${CLIENT_ENTRY}.`);
  const entryKeys = staticClosure(vite, CLIENT_ENTRY);
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((key) => vite[key]?.css ?? []).map(publicPath);

  const routes: Manifest['routes'] = {
    [rootRouteId]: {
      preloads: [...entryKeys].map((key) => publicPath(vite[key]!.file)),
      css: cssOf(entryKeys),
      scripts: [{ attrs: { type: 'module', src: publicPath(entry.file), async: true } }],
    },
  };

  for (const route of Object.values(router.routesById)) {
    const pageModule = route.options.staticData?.pageModule;
    if (!pageModule) continue;
    if (!vite[pageModule]) throw new Error(`The client build manifest has no chunk for ${pageModule} (route ${route.id}).`);
    const pageKeys = [...staticClosure(vite, pageModule)].filter((key) => !entryKeys.has(key));
    routes[route.id] = {
      preloads: pageKeys.map((key) => publicPath(vite[key]!.file)),
      css: cssOf(pageKeys),
    };
  }
  return { routes };
}
