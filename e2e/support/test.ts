import { test as base, expect, type Locator, type Page, type Request } from '@playwright/test';
// The fake server is plain JavaScript so `npm run fake-api` can run it with Node alone.
import { startFakeAnthropic } from '../fake-anthropic/server.mjs';

type FakeServer = Awaited<ReturnType<typeof startFakeAnthropic>>;
type Namespace = ReturnType<FakeServer['ns']>;

export interface EaselFixtures {
  /** This test's private lane on the fake Anthropic server: script replies, read requests. */
  anthropic: Namespace;
  /** Opens the app with a key and this test's base URL already saved through the Settings dialog. */
  app: Page;
  /**
   * The suite-wide tripwire, on in every test: any request a page of the test's browser context makes to an
   * address other than the app's and the fake API's fails the test when it ends. `allow(origin)` lets a test
   * reach an origin on purpose (images loaded after the person's consent, a link the person opened).
   */
  network: { allow(origin: string): void; readonly outside: readonly string[] };
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
  network: [
    async ({ context, anthropic, baseURL }, use) => {
      const allowed = new Set([new URL(anthropic.baseUrl).origin]);
      if (baseURL) allowed.add(new URL(baseURL).origin);
      const outside: string[] = [];
      const onRequest = (request: Request) => {
        const url = request.url();
        if (/^(data|blob|about):/.test(url)) return;
        let origin: string;
        try {
          origin = new URL(url).origin;
        } catch {
          outside.push(`${request.method()} ${url}`);
          return;
        }
        if (!allowed.has(origin)) outside.push(`${request.method()} ${url}`);
      };
      // A request refused before it was sent never left the browser: Chromium still announces it, then fails it
      // with the reason (`csp`: the page's policy; `origin`: a same-origin-only fetch, such as an SVG filter's
      // reference, to another origin; `mixed-content`). A refusal of the response (CORP, ORB) means it was sent.
      const onFailed = (request: Request) => {
        const reason = request.failure()?.errorText ?? '';
        if (!/^(csp|origin|mixed-content)$|net::ERR_BLOCKED_BY_(CSP|CLIENT)$/.test(reason)) return;
        const at = outside.indexOf(`${request.method()} ${request.url()}`);
        if (at >= 0) outside.splice(at, 1);
      };
      context.on('request', onRequest);
      context.on('requestfailed', onFailed);
      await use({ allow: (origin) => allowed.add(new URL(origin).origin), outside });
      context.off('request', onRequest);
      context.off('requestfailed', onFailed);
      expect(outside, 'requests that left the app and the fake API').toEqual([]);
    },
    { auto: true },
  ],
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

/**
 * Imports an export file as a person would: Settings → Import, the file chosen, the dialog's report read as
 * `report` (within `timeout` ms, for a large file), then the dialog closed.
 */
export async function importFile(
  page: Page,
  file: string,
  report: string,
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  const picking = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await (await picking).setFiles(file);
  // The Storage region's report (Sync has a status of its own).
  await expect(dialog.getByRole('region', { name: 'Storage' }).getByRole('status')).toHaveText(report, {
    timeout,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

/** The `POST /v1/messages` requests this test's lane received, oldest first, with their JSON bodies. */
export async function messageRequests(anthropic: Namespace) {
  const all = await anthropic.requests();
  return all
    .filter((r) => r.method === 'POST' && r.path === '/v1/messages')
    .map((r) => ({ ...r, body: r.body as Record<string, unknown> }));
}

/**
 * A session row's action as a person reaches it: the row's `Actions for <title>` (`⋯`) button opened, then the
 * menu item named `name` (such as `Rename <title>` or `Export <title> as Markdown`), returned to be clicked.
 */
export async function sessionAction(
  sidebar: Locator,
  title: string,
  name: string | RegExp,
): Promise<Locator> {
  await sidebar.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  return sidebar.getByRole('menuitem', typeof name === 'string' ? { name, exact: true } : { name });
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
