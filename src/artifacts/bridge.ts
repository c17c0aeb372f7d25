/**
 * The bridge: a small script put first into every preview document. It reports `console.*` calls, uncaught
 * errors, unhandled rejections and requests the Content-Security-Policy blocked to the app, and says when the
 * page has loaded (see `protocol.ts`). It also makes what a sandbox without `allow-same-origin` and
 * `allow-modals` breaks fail softly: `localStorage`/`sessionStorage` become in-memory stores (they would
 * throw), and `alert`/`confirm`/`prompt` write a warning instead of doing nothing.
 *
 * It cannot stop the frame from navigating itself away (a link, a `<meta>` refresh, `location = …`): no
 * policy inside the document governs that, and the Navigation API fires no events in an opaque origin. The
 * embedding page's `frame-src` does (see `sandbox.ts`).
 *
 * WebRTC does not ask the Content-Security-Policy (Chromium does not know CSP's `webrtc` directive), so a
 * page could send STUN requests anywhere. The bridge replaces `RTCPeerConnection` with a function that
 * throws, which stops a page's own code; it is not a boundary: a frame the page makes inside itself (a
 * `srcdoc` child) gets a fresh `RTCPeerConnection` the bridge never sees. No web platform switch closes that
 * in Chromium today.
 *
 * It is one line, so line numbers in error reports are the artifact's own.
 */
import { PREVIEW_SOURCE } from './protocol';

/** Most messages one document sends (the `loaded` message is always sent). */
export const BRIDGE_MAX_MESSAGES = 200;
/** Longest text the bridge sends in one message. */
export const BRIDGE_MAX_TEXT = 4_000;

const SOURCE = String.raw`(function () {
  'use strict';
  var C = __CHANNEL__, S = __SOURCE__, MAX = __MAX__, LEN = __LEN__, P = window.parent, sent = 0, seen = {};
  function post(m) { m.source = S; m.channel = C; try { P.postMessage(m, '*'); } catch (e) {} }
  function send(m) {
    if (sent >= MAX) return;
    sent++;
    if (m.text.length > LEN) m.text = m.text.slice(0, LEN) + '…';
    post(m);
  }
  function show(v) {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return (v.name || 'Error') + ': ' + v.message;
    if (typeof v === 'function') return 'function ' + (v.name || '(anonymous)');
    if (typeof v === 'bigint') return v + 'n';
    if (typeof v !== 'object' || v === null) return String(v);
    if (typeof Node !== 'undefined' && v instanceof Node) return '<' + v.nodeName.toLowerCase() + '>';
    var stack = [];
    try {
      var text = JSON.stringify(v, function (key, x) {
        if (typeof x === 'bigint') return x + 'n';
        if (x instanceof Error) return (x.name || 'Error') + ': ' + x.message;
        if (typeof x === 'function') return 'function ' + (x.name || '(anonymous)');
        if (typeof x === 'object' && x !== null) {
          if (stack.indexOf(x) >= 0) return '[Circular]';
          if (stack.length > 500) return '…';
          stack.push(x);
        }
        return x;
      });
      return text === undefined ? String(v) : text;
    } catch (e) { return String(v); }
  }
  function join(args) { var parts = []; for (var i = 0; i < args.length; i++) parts.push(show(args[i])); return parts.join(' '); }
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      send({ kind: 'console', level: level, text: join(arguments) });
      if (original) return original.apply(console, arguments);
    };
  });
  var assert = console.assert;
  console.assert = function (ok) {
    if (!ok) send({ kind: 'console', level: 'error', text: 'Assertion failed' + (arguments.length > 1 ? ': ' + join(Array.prototype.slice.call(arguments, 1)) : '') });
    if (assert) return assert.apply(console, arguments);
  };
  addEventListener('error', function (e) {
    var text = e.message || (e.error ? show(e.error) : 'Script error');
    var m = { kind: 'error', text: text + (e.lineno ? ' (line ' + e.lineno + (e.colno ? ', column ' + e.colno : '') + ')' : '') };
    if (e.lineno) m.line = e.lineno;
    if (e.colno) m.column = e.colno;
    send(m);
  });
  addEventListener('unhandledrejection', function (e) { send({ kind: 'rejection', text: 'Unhandled promise rejection: ' + show(e.reason) }); });
  addEventListener('securitypolicyviolation', function (e) {
    var text = 'Blocked by the preview\'s Content-Security-Policy (' + e.effectiveDirective + '): ' + (e.blockedURI || 'inline');
    if (seen[text]) return;
    seen[text] = true;
    send({ kind: 'blocked', text: text });
  });
  addEventListener('load', function () { post({ kind: 'loaded' }); });
  ['alert', 'confirm', 'prompt'].forEach(function (name) {
    try {
      window[name] = function (message) {
        send({ kind: 'console', level: 'warn', text: name + '() does nothing in the preview' + (message === undefined ? '' : ': ' + show(message)) });
        return name === 'confirm' ? false : null;
      };
    } catch (e) {}
  });
  function memoryStorage() {
    var data = new Map();
    var store = {
      getItem: function (k) { k = String(k); return data.has(k) ? data.get(k) : null; },
      setItem: function (k, v) { data.set(String(k), String(v)); },
      removeItem: function (k) { data.delete(String(k)); },
      clear: function () { data.clear(); },
      key: function (i) { var keys = Array.from(data.keys()); return i >= 0 && i < keys.length ? keys[i] : null; }
    };
    Object.defineProperty(store, 'length', { get: function () { return data.size; } });
    return store;
  }
  ['localStorage', 'sessionStorage'].forEach(function (name) {
    try { void window[name]; } catch (e) {
      try { Object.defineProperty(window, name, { value: memoryStorage(), configurable: true }); } catch (e2) {}
    }
  });
  ['RTCPeerConnection', 'webkitRTCPeerConnection'].forEach(function (name) {
    if (!(name in window)) return;
    function off() { throw new Error('WebRTC is off in the preview: it has no network access.'); }
    try { Object.defineProperty(window, name, { value: off, configurable: false, writable: false }); } catch (e) {}
  });
})();`;

/** Matches a channel id: the host makes them with `crypto.randomUUID()`. */
const CHANNEL = /^[A-Za-z0-9_-]{1,100}$/;

/** The bridge script (without the `<script>` tags) for a document on `channel`. */
export function bridgeScript(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid preview channel: ${JSON.stringify(channel)}`);
  return SOURCE.replace(/\n\s*/g, ' ')
    .replace('__CHANNEL__', JSON.stringify(channel))
    .replace('__SOURCE__', JSON.stringify(PREVIEW_SOURCE))
    .replace('__MAX__', String(BRIDGE_MAX_MESSAGES))
    .replace('__LEN__', String(BRIDGE_MAX_TEXT));
}
