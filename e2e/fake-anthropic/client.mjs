// @ts-check
/**
 * Client of the fake server's control endpoint, for a test process whose server runs elsewhere (Playwright
 * `webServer`). Gives the same `FakeNamespace` interface as the in-process `server.ns(id)`.
 */
/** @import { FakeNamespace, ModelInput, RecordedRequest, ReplyInput } from './types.js' */

import { fixture } from './responses.mjs';

/**
 * A handle on namespace `id` of the server at `serverUrl` (`''` is the default namespace).
 * @param {string} serverUrl Root URL of the fake server, e.g. `http://127.0.0.1:4010`.
 * @param {string} id Namespace id, e.g. Playwright's `testInfo.testId`.
 * @returns {FakeNamespace}
 */
export function controlClient(serverUrl, id) {
  const root = serverUrl.replace(/\/+$/, '');
  const scope = id === '' ? '' : `/${encodeURIComponent(id)}`;

  /**
   * @param {'GET' | 'POST'} method
   * @param {string} action
   * @param {unknown} [body]
   */
  const call = async (method, action, body) => {
    const response = await fetch(`${root}/__control${scope}/${action}`, {
      method,
      ...(body !== undefined && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`fake server control ${action} failed (${response.status}): ${text}`);
    return text === '' ? null : JSON.parse(text);
  };

  return {
    id,
    baseUrl: id === '' ? root : `${root}/ns/${encodeURIComponent(id)}`,
    reply: async (/** @type {ReplyInput[]} */ ...responses) => {
      // Fixture names are read here, so a bad name fails in the test that used it.
      await call(
        'POST',
        'reply',
        responses.map((response) => (typeof response === 'string' ? fixture(response) : response)),
      );
    },
    requests: async () => /** @type {RecordedRequest[]} */ (await call('GET', 'requests')),
    reset: async () => {
      await call('POST', 'reset');
    },
    setModels: async (/** @type {readonly ModelInput[]} */ models) => {
      await call('POST', 'models', models);
    },
    release: async () => {
      await call('POST', 'release');
    },
    held: async () => {
      const answer = await call('GET', 'held');
      return typeof answer?.held === 'number' ? answer.held : 0;
    },
  };
}
