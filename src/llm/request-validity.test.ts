/**
 * Property test: whatever a person does — stop, a failed or cut stream, a reload, steering, a retry, a model
 * switch — the next request Easel sends is one the Messages API accepts.
 *
 * Histories are made by the real agent loop, the real stream accumulator and the real `convertToLlm`: recorded
 * and generated transcripts are replayed and cut at every event boundary (aborted by the person, failed by the
 * network, or left as a reload leaves them), then the conversation goes on in a way chosen by a seeded random
 * generator. Every request body the provider would build on the way is held to the API's rules
 * (`e2e/fake-anthropic/request-rules.mjs`, the same rules the end-to-end fake server enforces).
 */
import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import { sse } from '../../e2e/fake-anthropic/responses.mjs';
import type {
  AgentMessage,
  AgentTool,
  AgentToolResult,
  AssistantMessage,
  AssistantMessageEvent,
  LlmContext,
  StreamFn,
  StreamOptions,
} from '../agent';
import { Agent } from '../agent';
import { createConvertToLlm } from '../messages/convert';
import { interrupted, parseMessageRecord } from '../storage';
import { createAccumulator } from './accumulator';
import { BUILTIN_MODELS } from './catalog';
import { buildRequest } from './request';
import { mapStopReason } from './stop-reason';
import { sseFixture, sseNames } from './test-support';

const MODELS = ['claude-opus-5-5', 'claude-sonnet-5-5'];

/** The `data:` objects of an SSE body, in order. */
function rawEvents(body: string): unknown[] {
  const events: unknown[] = [];
  for (const chunk of body.split(/\r?\n\r?\n/)) {
    const data = chunk
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      events.push(JSON.parse(data));
    } catch {
      // A transcript may carry a non-JSON line; the real client skips it too.
    }
  }
  return events;
}

interface Transcript {
  readonly name: string;
  readonly events: readonly unknown[];
}

const ARTIFACT_PAGE = `<!doctype html><html><body><h1>Live</h1><script>document.body.append('ok')</script></body></html>`;

/** Recorded transcripts plus generated ones for what the recordings lack (artifacts, parallel calls). */
function transcripts(): Transcript[] {
  const recorded = sseNames().map((name) => ({ name, events: rawEvents(sseFixture(name)) }));
  const generated: [string, string][] = [
    [
      'artifact_create',
      sse.toolUse({
        name: 'artifacts',
        text: 'Here is the page.',
        input: { command: 'create', filename: 'live.html', content: ARTIFACT_PAGE },
        deltaSize: 24,
      }).body,
    ],
    [
      'thinking_then_parallel_tools',
      sse.message({
        blocks: [
          { type: 'thinking', thinking: 'Two lookups at once.', signature: 'sig-parallel' },
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'toolu_par_a', name: 'get_weather', input: { location: 'Paris' } },
          { type: 'tool_use', id: 'toolu_par_b', name: 'get_weather', input: { location: 'Oslo' } },
          {
            type: 'tool_use',
            id: 'toolu_par_c',
            name: 'artifacts',
            input: { command: 'create', filename: 'notes.md', content: '# Notes\n' },
          },
        ],
        stopReason: 'tool_use',
      }).body,
    ],
    ['whitespace_text', sse.text('  \n  ').body],
  ];
  return [...recorded, ...generated.map(([name, body]) => ({ name, events: rawEvents(body) }))];
}

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

type CutMode = 'complete' | 'abort' | 'error';

interface Replay {
  readonly transcript: Transcript;
  readonly cut: number;
  readonly mode: CutMode;
}

const ZERO = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
let replays = 0;

function withOwnIds(event: unknown, suffix: string): unknown {
  return JSON.parse(JSON.stringify(event).replace(/\b((?:srv)?toolu_[A-Za-z0-9_]+)/g, `$1${suffix}`));
}

/** Plays a transcript through the real accumulator, ending it the way `replay.mode` says. */
async function* play(
  replay: Replay,
  options: StreamOptions,
  onCut: () => void,
): AsyncIterable<AssistantMessageEvent> {
  const base: AssistantMessage = {
    role: 'assistant',
    content: [],
    provider: 'anthropic',
    model: options.model,
    usage: ZERO,
    stopReason: 'stop',
    timestamp: 1,
  };
  const acc = createAccumulator(base, undefined);
  yield { type: 'start', partial: acc.snapshot() };
  const events =
    replay.mode === 'complete' ? replay.transcript.events : replay.transcript.events.slice(0, replay.cut);
  // The API never repeats an id: a transcript replayed twice in one history gets ids of its own.
  const suffix = `r${++replays}`;
  for (const event of events) yield* acc.apply(withOwnIds(event, suffix));
  yield* acc.closeOpenBlocks();
  if (replay.mode === 'complete') {
    const { stopReason, stopDetails } = mapStopReason(acc.stopReason, acc.stopDetails);
    yield {
      type: 'done',
      message: { ...acc.snapshot(), stopReason, ...(stopDetails ? { stopDetails } : {}) },
    };
    return;
  }
  onCut();
  const failed: AssistantMessage =
    replay.mode === 'abort'
      ? { ...acc.snapshot(), stopReason: 'aborted', errorKind: 'aborted', errorMessage: 'Stopped.' }
      : {
          ...acc.snapshot(),
          stopReason: 'error',
          errorKind: 'network',
          errorMessage: 'The connection was lost.',
        };
  yield { type: 'error', message: failed };
}

interface Harness {
  readonly agent: Agent;
  /** Every request body the provider would have sent, with the problem the API would find (if any). */
  readonly problems: { problem: string; body: unknown; messages: readonly AgentMessage[] }[];
  requests: number;
}

function tool(name: string, rng: Random, harness: () => Harness): AgentTool {
  const behaviour = rng.pick(['ok', 'ok', 'throwsError', 'throwsValue', 'steers', 'aborts'] as const);
  return {
    name,
    label: name,
    description: `The ${name} tool.`,
    parameters: { type: 'object' },
    ...(rng.chance(0.3) ? { executionMode: 'sequential' as const } : {}),
    execute: async (id, args): Promise<AgentToolResult> => {
      const { agent } = harness();
      if (name === 'artifacts') {
        agent.appendMessage({
          role: 'artifact',
          action: 'create',
          filename: typeof args.filename === 'string' ? args.filename : 'file.txt',
          content: typeof args.content === 'string' ? args.content : '',
          version: 1,
          author: rng.chance(0.5) ? 'model' : 'person',
          toolCallId: id,
          timestamp: 3,
        });
      }
      switch (behaviour) {
        case 'ok':
          return { content: [{ type: 'text', text: rng.chance(0.2) ? '' : `${name} done` }] };
        case 'throwsError':
          throw new Error(`${name} failed`);
        case 'throwsValue':
          throw rng.pick([null, undefined, { code: 7 }, 'plain string']);
        case 'steers':
          agent.steer({ role: 'user', content: 'Actually, make it blue.', timestamp: 4 });
          return { content: [{ type: 'text', text: 'steered' }] };
        case 'aborts':
          agent.steer({ role: 'user', content: 'And one more thing.', timestamp: 4 });
          agent.abort();
          return { content: [{ type: 'text', text: 'stopped midway' }] };
        default:
          return behaviour satisfies never;
      }
    },
  };
}

function harnessFor(script: Replay[], rng: Random, all: readonly Transcript[]): Harness {
  const fallback: Transcript = all.find((t) => t.name === 'text_basic_docs') as Transcript;
  const convertToLlm = createConvertToLlm({
    resolveAttachment: async (attachment) =>
      attachment.kind === 'image'
        ? [{ type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' }]
        : [{ type: 'text', text: `<file name="${attachment.name}">\n\n</file>` }],
  });
  let harness: Harness | undefined;
  const streamFn: StreamFn = (context: LlmContext, options: StreamOptions) => {
    const h = harness as Harness;
    h.requests += 1;
    const modelInfo = BUILTIN_MODELS.find((m) => m.id === options.model);
    const body = buildRequest(context, {
      model: options.model,
      thinkingLevel: options.thinkingLevel,
      ...(modelInfo ? { modelInfo } : {}),
    });
    const problem = requestProblem(JSON.parse(JSON.stringify(body)));
    if (problem) h.problems.push({ problem, body, messages: h.agent.state.messages });
    const replay = script.shift() ?? { transcript: fallback, cut: 0, mode: 'complete' as const };
    return play(replay, options, () => {
      if (replay.mode === 'abort') h.agent.abort();
    });
  };
  const names = ['get_weather', 'make_file', 'test_tool', 'artifacts'];
  const agent = new Agent({
    streamFn,
    convertToLlm,
    initialState: {
      model: rng.pick(MODELS),
      thinkingLevel: rng.pick(['off', 'high'] as const),
      systemPrompt: 'Be brief.',
      tools: names.filter(() => rng.chance(0.85)).map((name) => tool(name, rng, () => harness as Harness)),
    },
    onListenerError: (error) => {
      throw error;
    },
  });
  harness = { agent, problems: [], requests: 0 };
  return harness;
}

/** What the person does after the cut. */
async function goOn(h: Harness, rng: Random): Promise<void> {
  const { agent } = h;
  const action = rng.pick(['send', 'send', 'attach', 'retry', 'reload', 'switchModel', 'sendTwice'] as const);
  if (action === 'reload') {
    // A reload restores the saved messages; a partial answer comes back as an interrupted one.
    const messages = agent.state.messages.map((m, i, all) => (i === all.length - 1 ? interrupted(m) : m));
    agent.replaceMessages(messages);
  }
  if (action === 'switchModel') agent.setModel(MODELS.find((m) => m !== agent.state.model) as string);
  if (action === 'retry') {
    await agent.continue().catch(() => undefined); // refused when there is nothing to retry
    return;
  }
  if (action === 'attach') {
    await agent.prompt({
      role: 'user-with-attachments',
      text: rng.chance(0.5) ? '' : 'What about this?',
      attachments: [{ id: 'a1', name: 'shot.png', mimeType: 'image/png', size: 8, kind: 'image' }],
      timestamp: 9,
    });
    return;
  }
  await agent.prompt(rng.chance(0.1) ? '   ' : 'Go on, please.');
  if (action === 'sendTwice') await agent.prompt('And again.');
}

describe('every request after any cut is one the Messages API accepts', () => {
  const all = transcripts();

  it('holds for each transcript cut at every event, in each way, followed by each next step', async () => {
    let cases = 0;
    let requests = 0;
    const failures: string[] = [];
    for (const seed of [1, 2, 3, 4]) {
      const rng = random(seed);
      for (const transcript of all) {
        for (let cut = 0; cut <= transcript.events.length; cut++) {
          for (const mode of ['abort', 'error', 'complete'] as const) {
            if (mode === 'complete' && cut !== transcript.events.length) continue;
            const prefix: Replay[] = Array.from({ length: rng.int(3) }, () => ({
              transcript: rng.pick(all),
              cut: 0,
              mode: 'complete' as const,
            }));
            const script = [...prefix, { transcript, cut, mode }];
            const h = harnessFor(script, rng, all);
            await h.agent.prompt(rng.chance(0.5) ? 'Make me a page.' : 'What is the weather?');
            await h.agent.waitForIdle();
            await goOn(h, rng);
            await h.agent.waitForIdle();
            cases += 1;
            requests += h.requests;
            for (const { problem } of h.problems) {
              failures.push(`${transcript.name} cut at ${cut} (${mode}, seed ${seed}): ${problem}`);
            }
          }
        }
      }
    }
    const kinds = new Map<string, string>();
    for (const failure of failures)
      kinds.set(failure.replace(/^.*?: /, '').replace(/toolu_\w+/g, 'ID'), failure);
    expect([...kinds.values()]).toEqual([]);
    // Every transcript ran cut at every event (stopped and failed) and whole, under each seed: none was skipped
    // (3,164 histories with the transcripts of today).
    const everyCut = all.reduce((n, t) => n + 2 * (t.events.length + 1) + 1, 0);
    expect(cases).toBe(4 * everyCut);
    expect(cases).toBeGreaterThanOrEqual(3_000);
    expect(requests).toBeGreaterThan(cases * 2);
  }, 120_000);
});

/**
 * What older versions saved after `Stop` while Claude wrote a file: the stopped answer keeps its `artifacts`
 * call with no result, the person's next message follows it, and the API's 400 for that request is stored as
 * a failed answer. Records as IndexedDB holds them.
 */
const BROKEN_SESSION: readonly unknown[] = [
  { role: 'user', content: 'Make me a page', timestamp: 1 },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Writing the page.' },
      {
        type: 'toolCall',
        id: 'toolu_01OldStoppedCall',
        name: 'artifacts',
        arguments: {
          command: 'create',
          filename: 'live.html',
          content: '<!doctype html><html><body><p>Para',
        },
      },
    ],
    provider: 'anthropic',
    model: 'claude-opus-5-5',
    usage: { input: 12, output: 40, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'aborted',
    errorKind: 'aborted',
    errorMessage: 'Stopped.',
    timestamp: 2,
  },
  { role: 'user', content: 'Never mind. Say hi.', timestamp: 3 },
  {
    role: 'assistant',
    content: [],
    provider: 'anthropic',
    model: 'claude-opus-5-5',
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'error',
    errorKind: 'invalid_request',
    errorMessage:
      'messages.2: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01OldStoppedCall. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    timestamp: 4,
  },
].map((message, i) => ({ sessionId: 's-old', key: `k${i}`, message }));

describe('a session saved in the broken shape of older versions', () => {
  it('opens as it was saved, and the next message and a Retry send requests the API accepts', async () => {
    const messages = BROKEN_SESSION.map((raw) => {
      const parsed = parseMessageRecord(raw);
      if (!parsed.ok) throw new Error(parsed.problem);
      return parsed.value.partial ? interrupted(parsed.value.message) : parsed.value.message;
    });
    const answer = transcripts().find((t) => t.name === 'text_basic_docs') as Transcript;
    const bodies: Record<string, unknown>[] = [];
    const streamFn: StreamFn = (context, options) => {
      const modelInfo = BUILTIN_MODELS.find((m) => m.id === options.model);
      const body = buildRequest(context, {
        model: options.model,
        thinkingLevel: options.thinkingLevel,
        ...(modelInfo ? { modelInfo } : {}),
      });
      bodies.push(JSON.parse(JSON.stringify(body)));
      return play({ transcript: answer, cut: 0, mode: 'complete' }, options, () => undefined);
    };
    const agent = new Agent({
      streamFn,
      convertToLlm: createConvertToLlm({ resolveAttachment: async () => [] }),
      initialState: { model: 'claude-opus-5-5', systemPrompt: 'Be brief.' },
    });
    agent.replaceMessages(messages);

    await agent.prompt('Hello again?');
    agent.replaceMessages(messages);
    await agent.continue(); // `Retry` on the failed answer

    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(requestProblem(body)).toBeUndefined();
      const sent = body.messages as { role: string; content: { type: string; tool_use_id?: string }[] }[];
      // The stopped call is answered at the start of the next user turn, as the API requires.
      expect(sent[2]?.role).toBe('user');
      expect(sent[2]?.content[0]).toMatchObject({
        type: 'tool_result',
        tool_use_id: 'toolu_01OldStoppedCall',
        is_error: true,
      });
    }
  });
});
