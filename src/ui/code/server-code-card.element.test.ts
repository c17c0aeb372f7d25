import { describe, expect, it, vi } from 'vitest';
import { ArtifactStore } from '../../artifacts';
import { loadServerFiles } from '../../code';
import { OpenArtifactEvent } from '../events';
import { mount } from '../test-support';
import './server-code-card';

// Block shapes from the code execution tool's documentation and the official TypeScript SDK 1.14.0's response types.
const use = {
  type: 'server_tool_use',
  id: 'srvtoolu_1',
  name: 'bash_code_execution',
  input: { command: 'python -c "print(6*7)"' },
};
const result = (content: Record<string, unknown>) => ({
  type: 'bash_code_execution_tool_result',
  tool_use_id: 'srvtoolu_1',
  content,
});
const ran = (extra: Record<string, unknown> = {}) =>
  result({
    type: 'bash_code_execution_result',
    stdout: '42\n',
    stderr: '',
    return_code: 0,
    content: [],
    ...extra,
  });

describe('<easel-server-code-card>', () => {
  it('shows the command while it runs on the server', async () => {
    const { screen } = await mount('easel-server-code-card', { use, streaming: true });
    await expect
      .element(screen.getByRole('group', { name: "Code run on Anthropic's servers" }))
      .toBeVisible();
    await expect.element(screen.getByLabelText('Code', { exact: true })).toHaveTextContent('print(6*7)');
    await expect.element(screen.getByText('running…', { exact: false })).toBeVisible();
  });

  it('shows the output, the errors and a failing exit code as text', async () => {
    const { screen } = await mount('easel-server-code-card', {
      use,
      result: ran({ stderr: '<b>Traceback</b>', return_code: 1 }),
    });
    await expect.element(screen.getByLabelText('Output')).toHaveTextContent('42');
    await expect.element(screen.getByLabelText('Errors')).toHaveTextContent('<b>Traceback</b>');
    await expect.element(screen.getByText('Exit code 1')).toBeVisible();
  });

  it('says what an error code means', async () => {
    const { screen } = await mount('easel-server-code-card', {
      use,
      result: result({
        type: 'bash_code_execution_tool_result_error',
        error_code: 'execution_time_exceeded',
      }),
    });
    await expect
      .element(screen.getByRole('note'))
      .toHaveTextContent('took longer than the time it is allowed');
  });

  it('names a file edit and what it wrote', async () => {
    const { screen } = await mount('easel-server-code-card', {
      use: {
        type: 'server_tool_use',
        id: 'srvtoolu_2',
        name: 'text_editor_code_execution',
        input: { command: 'create', path: '/tmp/report.py', file_text: 'print("hi")' },
      },
      result: {
        type: 'text_editor_code_execution_tool_result',
        tool_use_id: 'srvtoolu_2',
        content: { type: 'text_editor_code_execution_create_result', is_file_update: false },
      },
    });
    await expect
      .element(screen.getByRole('group', { name: "File edit on Anthropic's servers" }))
      .toBeVisible();
    await expect.element(screen.getByText('/tmp/report.py', { exact: false })).toBeVisible();
  });

  it('follows each file it made to the panel, and opens it from there', async () => {
    const downloads = new (await loadServerFiles()).ServerFileDownloads();
    const made = ran({ content: [{ type: 'bash_code_execution_output', file_id: 'file_1' }] });
    const { screen, parent } = await mount('easel-server-code-card', { use, result: made, downloads });
    await expect.element(screen.getByText("A file on Anthropic's servers (file_1)")).toBeVisible();
    const store = new ArtifactStore();
    const deps = {
      download: async () => ({
        ok: true as const,
        filename: 'chart.png',
        mimeType: 'image/png',
        bytes: new Uint8Array([1, 2]),
      }),
      store,
      appendRecord: () => {},
    };
    await downloads.collect(deps, {
      role: 'assistant',
      content: [{ type: 'opaque', provider: 'anthropic', value: made }],
      provider: 'anthropic',
      model: 'm',
      usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      stopReason: 'stop',
      timestamp: 1,
    });
    const opened = vi.fn();
    parent.addEventListener(OpenArtifactEvent.type, (e: Event) => opened((e as OpenArtifactEvent).filename));
    await screen.getByRole('button', { name: 'Open chart.png' }).click();
    expect(opened).toHaveBeenCalledWith('chart.png');
  });
});
