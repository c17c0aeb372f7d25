import type { Route } from '@playwright/test';
import { fixture } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

// The session runtime (the artifacts, the tools) loads after the first screen (docs/DESIGN.md, "What loads when").
const RUNTIME = '**/assets/session-runtime-*.js';

test('a message sent before the session runtime has loaded waits for it, then goes with its tools', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(fixture('text_basic_ts_sdk'));
  // A returning person's next visit, on which the runtime's code is slow to arrive.
  const held: Route[] = [];
  await app.route(RUNTIME, (route) => {
    held.push(route);
  });
  await app.reload();
  await expect.poll(() => held.length).toBe(1);

  await send(app, 'Hi before the runtime');
  // Nothing has gone to the API yet, and nothing typed is lost: it waits for the runtime.
  expect(await messageRequests(anthropic)).toHaveLength(0);
  for (const route of held) await route.continue();

  await expect(app.getByRole('article', { name: 'You' })).toContainText('Hi before the runtime');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Hello there!');
  const [request] = await messageRequests(anthropic);
  expect(JSON.stringify(request?.body.tools)).toContain('"name":"artifacts"');
});
