/** The fake server's Files API: uploads, metadata, deletion, and file ids in Messages requests, with the real SDK. */
import { readFileSync } from 'node:fs';
import { BadRequestError, NotFoundError, toFile } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartParts } from './files.mjs';
import { FILES_BETA, fileLookupProblem, fileSourcesProblem } from './files-rules.mjs';
import { requestProblem } from './request-rules.mjs';
import { sse } from './responses.mjs';
import { type FakeAnthropic, startFakeAnthropic } from './server.mjs';
import { params, sdk } from './test-helpers.js';

const PDF = readFileSync(new URL('../fixtures/files/pdf-text-1page-pdflatex.pdf', import.meta.url));
const PNG = readFileSync(new URL('../fixtures/files/png-hopper-128.png', import.meta.url));
const BETA = { headers: { 'anthropic-beta': FILES_BETA } };
const DOCUMENTED = JSON.parse(
  readFileSync(new URL('../fixtures/files-api/file_object.docs.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

let server: FakeAnthropic;
beforeAll(async () => {
  server = await startFakeAnthropic();
});
afterAll(() => server.close());

const withFile = (kind: 'document' | 'image', fileId: string) => ({
  ...params,
  messages: [
    {
      role: 'user' as const,
      content: [
        { type: kind, source: { type: 'file' as const, file_id: fileId } },
        { type: 'text' as const, text: 'What is this?' },
      ],
    },
  ],
});

describe('POST /v1/files', () => {
  it('stores a multipart upload and answers the documented file object', async () => {
    const ns = server.ns('files-upload');
    const file = await sdk(ns.baseUrl).files.upload(
      { file: await toFile(PDF, 'paper.pdf', { type: 'application/pdf' }) },
      BETA,
    );
    expect(Object.keys(file).sort()).toEqual(Object.keys(DOCUMENTED).sort());
    expect(file).toMatchObject({
      type: 'file',
      filename: 'paper.pdf',
      mime_type: 'application/pdf',
      size_bytes: PDF.length,
      downloadable: false,
    });
    expect(file.id).toMatch(/^file_011[A-Za-z0-9]{24}$/);
    expect(Number.isNaN(Date.parse(file.created_at))).toBe(false);
    const [logged] = await ns.requests();
    expect(logged).toMatchObject({ method: 'POST', path: '/v1/files', body: { file } });
    expect(await sdk(ns.baseUrl).files.retrieveMetadata(file.id, {}, BETA)).toEqual(file);
  });

  it('refuses an upload without the Files API header, or without a file', async () => {
    const ns = server.ns('files-refused');
    const client = sdk(ns.baseUrl);
    const upload = client.files.upload({ file: await toFile(PDF, 'paper.pdf', { type: 'application/pdf' }) });
    await expect(upload).rejects.toBeInstanceOf(BadRequestError);
    const form = new FormData();
    form.append('purpose', 'none');
    const response = await fetch(`${ns.baseUrl}/v1/files`, {
      method: 'POST',
      headers: { 'anthropic-beta': FILES_BETA },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'file: Field required' },
    });
  });
});

describe('GET and DELETE /v1/files/{id}', () => {
  it('deletes a file once; after that it is not found', async () => {
    const ns = server.ns('files-delete');
    const client = sdk(ns.baseUrl);
    const file = await client.files.upload(
      { file: await toFile(PNG, 'hopper.png', { type: 'image/png' }) },
      BETA,
    );
    expect(await client.files.delete(file.id, {}, BETA)).toEqual({ id: file.id, type: 'file_deleted' });
    await expect(client.files.retrieveMetadata(file.id, {}, BETA)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.files.delete(file.id, {}, BETA)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('answers a browser preflight for DELETE', async () => {
    const ns = server.ns('files-preflight');
    const response = await fetch(`${ns.baseUrl}/v1/files/file_011abc`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'DELETE' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
  });
});

describe('file ids in POST /v1/messages', () => {
  it('answers a request that refers to a stored file', async () => {
    const ns = server.ns('files-message');
    const client = sdk(ns.baseUrl);
    const file = await client.files.upload(
      { file: await toFile(PDF, 'paper.pdf', { type: 'application/pdf' }) },
      BETA,
    );
    await ns.reply(sse.text('A one-page paper.'));
    const message = await client.messages.create(withFile('document', file.id), BETA);
    expect(message.content).toMatchObject([{ type: 'text', text: 'A one-page paper.' }]);
  });

  it('answers an unknown file id with a 404 not_found_error, and a file of the wrong type with a 400', async () => {
    const ns = server.ns('files-missing');
    const client = sdk(ns.baseUrl);
    const missing = client.messages.create(withFile('document', 'file_011gone'), BETA);
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toMatchObject({
      error: { error: { message: 'File not found: file_011gone' } },
    });
    const pdf = await client.files.upload(
      { file: await toFile(PDF, 'paper.pdf', { type: 'application/pdf' }) },
      BETA,
    );
    await expect(client.messages.create(withFile('image', pdf.id), BETA)).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });

  it('refuses a file source without the header, as an unknown tag', () => {
    const body = withFile('document', 'file_011abc');
    expect(requestProblem(body, {})).toBe(
      "messages.0.content.0.document.source: Input tag 'file' found using 'type' does not match any of the expected tags: 'base64', 'content', 'text', 'url'",
    );
    expect(requestProblem(body, { 'anthropic-beta': `mcp-client-2025-11-20,${FILES_BETA}` })).toBeUndefined();
    expect(fileSourcesProblem({ messages: withFile('image', '').messages }, [FILES_BETA])).toBe(
      'messages.0.content.0.image.source.file.file_id: Field required',
    );
  });

  it('finds file sources inside tool results, and counts the pages of a PDF sent by id', () => {
    const inResult = {
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_1',
              content: [{ type: 'image', source: { type: 'file', file_id: 'file_011x' } }],
            },
          ],
        },
      ],
    };
    expect(fileLookupProblem(inResult, () => undefined)).toEqual({
      status: 404,
      type: 'not_found_error',
      message: 'File not found: file_011x',
    });
    // Two pages, as the page count reads them.
    const twoPages = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Page >> endobj 2 0 obj << /Type /Page >> endobj\n%%EOF',
    );
    const many = {
      ...params,
      messages: [
        {
          role: 'user',
          content: [
            ...Array.from({ length: 51 }, () => ({
              type: 'document',
              source: { type: 'file', file_id: 'file_011p' },
            })),
            { type: 'text', text: 'Read them' },
          ],
        },
      ],
    };
    const headers = { 'anthropic-beta': FILES_BETA };
    expect(requestProblem(many, headers, (id) => (id === 'file_011p' ? twoPages : undefined))).toBe(
      'A maximum of 100 PDF pages may be provided.',
    );
    expect(requestProblem(many, headers)).toBeUndefined();
  });
});

describe('multipartParts', () => {
  it('reads each part of a body the way browsers and undici write it, bytes intact', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'hopper.png');
    form.append('note', 'x');
    const request = new Request('http://fake.invalid', { method: 'POST', body: form });
    const boundary = /boundary=(.*)$/.exec(request.headers.get('content-type') ?? '')?.[1] ?? '';
    const parts = multipartParts(Buffer.from(await request.arrayBuffer()), boundary);
    expect(parts.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['file', 'hopper.png', 'image/png'],
      ['note', undefined, undefined],
    ]);
    expect(parts[0]?.data.equals(PNG)).toBe(true);
    expect(parts[1]?.data.toString()).toBe('x');
  });
});
