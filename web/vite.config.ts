import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './vite-precompress';
import { embedScriptPlugin } from './embed-script-plugin';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// In development the Vite server serves the app and forwards everything the Node server owns.
const backend = 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/badge', '/embed', '/oembed', '/artworks', '/functions'];

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    embedScriptPlugin(fileURLToPath(new URL('src/embed/badge-element.ts', import.meta.url))),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every route is a lazy chunk; only the shell (React, router, query client, layout) loads up front.
    chunkSizeWarningLimit: 500,
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: backend, changeOrigin: true }])),
  },
});
