import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { assistantMessage, exportFileText, sessionRecord, usage, userMessage } from './support/records.mjs';
import { expect, importFile, messageRequests, send, test } from './support/test';

// Long sessions: a 2,000-message conversation near its model's context window, imported as a person would, is
// compacted, and the next answer streams from the fake API, which holds every request to the API's rules
// (e2e/fake-anthropic/compaction-rules.mjs). The messages stay in the session, shown and found by search.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const conversation = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
const header = (page: Page) => page.getByRole('banner');

const MESSAGES = 2_000;
const SUMMARY =
  '<summary>The person asked 1,000 questions about a garden; the latest was about drip timers.</summary>';

/** Writes an export file of a 2,000-message session whose last answer used `lastInput` tokens of context. */
function longSession(path: string, model: string, lastInput: number): void {
  const at = 1_700_000_000_000;
  const messages = Array.from({ length: MESSAGES }, (_, i) => {
    const n = Math.floor(i / 2) + 1;
    // One early question holds a word no other message has, to find the session by it.
    const question = n === 7 ? 'Question 7: how do I make marmalade?' : `Question ${n}`;
    const last = i === MESSAGES - 1;
    const answer = {
      ...assistantMessage(`Answer ${n}.`, at + i, last ? { ...usage, input: lastInput } : usage),
      model,
    };
    return { message: i % 2 === 0 ? userMessage(question, at + i) : answer };
  });
  const session = {
    ...sessionRecord({
      id: 'long-session',
      title: 'A very long conversation',
      created: at,
      updated: at + MESSAGES,
      messageCount: MESSAGES,
      preview: `Answer ${MESSAGES / 2}.`,
    }),
    model,
  };
  writeFileSync(path, exportFileText([{ session, messages, attachments: [] }], '2026-11-30T10:00:00.000Z'));
}

async function openLongSession(app: Page, path: string): Promise<void> {
  await importFile(app, path, 'Imported 1 session.', { timeout: 60_000 });
  await openFromSidebar(app);
  await expect(claude(app).last()).toHaveText(/Answer 1000\./);
}

async function openFromSidebar(app: Page): Promise<void> {
  // The sidebar starts open on a wide window: read the toggle once the app has started, then open it if needed.
  const toggle = app.getByRole('button', { name: 'Sessions' });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await sidebar(app).getByRole('link', { name: 'A very long conversation' }).click();
}

/** The session's messages are all still there: the earliest are drawn (marked compacted) and found by search. */
async function expectHistoryKept(app: Page): Promise<void> {
  const earlier = conversation(app).getByRole('button', { name: 'Show earlier messages (compacted)' });
  while (await earlier.isVisible()) await earlier.click();
  await expect(conversation(app).getByRole('article', { name: 'You' }).first()).toHaveText(/Question 1\b/);
  await expect(conversation(app).getByText('Compacted', { exact: true }).first()).toBeVisible();
  const search = sidebar(app).getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('marmalade');
  await expect(sidebar(app).getByRole('link')).toHaveText(['A very long conversation']);
  await expect(sidebar(app).getByRole('listitem')).toContainText('marmalade');
}

test('a 2,000-message session near the window is compacted by the API and the next answer streams', async ({
  app,
  anthropic,
}, testInfo) => {
  test.setTimeout(180_000);
  // A model with a 200,000-token window and server-side compaction (compact_20260112 in its capabilities).
  await anthropic.setModels([
    {
      id: 'claude-sonnet-4-6',
      display_name: 'Claude Sonnet 4.6',
      max_input_tokens: 200_000,
      max_tokens: 64_000,
    },
  ]);
  await app.reload();
  const file = testInfo.outputPath('long-session.json');
  longSession(file, 'claude-sonnet-4-6', 170_000);
  await openLongSession(app, file);

  // 170,000 tokens used, plus the next message and room for the answer, would not fit: Compact is offered.
  await expect(header(app).getByText('Context nearly full')).toBeVisible();
  await header(app).getByRole('button', { name: 'Compact' }).click();
  await expect(header(app).getByRole('status').last()).toHaveText(
    'The API will compact the conversation before it answers your next message.',
  );

  await anthropic.reply(
    sse.message({
      blocks: [
        { type: 'compaction', content: SUMMARY },
        { type: 'text', text: 'With the summary in hand: a mechanical timer is enough.' },
      ],
      inputTokens: 3_000,
    }),
    sse.text('Water at dawn.'),
  );
  await send(app, 'Which timer should I buy?');
  await expect(claude(app).last()).toContainText('a mechanical timer is enough');

  const [first] = await messageRequests(anthropic);
  expect(first?.headers['anthropic-beta']).toBe('compact-2026-01-12');
  expect(first?.body.context_management).toEqual({
    edits: [{ type: 'compact_20260112', trigger: { type: 'input_tokens', value: 50_000 } }],
  });
  expect(first?.body.messages).toHaveLength(MESSAGES + 1);
  // The meter now shows the context after compaction.
  await expect(header(app).getByText('Context nearly full')).toBeHidden();

  // The next request starts at the summary: the 2,000 messages before it are not sent again.
  await send(app, 'And when should I water?');
  await expect(claude(app).last()).toContainText('Water at dawn.');
  const [, second] = await messageRequests(anthropic);
  expect(second?.headers['anthropic-beta']).toBe('compact-2026-01-12');
  expect(second?.body.context_management).toBeUndefined();
  const wire = second?.body.messages as { role: string; content: { type: string; content?: string }[] }[];
  expect(wire.map((m) => m.role)).toEqual(['assistant', 'user']);
  expect(wire[0]?.content[0]).toMatchObject({ type: 'compaction', content: SUMMARY });

  await expect(conversation(app).getByRole('group', { name: 'Compaction' })).toBeVisible();
  await expectHistoryKept(app);
});

test('for a model without server-side compaction, Easel writes a summary turn and the next answer streams', async ({
  app,
  anthropic,
}, testInfo) => {
  test.setTimeout(180_000);
  await anthropic.setModels([
    {
      id: 'claude-plain-1',
      display_name: 'Claude Plain',
      max_input_tokens: 200_000,
      max_tokens: 64_000,
      capabilities: { context_management: { compact_20260112: { supported: false }, supported: true } },
    },
  ]);
  await app.reload();
  const file = testInfo.outputPath('long-session-plain.json');
  longSession(file, 'claude-plain-1', 165_000);
  await openLongSession(app, file);

  await anthropic.reply(sse.text(SUMMARY), sse.text('Pick a timer with a rain delay.'));
  await header(app).getByRole('button', { name: 'Compact' }).click();
  await expect(header(app).getByRole('status').last()).toHaveText(
    'Compacted: Claude now reads a summary in place of the 2,000 earlier messages, which stay in this session.',
  );
  const [summaryRequest] = await messageRequests(anthropic);
  expect(summaryRequest?.headers['anthropic-beta']).toBeUndefined();
  expect(summaryRequest?.body.context_management).toBeUndefined();
  expect(summaryRequest?.body.messages).toHaveLength(1);
  expect(JSON.stringify(summaryRequest?.body.messages)).toContain('Question 1000');

  const fold = conversation(app).getByRole('group', { name: 'Compaction' });
  await expect(fold).toContainText('the 2,000 messages above are summarised');
  await send(app, 'Which timer should I buy?');
  await expect(claude(app).last()).toContainText('Pick a timer with a rain delay.');
  const [, next] = await messageRequests(anthropic);
  const wire = next?.body.messages as { role: string; content: { type: string; text?: string }[] }[];
  expect(wire).toHaveLength(1);
  expect(wire[0]?.content[0]?.text).toContain(SUMMARY);
  expect(JSON.stringify(wire)).not.toContain('Question 1000');

  // The summary is saved with the session: after a reload the model still reads it, and nothing is lost. The
  // sidebar's row shows the answer once it is stored (same transaction): a reload before then would find it
  // interrupted, as it should.
  await expect(sidebar(app)).toContainText('Pick a timer with a rain delay.');
  await app.reload();
  await openFromSidebar(app);
  await expect(claude(app).last()).toContainText('Pick a timer with a rain delay.');
  await expect(conversation(app).getByRole('group', { name: 'Compaction' })).toBeVisible();
  await expectHistoryKept(app);
});
