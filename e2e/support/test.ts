import { test as base, expect, type Page } from '@playwright/test';
// The fake server is plain JavaScript so `npm run fake-api` can run it with Node alone.
import { startFakeAnthropic } from '../fake-anthropic/server.mjs';

type FakeServer = Awaited<ReturnType<typeof startFakeAnthropic>>;
type Namespace = ReturnType<FakeServer['ns']>;

export interface EaselFixtures {
  /** This test's private lane on the fake Anthropic server: script replies, read requests. */
  anthropic: Namespace;
  /** Opens the app with a key and this test's base URL already saved through the Settings dialog. */
  app: Page;
}

let counter = 0;

export const test = base.extend<EaselFixtures, { fakeServer: FakeServer }>({
  fakeServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const server = await startFakeAnthropic({ port: 0, manual: false });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  anthropic: async ({ fakeServer }, use, testInfo) => {
    counter += 1;
    const lane = fakeServer.ns(`w${testInfo.workerIndex}-t${counter}`);
    await use(lane);
    await lane.reset();
  },
  app: async ({ page, anthropic }, use) => {
    await page.goto('./');
    await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
    await use(page);
  },
});

/** Fills and saves the Settings dialog as a person would. */
export async function configure(
  page: Page,
  { key, baseUrl }: { key: string; baseUrl: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(baseUrl);
  await dialog.getByLabel('Anthropic API key').fill(key);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** The `POST /v1/messages` requests this test's lane received, oldest first, with their JSON bodies. */
export async function messageRequests(anthropic: Namespace) {
  const all = await anthropic.requests();
  return all
    .filter((r) => r.method === 'POST' && r.path === '/v1/messages')
    .map((r) => ({ ...r, body: r.body as Record<string, unknown> }));
}

/** Types a message and sends it. */
export async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

export { expect };
