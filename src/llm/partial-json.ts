/**
 * An incremental JSON parser for tool-call arguments that arrive in pieces.
 *
 * Each character is examined exactly once, however the text is split (`processedChars` counts them), so the
 * total work for an argument of n characters is O(n). At any moment `value()` returns the best value the
 * text so far allows: strings grow as they stream (escapes, including `\uXXXX` surrogate pairs, may be split
 * anywhere), keys appear once their value has begun, numbers show their valid prefix, `true`/`false`/`null`
 * appear once complete. Snapshots are immutable and shared: a call rebuilds only the containers still open
 * (the path to the value being read), and only when something in them changed.
 */

import { type Container, createContainer, snapshotOf } from './partial-json-snapshot';

export interface PartialJsonParser {
  /** Feeds the next piece of JSON text. */
  push(chunk: string): void;
  /** Best-effort value of everything fed so far; `undefined` before a value has begun. Do not mutate it. */
  value(): unknown;
  /** True once a complete top-level value has been read. */
  readonly done: boolean;
  /** Why the text stopped being valid JSON; later input is ignored. */
  readonly error: string | undefined;
  /** Total characters examined so far (linear-work witness). */
  readonly processedChars: number;
}

const S = {
  Value: 0,
  ArrayStart: 1,
  ObjectStart: 2,
  Key: 3,
  Colon: 4,
  AfterValue: 5,
  String: 6,
  Escape: 7,
  Unicode: 8,
  Number: 9,
  Literal: 10,
  End: 11,
  Error: 12,
} as const;
type State = (typeof S)[keyof typeof S];

const NUMBER_CHARS = /[0-9eE+\-.]/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const NUMBER_PREFIX = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/;
const LITERALS: Readonly<Record<string, true | false | null>> = { true: true, false: false, null: null };
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function isSpace(c: string): boolean {
  return c === ' ' || c === '\n' || c === '\r' || c === '\t';
}

export function createPartialJsonParser(): PartialJsonParser {
  let state: State = S.Value;
  let processed = 0;
  let error: string | undefined;
  let root: unknown;
  const stack: Container[] = [];
  // The scalar being read.
  let text = '';
  let pendingHigh = '';
  let hex = '';
  let isKey = false;

  const fail = (message: string): void => {
    state = S.Error;
    error = message;
  };

  const complete = (value: unknown): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = value;
      state = S.End;
      return;
    }
    if (top.kind === 'array') top.items.push(value);
    else if (top.key !== undefined) top.members.set(top.key, value);
    top.key = undefined;
    top.version++;
    state = S.AfterValue;
  };

  const open = (kind: 'object' | 'array'): void => {
    stack.push(createContainer(kind));
    state = kind === 'object' ? S.ObjectStart : S.ArrayStart;
  };

  const close = (): void => {
    const c = stack.pop();
    if (c) complete(snapshotOf(c, undefined, false));
  };

  const flushHigh = (): void => {
    if (pendingHigh) {
      text += pendingHigh;
      pendingHigh = '';
    }
  };

  const endString = (): void => {
    flushHigh();
    const s = text;
    text = '';
    if (!isKey) {
      complete(s);
      return;
    }
    const top = stack[stack.length - 1];
    if (top) top.key = s;
    state = S.Colon;
  };

  const endNumber = (): boolean => {
    if (!NUMBER.test(text)) {
      fail(`Invalid number: ${text}`);
      return false;
    }
    const n = Number(text);
    text = '';
    complete(n);
    return true;
  };

  const startValue = (c: string): void => {
    if (c === '{') open('object');
    else if (c === '[') open('array');
    else if (c === '"') {
      state = S.String;
      isKey = false;
      text = '';
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      state = S.Number;
      text = c;
    } else if (c === 't' || c === 'f' || c === 'n') {
      state = S.Literal;
      text = c;
    } else fail(`Unexpected character: ${c}`);
  };

  const afterValue = (c: string): void => {
    const top = stack[stack.length - 1];
    if (c === ',' && top) state = top.kind === 'object' ? S.Key : S.Value;
    else if ((c === '}' && top?.kind === 'object') || (c === ']' && top?.kind === 'array')) close();
    else fail(`Unexpected character: ${c}`);
  };

  const unicode = (code: number): void => {
    if (code >= 0xdc00 && code <= 0xdfff && pendingHigh) {
      text += pendingHigh + String.fromCharCode(code);
      pendingHigh = '';
      return;
    }
    flushHigh();
    if (code >= 0xd800 && code <= 0xdbff) pendingHigh = String.fromCharCode(code);
    else text += String.fromCharCode(code);
  };

  const push = (chunk: string): void => {
    let i = 0;
    const n = chunk.length;
    while (i < n && error === undefined) {
      if (state === S.String) {
        // Fast path: copy the run up to the next quote or backslash in one slice.
        let j = i;
        while (j < n) {
          const code = chunk.charCodeAt(j);
          if (code === 0x22 || code === 0x5c) break;
          j++;
        }
        if (j > i) {
          flushHigh();
          text += chunk.slice(i, j);
          processed += j - i;
          i = j;
        }
        if (i >= n) break;
        const quote = chunk[i] === '"';
        i++;
        processed++;
        if (quote) endString();
        else state = S.Escape;
        continue;
      }
      const c = chunk[i] as string;
      switch (state) {
        case S.Number:
          if (NUMBER_CHARS.test(c)) {
            text += c;
            break;
          }
          // The number ended; this character belongs to what follows it.
          if (endNumber()) continue;
          break;
        case S.Escape: {
          if (c === 'u') {
            hex = '';
            state = S.Unicode;
            break;
          }
          const replacement = ESCAPES[c];
          if (replacement === undefined) {
            fail(`Invalid escape: \\${c}`);
            break;
          }
          flushHigh();
          text += replacement;
          state = S.String;
          break;
        }
        case S.Unicode:
          if (!/[0-9a-fA-F]/.test(c)) {
            fail(`Invalid unicode escape: \\u${hex}${c}`);
            break;
          }
          hex += c;
          if (hex.length === 4) {
            unicode(Number.parseInt(hex, 16));
            state = S.String;
          }
          break;
        case S.Literal: {
          text += c;
          const match = Object.keys(LITERALS).find((word) => word.startsWith(text));
          if (match === undefined) fail(`Invalid literal: ${text}`);
          else if (match === text) {
            text = '';
            complete(LITERALS[match]);
          }
          break;
        }
        default:
          if (isSpace(c)) break;
          switch (state) {
            case S.Value:
              startValue(c);
              break;
            case S.ArrayStart:
              if (c === ']') close();
              else startValue(c);
              break;
            case S.ObjectStart:
            case S.Key:
              if (c === '"') {
                state = S.String;
                isKey = true;
                text = '';
              } else if (c === '}' && state === S.ObjectStart) close();
              else fail(`Expected a key, got: ${c}`);
              break;
            case S.Colon:
              if (c === ':') state = S.Value;
              else fail(`Expected ':', got: ${c}`);
              break;
            case S.AfterValue:
              afterValue(c);
              break;
            case S.End:
              fail(`Unexpected data after the value: ${c}`);
              break;
          }
      }
      if (error === undefined) {
        i++;
        processed++;
      }
    }
  };

  /** The value being read (not yet attached to its container), if it has one to show. */
  const pending = (): { has: boolean; value: unknown } => {
    if ((state === S.String || state === S.Escape || state === S.Unicode) && !isKey) {
      return { has: true, value: text };
    }
    if (state === S.Number) {
      const prefix = NUMBER_PREFIX.exec(text);
      return prefix ? { has: true, value: Number(prefix[0]) } : { has: false, value: undefined };
    }
    return { has: false, value: undefined };
  };

  const value = (): unknown => {
    if (state === S.End) return root;
    let { has, value: child } = pending();
    for (let d = stack.length - 1; d >= 0; d--) {
      child = snapshotOf(stack[d] as Container, child, has);
      has = true;
    }
    return has ? child : root;
  };

  return {
    push,
    value,
    get done() {
      return state === S.End;
    },
    get error() {
      return error;
    },
    get processedChars() {
      return processed;
    },
  };
}
