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

type WireBlock = { type: string; text?: string; tool_use_id?: string; content?: string | WireBlock[] };

/** The text of the `tool_result` for `toolUseId` in a request body (its text blocks joined by lines). */
export function toolResultText(body: Record<string, unknown>, toolUseId: string): string {
  for (const message of (body.messages ?? []) as { content: string | WireBlock[] }[]) {
    if (typeof message.content === 'string') continue;
    const block = message.content.find((b) => b.type === 'tool_result' && b.tool_use_id === toolUseId);
    if (!block) continue;
    return typeof block.content === 'string'
      ? block.content
      : (block.content ?? []).map((b) => b.text ?? '').join('\n');
  }
  throw new Error(`no tool_result for ${toolUseId} in the request`);
}

/** What the model read back from the tool call `toolUseId`: its result in the first request that has one. */
export async function toolResult(anthropic: Namespace, toolUseId: string): Promise<string> {
  for (const request of await messageRequests(anthropic)) {
    try {
      return toolResultText(request.body, toolUseId);
    } catch {
      // not in this request: the next one
    }
  }
  throw new Error(`no tool_result for ${toolUseId} in any request`);
}
