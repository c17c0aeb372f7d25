#!/usr/bin/env node
// @ts-check
/**
 * `npm run fake-api [-- --port 4010] [-- --test]`: runs the fake Anthropic API until interrupted.
 * Manual mode (default): with nothing scripted, the default namespace streams a generated answer.
 * `--test`: an empty queue answers 500 "no scripted response" everywhere (what Playwright's webServer wants).
 * Port: `--port N`, else `FAKE_ANTHROPIC_PORT`, else 4010.
 */

import { parseArgs } from 'node:util';
import { startFakeAnthropic } from './server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    test: { type: 'boolean', default: false },
    manual: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: node e2e/fake-anthropic/cli.mjs [--port N] [--host H] [--test | --manual]');
  process.exit(0);
}

const port = Number(values.port ?? process.env.FAKE_ANTHROPIC_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake-api: invalid port "${values.port ?? process.env.FAKE_ANTHROPIC_PORT}"`);
  process.exit(2);
}
const manual = !values.test;
const server = await startFakeAnthropic({ port, host: values.host, manual });

console.log(`Fake Anthropic API listening on ${server.url} (${manual ? 'manual' : 'test'} mode)`);
if (manual) {
  console.log(`Try the app against it: Settings → API base URL = ${server.url}, and any API key.`);
  console.log('Send /tour for a tour of what Easel can do (artifacts, thinking, errors, …);');
  console.log('any other message gets an echo; /help lists /fixture NAME, /error 429, /hang, /drop.');
} else {
  console.log(
    `Tests: base URL ${server.url}/ns/<testId>; script replies with controlClient('${server.url}', testId).`,
  );
}

/** @param {NodeJS.Signals} signal */
const stop = (signal) => {
  console.log(`fake-api: ${signal}, closing`);
  server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
