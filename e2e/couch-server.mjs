/**
 * A CouchDB-protocol server for the sync tests: PouchDB Server's Express app (express-pouchdb) over PouchDB's
 * in-memory adapter, in this process. It speaks the replication protocol as CouchDB does (revisions, `_changes`,
 * `_revs_diff`, `_bulk_docs`, checkpoints); only its storage is memory. It answers browsers on other origins
 * (CORS, as CouchDB's `[cors]` section does), asks for one user's Basic credentials, and can stop and start on
 * the same port with its data kept, as a server that drops off the network does. It can also hold its answers
 * (`hold`), as a slow network does, so a test can act while the app waits for the server.
 */
import { createServer } from 'node:http';
import expressPouchDB from 'express-pouchdb';
import MemoryAdapter from 'pouchdb-adapter-memory';
import PouchDB from 'pouchdb-core';

/**
 * Starts the server on 127.0.0.1 (`port` 0 picks a free one).
 * @param {{ port?: number, user: string, password: string }} options
 */
export async function startCouchServer({ port = 0, user, password }) {
  // A prefix of its own per server, so two servers in one process never share a database.
  const prefix = `couch-${process.pid}-${Math.random().toString(36).slice(2)}-`;
  const MemoryPouch = PouchDB.plugin(MemoryAdapter).defaults({ adapter: 'memory', prefix });
  const couch = expressPouchDB(MemoryPouch, { mode: 'minimumForPouchDB', inMemoryConfig: true });
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  /** Requests waiting while the server holds its answers (`hold`), each answered on `release`. */
  let held;
  const handler = (req, res) => {
    if (held) {
      held.push(() => handler(req, res));
      return;
    }
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Methods', 'GET, PUT, POST, DELETE, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'accept, authorization, content-type, origin, referer');
      res.setHeader('Access-Control-Expose-Headers', 'content-type, etag');
      res.setHeader('Vary', 'Origin');
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'unauthorized', reason: 'Name or password is incorrect.' }));
      return;
    }
    couch(req, res);
  };
  let server;
  let boundPort = port;
  const listen = () =>
    new Promise((resolve, reject) => {
      server = createServer(handler);
      server.once('error', reject);
      server.listen(boundPort, '127.0.0.1', () => {
        boundPort = server.address().port;
        resolve();
      });
    });
  const stop = () =>
    new Promise((resolve) => {
      if (!server?.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  const url = () => `http://127.0.0.1:${boundPort}`;
  const auth = { authorization: expected };
  return {
    url,
    /** Holds every answer (the requests wait, connections open) until `release`. */
    hold() {
      held ??= [];
    },
    /** Requests waiting for an answer while held. */
    heldCount: () => held?.length ?? 0,
    /** Answers the held requests, in order, and answers at once again. */
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const answer of waiting) answer();
    },
    /** Stops answering (connections dropped); the data stays in memory. */
    stop,
    /** Answers again on the same port, with the data it had. */
    start: listen,
    /** Every document of a database as the server stores it (read through its HTTP API). */
    async allDocs(db) {
      const response = await fetch(`${url()}/${db}/_all_docs?include_docs=true&conflicts=true`, {
        headers: auth,
      });
      const body = await response.json();
      return body.rows.map((row) => row.doc);
    },
    close: stop,
  };
}
