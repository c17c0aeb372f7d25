// @ts-check
/**
 * Per-test state of the fake server. Each namespace owns a response queue, a request log, a model list, the
 * streams paused at their `holdAfter` point and every API response still open, so parallel tests never meet.
 */
/** @import { ServerResponse } from 'node:http' */
/** @import { FakeModelInfo, FakeNamespace, ModelInput, RecordedRequest, ReplyInput, ResponseSpec } from './types.js' */
/** @import { StoredFile } from './files.mjs' */

import { defaultModels, modelInfo } from './models.mjs';
import { createPromptCache } from './prompt-cache.mjs';
import { fixture, parseResponseSpec } from './responses.mjs';

/**
 * @typedef {object} NamespaceState
 * @property {ResponseSpec[]} queue Scripted responses, next first.
 * @property {RecordedRequest[]} log Requests received, oldest first; entries are never changed.
 * @property {FakeModelInfo[]} models What `GET /v1/models` lists.
 * @property {Set<() => void>} waiters Streams paused at their hold point; calling one lets it go on.
 * @property {Set<ServerResponse>} open API responses not yet finished.
 * @property {Map<string, StoredFile>} files What `POST /v1/files` stored, by id.
 * @property {import('./prompt-cache.mjs').PromptCache} promptCache The lane's prompt-cache entries.
 */

/** @returns {NamespaceState} */
function freshState() {
  return {
    queue: [],
    log: [],
    models: defaultModels(),
    waiters: new Set(),
    open: new Set(),
    files: new Map(),
    promptCache: createPromptCache(),
  };
}

/**
 * A string reply is a fixture name; a spec is checked, so a malformed one fails at `reply()`, not mid-test.
 * @param {ReplyInput} input
 * @returns {ResponseSpec}
 */
export function toSpec(input) {
  if (typeof input === 'string') return fixture(input);
  const checked = parseResponseSpec(input);
  if (!checked.ok) throw new Error(`fake server: ${checked.error}`);
  return checked.spec;
}

/** The namespaces of one server. */
export function createNamespaces() {
  /** @type {Map<string, NamespaceState>} */
  const states = new Map();

  /** @param {string} id */
  const get = (id) => {
    let state = states.get(id);
    if (!state) {
      state = freshState();
      states.set(id, state);
    }
    return state;
  };

  /** Forgets a namespace: its queue, log, models and files; open responses are destroyed. @param {string} id */
  const reset = (id) => {
    const state = states.get(id);
    if (!state) return;
    states.delete(id);
    for (const res of state.open) res.destroy();
    release(state);
  };

  return {
    get,
    reset,
    /** Resets every namespace (server shutdown). */
    resetAll: () => {
      for (const id of [...states.keys()]) reset(id);
    },
  };
}

/** @typedef {ReturnType<typeof createNamespaces>} Namespaces */

/**
 * Resolves when the namespace releases its held streams, or when `res` closes.
 * @param {NamespaceState} state
 * @param {ServerResponse} res
 * @returns {Promise<void>}
 */
export function hold(state, res) {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      state.waiters.delete(done);
      res.off('close', done);
      resolve();
    };
    state.waiters.add(done);
    res.once('close', done);
  });
}

/** Lets every held stream of the namespace go on. @param {NamespaceState} state */
export function release(state) {
  for (const done of [...state.waiters]) done();
}

/**
 * Tracks an API response until it finishes, so `reset` can end it.
 * @param {NamespaceState} state
 * @param {ServerResponse} res
 */
export function track(state, res) {
  state.open.add(res);
  res.once('close', () => state.open.delete(res));
}

/**
 * The in-process handle on a namespace: the same interface the control client gives a separate process.
 * @param {Namespaces} namespaces
 * @param {string} id
 * @param {string} baseUrl
 * @returns {FakeNamespace}
 */
export function namespaceHandle(namespaces, id, baseUrl) {
  return {
    id,
    baseUrl,
    reply: async (...responses) => {
      namespaces.get(id).queue.push(...responses.map(toSpec));
    },
    requests: async () => structuredClone(namespaces.get(id).log),
    reset: async () => namespaces.reset(id),
    setModels: async (/** @type {readonly ModelInput[]} */ models) => {
      namespaces.get(id).models = models.map(modelInfo);
    },
    release: async () => release(namespaces.get(id)),
    held: async () => namespaces.get(id).waiters.size,
  };
}
