import type { Page } from '@playwright/test';
import { drop, httpError, sse } from './fake-anthropic/responses.mjs';
import {
  configure,
  type EaselFixtures,
  expect,
  messageRequests,
  send,
  test,
  toolResult,
} from './support/test';

// Conversation integrity: no action a person takes — Stop, a cut connection, a reload, steering, attaching —
// leaves a session that fails. The fake server answers every request that breaks the Messages API's rules
// with the API's own 400, so "the next message is answered" means the request was valid.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const queued = (page: Page) => page.getByRole('list', { name: 'Queued messages' });
const INCOMPLETE_LABEL = 'live.html — incomplete: Claude was stopped while writing it. Not saved.';

/** The panel shows live.html as Claude left it: labelled incomplete, readable as code, not running. */
async function expectIncompleteFile(page: Page) {
  await expect(panel(page).getByRole('tab', { name: 'live.html', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel(page).getByRole('note')).toHaveText(INCOMPLETE_LABEL);
  await expect(panel(page).getByRole('region', { name: 'live.html code' })).toContainText(
    'Paragraph of the page being written.',
  );
  await expect(panel(page).getByRole('button', { name: 'Preview' })).toHaveCount(0);
  await expect(page.getByTitle('live.html preview', { exact: true })).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'More file actions' }).click();
  await expect(panel(page).getByRole('menuitem', { name: 'Open in new tab' })).toBeDisabled();
  await page.keyboard.press('Escape');
}

const PAGE = `<!doctype html><html><body>${'<p>Paragraph of the page being written.</p>\n'.repeat(40)}</body></html>`;

function artifactCall(options: { holdAfter?: number; delayMs?: number; id?: string } = {}) {
  return sse.toolUse({
    name: 'artifacts',
    text: 'Writing the page.',
    input: { command: 'create', filename: 'live.html', content: PAGE },
    deltaSize: 40,
    ...options,
  });
}

/** Sends `text` and waits until Claude's answer with `answer` is there and the run is over. */
async function exchange(page: Page, anthropic: EaselFixtures['anthropic'], text: string, answer: string) {
  await anthropic.reply(sse.text(answer));
  await send(page, text);
  await expect(claude(page).last()).toContainText(answer);
  await expect(stop(page)).toBeHidden();
  await expect(claude(page).last().getByRole('alert')).toHaveCount(0);
}

type StoredMessage = { partial?: true; message: { role?: string; stopReason?: string; content?: unknown } };

/** The saved snapshots of answers still streaming, as JSON of their content. */
async function partialSnapshots(page: Page): Promise<string[]> {
  return (await storedMessages(page)).filter((r) => r.partial).map((r) => JSON.stringify(r.message.content));
}

/** How the answers saved whole (not snapshots of one streaming) ended. */
async function savedAnswers(page: Page): Promise<(string | undefined)[]> {
  return (await storedMessages(page))
    .filter((r) => !r.partial && r.message.role === 'assistant')
    .map((r) => r.message.stopReason);
}

/** Every message record in the session store, as saved. */
function storedMessages(page: Page): Promise<StoredMessage[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('easel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<StoredMessage[]>((resolve, reject) => {
        const request = db.transaction('messages').objectStore('messages').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  });
}

type Block = { type: string; tool_use_id?: string; is_error?: boolean; content?: unknown; text?: string };

/** The tool results of the last request's last user turn. */
async function lastResults(anthropic: Parameters<typeof messageRequests>[0]): Promise<Block[]> {
  const requests = await messageRequests(anthropic);
  const messages = (requests.at(-1)?.body.messages ?? []) as { role: string; content: string | Block[] }[];
  const last = messages.at(-1);
  return typeof last?.content === 'string'
    ? []
    : (last?.content ?? []).filter((b) => b.type === 'tool_result');
}

test('Stop while Claude writes a file: the call shows as stopped, the partial file stays marked incomplete, Claude is told it is partial, and the session goes on', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(artifactCall({ holdAfter: 12 }));
  await send(app, 'Make me a page');
  await expect(panel(app).getByText('Writing…')).toBeVisible();
  // Stop once some of the page is on screen, growing in the preview.
  await expect(
    app
      .getByTitle('live.html preview', { exact: true })
      .contentFrame()
      .getByText('Paragraph of the page')
      .first(),
  ).toBeVisible();
  await stop(app).click();
  await expect(stop(app)).toBeHidden();
  const card = claude(app).last().getByRole('group', { name: 'Tool call: Stopped while writing live.html' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('not run');
  await expect(claude(app).last()).not.toContainText('Created live.html');
  await expectIncompleteFile(app);

  await exchange(app, anthropic, 'Never mind. Say hi.', 'Hi there.');
  const [result] = await lastResults(anthropic);
  expect(result).toMatchObject({ type: 'tool_result', is_error: true });
  const told = JSON.stringify(result?.content);
  expect(told).toContain('Not run: the answer was stopped');
  expect(told).toMatch(
    /while this call was writing live\.html\. The file is partial \([\d,]+ characters were written\) and was not saved/,
  );
  await expectIncompleteFile(app);

  // Claude writes the file in full: it is a real version, and the incomplete text is gone.
  await anthropic.reply(artifactCall({ id: 'toolu_full' }));
  await anthropic.reply(sse.text('Here it is, whole.'));
  await send(app, 'Write it again, in full');
  await expect(claude(app).last()).toContainText('Here it is, whole.');
  await expect(stop(app)).toBeHidden();
  await expect(panel(app).getByRole('note')).toHaveCount(0);
  await expect(panel(app).getByRole('tab', { name: 'live.html', exact: true })).toHaveCount(1);
  await expect(
    app
      .getByTitle('live.html preview', { exact: true })
      .contentFrame()
      .getByText('Paragraph of the page')
      .first(),
  ).toBeVisible();
});

test('a connection cut inside a tool call leaves a session that answers the next two messages', async ({
  app,
  anthropic,
}) => {
  // Paced, so the page has read what came before the cut: a reset socket discards data not read yet, and an
  // answer cut before any content is retried (and would not hold the call).
  const call = artifactCall({ delayMs: 5 });
  await anthropic.reply(drop(Math.floor(call.body.length * 0.6), call));
  await send(app, 'Make me a page');
  await expect(claude(app).last().getByRole('alert')).toBeVisible();
  await expect(stop(app)).toBeHidden();
  await expect(panel(app).getByRole('note')).toHaveText(
    'live.html — incomplete: the answer failed while Claude was writing it. Not saved.',
  );
  await anthropic.reply(sse.text('Back again.'));
  await send(app, 'Are you there?');
  await expect(claude(app).last()).toContainText('Back again.');
  await expect(stop(app)).toBeHidden();
  const [result] = await lastResults(anthropic);
  expect(JSON.stringify(result?.content)).toMatch(/Not run: the answer failed.*The file is partial/);
  await exchange(app, anthropic, 'Good.', 'Indeed.');
});

test('a reload while Claude writes a file leaves a session that answers', async ({ app, anthropic }) => {
  await anthropic.reply(artifactCall({ holdAfter: 12 }));
  await send(app, 'Make me a page');
  await expect(app.getByRole('region', { name: 'Artifacts' })).toBeVisible();
  // The streaming answer is saved at a bounded rate: wait for a snapshot holding the call, then reload mid-call.
  await expect
    .poll(() => partialSnapshots(app))
    .toEqual([expect.stringMatching(/"toolCall".*Paragraph of the page being written/)]);
  await app.reload();
  await expect(claude(app).last()).toContainText('Writing the page.');
  // What was written of the file is there again, marked incomplete, and Claude is told it is partial.
  await expectIncompleteFile(app);
  await exchange(app, anthropic, 'Still there?', 'Yes.');
  const [result] = await lastResults(anthropic);
  expect(JSON.stringify(result?.content)).toContain('The file is partial');
  await exchange(app, anthropic, 'Thanks.', 'Welcome.');
});

test('a reload while the file tool runs keeps the file Claude wrote, says the page was closed before the call finished, and the session goes on', async ({
  app,
  anthropic,
}) => {
  // The call arrives whole and the tool runs; the preview it waits for is held, so the reload lands while it runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await app.route('**/preview.html', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  await anthropic.reply(artifactCall());
  await send(app, 'Make me a page');
  await expect(claude(app).last().getByRole('group', { name: 'Tool call: Created live.html' })).toContainText(
    'running…',
  );
  await expect.poll(() => savedAnswers(app)).toEqual(['toolUse']);
  await app.reload();
  await app.unroute('**/preview.html');
  release();

  await expect(claude(app).last()).toContainText('Writing the page.');
  const card = claude(app)
    .last()
    .getByRole('group', { name: 'Tool call: Page closed before creating live.html finished' });
  await expect(card).toContainText('no result');
  await card.getByText('Page closed before creating live.html finished').click();
  await expect(card).toContainText(/[\d,]+ characters, 41 lines\./);
  await expect(card).not.toContainText('so far');
  // The file as Claude wrote it is in the panel, marked incomplete and not saved, readable and not running.
  const label =
    'live.html — incomplete: the page was closed before the call that wrote it finished. Not saved.';
  await expect(panel(app).getByRole('tab', { name: 'live.html', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel(app).getByRole('note')).toHaveText(label);
  await expect(panel(app).getByRole('region', { name: 'live.html code' })).toContainText('</html>');
  await expect(app.getByTitle('live.html preview', { exact: true })).toHaveCount(0);
  await expect(claude(app).last().getByRole('button', { name: 'Regenerate' })).toBeVisible();

  await exchange(app, anthropic, 'Still there?', 'Yes.');
  const [result] = await lastResults(anthropic);
  expect(result).toMatchObject({ type: 'tool_result', is_error: true });
  const told = JSON.stringify(result?.content);
  expect(told).toContain(
    'No result: the page was closed or reloaded before this call finished. Nothing it would have changed was ' +
      'saved: live.html is as it was before this call',
  );
  expect(told).not.toContain('may or may not have run');
  await expect(panel(app).getByRole('note')).toHaveText(label);
});

test('Stop during thinking, then the next messages are answered', async ({ app, anthropic }) => {
  await anthropic.reply(
    sse.thinking({
      thinking: 'Let me think about this carefully. '.repeat(20),
      text: 'Done.',
      deltaSize: 10,
      holdAfter: 8,
    }),
  );
  await send(app, 'Think hard');
  // Stop only once the thinking is arriving: a Stop before the request reaches the server (the provider and its
  // worker load with the first request) leaves this held reply for the next request, which then never ends.
  await expect(claude(app).last()).toContainText('Let me think');
  await stop(app).click();
  await expect(stop(app)).toBeHidden();
  await exchange(app, anthropic, 'Quick answer instead.', 'Forty-two.');
  await exchange(app, anthropic, 'Why?', 'Because.');
});

test('Stop during parallel tool calls, then the next messages are answered', async ({ app, anthropic }) => {
  await anthropic.reply(
    sse.message({
      blocks: [
        { type: 'text', text: 'Two files at once.' },
        {
          type: 'tool_use',
          id: 'toolu_par_1',
          name: 'artifacts',
          input: { command: 'create', filename: 'a.md', content: '# A\n' },
        },
        {
          type: 'tool_use',
          id: 'toolu_par_2',
          name: 'artifacts',
          input: { command: 'create', filename: 'b.md', content: `# B\n${'line\n'.repeat(200)}` },
        },
      ],
      deltaSize: 20,
      holdAfter: 16,
    }),
  );
  await send(app, 'Two files');
  // Stop only once the second call is being written: a Stop before the answer's first bytes arrive ends it with
  // no calls at all (then the next request rightly has no results).
  await expect(panel(app).getByRole('tab', { name: 'b.md', exact: true })).toBeVisible();
  await stop(app).click();
  await expect(stop(app)).toBeHidden();
  await exchange(app, anthropic, 'Just one, then.', 'Fine.');
  const results = await lastResults(anthropic);
  expect(results.map((r) => r.tool_use_id)).toEqual(['toolu_par_1', 'toolu_par_2']);
  await exchange(app, anthropic, 'Thanks.', 'Welcome.');
});

test('Regenerate and Retry are offered on the latest answer only', async ({ app, anthropic }) => {
  await anthropic.reply(httpError(400, 'A failure the API reported.'));
  await send(app, 'First');
  await expect(claude(app).last().getByRole('button', { name: 'Retry' })).toBeVisible();
  await exchange(app, anthropic, 'Second', 'Second answer.');
  await exchange(app, anthropic, 'Third', 'Third answer.');
  await expect(app.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'Regenerate' })).toHaveCount(1);
  await expect(claude(app).last().getByRole('button', { name: 'Regenerate' })).toBeVisible();

  await anthropic.reply(sse.text('Third answer, again.'));
  await claude(app).last().getByRole('button', { name: 'Regenerate' }).click();
  await expect(claude(app).last()).toContainText('Third answer, again.');
  await expect(claude(app).filter({ hasText: 'Second answer.' })).toHaveCount(1);
  const requests = await messageRequests(anthropic);
  const sent = requests.at(-1)?.body.messages as { role: string }[];
  expect(sent.at(-1)).toMatchObject({ role: 'user' });
  expect(JSON.stringify(sent.at(-1))).toContain('Third');
});

test('a steering message survives Stop and is sent with the next message', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Working on it slowly.', { deltaSize: 4, holdAfter: 4 }));
  await send(app, 'Start');
  await expect(stop(app)).toBeVisible();
  const box = app.getByRole('textbox', { name: 'Message' });
  await box.fill('Make it blue.');
  await box.press('Enter');
  const queued = app.getByRole('list', { name: 'Queued messages' });
  await expect(queued).toContainText('Make it blue.');
  await stop(app).click();
  await expect(stop(app)).toBeHidden();
  await expect(queued).toContainText('Make it blue.');
  await exchange(app, anthropic, 'Go on', 'Blue it is.');
  const requests = await messageRequests(anthropic);
  expect(JSON.stringify(requests.at(-1)?.body.messages)).toContain('Make it blue.');
});

test('a steering message the loop took after a tool batch goes back to the queue when Stop lands before it is sent', async ({
  app,
  anthropic,
}) => {
  // The artifacts tool runs the page in a preview before it answers: holding the preview's document holds
  // the tool batch, so the steering message is queued while the batch runs.
  let releasePreview = () => {};
  const previewHeld = new Promise<void>((resolve) => {
    releasePreview = resolve;
  });
  await app.route('**/preview.html', async (route) => {
    await previewHeld;
    await route.continue();
  });
  await anthropic.reply(artifactCall({ id: 'toolu_steered' }));
  await send(app, 'Make me a page');
  const card = claude(app).last().getByRole('group', { name: 'Tool call: Created live.html' });
  await expect(card).toContainText('running…');
  const box = app.getByRole('textbox', { name: 'Message' });
  await box.fill('Make it blue.');
  await box.press('Enter');
  await expect(queued(app)).toContainText('Make it blue.');

  // After the batch the loop takes the steering messages, and sends them with its next model call a few
  // microtasks later: no click lands in between. So the real Stop button is pressed from the queue's own change
  // notice, which fires as the loop takes them.
  const stoppedAtTake = app.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const easel = document.querySelector('easel-app');
        const agent = easel?.agent;
        if (!agent) throw new Error('no agent');
        const off = agent.subscribeQueue((queues) => {
          if (queues.steering.length > 0) return;
          off();
          const buttons = easel.shadowRoot
            ?.querySelector('easel-composer')
            ?.shadowRoot?.querySelectorAll('button');
          const stopButton = [...(buttons ?? [])].find((b) => b.textContent?.trim() === 'Stop');
          stopButton?.click();
          resolve(stopButton !== undefined && agent.state.isStreaming);
        });
      }),
  );
  releasePreview();
  expect(await stoppedAtTake).toBe(true);
  await expect(stop(app)).toBeHidden();
  await expect(card).not.toContainText('running…');
  // Not lost: back in the queue, and sent with the next message in a request the API accepts.
  await expect(queued(app)).toContainText('Make it blue.');
  await exchange(app, anthropic, 'Go on', 'Blue it is.');
  const requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(2);
  const sent = JSON.stringify(requests[1]?.body.messages);
  expect(sent).toContain('toolu_steered');
  expect(sent).toContain('Make it blue.');
  await expect(queued(app)).toHaveCount(0);
});

test('a queued message with only a file is named by its file', async ({ app, anthropic }) => {
  await anthropic.reply(sse.text('Busy for a while.', { deltaSize: 4, holdAfter: 4 }));
  await send(app, 'Start');
  await expect(stop(app)).toBeVisible();
  await app.locator('easel-composer input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Some notes.'),
  });
  await expect(app.getByRole('list', { name: 'Attachments' })).toContainText('notes.txt');
  await app.getByRole('textbox', { name: 'Message' }).press('Enter');
  const queued = app.getByRole('list', { name: 'Queued messages' });
  await expect(queued).toContainText('1 file: notes.txt');
  await expect(
    queued.getByRole('button', { name: 'Remove queued message: 1 file: notes.txt' }),
  ).toBeVisible();
  await anthropic.release();
});

test('when the file checks fail to load, the file is refused with the reason and Send still works', async ({
  app,
  anthropic,
}) => {
  await app.route('**/assets/prepare-*.js', (route) => route.abort('failed'));
  await app.locator('easel-composer input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Some notes.'),
  });
  await expect(app.getByText(/could not load its file checks/)).toBeVisible();
  await exchange(app, anthropic, 'Send without the file', 'Received.');
});

/** How far (px) the conversation's scroller is from its end, and whether it overflows at all. */
function conversationScroll(page: Page): Promise<{ fromEnd: number; overflows: boolean }> {
  return page.evaluate(() => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const log = conversation?.shadowRoot?.querySelector('[role="log"]');
    const scroller = log?.parentElement;
    if (!log || !scroller) throw new Error('no conversation scroller');
    // Measured by where the log ends against the scroller's bottom, whichever way the scroller counts offsets.
    return {
      fromEnd: log.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom,
      overflows: scroller.scrollHeight > scroller.clientHeight + 100,
    };
  });
}

const STORY = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the story.`).join('\n\n');

test('the app and the conversation taken out of the page and put back still follow their services and the stream', async ({
  app,
  anthropic,
}) => {
  await app.evaluate(() => {
    const element = document.querySelector('easel-app');
    if (!element) throw new Error('no app');
    element.remove();
    document.body.append(element);
  });
  // Only the app's own subscriptions bring these: the retry notice comes from its agent events, the new session
  // in the sidebar from the saver's and the library's notices.
  await anthropic.reply(
    httpError(529, '529_overloaded_error', { 'retry-after': '2', 'x-should-retry': 'true' }),
    sse.text('Still listening.'),
  );
  await send(app, 'Hello after the move');
  // The countdown shows in the placeholder where the answer will appear, in the conversation.
  await expect(
    app
      .getByRole('log', { name: 'Conversation' })
      .getByRole('status')
      .filter({ hasText: 'Claude is thinking…' })
      .filter({ hasText: 'Retrying in 2 s (attempt 1).' }),
  ).toBeVisible();
  await expect(claude(app).last()).toContainText('Still listening.');
  await expect(app.getByRole('status').filter({ hasText: 'Retrying' })).toHaveCount(0);
  await expect(app.getByRole('status').filter({ hasText: 'Claude is thinking…' })).toHaveCount(0);
  await expect(
    app.getByRole('navigation', { name: 'Sessions' }).getByRole('link', { name: 'Hello after the move' }),
  ).toBeVisible();

  // The conversation put back keeps the end of a growing answer in view (its resize observer follows again).
  await app.evaluate(() => {
    const conversation = document.querySelector('easel-app')?.shadowRoot?.querySelector('easel-conversation');
    const parent = conversation?.parentNode;
    if (!conversation || !parent) throw new Error('no conversation');
    const next = conversation.nextSibling;
    conversation.remove();
    parent.insertBefore(conversation, next);
  });
  await anthropic.reply(sse.text(STORY, { deltaSize: 30, holdAfter: 40 }));
  await send(app, 'Tell me a long story');
  await expect(claude(app).last()).toContainText('Paragraph 20 of the story.');
  await expect.poll(() => conversationScroll(app)).toEqual({ fromEnd: expect.any(Number), overflows: true });
  await expect.poll(async () => (await conversationScroll(app)).fromEnd).toBeLessThanOrEqual(2);
  await anthropic.release();
  await expect(claude(app).last()).toContainText('Paragraph 60 of the story.');
  await expect(stop(app)).toBeHidden();
  await expect.poll(async () => (await conversationScroll(app)).fromEnd).toBeLessThanOrEqual(2);
});

const COMPONENT = `import React from 'react';

export default function App() {
  return <p>Hello from the component.</p>;
}
`;

test('a component whose compiler cannot start: Claude is told the compiler failed, in a sentence, not a syntax error', async ({
  app,
  anthropic,
}) => {
  // The compile worker fails to load. The runtime used to hand on a plain object here, which reached Claude as
  // "App.jsx does not compile: SyntaxError: …", sending it to rewrite a file that is fine.
  await app.route('**/assets/compile-worker-*.js', (route) => route.abort('failed'));
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_component',
      input: { command: 'create', filename: 'App.jsx', content: COMPONENT },
    }),
    sse.text('The file is ready.'),
  );
  await send(app, 'Write App.jsx');
  await expect(claude(app).last()).toContainText('The file is ready.');
  const told = await toolResult(anthropic, 'toolu_component');
  expect(told).toContain(
    'The compiler could not start (its script did not load), so the file was not compiled. This is a problem in Easel, not in the file',
  );
  expect(told).not.toMatch(/SyntaxError|\[object Object\]|\bundefined\b|\bnull\b/);
  // The person reads the same sentence in the preview's console.
  const consoleRegion = panel(app).getByRole('region', { name: 'Console' });
  await consoleRegion.getByRole('button', { name: 'Console (1)' }).click();
  await expect(consoleRegion.getByRole('list', { name: 'Console entries' })).toContainText(
    'The compiler could not start',
  );
});

test('a tool that fails with a value that is not an Error reaches Claude as a sentence', async ({
  app,
  anthropic,
}) => {
  // The app's own tool no longer fails with anything but an Error (the compile worker above was the last path
  // that handed on a plain object), so the artifacts tool is wrapped to fail the ways a careless tool could.
  // The rest is the app's real path: the loop, the history, the request builder and the request.
  await app.evaluate(() => {
    const agent = document.querySelector('easel-app')?.agent;
    if (!agent) throw new Error('no agent');
    const thrown: unknown[] = [{ code: 'E_QUOTA' }, null, undefined];
    agent.setTools(
      agent.state.tools.map((tool) => ({
        ...tool,
        execute: () => Promise.reject(thrown.shift()),
      })),
    );
  });
  const ids = ['toolu_object', 'toolu_null', 'toolu_undefined'];
  await anthropic.reply(
    sse.message({
      blocks: ids.map((id, i) => ({
        type: 'tool_use' as const,
        id,
        name: 'artifacts',
        input: { command: 'create', filename: `note-${i}.md`, content: '# Note\n' },
      })),
      stopReason: 'tool_use',
    }),
    sse.text('I see the tool failed.'),
  );
  await send(app, 'Write three notes');
  await expect(claude(app).last()).toContainText('I see the tool failed.');
  const told = await Promise.all(ids.map((id) => toolResult(anthropic, id)));
  expect(told).toEqual([
    'Tool "artifacts" failed with a non-Error value: {"code":"E_QUOTA"}',
    'Tool "artifacts" failed with no error details (the thrown value was null)',
    'Tool "artifacts" failed with no error details (the thrown value was undefined)',
  ]);
  for (const text of told) expect(text).not.toMatch(/^(\[object Object\]|null|undefined)$/);
});

test('without file storage, a message with a file is not sent and nothing typed or attached is lost', async ({
  app,
  anthropic,
}) => {
  await app.evaluate(() => {
    const easel = document.querySelector('easel-app');
    if (!easel) throw new Error('no app');
    easel.attachments = undefined;
  });
  await app.locator('easel-composer input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Some notes.'),
  });
  const files = app.getByRole('list', { name: 'Attachments' });
  await expect(files).toContainText('notes.txt');
  await send(app, 'Read my notes');
  await expect(
    app.getByRole('status').filter({
      hasText:
        'The files could not be stored: file storage is not available. Reload the page and send again.',
    }),
  ).toBeVisible();
  await expect(app.getByRole('textbox', { name: 'Message' })).toHaveValue('Read my notes');
  await expect(files).toContainText('notes.txt');
  await expect(app.getByRole('article', { name: 'You' })).toHaveCount(0);
  expect(await messageRequests(anthropic)).toHaveLength(0);
});

test('a failed copy says so instead of failing silently', async ({ app, anthropic }) => {
  await exchange(app, anthropic, 'Say something', 'Something.');
  await app.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied', 'NotAllowedError'));
  });
  await claude(app).last().getByRole('button', { name: 'Copy' }).click();
  await expect(claude(app).last().getByRole('button', { name: 'Not copied' })).toBeVisible();
});

test('nothing can be typed or saved before the app is ready', async ({ page, anthropic }) => {
  // Hold the database open for a while, as a slow disk would: the app must not offer what cannot work yet.
  await page.addInitScript(() => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function (this: IDBFactory, ...args: [string, number?]) {
      const request = open.apply(this, args);
      const add = request.addEventListener.bind(request);
      request.addEventListener = ((
        type: string,
        listener: EventListener,
        options?: AddEventListenerOptions,
      ) =>
        add(
          type,
          type === 'success'
            ? (event: Event) => setTimeout(() => listener.call(request, event), 1500)
            : listener,
          options,
        )) as typeof request.addEventListener;
      return request;
    };
  });
  await page.goto('./');
  await expect(page.getByRole('status').filter({ hasText: 'Starting Easel…' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await configure(page, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });
  await exchange(page, anthropic, 'Ready now?', 'Ready.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await exchange(page, anthropic, 'Key kept?', 'Kept.');
});

test('a message queued in one session stays with it when another session is opened, and is sent there', async ({
  app,
  anthropic,
}) => {
  const sessionLink = (name: string) =>
    app.getByRole('navigation', { name: 'Sessions' }).getByRole('link', { name });
  await exchange(app, anthropic, 'Plan a trip to Lisbon', 'Take the tram.');
  await app.getByRole('button', { name: 'New chat' }).click();
  await anthropic.reply(sse.text('Working on it slowly.', { deltaSize: 4, holdAfter: 4 }));
  await send(app, 'Start in B');
  await expect(stop(app)).toBeVisible();
  const box = app.getByRole('textbox', { name: 'Message' });
  await box.fill('Make it blue.');
  await box.press('Enter');
  await expect(queued(app)).toContainText('Make it blue.');

  await sessionLink('Plan a trip to Lisbon').click();
  await expect(app.getByRole('article', { name: 'You' }).first()).toContainText('Plan a trip to Lisbon');
  await expect(queued(app)).toHaveCount(0);
  await exchange(app, anthropic, 'And in Porto?', 'Walk by the river.');
  expect(JSON.stringify((await messageRequests(anthropic)).at(-1)?.body.messages)).not.toContain(
    'Make it blue.',
  );

  await sessionLink('Start in B').click();
  await expect(app.getByRole('article', { name: 'You' }).first()).toContainText('Start in B');
  await expect(queued(app)).toContainText('Make it blue.');
  await exchange(app, anthropic, 'Go on', 'Blue it is.');
  const sent = JSON.stringify((await messageRequests(anthropic)).at(-1)?.body.messages);
  expect(sent).toContain('Make it blue.');
  expect(sent).not.toContain('Porto');
});

test('a follow-up queued while Claude answers is still queued after a reload, and sent with the next message', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Working on it slowly.', { deltaSize: 4, holdAfter: 4 }));
  await send(app, 'Start');
  await expect(stop(app)).toBeVisible();
  const box = app.getByRole('textbox', { name: 'Message' });
  await box.fill('Then add tests.');
  await box.press('Alt+Enter');
  await expect(queued(app)).toContainText('Then add tests.');
  await app.reload();
  await expect(app.getByRole('article', { name: 'You' }).first()).toContainText('Start');
  await expect(queued(app)).toContainText('Then add tests.');
  // A follow-up gets an answer of its own, after the next message's.
  await anthropic.reply(sse.text('Going on.'));
  await anthropic.reply(sse.text('Tests added.'));
  await send(app, 'Go on');
  await expect(claude(app).last()).toContainText('Tests added.');
  await expect(queued(app)).toHaveCount(0);
  const last = (await messageRequests(anthropic)).at(-1)?.body.messages as { role: string }[];
  expect(JSON.stringify(last.at(-1))).toContain('Then add tests.');
});
