/**
 * Anthropic's code execution tool (Settings → Code). The transcripts are built from the tool's documentation
 * (platform.claude.com/docs/en/agents-and-tools/tool-use/code-execution-tool) and `@anthropic-ai/sdk` 1.14.0's
 * types (`ServerToolUseBlock`, `BashCodeExecutionToolResultBlock`, `RawMessageDeltaEvent.Delta.container`);
 * the file the run made is served by the fake Files API (`GET /v1/files/<id>/content`).
 */
import { sse } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

/** A 2×1 PNG, red and blue: bytes that are not text. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8DwnwEIGBkBABH3Av/y6yRgAAAAAElFTkSuQmCC',
  'base64',
);
const FILE_ID = 'file_011CPMxVD3fHLUhvTqtsQA5w';
const CONTAINER = { id: 'container_011CPR5CNjB747bTd36fQLFk', expires_at: '2099-01-01T00:00:00Z' };

function madeChart() {
  return {
    ...sse.message({
      container: CONTAINER,
      blocks: [
        { type: 'text', text: 'Making the chart.' },
        {
          type: 'server_tool_use',
          id: 'srvtoolu_01',
          name: 'bash_code_execution',
          input: { command: 'python chart.py && ls /tmp/outputs' },
        },
        {
          type: 'server_tool_result',
          block: {
            type: 'bash_code_execution_tool_result',
            tool_use_id: 'srvtoolu_01',
            content: {
              type: 'bash_code_execution_result',
              stdout: 'chart.png\n',
              stderr: '',
              return_code: 0,
              content: [{ type: 'bash_code_execution_output', file_id: FILE_ID }],
            },
          },
        },
        { type: 'text', text: 'Here is the chart.' },
      ],
    }),
    files: [{ id: FILE_ID, filename: 'chart.png', mimeType: 'image/png', base64: PNG.toString('base64') }],
  };
}

test('server code execution: its run shows as a card and the file it made reaches the panel byte for byte', async ({
  app,
  anthropic,
}) => {
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  const serverCode = dialog.getByRole('switch', { name: "Let Claude run code on Anthropic's servers" });
  await expect(serverCode).not.toBeChecked();
  await serverCode.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await anthropic.reply(madeChart(), sse.text('Bigger, done.'));
  await send(app, 'Chart the sales');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Here is the chart.');
  const run = app.getByRole('group', { name: "Code run on Anthropic's servers" });
  await expect(run.getByLabel('Code', { exact: true })).toContainText('python chart.py');
  await expect(run.getByLabel('Output')).toContainText('chart.png');

  // The request carried the tool and its beta header.
  const [first] = await messageRequests(anthropic);
  expect(first?.body.tools).toContainEqual(
    expect.objectContaining({ type: 'code_execution_20250825', name: 'code_execution' }),
  );
  expect(first?.headers['anthropic-beta']).toContain('code-execution-2025-08-25');

  // The file was downloaded through the Files API into the panel, and downloads byte for byte.
  await run.getByRole('button', { name: 'Open chart.png' }).click();
  const panel = app.getByRole('region', { name: 'Artifacts' });
  const downloading = app.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).first().click();
  const { readFile } = await import('node:fs/promises');
  expect(Buffer.compare(await readFile(await (await downloading).path()), PNG)).toBe(0);
  const files = (await anthropic.requests()).filter((r) => r.path.startsWith('/v1/files/'));
  expect(files.map((r) => r.path)).toEqual([`/v1/files/${FILE_ID}`, `/v1/files/${FILE_ID}/content`]);
  expect(files.every((r) => r.headers['anthropic-beta']?.includes('files-api-2025-04-14'))).toBe(true);

  // The next request resends the run as it came and reuses the container (the fake API checks both).
  await send(app, 'Make it bigger');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Bigger, done.');
  const second = (await messageRequests(anthropic)).at(-1);
  expect(second?.body.container).toBe(CONTAINER.id);
  expect(JSON.stringify(second?.body.messages)).toContain('"bash_code_execution_tool_result"');
});

test('with the switch off (the default), no code execution tool or beta goes with a request', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(sse.text('Hello.'));
  await send(app, 'Hi');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Hello.');
  const [request] = await messageRequests(anthropic);
  expect(JSON.stringify(request?.body.tools ?? [])).not.toContain('code_execution');
  expect(request?.headers['anthropic-beta'] ?? '').not.toContain('code-execution');
});

test("server code execution gets the session's attached file once, by a container_upload block", async ({
  app,
  anthropic,
}) => {
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Theme & limits' }).click();
  await dialog.getByRole('switch', { name: "Let Claude run code on Anthropic's servers" }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const csv = 'region,amount\nnorth,3\nsouth,4\n';
  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
  await expect(app.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1);
  await anthropic.reply(madeChart(), sse.text('Again, done.'));
  await send(app, 'Chart the sales');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Here is the chart.');

  // The file was uploaded through the Files API with its exact bytes, and the request named it.
  const uploads = (await anthropic.requests()).filter((r) => r.method === 'POST' && r.path === '/v1/files');
  expect(uploads).toHaveLength(1);
  const [first] = await messageRequests(anthropic);
  const blocks = JSON.stringify(first?.body.messages);
  const id = /"type":"container_upload","file_id":"([^"]+)"/.exec(blocks)?.[1];
  expect(id).toBeTruthy();
  expect(first?.headers['anthropic-beta']).toContain('files-api-2025-04-14');
  // The made file still reaches the panel.
  const run = app.getByRole('group', { name: "Code run on Anthropic's servers" });
  await run.getByRole('button', { name: 'Open chart.png' }).click();
  await expect(app.getByRole('region', { name: 'Artifacts' })).toBeVisible();

  // The next request names the same file without uploading it again.
  await send(app, 'Once more');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Again, done.');
  const second = (await messageRequests(anthropic)).at(-1);
  expect(JSON.stringify(second?.body.messages)).toContain(`"type":"container_upload","file_id":"${id}"`);
  const after = (await anthropic.requests()).filter((r) => r.method === 'POST' && r.path === '/v1/files');
  expect(after).toHaveLength(1);
});
