import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { httpError, sse } from './fake-anthropic/responses.mjs';
import { configure, type EaselFixtures, expect, send, test } from './support/test';

// The main screens at a laptop's and a phone's size, light and dark: each is compared with its reference image
// (`e2e/screens.spec.ts-snapshots/`, made with `--update-snapshots`) and scanned by axe. The text is drawn in a
// fixed font stack (fonts every machine of the project has), so the images do not change with the system font.
// `EASEL_SHOTS=<folder>` writes the images to `docs/screenshots/<folder>/` instead (for a before and after).
// What changes from run to run or with the size of the system prompt (token counts, costs, the fake server's
// address) is masked, so the comparison can be strict: a control moved or restyled fails it.

const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;
const FIXED_FONTS = `:root {
  --easel-font: "Liberation Sans", "DejaVu Sans", sans-serif !important;
  --easel-font-mono: "DejaVu Sans Mono", "Liberation Mono", monospace !important;
}`;
const SHOTS = process.env.EASEL_SHOTS;

type Anthropic = EaselFixtures['anthropic'];
type Size = (typeof SIZES)[number];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const sidebarOpen = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Sessions' }).count()) > 0;

async function open(page: Page, size: Size): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto('./');
  await page.addStyleTag({ content: FIXED_FONTS });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
}

/** On a phone the sidebar covers the chat: closes it to show the chat. */
async function showChat(page: Page, size: Size): Promise<void> {
  if (size.width < 800 && (await sidebarOpen(page))) {
    await page.getByRole('button', { name: 'Sessions', exact: true }).click();
  }
}

async function exchange(page: Page, anthropic: Anthropic, question: string, answer: string, shown: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, question);
  await expect(claude(page).last()).toContainText(shown);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
}

async function check(page: Page, name: string): Promise<void> {
  // Nothing blinks or moves in the image.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  if (SHOTS) {
    const folder = `docs/screenshots/${SHOTS}`;
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: `${folder}/${name}.png`, animations: 'disabled' });
    return;
  }
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: 'disabled',
    maxDiffPixelRatio: 0.002,
    mask: [
      page.getByRole('button', { name: /^Usage/ }),
      page.getByTitle('Tokens and cost of this answer'),
      page.getByRole('textbox', { name: 'API base URL' }),
    ],
  });
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test.describe(`${size.name} ${theme}`, () => {
      test.use({ colorScheme: theme });

      test('the first run', async ({ page }) => {
        await open(page, size);
        await showChat(page, size);
        await check(page, `first-run-${size.name}-${theme}`);
      });

      test('a chat with an artifact open', async ({ page, anthropic }) => {
        await open(page, size);
        await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
        await showChat(page, size);
        const content =
          '<!doctype html><h1>Tip calculator</h1><p>Bill: <b>42.00</b></p><p>Tip 15%: <b>6.30</b></p>';
        await anthropic.reply(
          sse.toolUse({
            name: 'artifacts',
            input: { command: 'create', filename: 'tips.html', content },
            text: 'Here is a small tip calculator.',
          }),
        );
        await anthropic.reply(sse.text('The calculator shows the tip for a 42.00 bill.'));
        await send(page, 'Make a tip calculator');
        await expect(claude(page).last()).toContainText('42.00 bill');
        // A phone never opens the panel by itself: the person opens it from the top bar.
        if (size.width < 800) await page.getByRole('button', { name: 'Show artifacts' }).click();
        const frame = page.getByTitle('tips.html preview', { exact: true }).contentFrame();
        await expect(frame.getByRole('heading', { name: 'Tip calculator' })).toBeVisible();
        await check(page, `artifact-${size.name}-${theme}`);
      });

      test('Settings', async ({ page, anthropic }) => {
        await open(page, size);
        await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
        await page.getByRole('button', { name: 'Settings' }).click();
        await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
        await check(page, `settings-${size.name}-${theme}`);
      });

      test('the sidebar', async ({ page, anthropic }) => {
        await open(page, size);
        await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
        await showChat(page, size);
        await exchange(
          page,
          anthropic,
          'Plan a day in Lisbon',
          'Start at **Belém** early, then the tram.',
          'then the tram',
        );
        await page.getByRole('button', { name: 'New chat' }).click();
        await exchange(
          page,
          anthropic,
          'What is a `tsconfig`?',
          '# tsconfig\nThe compiler options file.',
          'options file',
        );
        if (!(await sidebarOpen(page)))
          await page.getByRole('button', { name: 'Sessions', exact: true }).click();
        await expect(page.getByRole('navigation', { name: 'Sessions' })).toContainText('Lisbon');
        await check(page, `sidebar-${size.name}-${theme}`);
      });

      test('an error', async ({ page, anthropic }) => {
        await open(page, size);
        await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
        await showChat(page, size);
        await anthropic.reply(httpError(400, '400_invalid_request_error.recorded'));
        await send(page, 'Try this');
        await expect(claude(page).getByRole('alert')).toBeVisible();
        await check(page, `error-${size.name}-${theme}`);
      });
    });
  }
}
