/**
 * The stream worker (a module worker): sends the Messages API requests and reads their event streams off the
 * main thread, so receiving thousands of small network chunks and parsing their events never competes with
 * rendering. The page gets the events in merged batches (see `stream-server.ts`). The model list is asked for
 * from here too, and uploaded files are deleted (and files a tool made downloaded) from here, so the page never loads the SDK.
 */
import { createDirectStream, createFileDeleter, createFileDownloader, createModelLister } from './raw-stream';
import { createClient } from './sdk-client';
import { serveRawStreams, type WorkerPort } from './stream-server';
import { defaultSetTimer } from './transport';

const sdk = {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init),
  loadFactory: async () => createClient,
};

serveRawStreams(
  self as unknown as WorkerPort,
  createDirectStream({ ...sdk, setTimer: defaultSetTimer }),
  createModelLister(sdk),
  defaultSetTimer,
  createFileDeleter(sdk),
  createFileDownloader(sdk),
);
