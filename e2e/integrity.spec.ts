import type { Page } from '@playwright/test';
import { drop, httpError, sse } from './fake-anthropic/responses.mjs';
import { configure, type EaselFixtures, expect, messageRequests, send, test } from './support/test';

// Conversation integrity: no action a person takes — Stop, a cut connection, a reload, steering, attaching —
// leaves a session that fails. The fake server answers every request that breaks the Messages API's rules
// with the API's own 400, so "the next message is answered" means the request was valid.

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
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
  await expect(panel(page).getByRole('button', { name: 'Open in new tab' })).toBeDisabled();
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

/** The saved snapshots of answers still streaming, as JSON of their content. */
function partialSnapshots(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('easel');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const records = await new Promise<{ partial?: true; message: { content?: unknown } }[]>(
        (resolve, reject) => {
          const request = db.transaction('messages').objectStore('messages').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        },
      );
      return records.filter((r) => r.partial).map((r) => JSON.stringify(r.message.content));
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
  await expect(stop(app)).toBeVisible();
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
  await expect(stop(app)).toBeVisible();
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

test('the app taken out of the page and put back still follows the conversation', async ({
  app,
  anthropic,
}) => {
  await app.evaluate(() => {
    const element = document.querySelector('easel-app');
    if (!element) throw new Error('no app');
    element.remove();
    document.body.append(element);
  });
  await exchange(app, anthropic, 'Hello after the move', 'Still listening.');
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
