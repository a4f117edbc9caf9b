/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Paths the API and the socket answer on; the dev server forwards them to the local server. */
const API_PREFIXES = [
  '/auth',
  '/users',
  '/queue',
  '/tags',
  '/settings',
  '/tenants',
  '/admin',
  '/plans',
  '/platform',
  '/empresa',
  '/contacts',
  '/channels',
  '/tickets',
  '/user/',
  '/messages',
  '/forward-messages',
  '/media',
  '/schedule',
  // Voice calls (issue 17)
  '/callLines',
  '/calls',
  '/callLogs',
  '/socket.io',
  '/healthz',
  // White label: the installed app's manifest and title (the branding itself is under /platform).
  '/manifest.json',
  '/title',
];
/** The local server; PROSA_API_TARGET points the dev server at another instance. */
const API_TARGET = process.env.PROSA_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // zod ships comments Rollup cannot place; they are harmless and only clutter the build log.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION') return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true, ws: prefix === '/socket.io' }]),
    ),
  },
});
