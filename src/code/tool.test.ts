import { describe, expect, it } from 'vitest';
import type { AgentMessage, AssistantMessage } from '../agent';
import { ArtifactStore } from '../artifacts';
import type { ArtifactMessage } from '../messages';
import { bounded, MAX_KEPT_IMAGES, MAX_KEPT_OUTPUT, withEvent } from './run';
import { createRunCodeTool } from './tool';
import type { CodeRunner, RunCodeArgs, RunCodeDetails, RunEvent, RunOutcome, RunRequest } from './types';

/** A runner that plays the events and ending it is given, and records what it was asked. */
function scriptedRunner(events: readonly RunEvent[], outcome: RunOutcome, lost?: string) {
  const requests: RunRequest[] = [];
  let stateLost = lost;
  const runner: CodeRunner = {
    async run(_session, request, _signal, onEvent) {
      requests.push(request);
      for (const event of events) onEvent(event);
      return outcome;
    },
    takeStateLost() {
      const reason = stateLost;
      stateLost = undefined;
      return reason;
    },
  };
  return { runner, requests };
}

function setup(runner: CodeRunner, history: AgentMessage[] = []) {
  const store = new ArtifactStore();
  const records: ArtifactMessage[] = [];
  const tool = createRunCodeTool({
    runner: async () => runner,
    session: () => 's1',
    files: () => [{ name: 'data.csv', load: async () => new Blob(['a,b\n1,2\n']) }],
    store,
    appendRecord: (r) => records.push(r),
    history: () => history,
    timeLimitMs: () => 30_000,
    now: () => 1000,
  });
  const run = (args: RunCodeArgs, id = 'call-1') =>
    tool.execute(id, args, new AbortController().signal, () => {});
  return { store, records, run };
}

const textOf = (result: { content: readonly { type: string; text?: string }[] }) =>
  result.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n');

describe('run_code', () => {
  it('gives the code the attached files and the panel files, and returns output in order, the value and files written', async () => {
    const { runner, requests } = scriptedRunner(
      [
        { kind: 'output', stream: 'stdout', text: 'one\n' },
        { kind: 'output', stream: 'stderr', text: 'careful\n' },
        { kind: 'output', stream: 'stdout', text: 'two\n' },
      ],
      {
        kind: 'done',
        ok: true,
        value: '3',
        files: [
          { name: 'out.csv', bytes: new TextEncoder().encode('x\n1\n') as Uint8Array<ArrayBuffer> },
          { name: 'blob.bin', bytes: new Uint8Array([0, 255]) },
        ],
      },
    );
    const { run, store, records } = setup(runner);
    const result = await run({ language: 'python', code: 'print(1)' });
    expect(new TextDecoder().decode(requests[0]?.files[0]?.bytes)).toBe('a,b\n1,2\n');
    expect(requests[0]?.timeLimitMs).toBe(30_000);
    expect(textOf(result)).toBe(
      'Output:\none\n[stderr] careful\ntwo\n\n\nValue:\n3\n\nFiles written:\n- out.csv (version 1, in the panel)\n- blob.bin (version 1, in the panel)',
    );
    expect(result.isError).toBeUndefined();
    expect(store.get('out.csv')?.current.content).toBe('x\n1\n');
    expect([...(store.get('blob.bin')?.current.bytes ?? [])]).toEqual([0, 255]);
    expect(records.map((r) => [r.filename, r.toolCallId])).toEqual([
      ['out.csv', 'call-1'],
      ['blob.bin', 'call-1'],
    ]);
    // The next run reads the panel's files.
    await run({ language: 'python', code: 'pass' }, 'call-2');
    expect(requests[1]?.outputs.map((f) => f.name)).toEqual(['out.csv', 'blob.bin']);
  });

  it('says when the run was ended at the time limit or stopped, and that the state is gone', async () => {
    const timeout = setup(
      scriptedRunner([{ kind: 'output', stream: 'stdout', text: 'so far\n' }], {
        kind: 'timeout',
        limitMs: 30_000,
      }).runner,
    );
    const timedOut = await timeout.run({ language: 'javascript', code: 'for(;;){}' });
    expect(timedOut.isError).toBe(true);
    expect(textOf(timedOut)).toContain(
      'The run was ended after 30 s, the time limit, and its state (variables, imports) is gone.',
    );
    expect(textOf(timedOut)).toContain('Output:\nso far');
    const stop = setup(scriptedRunner([], { kind: 'stopped' }, 'The earlier runs were stopped.').runner);
    const stopped = await stop.run({ language: 'javascript', code: 'x' });
    expect(textOf(stopped)).toContain('The earlier runs were stopped.');
    expect(textOf(stopped)).toContain('The run was stopped by the person');
  });

  it('after a reload, the first run of a language says its earlier state is gone, once', async () => {
    const earlier: AssistantMessage = {
      role: 'assistant',
      content: [
        { type: 'toolCall', id: 'old', name: 'run_code', arguments: { language: 'python', code: 'x = 1' } },
      ],
      provider: 'anthropic',
      model: 'claude-test',
      usage: {
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
      stopReason: 'toolUse',
      timestamp: 1,
    };
    const { runner } = scriptedRunner([], { kind: 'done', ok: true, files: [] });
    const { run } = setup(runner, [earlier]);
    expect(textOf(await run({ language: 'python', code: 'x' }, 'a'))).toContain(
      'The state of earlier Python runs is gone (the page was reloaded',
    );
    expect(textOf(await run({ language: 'python', code: 'x' }, 'b'))).not.toContain('is gone');
    expect(textOf(await run({ language: 'javascript', code: 'x' }, 'c'))).not.toContain('is gone');
  });

  it('sends the images shown as image blocks, and an error with its traceback', async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    const { runner } = scriptedRunner([{ kind: 'image', mediaType: 'image/png', bytes: png }], {
      kind: 'done',
      ok: false,
      error: 'Traceback (most recent call last):\nZeroDivisionError: division by zero',
      files: [],
    });
    const result = await setup(runner).run({ language: 'python', code: '1/0' });
    expect(result.isError).toBe(true);
    expect(result.content[1]).toEqual({ type: 'image', mimeType: 'image/png', data: btoa('\x89PNG') });
    expect(textOf(result)).toContain('Error:\nTraceback (most recent call last):\nZeroDivisionError');
    expect(textOf(result)).toContain('The image shown follow');
  });

  it('bounds long text, keeping its start and end and saying how much was left out', () => {
    const text = 'a'.repeat(50) + 'b'.repeat(50);
    expect(bounded(text, 100)).toBe(text);
    expect(bounded(text, 10)).toBe(`${'a'.repeat(8)}\n… [90 characters left out] …\n${'b'.repeat(2)}`);
  });
});

describe('what a run keeps', () => {
  const empty: RunCodeDetails = { language: 'javascript', output: [], images: [], files: [] };
  const total = (d: RunCodeDetails) => d.output.reduce((n, o) => n + o.text.length, 0);

  it('keeps the first part of endless output and says the rest was left out', () => {
    let details = empty;
    const chunk = 'x'.repeat(300_000);
    for (let i = 0; i < 50; i++)
      details = withEvent(details, { kind: 'output', stream: 'stdout', text: chunk });
    const note = details.output.at(-1);
    expect(note?.stream).toBe('stderr');
    expect(note?.text).toContain('Output past 1,000,000 characters was left out.');
    expect(total(details) - (note?.text.length ?? 0)).toBe(MAX_KEPT_OUTPUT);
    // Nothing more is added once the note stands.
    expect(withEvent(details, { kind: 'output', stream: 'stdout', text: 'more' })).toBe(details);
  });

  it('keeps at most MAX_KEPT_IMAGES images', () => {
    let details = empty;
    const bytes = new Uint8Array([137, 80, 78, 71]);
    for (let i = 0; i < MAX_KEPT_IMAGES + 5; i++)
      details = withEvent(details, { kind: 'image', mediaType: 'image/png', bytes });
    expect(details.images).toHaveLength(MAX_KEPT_IMAGES);
  });
});
