import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ToolCall, ToolResultMessage } from '../../agent';
import { LiveRuns, type RunCodeDetails } from '../../code';
import { OpenArtifactEvent } from '../events';
import { mount } from '../test-support';
import './code-run';

const call: ToolCall = {
  type: 'toolCall',
  id: 'call-1',
  name: 'run_code',
  arguments: { language: 'python', code: 'total = 41 + 1\nprint(total)\ntotal', title: 'Add' },
};

/** A 1×1 red PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function result(details: RunCodeDetails, isError = false): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: 'call-1',
    toolName: 'run_code',
    content: [{ type: 'text', text: 'Output: 42' }],
    details,
    isError,
    timestamp: 2,
  };
}

describe('<easel-code-run>', () => {
  it('shows the code while it runs, with what it printed so far, the time and Stop', async () => {
    const live = new LiveRuns();
    const stop = vi.fn();
    const end = live.start('call-1', stop);
    const { screen } = await mount('easel-code-run', { call, live });
    await expect.element(screen.getByText('Python code')).toBeVisible();
    await expect.element(screen.getByText('total = 41 + 1', { exact: false })).toBeVisible();
    await expect.element(screen.getByRole('status')).toHaveTextContent(/Running… \d/);
    live.update('call-1', {
      language: 'python',
      output: [
        { stream: 'stdout', text: '42\n' },
        { stream: 'stderr', text: 'a warning\n' },
      ],
      images: [],
      files: [],
      status: 'Loading Python… 3 of 14 MB',
    });
    await expect.element(screen.getByRole('status')).toHaveTextContent(/Loading Python… 3 of 14 MB/);
    await expect.element(screen.getByLabelText('Output')).toHaveTextContent('42 a warning');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(stop).toHaveBeenCalledOnce();
    end();
    await expect.element(screen.getByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('shows a finished run: output, value, images, files that open in the panel, the time taken', async () => {
    const opened: string[] = [];
    const { screen } = await mount(
      'easel-code-run',
      {
        result: result({
          language: 'python',
          output: [{ stream: 'stdout', text: 'rows 1000\n' }],
          images: [{ mediaType: 'image/png', data: PNG }],
          value: '500500',
          files: [
            { name: 'totals.csv', version: 2 },
            { name: 'bad/name', note: 'not put in the panel: no folders' },
          ],
          ending: 'done',
          elapsedMs: 1234,
        }),
      },
      {
        setup: (parent) =>
          parent.addEventListener(OpenArtifactEvent.type, (e) =>
            opened.push((e as OpenArtifactEvent).filename),
          ),
      },
    );
    await expect.element(screen.getByLabelText('Output')).toHaveTextContent('rows 1000');
    await expect.element(screen.getByLabelText('Value')).toHaveTextContent('500500');
    await expect.element(screen.getByRole('img', { name: 'Image 1 the code showed' })).toBeVisible();
    const files = screen.getByRole('list', { name: 'Files written' });
    await expect.element(files).toHaveTextContent('bad/name (not put in the panel: no folders)');
    await userEvent.click(files.getByRole('button', { name: 'totals.csv' }));
    expect(opened).toEqual(['totals.csv']);
    await expect.element(screen.getByText('Ran in 1.2 s')).toBeVisible();
  });

  it('says how a run ended: an error with its traceback, the time limit, Stop', async () => {
    const { el, screen } = await mount('easel-code-run', {
      result: result(
        {
          language: 'python',
          output: [],
          images: [],
          files: [],
          error: 'Traceback (most recent call last):\nZeroDivisionError: division by zero',
          ending: 'error',
          elapsedMs: 300,
        },
        true,
      ),
    });
    await expect
      .element(screen.getByLabelText('Error'))
      .toHaveTextContent('ZeroDivisionError: division by zero');
    await expect.element(screen.getByText('Failed after 0.3 s')).toBeVisible();
    el.result = result(
      { language: 'javascript', output: [], images: [], files: [], ending: 'timeout', elapsedMs: 30_000 },
      true,
    );
    await expect.element(screen.getByText('Ended at the time limit after 30 s')).toBeVisible();
    el.result = result(
      { language: 'javascript', output: [], images: [], files: [], ending: 'stopped', elapsedMs: 2_000 },
      true,
    );
    await expect.element(screen.getByText('Stopped after 2.0 s')).toBeVisible();
  });

  it('ignores a stored result whose details are not a run (untrusted records)', async () => {
    const bad = {
      ...result({ language: 'python', output: [], images: [], files: [] }),
      details: { output: 'x' },
    };
    const { screen } = await mount('easel-code-run', { result: bad });
    await expect.element(screen.getByLabelText('Output')).not.toBeInTheDocument();
  });
});
