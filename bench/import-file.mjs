// Importing an export file through Settings → Import in the built app: a file with one 50 MB message, and one
// of 300 sessions of 40 messages (with a 200 KB image each tenth session). Timed from choosing the file until
// the import report shows; the app page's longest task and tasks over 200 ms meanwhile (goal: none over 200 ms).
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assistantMessage, exportFileText, sessionRecord, userMessage } from '../e2e/support/records.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';

function session(id, title, messages, attachments = []) {
  const at = 1_700_000_000_000;
  return {
    session: sessionRecord({
      id,
      title,
      created: at,
      updated: at + messages.length,
      messageCount: messages.length,
    }),
    messages: messages.map((message) => ({ message })),
    attachments,
  };
}

const exportFile = (sessions) => exportFileText(sessions, new Date(0).toISOString());

function hugeMessage() {
  const block =
    'A paragraph with **bold**, *emphasis*, `code` and [a link](https://example.com/), long enough to wrap.\n\n';
  return exportFile([
    session('import-50mb', 'One huge answer', [
      userMessage('Write a lot', 1),
      assistantMessage(block.repeat(500_000), 2),
    ]),
  ]);
}

function manySessions() {
  const image = Buffer.alloc(200_000, 7).toString('base64');
  const sessions = [];
  for (let s = 0; s < 300; s++) {
    const messages = [];
    for (let m = 0; m < 20; m++) {
      messages.push(userMessage(`Question ${m} of session ${s}: how does this work?`, m * 2));
      messages.push(
        assistantMessage(
          `Answer ${m} of session ${s}. ${'Some explanation in Markdown. '.repeat(40)}`,
          m * 2 + 1,
        ),
      );
    }
    const attachments =
      s % 10 === 0 ? [{ id: `img-${s}`, mimeType: 'image/png', name: 'a.png', base64: image }] : [];
    sessions.push(session(`import-many-${s}`, `Session ${s}`, messages, attachments));
  }
  return exportFile(sessions);
}

const CASES = [
  { name: 'message-50mb', make: hugeMessage, report: 'Imported 1 session.' },
  { name: 'sessions-300', make: manySessions, report: 'Imported 300 sessions.' },
];

export async function run(bench) {
  const dir = mkdtempSync(join(tmpdir(), 'easel-import-'));
  try {
    for (const c of CASES) {
      const path = join(dir, `${c.name}.json`);
      writeFileSync(path, c.make());
      const { page, context } = await bench.newPage();
      try {
        await page.getByRole('button', { name: 'Settings' }).click();
        const dialog = page.getByRole('dialog', { name: 'Settings' });
        const picking = page.waitForEvent('filechooser');
        await dialog.getByRole('button', { name: 'Import' }).click();
        const chooser = await picking;
        const recording = await startLightRecording(page);
        const startedAt = Date.now();
        await chooser.setFiles(path);
        await dialog.getByRole('status').filter({ hasText: c.report }).waitFor({ timeout: 300_000 });
        const importMs = Date.now() - startedAt;
        const summary = await recording.stop();
        const result = {
          fileMB: Math.round(statSync(path).size / 1e5) / 10,
          importMs,
          longestTaskMs: summary.longestTaskMs,
          tasksOver200ms: summary.tasksOver200ms,
          longTasks: summary.longTasks,
          busyMs: summary.busyMs,
          worstFrameGapMs: summary.worstFrameGapMs,
        };
        record(`import-file-${c.name}`, result);
        console.log(
          `\n  import ${c.name} (${result.fileMB} MB): ${importMs} ms; longest app task ${result.longestTaskMs} ms, ` +
            `${result.tasksOver200ms} over 200 ms (goal: none)`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
