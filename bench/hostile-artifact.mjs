// Artifacts that attack the app's responsiveness: a page that floods its console (errors in bursts, tens of
// thousands), one that loops forever after loading, and one that loops before it loads. Each is created through
// the `artifacts` tool; the app page's main thread is recorded from the send until the answer after the tool
// call is shown (the watchdog has stopped the loops by then): longest task and tasks over 200 ms (goal: none),
// and the time from the send to the watchdog's notice.
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';

const PAGES = {
  flood: `<h1>Flood</h1><p id="n">0</p><script>
  var n = 0;
  function burst() {
    for (var i = 0; i < 1000; i++) console.error('flood ' + (n++) + ' ' + 'x'.repeat(200));
    document.getElementById('n').textContent = String(n);
    if (n < 50000) setTimeout(burst, 0);
  }
  burst();
</script>`,
  'loop-after-load': `<h1>Spin</h1><script>
  addEventListener('load', function () { setTimeout(function () { for (;;) {} }, 100); });
</script>`,
  'loop-before-load': '<h1>Stuck</h1><script>for (;;) {}</script>',
};

async function runOnce(bench, kind) {
  const { page, lane, context } = await bench.newPage();
  // Warm up what loads on first use (the panel, the preview runtime), unmeasured.
  await lane.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'warm.html', content: '<p>warm</p>' },
    }),
    sse.text('Warmed up.'),
  );
  await page.getByRole('textbox', { name: 'Message' }).fill('Warm up');
  await page.getByRole('button', { name: 'Send' }).click();
  await page
    .getByRole('article', { name: 'Claude' })
    .last()
    .getByText('Warmed up.')
    .waitFor({ timeout: 60_000 });

  const filename = `${kind}.html`;
  await lane.reply(
    sse.toolUse({ name: 'artifacts', input: { command: 'create', filename, content: PAGES[kind] } }),
    sse.text('The page is ready.'),
  );
  const recording = await startLightRecording(page);
  const sentAt = Date.now();
  await page.getByRole('textbox', { name: 'Message' }).fill(`Write ${filename}`);
  await page.getByRole('button', { name: 'Send' }).click();
  let noticeMs = null;
  if (kind !== 'flood') {
    await page
      .getByRole('region', { name: 'Artifacts' })
      .getByText(`${filename} stopped responding and was stopped.`)
      .waitFor({ timeout: 60_000 });
    noticeMs = Date.now() - sentAt;
  }
  await page
    .getByRole('article', { name: 'Claude' })
    .last()
    .getByText('The page is ready.')
    .waitFor({ timeout: 60_000 });
  // Half a second more: a flood keeps going after the answer.
  await page.waitForTimeout(500);
  const summary = await recording.stop();
  await context.close();
  return { ...summary, sendToStoppedNoticeMs: noticeMs };
}

export async function run(bench) {
  for (const kind of Object.keys(PAGES)) {
    const result = await runOnce(bench, kind);
    record(`hostile-artifact-${kind}`, result);
  }
}
