/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds from one config (see docs/architecture.md, "Page render"):
 *   vite build                               browser bundle + manifest into dist/client
 *   vite build --ssr server/main.ts --outDir dist/server   the web server, self-contained
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { target: 'node20', emptyOutDir: true, sourcemap: true, assetsInlineLimit: 0 }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Every asset keeps its own hashed URL (both builds must agree, and structured data links the logo).
        assetsInlineLimit: 0,
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  // The server bundle carries its dependencies but sharp, a native module the web image installs
  // beside it (infra/docker/web.Dockerfile).
  ssr: { noExternal: true, external: ['sharp'] },
  define: isSsrBuild
    ? {
        __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
        // Bundled React picks its build from this: fixed at build time, whatever NODE_ENV the process gets.
        'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development'),
      }
    : {},
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
}));
