import type { Page } from '@playwright/test';
import { sse } from '../fake-anthropic/responses.mjs';
import { expect, type messageRequests, send } from './test';

type Lane = Parameters<typeof messageRequests>[0];

export const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
export const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
export const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
export const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });
export const consent = (page: Page, file: string) =>
  panel(page).getByRole('alertdialog', { name: `Allow ${file} to ask Claude?` });

/** The model writes `filename` with `content` (`create`, or `rewrite` of a file that exists), then answers. */
export async function modelWrites(
  page: Page,
  anthropic: Lane,
  filename: string,
  content: string,
  id = 'toolu_create',
  command: 'create' | 'rewrite' = 'create',
) {
  await anthropic.reply(sse.toolUse({ name: 'artifacts', id, input: { command, filename, content } }));
  await anthropic.reply(sse.text('The file is ready.'));
  const ready = claude(page).filter({ hasText: 'The file is ready.' });
  const before = await ready.count();
  await send(page, `Write ${filename}`);
  // The tool's console check runs the page first: on a loaded machine its frame can take a while to start.
  await expect(ready).toHaveCount(before + 1, { timeout: 30_000 });
}
