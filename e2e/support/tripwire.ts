import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request that reached the tripwire. */
export interface TripwireHit {
  readonly method: string;
  readonly path: string;
  /** Set on hyperlink-auditing pings (`<a ping>`). */
  readonly ping: boolean;
}

/**
 * An HTTP server on 127.0.0.1 that records every request it receives and answers each with a 1×1 GIF (so an image
 * that does load shows as loaded). An address on it stands for an attacker's host: a hit means the page fetched
 * something model text named.
 */
export interface Tripwire {
  /** `127.0.0.1:<port>`, for building addresses of every spelling (`http://`, `//`, `\\`). */
  readonly host: string;
  readonly hits: readonly TripwireHit[];
  close(): Promise<void>;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

export async function startTripwire(): Promise<Tripwire> {
  const hits: TripwireHit[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    hits.push({
      method: request.method ?? '',
      path: request.url ?? '',
      ping: request.headers['ping-to'] !== undefined || request.headers['content-type'] === 'text/ping',
    });
    request.resume();
    response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
    response.end(GIF);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
