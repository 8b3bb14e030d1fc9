import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.VITE_DEV_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: 'styled-system', replacement: fileURLToPath(new URL('./styled-system', import.meta.url)) },
      // @xstate/react imports the pre-React-18 shim; React 19 has useSyncExternalStore built in,
      // so the shim's fallback code would only weigh on the first page.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
      // frappe-gantt's package exports map its stylesheet only under a "style" condition that Vite
      // does not use: this name reaches it (imported by the lazy planning chart only).
      { find: /^frappe-gantt\/style\.css$/, replacement: fileURLToPath(new URL('./node_modules/frappe-gantt/dist/frappe-gantt.css', import.meta.url)) },
    ],
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/locales': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    // Every supported browser has native modulepreload; the polyfill would weigh on /sign-in.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        advancedChunks: {
          // The small components of the first page and what they share with every page (i18next,
          // XState, Panda's runtime) in one file rather than a dozen: one gzip stream compresses
          // better, and /sign-in has a 120 KiB budget (docs/decisions.md).
          groups: [{ name: 'base', test: /src\/ui\/(components|views)\/(Alert|Card|Checkbox|Field|Input|Spinner|PasswordField|PageStatus)\.tsx|src\/app\/(use-page-title|notifications)/ }],
        },
      },
    },
  },
});
