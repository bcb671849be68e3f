import { PRODUCT_NAME } from '@agency/shared';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The static <title> matters to crawlers that do not run JavaScript.
function productNameInHtml(): Plugin {
  return {
    name: 'product-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
  };
}

export default defineConfig({
  plugins: [react(), productNameInHtml()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
