import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { type EaselFixtures, expect, messageRequests, send, sessionAction, test } from './support/test';

// Branches: editing a message or regenerating an answer keeps the old path as another version of it, which
// `Previous version` / `Next version` bring back with the files Claude wrote on that path.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const you = (page: Page) => page.getByRole('article', { name: 'You' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const heading = (page: Page) =>
  page.getByTitle('index.html preview', { exact: true }).contentFrame().getByRole('heading');

/** An answer that writes index.html with `title` as its heading, then says `text`. */
async function pageAnswer(anthropic: EaselFixtures['anthropic'], title: string, text: string) {
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'index.html', content: `<h1>${title}</h1>` },
    }),
  );
  await anthropic.reply(sse.text(text));
}

/** Settings → Import with `file`, waiting for the Storage section's report. */
async function importSession(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Sync & storage' }).click();
  const picking = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await (await picking).setFiles(file);
  await expect(dialog.getByRole('region', { name: 'Storage' }).getByRole('status')).toHaveText(
    'Imported 1 session.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

async function idle(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
}

test('edit and regenerate keep the old path; switching restores its answer and files, after a reload too', async ({
  app,
  anthropic,
}) => {
  await pageAnswer(anthropic, 'Version A', 'Made page A.');
  await send(app, 'Draw a page');
  await expect(claude(app).last()).toContainText('Made page A.');
  await expect(heading(app)).toHaveText('Version A');
  await idle(app);

  await pageAnswer(anthropic, 'Version B', 'Made page B.');
  await app.getByRole('button', { name: 'Regenerate' }).click();
  await expect(claude(app).last()).toContainText('Made page B.');
  await expect(heading(app)).toHaveText('Version B');
  await idle(app);
  const answerVersions = claude(app).first().getByRole('status', { name: 'Version 2 of 2' });
  await expect(answerVersions).toHaveText('2 / 2');
  // Claude was sent the path only: the regenerated request is the first one again.
  const requests = await messageRequests(anthropic);
  expect(requests[2]?.body.messages).toEqual(requests[0]?.body.messages);

  await claude(app).first().getByRole('button', { name: 'Previous version' }).click();
  await expect(claude(app).last()).toContainText('Made page A.');
  await expect(claude(app).first().getByRole('status', { name: 'Version 1 of 2' })).toBeVisible();
  await expect(heading(app)).toHaveText('Version A');

  await pageAnswer(anthropic, 'Version C', 'Made page C.');
  await you(app).getByRole('button', { name: 'Edit' }).click();
  await app.getByRole('textbox', { name: 'Edit message' }).fill('Draw another page');
  await app.getByRole('button', { name: 'Save and send' }).click();
  await expect(claude(app).last()).toContainText('Made page C.');
  await expect(heading(app)).toHaveText('Version C');
  await idle(app);
  await expect(you(app)).toHaveCount(1);
  await expect(you(app).getByRole('status', { name: 'Version 2 of 2' })).toBeVisible();
  const edited = (await messageRequests(anthropic)).at(-2);
  expect(edited?.body.messages).toEqual([
    { role: 'user', content: [expect.objectContaining({ type: 'text', text: 'Draw another page' })] },
  ]);
  await expect(sidebar(app)).toContainText('Made page C.');

  await app.reload();
  await expect(claude(app).last()).toContainText('Made page C.');
  await expect(heading(app)).toHaveText('Version C');
  await you(app).getByRole('button', { name: 'Previous version' }).click();
  await expect(you(app)).toContainText('Draw a page');
  // The first wording's newest answer (B), whose file it wrote.
  await expect(claude(app).last()).toContainText('Made page B.');
  await expect(heading(app)).toHaveText('Version B');
  await expect(claude(app).first().getByRole('status', { name: 'Version 2 of 2' })).toBeVisible();

  // The version shown is remembered.
  await app.reload();
  await expect(you(app)).toContainText('Draw a page');
  await expect(claude(app).last()).toContainText('Made page B.');
  await expect(you(app).getByRole('status', { name: 'Version 1 of 2' })).toBeVisible();
});

test('search finds every branch, and export and import keep them', async ({ app, anthropic, browser }) => {
  await anthropic.reply(sse.text('Tram 28 climbs to the castle.'));
  await send(app, 'Plan a day in Lisbon');
  await expect(claude(app)).toContainText('Tram 28');
  await idle(app);
  await anthropic.reply(sse.text('Take the ferry to Cacilhas.'));
  await app.getByRole('button', { name: 'Regenerate' }).click();
  await expect(claude(app)).toContainText('Cacilhas');
  await idle(app);
  await expect(sidebar(app)).toContainText('Cacilhas');

  await app.getByRole('button', { name: 'New chat' }).click();
  const search = sidebar(app).getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('tram castle');
  await expect(sidebar(app).getByRole('link')).toHaveText(['Plan a day in Lisbon']);
  await search.fill('ferry');
  await expect(sidebar(app).getByRole('link')).toHaveText(['Plan a day in Lisbon']);
  await search.press('Escape');

  const downloading = app.waitForEvent('download');
  await (await sessionAction(sidebar(app), 'Plan a day in Lisbon', 'Export Plan a day in Lisbon')).click();
  const file = await (await downloading).path();

  const fresh = await browser.newContext({ baseURL: new URL(app.url()).origin });
  try {
    const page = await fresh.newPage();
    await page.goto('./');
    await importSession(page, file);
    await sidebar(page).getByRole('link', { name: 'Plan a day in Lisbon' }).click();
    await expect(claude(page)).toContainText('Cacilhas');
    await expect(claude(page).getByRole('status', { name: 'Version 2 of 2' })).toBeVisible();
    await claude(page).getByRole('button', { name: 'Previous version' }).click();
    await expect(claude(page)).toContainText('Tram 28');
    await page.reload();
    await expect(claude(page)).toContainText('Tram 28');
    await expect(claude(page).getByRole('status', { name: 'Version 1 of 2' })).toBeVisible();
  } finally {
    await fresh.close();
  }
});
