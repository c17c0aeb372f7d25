/** Tests for the stream worker, run in-process behind a structured-clone boundary. */
import { describe, expect, it } from 'vitest';
import { sse as fakeSse } from '../../e2e/fake-anthropic/responses.mjs';
import { startFakeAnthropic } from '../../e2e/fake-anthropic/server.mjs';
import type { AssistantMessage, AssistantMessageEvent } from '../agent';
import { createAnthropicProvider } from './provider';
import {
  createDirectStream,
  createEventBatcher,
  createFileDeleter,
  createFileDownloader,
  createModelLister,
  type FileDeleter,
  type FileDownloader,
  type ModelLister,
  mergeDeltas,
  type RawStream,
} from './raw-stream';
import { createClient } from './sdk-client';
import { isFromWorker, isToWorker } from './stream-protocol';
import { serveRawStreams, type WorkerPort } from './stream-server';
import {
  CONTEXT,
  collect,
  finalMessage,
  type Reply,
  scriptedFetch,
  sseFixture,
  sseNames,
  sseReply,
  streamOptions,
} from './test-support';
import { defaultSetTimer } from './transport';
import type { ModelInfo } from './types';
import { createWorkerStream, type StreamWorker } from './worker-stream';

/** Copies a message as `postMessage` would, so anything that cannot cross to a worker fails here too. */
const deliver = (to: { onmessage: ((event: MessageEvent<unknown>) => void) | null }, message: unknown) =>
  queueMicrotask(() => to.onmessage?.({ data: structuredClone(message) } as MessageEvent<unknown>));

/** A worker run in this process: the real server over `stream`, behind a structured-clone boundary. */
function inProcessWorker(
  stream: RawStream,
  batchMs = 5,
  lister: ModelLister = listerOf([]),
  deleter: FileDeleter = deletesAll,
  downloader: FileDownloader = downloadsNothing,
) {
  const posted: unknown[] = [];
  const server: WorkerPort = {
    onmessage: null,
    postMessage: (message) => deliver(page, message),
  };
  const page: StreamWorker & { fail(): void; terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage(message) {
      posted.push(message);
      deliver(server, message);
    },
    terminate() {
      page.terminated = true;
      server.onmessage = null;
    },
    fail() {
      page.onerror?.({ preventDefault() {} } as ErrorEvent);
    },
  };
  /** Starts the worker, as `new Worker` would: it says `ready` once the page listens. */
  const start = (): StreamWorker => {
    serveRawStreams(server, stream, lister, defaultSetTimer, deleter, downloader, batchMs);
    return page;
  };
  return { worker: page, start, posted };
}

function direct(replies: readonly Reply[]) {
  const scripted = scriptedFetch(replies);
  const stream = createDirectStream({
    fetch: scripted.fetch,
    loadFactory: async () => createClient,
    setTimer: defaultSetTimer,
  });
  return { stream, requests: scripted.requests };
}

function provider(options: { worker: false | (() => StreamWorker); replies: readonly Reply[] }) {
  const scripted = scriptedFetch(options.replies);
  return {
    provider: createAnthropicProvider({
      getSettings: () => ({ baseUrl: '' }),
      fetch: scripted.fetch,
      worker: options.worker,
      sleep: async () => {},
    }),
    requests: scripted.requests,
  };
}

/** A deleter for the tests that send no deletions. */
const deletesAll: FileDeleter = async (_key, _base, ids) => ({ deleted: [...ids], failed: [] });

/** A downloader for the tests that download nothing. */
const downloadsNothing: FileDownloader = async () => ({ ok: false, problem: 'no files here' });

const listerOf =
  (models: ModelInfo[]): ModelLister =>
  async () =>
    models;

/** A reply that sends the events up to the first text, then stalls until the request is aborted. */
function stallsAfterFirstText(onRequest: (signal: AbortSignal | undefined) => void = () => {}): Reply {
  const head = sseFixture('text_basic_ts_sdk').split('event: content_block_stop')[0] as string;
  return (init) => {
    onRequest(init?.signal ?? undefined);
    const bytes = new TextEncoder().encode(head);
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return new Promise<void>(() => {});
        sent = true;
        controller.enqueue(bytes);
        return undefined;
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

const comparable = (message: AssistantMessage) => ({ ...message, timestamp: 0 });

describe('requests sent from the stream worker', () => {
  it.each(sseNames())('%s ends with the same message as when sent from the page', async (name) => {
    const here = provider({ worker: false, replies: [sseReply(sseFixture(name))] });
    const expected = finalMessage(await collect(here.provider.streamFn(CONTEXT, streamOptions())));
    const remote = direct([sseReply(sseFixture(name))]);
    const { start } = inProcessWorker(remote.stream);
    const there = provider({ worker: start, replies: [] });
    const actual = finalMessage(await collect(there.provider.streamFn(CONTEXT, streamOptions())));
    expect(comparable(actual)).toEqual(comparable(expected));
    expect(there.requests).toHaveLength(0);
    expect(remote.requests.length).toBeGreaterThan(0);
  });

  it('merges runs of deltas: fewer events, the same text', async () => {
    const text = 'x'.repeat(2000);
    const events = [
      {
        type: 'message_start',
        message: { id: 'm', role: 'assistant', content: [], usage: { input_tokens: 1 } },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      ...Array.from({ length: 200 }, () => ({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: text.slice(0, 10) },
      })),
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
    ];
    const body = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
    const remote = direct([sseReply(body, {}, 4096)]);
    // A long window: everything that arrives at once is one batch.
    const { start } = inProcessWorker(remote.stream, 1000);
    const there = provider({ worker: start, replies: [] });
    const out = await collect(there.provider.streamFn(CONTEXT, streamOptions()));
    const deltas = out.filter((e) => e.type === 'text_delta');
    expect(deltas.length).toBeLessThan(20);
    expect(finalMessage(out).content).toEqual([{ type: 'text', text }]);
  });

  it('a stop ends the answer at once, keeps what streamed and aborts the request in the worker', async () => {
    let requestSignal: AbortSignal | undefined;
    const remote = direct([
      stallsAfterFirstText((signal) => {
        requestSignal = signal;
      }),
    ]);
    const { start, posted } = inProcessWorker(remote.stream);
    const there = provider({ worker: start, replies: [] });
    const stop = new AbortController();
    const seen: AssistantMessageEvent[] = [];
    for await (const event of there.provider.streamFn(CONTEXT, streamOptions({ signal: stop.signal }))) {
      seen.push(event);
      if (event.type === 'text_delta') stop.abort();
    }
    expect(finalMessage(seen)).toMatchObject({
      stopReason: 'aborted',
      content: [{ type: 'text', text: 'Hello there!' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(posted).toContainEqual({ type: 'abort', id: 1 });
    expect(requestSignal?.aborted).toBe(true);
  });

  it('falls back to this thread when the worker fails to load, and stays there', async () => {
    let starts = 0;
    const broken: StreamWorker = {
      onmessage: null,
      onerror: null,
      postMessage() {},
      terminate() {},
    };
    const here = provider({
      worker: () => {
        starts++;
        queueMicrotask(() => broken.onerror?.({ preventDefault() {} } as ErrorEvent));
        return broken;
      },
      replies: [sseReply(sseFixture('text_basic_ts_sdk'))],
    });
    for (let i = 0; i < 2; i++) {
      const message = finalMessage(await collect(here.provider.streamFn(CONTEXT, streamOptions())));
      expect(message).toMatchObject({
        stopReason: 'stop',
        content: [{ type: 'text', text: 'Hello there!' }],
      });
    }
    expect(starts).toBe(1);
    expect(here.requests).toHaveLength(2);
  });

  it('falls back to this thread where workers cannot start', async () => {
    const here = provider({
      worker: () => {
        throw new Error('No workers');
      },
      replies: [sseReply(sseFixture('text_basic_ts_sdk'))],
    });
    const message = finalMessage(await collect(here.provider.streamFn(CONTEXT, streamOptions())));
    expect(message.content).toEqual([{ type: 'text', text: 'Hello there!' }]);
  });

  it('a worker that fails mid-answer ends it with a retryable error and keeps what streamed', async () => {
    const remote = direct([stallsAfterFirstText()]);
    const { start, worker } = inProcessWorker(remote.stream);
    const there = provider({ worker: start, replies: [] });
    const seen: AssistantMessageEvent[] = [];
    for await (const event of there.provider.streamFn(CONTEXT, streamOptions())) {
      seen.push(event);
      if (event.type === 'text_delta') worker.fail();
    }
    expect(finalMessage(seen)).toMatchObject({
      stopReason: 'error',
      errorKind: 'network',
      content: [{ type: 'text', text: 'Hello there!' }],
    });
    expect(finalMessage(seen).errorMessage).toMatch(/closed before the answer was complete/);
    expect(worker.terminated).toBe(true);
  });

  it('carries HTTP errors across with their kind, sentence and request id', async () => {
    const remote = direct([
      () =>
        new Response(
          JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'bad key' } }),
          {
            status: 401,
            headers: { 'content-type': 'application/json', 'request-id': 'req_401' },
          },
        ),
    ]);
    const { start } = inProcessWorker(remote.stream);
    const there = provider({ worker: start, replies: [] });
    const message = finalMessage(await collect(there.provider.streamFn(CONTEXT, streamOptions())));
    expect(message).toMatchObject({ stopReason: 'error', errorKind: 'auth', requestId: 'req_401' });
  });
});

describe('models listed through the stream worker', () => {
  const modelsPage = {
    data: [
      {
        type: 'model',
        id: 'claude-opus-5-5',
        display_name: 'Claude Opus 5.5',
        created_at: '2026-09-01T00:00:00Z',
      },
    ],
    has_more: false,
    first_id: 'claude-opus-5-5',
    last_id: 'claude-opus-5-5',
  };

  it('come back as the page would list them, and the page never asks the API itself', async () => {
    const remote = scriptedFetch([
      () =>
        new Response(JSON.stringify(modelsPage), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ]);
    const lister = createModelLister({ fetch: remote.fetch, loadFactory: async () => createClient });
    const { start } = inProcessWorker(direct([]).stream, 5, lister);
    const there = provider({ worker: start, replies: [] });
    const models = await there.provider.listModels('sk-ant-test');
    expect(models.map((m) => m.id)).toEqual(['claude-opus-5-5']);
    expect(remote.requests[0]?.url).toMatch(/\/v1\/models\?limit=100/);
    expect(there.requests).toHaveLength(0);
  });

  it('carry an API error across as an LlmError with its kind', async () => {
    const remote = scriptedFetch([
      () =>
        new Response(
          JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'bad key' } }),
          {
            status: 401,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ]);
    const lister = createModelLister({ fetch: remote.fetch, loadFactory: async () => createClient });
    const { start } = inProcessWorker(direct([]).stream, 5, lister);
    const there = provider({ worker: start, replies: [] });
    await expect(there.provider.listModels('sk-ant-bad')).rejects.toMatchObject({
      name: 'LlmError',
      kind: 'auth',
    });
  });
});

describe('a stream worker that does not load', () => {
  const silent = (): StreamWorker & { terminated: boolean } => ({
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage() {},
    terminate() {
      this.terminated = true;
    },
  });
  const request = {
    params: {} as never,
    apiKey: 'k',
    baseURL: 'https://api.example.test',
    idleTimeoutMs: 1000,
  };
  const fromPage: RawStream = async function* () {
    yield { type: 'response', requestId: 'req_page' };
  };

  it('is given up on after the load limit: the request, and later ones, go from the page', async () => {
    const worker = silent();
    let starts = 0;
    const streamer = createWorkerStream(
      () => {
        starts++;
        return worker;
      },
      { send: fromPage, listModels: listerOf([]), deleteFiles: deletesAll, downloadFile: downloadsNothing },
      20,
    );
    const items = [];
    for await (const item of streamer.send(request, new AbortController().signal)) items.push(item);
    expect(items).toEqual([{ type: 'response', requestId: 'req_page' }]);
    expect(worker.terminated).toBe(true);
    for await (const item of streamer.send(request, new AbortController().signal)) items.push(item);
    expect(items).toHaveLength(2);
    expect(starts).toBe(1);
  });

  it('does not hold up a stop: a request stopped while the worker loads ends at once', async () => {
    const streamer = createWorkerStream(
      silent,
      { send: fromPage, listModels: listerOf([]), deleteFiles: deletesAll, downloadFile: downloadsNothing },
      60_000,
    );
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 5);
    const items = [];
    for await (const item of streamer.send(request, stop.signal)) items.push(item);
    expect(items).toMatchObject([{ type: 'failed', stopReason: 'aborted' }]);
  });
});

describe('mergeDeltas', () => {
  const text = (index: number, t: string) => ({
    type: 'content_block_delta',
    index,
    delta: { type: 'text_delta', text: t },
  });
  it('joins appended text, thinking and tool input of the same block', () => {
    expect(mergeDeltas(text(0, 'a'), text(0, 'b'))).toEqual(text(0, 'ab'));
    const json = (p: string) => ({
      type: 'content_block_delta',
      index: 2,
      delta: { type: 'input_json_delta', partial_json: p },
    });
    expect(mergeDeltas(json('{"a"'), json(':1}'))).toEqual(json('{"a":1}'));
    const thinking = (t: string) => ({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'thinking_delta', thinking: t },
    });
    expect(mergeDeltas(thinking('x'), thinking('y'))).toEqual(thinking('xy'));
  });
  it('leaves everything else apart', () => {
    expect(mergeDeltas(text(0, 'a'), text(1, 'b'))).toBeUndefined();
    const signature = {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'signature_delta', signature: 's' },
    };
    expect(mergeDeltas(signature, signature)).toBeUndefined();
    const citation = {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'citations_delta', citation: {} },
    };
    expect(mergeDeltas(citation, citation)).toBeUndefined();
    expect(mergeDeltas({ type: 'message_stop' }, text(0, 'a'))).toBeUndefined();
    expect(
      mergeDeltas(text(0, 'a'), { type: 'content_block_delta', index: 0, delta: { type: 'text_delta' } }),
    ).toBeUndefined();
    expect(mergeDeltas(null, 'x')).toBeUndefined();
  });
});

describe('createEventBatcher', () => {
  it('sends what gathered within the window as one batch, in order, merging deltas', () => {
    const sent: unknown[][] = [];
    const timers: (() => void)[] = [];
    const batcher = createEventBatcher(
      (events) => sent.push(events),
      16,
      (callback) => {
        timers.push(callback);
        return () => {};
      },
    );
    const delta = (t: string) => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: t },
    });
    batcher.push({ type: 'content_block_start', index: 0 });
    batcher.push(delta('a'));
    batcher.push(delta('b'));
    batcher.push({ type: 'content_block_stop', index: 0 });
    expect(timers).toHaveLength(1);
    timers[0]?.();
    expect(sent).toEqual([
      [{ type: 'content_block_start', index: 0 }, delta('ab'), { type: 'content_block_stop', index: 0 }],
    ]);
    batcher.flush();
    expect(sent).toHaveLength(1);
  });
});

describe('stream worker messages', () => {
  it('are checked before use', () => {
    expect(isToWorker({ type: 'abort', id: 1 })).toBe(true);
    expect(
      isToWorker({
        type: 'send',
        id: 1,
        request: { params: {}, apiKey: 'k', baseURL: 'u', idleTimeoutMs: 1 },
      }),
    ).toBe(true);
    expect(isToWorker({ type: 'send', id: 1, request: { params: {}, apiKey: 1 } })).toBe(false);
    expect(isToWorker({ type: 'send', id: '1' })).toBe(false);
    expect(isFromWorker({ type: 'ready' })).toBe(true);
    expect(isFromWorker({ type: 'item', id: 1, item: { type: 'events', events: [] } })).toBe(true);
    expect(isFromWorker({ type: 'item', id: 1, item: { type: 'events', events: 'x' } })).toBe(false);
    expect(isFromWorker({ type: 'item', id: 1, item: { type: 'failed', info: { kind: 'network' } } })).toBe(
      false,
    );
    expect(
      isFromWorker({
        type: 'item',
        id: 1,
        item: {
          type: 'failed',
          info: { kind: 'network', message: 'm', retryable: true },
          stopReason: 'error',
          responded: false,
        },
      }),
    ).toBe(true);
    expect(isFromWorker({ type: 'end' })).toBe(false);
    expect(isFromWorker('ready')).toBe(false);
  });

  it('check the files a request may send by id, what the worker uploaded, and deletions', () => {
    const request = { params: {}, apiKey: 'k', baseURL: 'u', idleTimeoutMs: 1 };
    const files = { minBytes: 1, known: { abc: 'file_011a' } };
    expect(isToWorker({ type: 'send', id: 1, request: { ...request, files } })).toBe(true);
    expect(
      isToWorker({ type: 'send', id: 1, request: { ...request, files: { minBytes: 1, known: { a: 2 } } } }),
    ).toBe(false);
    expect(
      isToWorker({ type: 'deleteFiles', id: 2, apiKey: 'k', baseURL: 'u', fileIds: ['file_011a'] }),
    ).toBe(true);
    expect(isToWorker({ type: 'deleteFiles', id: 2, apiKey: 'k', baseURL: 'u', fileIds: [1] })).toBe(false);
    const uploaded = [{ key: 'abc', id: 'file_011a', filename: 'paper.pdf', bytes: 10 }];
    expect(isFromWorker({ type: 'item', id: 1, item: { type: 'files', uploaded, gone: [] } })).toBe(true);
    expect(
      isFromWorker({ type: 'item', id: 1, item: { type: 'files', uploaded: [{ id: 1 }], gone: [] } }),
    ).toBe(false);
    expect(isFromWorker({ type: 'deleted', id: 2, deleted: ['file_011a'], failed: [] })).toBe(true);
    expect(isFromWorker({ type: 'deleted', id: 2, deleted: 'file_011a', failed: [] })).toBe(false);
  });
});

describe('files sent by id through the worker', () => {
  it('uploads from the worker, hands the page the new ids, and deletes from the worker', async () => {
    const server = await startFakeAnthropic();
    try {
      const ns = server.ns('worker-files');
      await ns.reply(fakeSse.text('Read it.'));
      const remote = {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
      };
      const stream = createDirectStream({
        ...remote,
        loadFactory: async () => createClient,
        setTimer: defaultSetTimer,
      });
      const deleter = createFileDeleter({ ...remote, loadFactory: async () => createClient });
      const { start, posted } = inProcessWorker(stream, 5, listerOf([]), deleter);
      const page = createWorkerStream(start, {
        send: direct([]).stream,
        listModels: listerOf([]),
        deleteFiles: deletesAll,
        downloadFile: downloadsNothing,
      });
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF').toString('base64');
      const params = {
        model: 'claude-opus-5-5',
        max_tokens: 100,
        stream: true as const,
        messages: [
          {
            role: 'user' as const,
            content: [
              {
                type: 'document' as const,
                source: { type: 'base64' as const, media_type: 'application/pdf' as const, data: pdf },
              },
              { type: 'text' as const, text: 'Read it' },
            ],
          },
        ],
      };
      const request = {
        params,
        apiKey: 'sk-ant-test',
        baseURL: ns.baseUrl,
        idleTimeoutMs: 10_000,
        files: { minBytes: 1, known: {} },
      };
      const items = [];
      for await (const item of page.send(request, new AbortController().signal)) items.push(item);
      const [files] = items;
      if (files?.type !== 'files') throw new Error(`expected the uploads first, got ${files?.type}`);
      const id = files.uploaded[0]?.id ?? '';
      expect(files.uploaded).toMatchObject([
        { id: expect.stringMatching(/^file_011/), filename: 'document.pdf' },
      ]);
      expect(items.at(-1)).not.toMatchObject({ type: 'failed' });
      expect(await page.deleteFiles('sk-ant-test', ns.baseUrl, [id, 'file_011gone'])).toEqual({
        deleted: [id, 'file_011gone'],
        failed: [],
      });
      expect(posted.some((m) => isToWorker(m) && m.type === 'deleteFiles')).toBe(true);
      const log = await ns.requests();
      expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v1/files',
        'POST /v1/messages',
        `DELETE /v1/files/${id}`,
        'DELETE /v1/files/file_011gone',
      ]);
    } finally {
      await server.close();
    }
  });

  it('downloads a file a tool made from the worker, byte for byte, and says why one cannot be', async () => {
    const server = await startFakeAnthropic();
    try {
      const ns = server.ns('worker-download');
      const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]);
      // The code execution answer brings the file it made (see e2e/fake-anthropic/README.md).
      await ns.reply({
        ...fakeSse.text('Made it.'),
        files: [
          {
            id: 'file_011made',
            filename: 'chart.png',
            mimeType: 'image/png',
            base64: bytes.toString('base64'),
          },
        ],
      });
      const remote = {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
        loadFactory: async () => createClient,
      };
      const stream = createDirectStream({ ...remote, setTimer: defaultSetTimer });
      const { start, posted } = inProcessWorker(
        stream,
        5,
        listerOf([]),
        deletesAll,
        createFileDownloader(remote),
      );
      const page = createWorkerStream(start, {
        send: direct([]).stream,
        listModels: listerOf([]),
        deleteFiles: deletesAll,
        downloadFile: downloadsNothing,
      });
      const request = {
        params: {
          model: 'claude-opus-5-5',
          max_tokens: 100,
          stream: true as const,
          messages: [{ role: 'user' as const, content: 'Chart it' }],
        },
        apiKey: 'sk-ant-test',
        baseURL: ns.baseUrl,
        idleTimeoutMs: 10_000,
      };
      for await (const _ of page.send(request, new AbortController().signal)) {
        // the answer plays, and with it the file is made
      }
      const got = await page.downloadFile('sk-ant-test', ns.baseUrl, 'file_011made');
      expect(got).toMatchObject({ ok: true, filename: 'chart.png', mimeType: 'image/png' });
      expect(got.ok && Buffer.compare(Buffer.from(got.bytes), bytes)).toBe(0);
      expect(posted.some((m) => isToWorker(m) && m.type === 'downloadFile')).toBe(true);
      const missing = await page.downloadFile('sk-ant-test', ns.baseUrl, 'file_011none');
      expect(missing).toMatchObject({ ok: false, problem: expect.any(String) });
    } finally {
      await server.close();
    }
  });
});
