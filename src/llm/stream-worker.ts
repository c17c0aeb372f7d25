/**
 * The stream worker (a module worker): sends the Messages API requests and reads their event streams off the
 * main thread, so receiving thousands of small network chunks and parsing their events never competes with
 * rendering. The page gets the events in merged batches (see `stream-server.ts`).
 */
import { createDirectStream } from './raw-stream';
import { createClient } from './sdk-client';
import { serveRawStreams, type WorkerPort } from './stream-server';
import { defaultSetTimer } from './transport';

const stream = createDirectStream({
  fetch: (input, init) => globalThis.fetch(input, init),
  loadFactory: async () => createClient,
  setTimer: defaultSetTimer,
});

serveRawStreams(self as unknown as WorkerPort, stream, defaultSetTimer);
