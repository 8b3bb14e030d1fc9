import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM, CHROMIUM_ARGS } from './scripts/chromium';

// The end-to-end suite drives Debian's Chromium against the production build served by the
// real server on a fresh embedded database. Workers inherit the environment, so the data
// directory is created once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'soumissio-e2e-'));
process.env.E2E_LLM_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'soumissio-e2e-llm-'));
/** scripts/test.ts runs shards of the suite side by side, each with servers, ports and results of its own. */
const results = process.env.E2E_RESULTS ?? 'test-results';
const port = Number(process.env.E2E_PORT ?? 4199);
const baseURL = `http://localhost:${port}`;
/** A second server, with a language model (a fake endpoint): the chat's written answers. */
const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? 4198);
/** A fake Stripe (tests/e2e/fake-stripe-server.ts): card checkout and the customer portal of the first server. */
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 4197);
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_e2e_soumissio', STRIPE_WEBHOOK_SECRET: 'whsec_e2e_soumissio' };
const serverEnv = {
  HOST: '127.0.0.1',
  STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
  LOG_LEVEL: 'warn',
  // The demo has the built-in connectors off already (it works offline); said here too: e2e never reaches a real source.
  SOURCING_CONNECTORS: 'none',
  JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
  // The whole suite signs up from one address, far more often than a person would.
  REGISTER_LIMIT_PER_IP: '1000',
};

// Under scripts/test-clock.ts the servers and this runner live at another moment through
// libfaketime; Chromium gets that moment from Playwright's clock (tests/e2e/fixtures.ts) instead.
const { LD_PRELOAD: _preload, FAKETIME: _faketime, FAKETIME_DONT_FAKE_MONOTONIC: _monotonic, ...browserEnv } = process.env;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `${results}/e2e-artifacts`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: `${results}/e2e.json` }]],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS, env: browserEnv },
  },
  // Shards start their servers at once, each migrating and seeding a demo database: allow for it.
  webServer: [
    {
      command: 'node_modules/.bin/tsx server/main.ts --demo',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, ...stripeEnv, STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`, PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR },
    },
    {
      command: 'node_modules/.bin/tsx tests/e2e/llm-server.ts --demo',
      url: `http://localhost:${LLM_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(LLM_PORT), DATA_DIR: process.env.E2E_LLM_DATA_DIR },
    },
    {
      command: 'node_modules/.bin/tsx tests/e2e/fake-stripe-server.ts',
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...stripeEnv, FAKE_STRIPE_PORT: String(STRIPE_PORT), FAKE_STRIPE_WEBHOOK_URL: `http://127.0.0.1:${port}/api/stripe/webhook` },
    },
  ],
});
