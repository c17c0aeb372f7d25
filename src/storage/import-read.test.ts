import { describe, expect, it } from 'vitest';
import { checkExportText, MAX_IMPORT_BYTES } from './import-check';
import { readExportFile } from './import-read';

const EXPORT = JSON.stringify({
  format: 'easel-export',
  version: 1,
  exportedAt: '2026-01-01T00:00:00.000Z',
  sessions: [
    {
      session: {
        id: 's1',
        title: 'Hello',
        created: 1,
        updated: 2,
        model: 'claude-sonnet-4-6',
        thinkingLevel: 'off',
        messageCount: 1,
        tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        cost: 0,
        preview: 'Hello',
      },
      messages: [{ message: { role: 'user', content: 'Hello', timestamp: 1 } }],
      attachments: [{ id: 'a1', mimeType: 'text/plain', name: 'a.txt', base64: 'aGk=' }],
    },
  ],
});

/** A worker stand-in that runs the check as the real worker does, or fails to load. */
class FakeWorker {
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(private readonly behaviour: 'check' | 'fail-to-load' | 'garbage') {}
  postMessage(file: Blob): void {
    void (async () => {
      if (this.behaviour === 'fail-to-load') {
        this.onerror?.({ preventDefault() {} } as ErrorEvent);
        return;
      }
      const data = this.behaviour === 'garbage' ? 42 : checkExportText(await file.text());
      this.onmessage?.({ data } as MessageEvent<unknown>);
    })();
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('readExportFile', () => {
  it('refuses a file over the limit before reading a byte of it', async () => {
    let read = false;
    const huge = {
      size: MAX_IMPORT_BYTES + 300 * 1024 * 1024,
      text: () => {
        read = true;
        return Promise.resolve('');
      },
    } as unknown as Blob;
    const result = await readExportFile(huge, {
      startWorker: () => new FakeWorker('check') as unknown as Worker,
    });
    expect(result).toEqual({
      error:
        'This file is 812 MB; Easel imports files of up to 512 MB, so nothing was imported. Export fewer sessions ' +
        'per file and import them one file at a time.',
    });
    expect(read).toBe(false);
  });

  it('gives what the worker checked, and stops the worker', async () => {
    const worker = new FakeWorker('check');
    const result = await readExportFile(new Blob([EXPORT]), {
      startWorker: () => worker as unknown as Worker,
    });
    if ('error' in result) throw new Error(result.error);
    expect(result.problems).toEqual([]);
    expect(result.sessions[0]?.session.title).toBe('Hello');
    expect([...(result.sessions[0]?.attachments[0]?.bytes ?? [])]).toEqual([104, 105]);
    expect(worker.terminated).toBe(true);
  });

  it('reads the file on the page when the worker cannot load or cannot start', async () => {
    for (const startWorker of [
      () => new FakeWorker('fail-to-load') as unknown as Worker,
      () => {
        throw new Error('No workers');
      },
    ]) {
      const result = await readExportFile(new Blob([EXPORT]), { startWorker });
      expect('error' in result ? result.error : result.sessions.length).toBe(1);
    }
  });

  it('says the file could not be read when the answer is not a checked file', async () => {
    const result = await readExportFile(new Blob([EXPORT]), {
      startWorker: () => new FakeWorker('garbage') as unknown as Worker,
    });
    expect(result).toEqual({ error: 'The file could not be read, so nothing was imported.' });
  });

  it('reports a file that is not JSON, and one that is not an export', async () => {
    const noWorker = {
      startWorker: () => {
        throw new Error('No workers');
      },
    };
    expect(await readExportFile(new Blob(['{"format": "easel-export", "sessi']), noWorker)).toEqual({
      error: 'The file is not valid JSON, so nothing was imported.',
    });
    expect(await readExportFile(new Blob(['{"sessions": []}']), noWorker)).toEqual({
      error: 'This is not an Easel export file.',
    });
  });
});
