import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = process.env.VITE_DEV_BACKEND ?? 'http://localhost:8080';

type ModuleInfoOf = (id: string) => { isEntry: boolean; importers: readonly string[] } | null;

// A barrel's modules (lucide-react's icons) are "imported" by the barrel whatever is used: through
// it, every icon would look needed by every importer of one. The ones used are still pulled into
// their importer's chunk by `includeDependenciesRecursively`; the others are not counted in.
const BARREL_MEMBER = /node_modules\/lucide-react\/dist\/esm\/icons\//;

/** Whether a module is statically imported, directly or not, by a module that `isRoot` accepts. */
function reachedFrom(isRoot: (id: string, module: { isEntry: boolean }) => boolean) {
  const known = new Map<string, boolean>();
  const reached = (id: string, info: ModuleInfoOf, seen = new Set<string>()): boolean => {
    const answer = known.get(id);
    if (answer !== undefined) return answer;
    const top = seen.size === 0;
    if (seen.has(id) || BARREL_MEMBER.test(id)) return false;
    seen.add(id);
    const module = info(id);
    const result = !!module && (isRoot(id, module) || module.importers.some((importer) => reached(importer, info, seen)));
    // A "no" found inside a cycle may be cut short: only the outermost answer is final.
    if (top || result) known.set(id, result);
    return result;
  };
  return reached;
}

/** Part of what every page loads first: statically imported by the app's entry. */
const isInitial = reachedFrom((_, module) => module.isEntry);
/**
 * What a signed-in user's first page needs besides: the app's layout, the HTTP client, the pages'
 * calls and the dashboard, every signed-in user's home (sign-in leads there).
 */
const isSignedInBase = reachedFrom((id) => /\/src\/(app\/layouts\/AppShell\.tsx|app\/page-calls\.ts|api\/client\.ts|app\/dashboard\/DashboardPage\.tsx)$/.test(id));

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
        codeSplitting: {
          groups: [
            // The small components of the first page and what they share with every page (i18next,
            // XState, Panda's runtime) in one file rather than a dozen: one gzip stream compresses
            // better, and /sign-in has a 110 KiB budget (docs/decisions.md).
            // Every module the entry imports statically is in it, so that the group below never
            // moves one of them into a chunk of lazy code (which /sign-in would then fetch).
            { name: (id, ctx) => (isInitial(id, (other) => ctx.getModuleInfo(other)) ? 'base' : null), priority: 3 },
            // The signed-in base in one file: /dashboard was ~60 files in four waves (issue 24).
            { name: (id, ctx) => (isSignedInBase(id, (other) => ctx.getModuleInfo(other)) ? 'app' : null), priority: 2 },
            // What lazy pages share (icons, components, statecharts, calls) by sets of pages, the
            // small sets merged: /dashboard fetched ~60 files of 0.2–2 KiB in waves (issue 24).
            // Never what the first page loads: that stays in its own chunks.
            {
              name: (id, ctx) => (isInitial(id, (other) => ctx.getModuleInfo(other)) ? null : 'shared'),
              priority: 1,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 24_000,
              test: /\/src\/|\/styled-system\/|node_modules\/(lucide-react|@ark-ui|@zag-js)\//,
            },
          ],
        },
      },
    },
  },
});
