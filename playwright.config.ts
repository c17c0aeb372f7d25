import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

// Each run writes its traces to its own folder, so two runs on one machine never delete each other's files
// (workers inherit the variable from the runner that set it).
process.env.EASEL_E2E_RUN ??= String(process.pid);
const APP_PORT = Number(process.env.EASEL_E2E_PORT ?? 4173);
// The build to serve: `dist` unless EASEL_DIST names another output folder (two builds side by side).
const DIST = process.env.EASEL_DIST ?? 'dist';

export default defineConfig({
  testDir: './e2e',
  outputDir: `test-results/run-${process.env.EASEL_E2E_RUN}`,
  testMatch: '**/*.spec.ts',
  // The corpus of third-party artifacts is collected by hand (e2e/fixtures/artifacts-corpus/README.md), not
  // committed, so it runs as `npm run test:corpus` and not in `npm test`.
  testIgnore: process.env.EASEL_CORPUS ? [] : ['**/artifact-corpus.spec.ts'],
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    // Wide enough for the sidebar, the chat and the artifacts panel side by side (below 1400 px the sidebar
    // gives way to the panel: e2e/panel-room.spec.ts sets 1280 px to see that).
    viewport: { width: 1440, height: 900 },
    // The browser: scripts/chromium.mjs.
    launchOptions: chromiumLaunchOptions,
    // No service worker (it would precache some 3 MB in every test's context); e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  webServer: {
    // The built app (npm test builds it first), served like any static host would.
    command: `npx vite preview --host 127.0.0.1 --port ${APP_PORT} --strictPort --outDir ${DIST}`,
    url: `http://127.0.0.1:${APP_PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
