/**
 * Files sent by id: the request shapes, held to the fake API's rules, and whole answers through the provider and
 * the real SDK against the fake API in this process: uploaded once, referred to by id with the beta header on every
 * later turn, uploaded again when the server no longer has the file, never when the setting is off.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_BETA as RULES_BETA } from '../../e2e/fake-anthropic/files-rules.mjs';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import { sse } from '../../e2e/fake-anthropic/responses.mjs';
import { type FakeAnthropic, startFakeAnthropic } from '../../e2e/fake-anthropic/server.mjs';
import type { FakeNamespace, RecordedRequest } from '../../e2e/fake-anthropic/types';
import type { Message } from '../agent';
import { FileIdStore, type KeyValueStore, readUploads, UPLOADS_KEY } from './file-id-store';
import {
  contentKey,
  decodedBytes,
  FILES_BETA,
  fileCandidates,
  fileIdsOf,
  fileScope,
  withFileIds,
  withFilesBeta,
} from './files-api';
import { createAnthropicProvider } from './provider';
import { buildRequest, requestBetas } from './request';
import { collect, finalMessage, streamOptions } from './test-support';
import type { ProviderSettings } from './types';

const PDF = readFileSync(new URL('../../e2e/fixtures/files/pdf-text-1page-pdflatex.pdf', import.meta.url));
const PNG = readFileSync(new URL('../../e2e/fixtures/files/png-hopper-128.png', import.meta.url));
const PDF_BASE64 = PDF.toString('base64');
const PNG_BASE64 = PNG.toString('base64');
const MODEL = 'claude-opus-5-5';

const withPdf = (text: string, timestamp = 1): Message => ({
  role: 'user',
  content: [
    { type: 'document', mimeType: 'application/pdf', data: PDF_BASE64, title: 'paper.pdf' },
    { type: 'image', mimeType: 'image/png', data: PNG_BASE64 },
    { type: 'text', text },
  ],
  timestamp,
});
const answer = (text: string): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
  provider: 'anthropic',
  model: MODEL,
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  stopReason: 'stop',
  timestamp: 2,
});
const ask = (text: string): Message => ({ role: 'user', content: text, timestamp: 3 });

function memoryKv(): KeyValueStore & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: async (key) => structuredClone(values.get(key)),
    set: async (key, value) => {
      values.set(key, structuredClone(value));
    },
  };
}

describe('the request with files sent by id', () => {
  const body = () =>
    buildRequest(
      { systemPrompt: 'Be brief.', messages: [withPdf('Read these')] },
      { model: MODEL, thinkingLevel: 'off' },
    );

  it('keeps the beta header the fake API holds requests to', () => {
    expect(FILES_BETA).toBe(RULES_BETA);
  });

  it('picks base64 PDFs and images of at least the threshold, from user turns', () => {
    const request = body();
    const all = fileCandidates(request.messages, 1);
    expect(all.map((c) => [c.message, c.block, c.mediaType, c.filename])).toEqual([
      [0, 0, 'application/pdf', 'paper.pdf'],
      [0, 1, 'image/png', 'image.png'],
    ]);
    expect(decodedBytes(PDF_BASE64)).toBe(PDF.length);
    // The PNG is the larger of the two: a threshold between them leaves the PDF in the request.
    expect(PNG.length).toBeGreaterThan(PDF.length);
    expect(fileCandidates(request.messages, PDF.length + 1).map((c) => c.mediaType)).toEqual(['image/png']);
    expect(fileCandidates(request.messages, PNG.length + 1)).toEqual([]);
  });

  it('replaces only the source: the title and the cache breakpoint stay; the rules accept it with the header', () => {
    const request = body();
    const [pdf, png] = fileCandidates(request.messages, 1);
    if (!pdf || !png) throw new Error('no candidates');
    const sent = withFileIds(
      request,
      new Map([
        [pdf, 'file_011pdf'],
        [png, 'file_011png'],
      ]),
    );
    expect(sent.messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'file', file_id: 'file_011pdf' }, title: 'paper.pdf' },
      { type: 'image', source: { type: 'file', file_id: 'file_011png' } },
      { type: 'text', text: 'Read these', cache_control: { type: 'ephemeral' } },
    ]);
    expect(fileIdsOf(sent)).toEqual(['file_011pdf', 'file_011png']);
    // The original body is not changed.
    expect(fileIdsOf(request)).toEqual([]);
    const betas = withFilesBeta(requestBetas(sent));
    expect(betas).toEqual([FILES_BETA]);
    const wire = JSON.parse(JSON.stringify(sent));
    expect(requestProblem(wire, { 'anthropic-beta': betas.join(',') })).toBeUndefined();
    expect(requestProblem(wire, {})).toMatch(/Input tag 'file' found using 'type'/);
  });

  it('merges the files beta with the betas the request already has, once', () => {
    expect(withFilesBeta(['mcp-client-2025-11-20'])).toEqual(['mcp-client-2025-11-20', FILES_BETA]);
    expect(withFilesBeta([FILES_BETA])).toEqual([FILES_BETA]);
  });

  it('names contents and scopes by hash, never by key or bytes', async () => {
    expect(await contentKey(PDF_BASE64)).toMatch(/^[0-9a-f]{64}$/);
    expect(await contentKey(PDF_BASE64)).toBe(await contentKey(PDF.toString('base64')));
    const scope = await fileScope('https://api.anthropic.com', 'sk-ant-secret');
    expect(scope).toMatch(/^[0-9a-f]{32}$/);
    expect(scope).not.toContain('secret');
    expect(await fileScope('https://api.anthropic.com', 'sk-ant-other')).not.toBe(scope);
    expect(await fileScope('https://proxy.example', 'sk-ant-secret')).not.toBe(scope);
  });
});

describe('the store of uploaded files', () => {
  const scope = 'a'.repeat(32);
  const key = 'b'.repeat(64);

  it('keeps uploads per scope, forgets ids, and writes changes one after another', async () => {
    const kv = memoryKv();
    const store = new FileIdStore(kv, () => 1000);
    await Promise.all([
      store.apply(scope, { uploaded: [{ key, id: 'file_011a', filename: 'paper.pdf', bytes: 10 }] }),
      store.apply(scope, {
        uploaded: [{ key: 'c'.repeat(64), id: 'file_011c', filename: 'x.png', bytes: 3 }],
      }),
    ]);
    expect(await store.known(scope)).toEqual({ [key]: 'file_011a', ['c'.repeat(64)]: 'file_011c' });
    expect(await store.known('d'.repeat(32))).toEqual({});
    await store.apply(scope, { forget: ['file_011a', 'file_011c'] });
    expect(await store.list(scope)).toEqual([]);
    expect(kv.values.get(UPLOADS_KEY)).toEqual({});
  });

  it('reads back only well-formed entries', () => {
    const good = { id: 'file_011a', filename: 'paper.pdf', bytes: 10, uploadedAt: 5 };
    expect(
      readUploads({
        [scope]: {
          [key]: good,
          ['e'.repeat(64)]: { ...good, id: 'file 011 <b>' },
          ['f'.repeat(64)]: { ...good, bytes: -1 },
          'not-hex': good,
        },
        'sk-ant-not-a-scope': { [key]: good },
        ['0'.repeat(32)]: 'nothing',
      }),
    ).toEqual({ [scope]: { [key]: good } });
    expect(readUploads('garbage')).toEqual({});
    expect(readUploads(null)).toEqual({});
  });
});

describe('answers with files sent by id, against the fake API', () => {
  let server: FakeAnthropic;
  beforeAll(async () => {
    server = await startFakeAnthropic();
  });
  afterAll(() => server.close());

  function provider(ns: FakeNamespace, settings: Partial<ProviderSettings>, kv = memoryKv()) {
    const p = createAnthropicProvider({
      getSettings: () => ({ baseUrl: ns.baseUrl, ...settings }),
      fetch: (input, init) => globalThis.fetch(input, init),
      worker: false,
      sleep: async () => {},
      fileStorage: kv,
    });
    return { provider: p, kv };
  }

  const ask1: Message[] = [withPdf('What is in the paper?')];
  const ask2: Message[] = [...ask1, answer('A proof.'), ask('And the picture?')];

  async function turn(p: ReturnType<typeof provider>['provider'], messages: Message[]) {
    const events = await collect(p.streamFn({ messages }, streamOptions({ apiKey: 'sk-ant-test' })));
    return finalMessage(events);
  }

  const idOf = (upload: RecordedRequest | undefined) =>
    (upload?.body as { file?: { id?: string } } | undefined)?.file?.id ?? '';
  const messagesOf = (log: RecordedRequest[]) => log.filter((r) => r.path === '/v1/messages');
  const uploadsOf = (log: RecordedRequest[]) =>
    log.filter((r) => r.method === 'POST' && r.path === '/v1/files');
  const sources = (request: RecordedRequest | undefined) => {
    const body = request?.body as { messages: { content: { type: string; source?: unknown }[] }[] };
    return body.messages[0]?.content.flatMap((b) => (b.source ? [b.source] : []));
  };

  it('uploads each file once and refers to it by id, with the beta header, on every turn', async () => {
    const ns = server.ns('files-once');
    const { provider: p, kv } = provider(ns, { files: { minBytes: 1 } });
    await ns.reply(sse.text('A proof.'), sse.text('A portrait.'), sse.text('Hello.'));
    expect((await turn(p, ask1)).stopReason).toBe('stop');
    expect((await turn(p, ask2)).stopReason).toBe('stop');
    expect((await turn(p, [ask('No files here')])).stopReason).toBe('stop');
    const log = await ns.requests();
    const uploads = uploadsOf(log);
    expect(uploads.map((u) => (u.body as { file: { filename: string } }).file.filename)).toEqual([
      'paper.pdf',
      'image.png',
    ]);
    expect(uploads.every((u) => u.headers['anthropic-beta'] === FILES_BETA)).toBe(true);
    const [first, second, plain] = messagesOf(log);
    const ids = uploads.map(idOf);
    const expected = ids.map((id) => ({ type: 'file', file_id: id }));
    expect(sources(first)).toEqual(expected);
    expect(sources(second)).toEqual(expected);
    expect(first?.headers['anthropic-beta']).toBe(FILES_BETA);
    expect(second?.headers['anthropic-beta']).toBe(FILES_BETA);
    expect(plain?.headers['anthropic-beta']).toBeUndefined();
    // What this device keeps: the ids under a scope that is not the key.
    const stored = readUploads(kv.values.get(UPLOADS_KEY));
    const scope = await fileScope(ns.baseUrl, 'sk-ant-test');
    expect(Object.keys(stored)).toEqual([scope]);
    expect(Object.values(stored[scope] ?? {}).map((r) => r.id)).toEqual(ids);
    expect(JSON.stringify(stored)).not.toContain('sk-ant-test');
  });

  it('uploads again a file the server no longer has, and the answer still streams', async () => {
    const ns = server.ns('files-gone');
    const { provider: p, kv } = provider(ns, { files: { minBytes: PDF.length + 1 } });
    await ns.reply(sse.text('A portrait.'), sse.text('Still a portrait.'));
    await turn(p, ask1);
    const [upload] = uploadsOf(await ns.requests());
    const id = idOf(upload);
    const removed = await fetch(`${ns.baseUrl}/v1/files/${id}`, {
      method: 'DELETE',
      headers: { 'anthropic-beta': FILES_BETA },
    });
    expect(removed.status).toBe(200);
    const next = await turn(p, ask2);
    expect(next.stopReason).toBe('stop');
    expect(next.content).toEqual([{ type: 'text', text: 'Still a portrait.' }]);
    const log = await ns.requests();
    const uploads = uploadsOf(log);
    expect(uploads).toHaveLength(2);
    const fresh = idOf(uploads[1]);
    const messages = messagesOf(log);
    // The refused request, then the same request with the new id.
    expect(messages.map((m) => sources(m)?.[1])).toEqual([
      { type: 'file', file_id: id },
      { type: 'file', file_id: id },
      { type: 'file', file_id: fresh },
    ]);
    expect(log.some((r) => r.method === 'GET' && r.path === `/v1/files/${id}`)).toBe(true);
    const scope = await fileScope(ns.baseUrl, 'sk-ant-test');
    expect(Object.values(readUploads(kv.values.get(UPLOADS_KEY))[scope] ?? {}).map((r) => r.id)).toEqual([
      fresh,
    ]);
  });

  it('sends a file in the request when its upload fails, and stops trying where there is no Files API', async () => {
    const ns = server.ns('files-refused');
    const kv = memoryKv();
    await ns.reply(sse.text('Read inline.'), sse.text('Still inline.'));
    // As against a server without the Files API: every upload meets a 404.
    let attempts = 0;
    const inline = createAnthropicProvider({
      getSettings: () => ({ baseUrl: ns.baseUrl, files: { minBytes: 1 } }),
      fetch: (input, init) => {
        if (!String(input instanceof Request ? input.url : input).endsWith('/v1/files'))
          return globalThis.fetch(input, init);
        attempts++;
        return globalThis.fetch(`${server.url}/nowhere/v1/files`, init);
      },
      worker: false,
      sleep: async () => {},
      fileStorage: kv,
    });
    expect((await turn(inline, ask1)).stopReason).toBe('stop');
    expect(attempts).toBe(1);
    expect((await turn(inline, ask2)).stopReason).toBe('stop');
    expect(attempts).toBe(1);
    for (const message of messagesOf(await ns.requests())) {
      expect(sources(message)).toEqual([
        { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
        { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
      ]);
      expect(message.headers['anthropic-beta']).toBeUndefined();
    }
    expect(kv.values.get(UPLOADS_KEY)).toBeUndefined();
  });

  it('uploads nothing when the setting is off', async () => {
    const ns = server.ns('files-off');
    const { provider: p } = provider(ns, {});
    await ns.reply(sse.text('Read inline.'));
    await turn(p, ask1);
    const log = await ns.requests();
    expect(uploadsOf(log)).toEqual([]);
    expect(sources(messagesOf(log)[0])?.map((s) => (s as { type: string }).type)).toEqual([
      'base64',
      'base64',
    ]);
  });

  it('deletes the uploaded files from the server and forgets them', async () => {
    const ns = server.ns('files-delete-all');
    const { provider: p, kv } = provider(ns, { files: { minBytes: 1 } });
    await ns.reply(sse.text('A proof.'));
    await turn(p, ask1);
    expect((await p.uploadedFiles('sk-ant-test')).map((f) => f.filename)).toEqual(['paper.pdf', 'image.png']);
    expect(await p.deleteUploadedFiles('sk-ant-test')).toEqual({ deleted: 2, failed: 0 });
    expect(await p.uploadedFiles('sk-ant-test')).toEqual([]);
    const deletions = (await ns.requests()).filter((r) => r.method === 'DELETE');
    expect(deletions).toHaveLength(2);
    expect(deletions.every((d) => d.headers['anthropic-beta'] === FILES_BETA)).toBe(true);
    expect(kv.values.get(UPLOADS_KEY)).toEqual({});
    // Another key has uploaded nothing here.
    expect(await p.uploadedFiles('sk-ant-other')).toEqual([]);
  });
});
