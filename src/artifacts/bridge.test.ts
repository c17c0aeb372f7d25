import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BRIDGE_MAX_MESSAGES, bridgeScript } from './bridge';
import { isPreviewMessage } from './protocol';

type Listener = (event: Record<string, unknown>) => void;

/** Runs the bridge in a fresh realm shaped like a sandboxed preview window. */
function runBridge(channel = 'chan', globals: Record<string, unknown> = {}) {
  const posted: unknown[] = [];
  const listeners = new Map<string, Listener[]>();
  const printed: unknown[][] = [];
  const sandbox: Record<string, unknown> = {
    parent: { postMessage: (message: unknown, target: string) => posted.push({ message, target }) },
    console: {
      log: (...args: unknown[]) => printed.push(args),
      info: () => {},
      warn: () => {},
      error: () => {},
      debug: () => {},
      assert: () => {},
    },
    addEventListener: (type: string, listener: Listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    ...globals,
  };
  Object.defineProperty(sandbox, 'localStorage', {
    get() {
      throw new Error('SecurityError: the document is sandboxed');
    },
    configurable: true,
  });
  const context = vm.createContext(sandbox);
  vm.runInContext('var window = this;', context);
  vm.runInContext(bridgeScript(channel), context);
  const run = (code: string): unknown => vm.runInContext(code, context);
  const fire = (type: string, event: Record<string, unknown>) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  const messages = () => posted.map((p) => JSON.parse(JSON.stringify((p as { message: unknown }).message)));
  return { posted, printed, run, fire, messages };
}

describe('the preview bridge', () => {
  it('reports console calls to the parent, formatted, and still prints them', () => {
    const bridge = runBridge();
    bridge.run(`console.log('n =', 42, { a: [1, 2] }, null); var o = {}; o.self = o; console.warn(o);`);
    expect(bridge.messages()).toEqual([
      {
        kind: 'console',
        level: 'log',
        text: 'n = 42 {"a":[1,2]} null',
        source: 'easel-preview',
        channel: 'chan',
      },
      {
        kind: 'console',
        level: 'warn',
        text: '{"self":"[Circular]"}',
        source: 'easel-preview',
        channel: 'chan',
      },
    ]);
    expect(bridge.printed).toHaveLength(1);
    expect((bridge.posted[0] as { target: string }).target).toBe('*');
  });

  it('reports uncaught errors with their line, rejections, and blocked requests once each', () => {
    const bridge = runBridge();
    bridge.fire('error', { message: 'Uncaught TypeError: x is not a function', lineno: 12, colno: 5 });
    bridge.fire('unhandledrejection', { reason: bridge.run("new Error('nope')") });
    const blocked = { effectiveDirective: 'connect-src', blockedURI: 'https://example.com/x' };
    bridge.fire('securitypolicyviolation', blocked);
    bridge.fire('securitypolicyviolation', blocked);
    bridge.fire('load', {});
    const kinds = bridge.messages().map((m) => [m.kind, m.text, m.line, m.column]);
    expect(kinds).toEqual([
      ['error', 'Uncaught TypeError: x is not a function (line 12, column 5)', 12, 5],
      ['rejection', 'Unhandled promise rejection: Error: nope', undefined, undefined],
      [
        'blocked',
        "Blocked by the preview's Content-Security-Policy (connect-src): https://example.com/x",
        undefined,
        undefined,
      ],
      ['loaded', undefined, undefined, undefined],
    ]);
  });

  it('posts only messages the host guard accepts for its channel', () => {
    const bridge = runBridge('abc');
    bridge.run(`console.error(new Error('bad')); console.assert(false, 'must hold');`);
    bridge.fire('error', { message: 'boom', lineno: 1, colno: 2 });
    bridge.fire('load', {});
    for (const message of bridge.messages()) {
      expect(isPreviewMessage(message, 'abc')).toBe(true);
      expect(isPreviewMessage(message, 'other')).toBe(false);
    }
  });

  it('stops sending after its limit but still says the page loaded', () => {
    const bridge = runBridge();
    bridge.run(`for (var i = 0; i < ${BRIDGE_MAX_MESSAGES + 50}; i++) console.log(i);`);
    bridge.fire('load', {});
    const messages = bridge.messages();
    expect(messages).toHaveLength(BRIDGE_MAX_MESSAGES + 1);
    expect(messages.at(-1)?.kind).toBe('loaded');
  });

  it('cuts long texts', () => {
    const bridge = runBridge();
    bridge.run(`console.log('x'.repeat(100000));`);
    expect(bridge.messages()[0].text.length).toBeLessThan(5000);
  });

  it('gives the page an in-memory localStorage instead of one that throws', () => {
    const bridge = runBridge();
    expect(
      bridge.run(`localStorage.setItem('k', 1); [localStorage.getItem('k'), localStorage.length]`),
    ).toEqual(['1', 1]);
  });

  it('switches off RTCPeerConnection, which the Content-Security-Policy does not govern', () => {
    const bridge = runBridge('chan', { RTCPeerConnection: class {}, webkitRTCPeerConnection: class {} });
    expect(() => bridge.run(`new RTCPeerConnection({ iceServers: [] })`)).toThrow(
      'WebRTC is off in the preview: it has no network access.',
    );
    expect(() => bridge.run(`new webkitRTCPeerConnection({})`)).toThrow('WebRTC is off');
    expect(() => bridge.run(`'use strict'; window.RTCPeerConnection = function () {}`)).toThrow();
    expect(bridge.run(`delete window.RTCPeerConnection`)).toBe(false);
  });

  it('leaves a window without WebRTC as it is', () => {
    const bridge = runBridge();
    expect(bridge.run(`'RTCPeerConnection' in window`)).toBe(false);
  });

  it('turns alert into a console warning', () => {
    const bridge = runBridge();
    expect(bridge.run(`alert('hi')`)).toBeNull();
    expect(bridge.messages()[0]).toMatchObject({
      kind: 'console',
      level: 'warn',
      text: 'alert() does nothing in the preview: hi',
    });
  });
});
