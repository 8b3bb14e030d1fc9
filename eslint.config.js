import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The import boundaries of DESIGN.md: machines are pure, views never call the API,
// only src/app wires the two, and the server and the client never import each other.
const boundary = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ group: p.group, message: p.message })) }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'storybook-static', 'styled-system', 'data', 'coverage', 'test-results', 'playwright-report', 'openapi/schema.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Plain scripts run as they are: the pre-paint theme script in the browser, configs in Node.
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: boundary([
      { group: ['**/ui/**', '**/app/**', '**/api/**', '**/i18n/**'], message: 'Machines are pure: no UI, app, API or i18n imports.' },
      { group: ['react', 'react-dom', 'openapi-fetch', 'js-cookie', 'i18next', 'react-i18next'], message: 'Machines are pure: effects are provided from src/app.' },
      { group: ['**/server/**'], message: 'The client never imports the server.' },
    ]),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: boundary([
      { group: ['**/api/**', '**/app/**', 'openapi-fetch'], message: 'Views never call the API: src/app wires machines to it.' },
      { group: ['**/server/**'], message: 'The client never imports the server.' },
    ]),
  },
  {
    files: ['src/api/**/*.ts', 'src/i18n/**/*.ts'],
    rules: boundary([
      { group: ['**/ui/**', '**/app/**'], message: 'The API layer knows nothing of views or the app.' },
      { group: ['**/server/**'], message: 'The client never imports the server.' },
    ]),
  },
  {
    // Plain shapes every client layer shares (the outcome of a request): they import nothing.
    files: ['src/common/**/*.ts'],
    rules: boundary([{ group: ['**/ui/**', '**/app/**', '**/api/**', '**/machines/**', '**/i18n/**', '**/server/**'], message: 'Shared shapes import nothing from the layers that use them.' }]),
  },
  {
    // Feature views may share the design system and each other's views, but the design system
    // knows no feature.
    files: ['src/ui/components/**/*.{ts,tsx}', 'src/ui/theme/**/*.{ts,tsx}', 'src/ui/forms/**/*.{ts,tsx}'],
    rules: boundary([
      { group: ['**/api/**', '**/app/**', 'openapi-fetch'], message: 'Views never call the API: src/app wires machines to it.' },
      { group: ['**/server/**'], message: 'The client never imports the server.' },
      {
        group: ['../admin/**', '../companies/**', '../company-docs/**', '../dashboard/**', '../dce-templates/**', '../organigrammes/**', '../plannings/**', '../reports/**', '../shell/**', '../tender-docs/**', '../tenders/**', '../users/**'],
        message: 'The design system knows no feature: features import it, not the other way round.',
      },
    ]),
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: boundary([{ group: ['**/server/**'], message: 'The client never imports the server.' }]),
  },
  {
    // Rules both sides apply (days, names, the tender lifecycle, the organigramme tree, planning): plain functions that import neither side.
    files: ['rules/**/*.ts'],
    rules: boundary([{ group: ['**/src/**', '**/server/**'], message: 'Shared rules import neither the client nor the server.' }]),
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      ...boundary([{ group: ['**/src/**'], message: 'The server never imports the client.' }]),
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'The environment is read in server/config.ts (loadConfig at start-up, tuning for knobs read when used).' }],
    },
  },
  {
    files: ['server/config.ts', 'server/main.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
