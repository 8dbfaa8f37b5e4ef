import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress.js';
import { preloadLoginPlugin } from './scripts/preload-login.js';

/** The browser app: index.html at the repository root, built into dist/client for the server to serve. */
export default defineConfig({
  // The login screen's chunks preloaded from index.html; brotli and gzip copies written at
  // build time, so the server never compresses per request.
  plugins: [react(), preloadLoginPlugin(), precompressPlugin()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // The manifest lets a check add up what the login screen loads (entry + PublicApp and their imports).
    manifest: true,
    // Chunks stay per route; the login screen's share is reported at build time.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    // During `vite` development the API lives on the server started separately.
    proxy: {
      '/api': 'http://localhost:3100',
      '/schools': 'http://localhost:3100',
      '/socket.io': { target: 'http://localhost:3100', ws: true },
    },
  },
});
