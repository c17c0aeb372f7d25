import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, type messageRequests, send, test, toolResult } from './support/test';

// A page that loops or floods runs on a thread of its own, out of the app's reach: the heartbeat watchdog stops
// it within five seconds, the person sees why with a way to run it again, and Claude is told — never that the
// page loaded fine. The app's own main thread is measured while this happens in `npm run bench` (no timings
// are asserted here).

// One after another: two looping pages at once would take both cores of a small machine.
test.describe.configure({ mode: 'default' });

type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });

async function modelCreates(page: Page, anthropic: Lane, filename: string, content: string) {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', id: 'toolu_loop', input: { command: 'create', filename, content } }),
  );
  await anthropic.reply(sse.text('Here it is.'));
  await send(page, `Write ${filename}`);
  await expect(claude(page).last()).toContainText('Here it is.', { timeout: 30_000 });
}

test('a page that loops after it loaded is stopped, the person can run it again, and Claude is told', async ({
  app,
  anthropic,
}) => {
  const page = `<h1>Spinner</h1>
<script>
  addEventListener('load', function () { setTimeout(function () { for (;;) {} }, 200); });
</script>`;
  await modelCreates(app, anthropic, 'spin.html', page);

  const result = await toolResult(anthropic, 'toolu_loop');
  expect(result).toContain('Preview: the page stopped responding and was stopped.');
  expect(result).toContain('an endless loop or a very long task?');
  expect(result).not.toContain('Preview: the page loaded.');

  const notice = panel(app)
    .getByRole('status')
    .filter({ hasText: 'spin.html stopped responding and was stopped.' });
  await expect(notice).toBeVisible();
  await expect(app.getByTitle('spin.html preview', { exact: true })).toHaveCount(0);

  // The app still answers.
  await anthropic.reply(sse.text('Still here.'));
  await send(app, 'Are you there?');
  await expect(claude(app).last()).toContainText('Still here.');
  // `Run again` starts a new document (the notice goes) and the watchdog stops it again. Whether the new frame
  // shows its heading first depends on the browser having ended the stuck process already, so it is not
  // asserted.
  await notice.getByRole('button', { name: 'Run again' }).click();
  await expect(notice).toBeHidden();
  await expect(notice).toBeVisible({ timeout: 20_000 });
});

test('a page that loops before it loads is stopped and Claude is told', async ({ app, anthropic }) => {
  await modelCreates(app, anthropic, 'stuck.html', '<h1>Stuck</h1><script>for (;;) {}</script>');
  const result = await toolResult(anthropic, 'toolu_loop');
  expect(result).toContain('Preview: the page stopped responding and was stopped.');
  await expect(
    panel(app).getByRole('status').filter({ hasText: 'stuck.html stopped responding' }),
  ).toBeVisible();
});

test('a page that floods its console is cut off at its budget and keeps running', async ({
  app,
  anthropic,
}) => {
  const page = `<h1>Chatty</h1>
<p id="n">0</p>
<script>
  var n = 0;
  function burst() {
    for (var i = 0; i < 500; i++) console.error('flood ' + (n++));
    document.getElementById('n').textContent = String(n);
    if (n < 20000) setTimeout(burst, 0);
  }
  burst();
</script>`;
  await modelCreates(app, anthropic, 'chatty.html', page);
  const frame = app.getByTitle('chatty.html preview', { exact: true }).contentFrame();
  await expect(frame.locator('#n')).toHaveText('20000', { timeout: 20_000 });
  const result = await toolResult(anthropic, 'toolu_loop');
  // What Claude reads is bounded: the first entries, then how many more there were.
  expect(result).toContain('[error] flood 0');
  expect(result).toMatch(/… and \d+ more entries\./);
  expect(result.length).toBeLessThan(20_000);
  expect(result).not.toContain('stopped responding');
  await expect(panel(app).getByRole('status').filter({ hasText: 'stopped responding' })).toHaveCount(0);
});
