import type { codeImports } from './imports';
import type { codePython, PythonAssets } from './python';

/**
 * The worker `run_code` runs in: started by `code-runner.html` (an opaque-origin sandboxed frame whose policy
 * forbids every request) from a `blob:` URL made of this function's source, so it must stay self-contained:
 * it refers to nothing outside its own body. It receives one `MessagePort` from the frame and serves runs
 * over it, one at a time, keeping its globals (JavaScript) and its interpreter (Python) between runs: the
 * notebook state. The app ends it by removing the frame (Stop, the time limit).
 *
 * Messages in (from the app, over the port):
 * - `{ kind: 'run', id, language, code, files, outputs, python? }`: `files` are the session's attachments and
 *   `outputs` the files earlier runs wrote (both `{ name, bytes }`, bytes as `ArrayBuffer`); `python` carries
 *   Pyodide's files (`loader`, `asm`, `wasm`, `stdlib`, `lock`) and the list of the pure-Python packages there
 *   are (`packages`, from `python-packages/packages.json`) the first time Python is asked for.
 * - `{ kind: 'package', id, file, bytes? , error? }`: a package's wheel the worker asked for, or why it could not
 *   be had.
 * - `{ kind: 'module', id, name, bytes?, error? }`: a JavaScript library's ES module (a shelf file) the worker
 *   asked for, or why it could not be had. A JavaScript run carries `libraries`, the names it may import.
 * Messages out:
 * - `{ kind: 'output', id, stream: 'stdout' | 'stderr', text }` as the code prints;
 * - `{ kind: 'image', id, mediaType, bytes }` for a figure or canvas shown;
 * - `{ kind: 'status', id, text }` (e.g. `Starting Python…`);
 * - `{ kind: 'package', id, file }`: asks for a package's wheel, the first time a run imports it;
 * - `{ kind: 'module', id, name }`: asks for a JavaScript library, the first time a run imports it;
 * - `{ kind: 'running', id }` when the code itself starts (the time limit counts from here);
 * - `{ kind: 'done', id, ok, value?, error?, files }`: the last expression's value (as text), the error with
 *   its traceback, and the files written or changed by this run (`{ name, bytes }`).
 */
export function codeWorker(imports: ReturnType<typeof codeImports>, pythonOf: typeof codePython): void {
  type Bytes = Uint8Array<ArrayBuffer>;
  interface NamedBytes {
    name: string;
    bytes: ArrayBuffer;
  }
  const scope = globalThis as unknown as Record<string, unknown> & {
    postMessage(message: unknown, transfer?: Transferable[]): void;
    addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  };
  const realConsole = console;
  let port: MessagePort | undefined;
  let current = '';
  let files = new Map<string, Bytes>();
  const outputs = new Map<string, Bytes>();
  /** The JavaScript libraries runs may import (names), and their modules once asked for and evaluated. */
  let libraries: string[] = [];
  const modules = new Map<string, Promise<Record<string, unknown>>>();
  const askedModules = new Map<string, { resolve(bytes: ArrayBuffer): void; reject(error: Error): void }>();
  /** Pyodide's files, served to its loader by the stand-in `fetch` below, by address. */
  const assets = new Map<string, Blob>();

  /**
   * The port's `postMessage`, bound when the port arrives, before any code runs: the code shares this global, and
   * a `MessagePort.prototype.postMessage` it replaced must never see the port (it could then post runs' messages
   * of its own: a `done` with forged results, or a `running` that puts off the time limit).
   */
  let send: MessagePort['postMessage'] | undefined;
  const post = (message: Record<string, unknown>, transfer: Transferable[] = []) =>
    send?.({ ...message, id: current }, transfer);
  const print = (stream: 'stdout' | 'stderr', text: string) => post({ kind: 'output', stream, text });

  // Nothing leaves: the frame's policy refuses every request; this `fetch` serves Pyodide's own files and
  // says plainly why anything else fails.
  const offline = () =>
    Promise.reject(
      new TypeError('There is no network here: code runs in the browser with no network access.'),
    );
  scope.fetch = (input: unknown) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;
    const blob = assets.get(url);
    if (!blob) return offline();
    const type = url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
    return Promise.resolve(new Response(blob, { headers: { 'Content-Type': type } }));
  };
  for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts'])
    if (name in scope)
      scope[name] = () => {
        throw new TypeError(`${name} is not available: code runs with no network access.`);
      };

  /** Python (`python.ts`): it reaches this worker's messages and files only through what it is given here. */
  const python = pythonOf({ post, print, assets, files: () => files, outputs });

  // ------------------------------------------------------------------------------------------------------
  // Output and values

  const inspect = (value: unknown, depth = 0): string => {
    if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
    if (value === undefined || value === null || typeof value !== 'object') {
      if (typeof value === 'function')
        return `[Function ${(value as { name?: string }).name || '(anonymous)'}]`;
      if (typeof value === 'bigint') return `${value}n`;
      return String(value);
    }
    if (depth > 3) return Array.isArray(value) ? '[Array]' : '[Object]';
    if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
    if (value instanceof Date) return value.toISOString();
    if (value instanceof Map)
      return `Map(${value.size}) {${[...value].slice(0, 100).map(([k, v]) => ` ${inspect(k, depth + 1)} => ${inspect(v, depth + 1)}`)} }`;
    if (value instanceof Set)
      return `Set(${value.size}) {${[...value].slice(0, 100).map((v) => ` ${inspect(v, depth + 1)}`)} }`;
    if (ArrayBuffer.isView(value)) {
      const list = Array.from(value as unknown as ArrayLike<number>).slice(0, 100);
      return `${value.constructor.name}(${(value as unknown as ArrayLike<number>).length}) [${list.join(', ')}]`;
    }
    if (Array.isArray(value)) {
      const items = value.slice(0, 100).map((v) => inspect(v, depth + 1));
      if (value.length > 100) items.push(`… ${value.length - 100} more`);
      return `[${items.join(', ')}]`;
    }
    const entries = Object.entries(value).slice(0, 100);
    return `{${entries.map(([k, v]) => ` ${k}: ${inspect(v, depth + 1)}`).join(',')} }`;
  };
  const line = (args: unknown[]) => args.map((a) => inspect(a)).join(' ');
  const fakeConsole = {
    ...realConsole,
    log: (...a: unknown[]) => print('stdout', `${line(a)}\n`),
    info: (...a: unknown[]) => print('stdout', `${line(a)}\n`),
    debug: (...a: unknown[]) => print('stdout', `${line(a)}\n`),
    table: (data: unknown) => print('stdout', `${inspect(data)}\n`),
    dir: (data: unknown) => print('stdout', `${inspect(data)}\n`),
    warn: (...a: unknown[]) => print('stderr', `${line(a)}\n`),
    error: (...a: unknown[]) => print('stderr', `${line(a)}\n`),
  };
  scope.console = fakeConsole;

  const show = async (value: unknown): Promise<void> => {
    let blob: Blob | undefined;
    if (value instanceof Blob) blob = value;
    else if (typeof OffscreenCanvas !== 'undefined' && value instanceof OffscreenCanvas)
      blob = await value.convertToBlob({ type: 'image/png' });
    else if (typeof ImageData !== 'undefined' && value instanceof ImageData) {
      const canvas = new OffscreenCanvas(value.width, value.height);
      canvas.getContext('2d')?.putImageData(value, 0, 0);
      blob = await canvas.convertToBlob({ type: 'image/png' });
    }
    if (!blob) throw new TypeError('show() takes an OffscreenCanvas, an ImageData or an image Blob.');
    const bytes = await blob.arrayBuffer();
    post({ kind: 'image', mediaType: blob.type || 'image/png', bytes }, [bytes]);
  };
  scope.show = show;

  // ------------------------------------------------------------------------------------------------------
  // Files

  const toBytes = async (data: unknown): Promise<Bytes> => {
    if (typeof data === 'string') return new TextEncoder().encode(data) as Bytes;
    if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
    if (ArrayBuffer.isView(data))
      return new Uint8Array(
        data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
      );
    if (data instanceof Blob) return new Uint8Array(await data.arrayBuffer());
    if (typeof OffscreenCanvas !== 'undefined' && data instanceof OffscreenCanvas)
      return new Uint8Array(await (await data.convertToBlob({ type: 'image/png' })).arrayBuffer());
    throw new TypeError('fs.writeFile takes a string, bytes (Uint8Array, ArrayBuffer), a Blob or a canvas.');
  };
  const plainName = (name: unknown): string => {
    const text = String(name).replace(/^\/mnt\/(?:data|outputs)\//, '');
    if (!text || text.includes('/') || text === '.' || text === '..')
      throw new TypeError(`"${String(name)}" is not a plain file name (no folders).`);
    return text;
  };
  const find = (name: string): Bytes | undefined => {
    const pick = (map: Map<string, Bytes>) =>
      map.get(name) ?? [...map].find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
    return pick(outputs) ?? pick(files);
  };
  scope.fs = {
    readFile: async (name: unknown, options?: { encoding?: string } | string) => {
      const file = find(plainName(name));
      if (!file) {
        const names = [...files.keys(), ...outputs.keys()];
        throw new Error(
          names.length === 0
            ? `There is no file "${String(name)}": no files are attached in this conversation.`
            : `There is no file "${String(name)}". The files: ${names.join(', ')}.`,
        );
      }
      const encoding = typeof options === 'string' ? options : options?.encoding;
      return encoding ? new TextDecoder().decode(file) : file.slice();
    },
    writeFile: async (name: unknown, data: unknown) => {
      outputs.set(plainName(name), await toBytes(data));
    },
    readdir: async () => [...new Set([...files.keys(), ...outputs.keys()])].sort(),
  };

  // ------------------------------------------------------------------------------------------------------
  // JavaScript

  const declared = (code: string): string[] => {
    const names = new Set<string>();
    for (const m of code.matchAll(/^(?:var|let|const)\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1] as string);
    for (const m of code.matchAll(/^(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/gm))
      names.add(m[1] as string);
    for (const m of code.matchAll(/^class\s+([A-Za-z_$][\w$]*)/gm)) names.add(m[1] as string);
    return [...names];
  };
  // Libraries (their imports found and rewritten by `imports`, `imports.ts`): `import … from 'xlsx'`, `require('xlsx')` and `import('xlsx')` of the libraries the app offers. Their
  // modules are asked of the app (shelf files, as bytes) before the code runs, evaluated from `blob:` addresses,
  // and kept for later runs. Static imports become declarations, so they stay for later runs like any other.
  /** `fs` as Node's code asks for it: the files here (`fs.readFile`, `fs.writeFile`, `fs.readdir`). */
  const FS_NAMES = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises'];
  const known = (specifier: string) => libraries.includes(specifier) || FS_NAMES.includes(specifier);
  const notThere = (specifier: string) => {
    const error = new Error(
      `Cannot import '${specifier}': run_code's JavaScript has no network and no npm; it can import ${libraries.join(', ')}.`,
    );
    error.stack = `Error: ${error.message}`; // the worker's own frames say nothing about the code
    return error;
  };
  const loadModule = (name: string): Promise<Record<string, unknown>> => {
    let loading = modules.get(name);
    if (!loading) {
      loading = (async () => {
        const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
          askedModules.set(name, { resolve, reject });
          post({ kind: 'module', name });
        });
        const url = URL.createObjectURL(new Blob([bytes], { type: 'text/javascript' }));
        try {
          return (await import(/* @vite-ignore */ url)) as Record<string, unknown>;
        } finally {
          URL.revokeObjectURL(url);
        }
      })();
      modules.set(name, loading);
      loading.catch(() => modules.delete(name));
    }
    return loading;
  };
  const loaded = new Map<string, Record<string, unknown>>();
  /** A module as `require` gives it: its default export with the named ones on it (CommonJS interop). */
  const required = (namespace: Record<string, unknown>): unknown => {
    const main = namespace.default;
    if (main === undefined || main === null || (typeof main !== 'object' && typeof main !== 'function'))
      return namespace;
    for (const key of Object.keys(namespace))
      if (key !== 'default' && !(key in (main as object)))
        try {
          (main as Record<string, unknown>)[key] = namespace[key];
        } catch {
          // a frozen default keeps what it has
        }
    return main;
  };
  const moduleOf = (specifier: string): Record<string, unknown> => {
    if (FS_NAMES.includes(specifier)) return { ...(scope.fs as object), default: scope.fs };
    const namespace = loaded.get(specifier);
    if (!namespace) throw notThere(specifier);
    return namespace;
  };
  scope.require = (specifier: unknown) => required(moduleOf(String(specifier)));
  scope.__easelModule = moduleOf;
  scope.__easelDefault = (specifier: string) => {
    const namespace = moduleOf(specifier);
    return namespace.default ?? namespace;
  };
  /**
   * Loads the libraries the code names and rewrites its imports of them; an import of anything else is refused
   * before the code runs, with the list of what there is.
   */
  const withLibraries = async (code: string): Promise<string> => {
    const named = imports.named(code);
    if (named.size === 0) return code;
    for (const specifier of named) if (!known(specifier)) throw notThere(specifier);
    const wanted = [...named].filter((name) => libraries.includes(name));
    if (wanted.some((name) => !loaded.has(name))) {
      post({ kind: 'status', text: `Loading ${wanted.filter((name) => !loaded.has(name)).join(', ')}…` });
      for (const name of wanted) loaded.set(name, await loadModule(name));
    }
    return imports.rewrite(code, named);
  };

  const statementStart =
    /^(?:var|let|const|function|async\s+function|class|if|for|while|do|switch|try|catch|finally|return|throw|import|export|else|break|continue|\/\/|\/\*|\*|\}|\))/;
  const runJavaScript = async (code: string): Promise<unknown> => {
    // Top-level declarations become globals, so the next run sees them (a notebook's cells).
    const classes = [...code.matchAll(/^class\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1] as string);
    let source = code.replace(/^(?:let|const)(\s)/gm, 'var$1');
    for (const name of classes)
      source = source.replace(new RegExp(`^class\\s+${name}\\b`, 'm'), `var ${name} = class ${name}`);
    if (!/\bawait\b/.test(code)) {
      // biome-ignore lint/security/noGlobalEval: running Claude's code is the point; this worker is the sandbox.
      const value = globalThis.eval(source);
      return value instanceof Promise ? await value : value;
    }
    const names = declared(code);
    const keep = names.map((n) => `try { globalThis[${JSON.stringify(n)}] = ${n}; } catch {}`).join(' ');
    const lines = source.split('\n');
    let last = lines.length - 1;
    while (last >= 0 && (lines[last] ?? '').trim() === '') last--;
    const tail = lines[last] ?? '';
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      body: string,
    ) => () => Promise<unknown>;
    const build = (withReturn: boolean) => {
      const body = [...lines];
      if (withReturn) body[last] = `return (${tail.replace(/;\s*$/, '')});`;
      return new AsyncFunction(`try {\n${body.join('\n')}\n} finally { ${keep} }`);
    };
    const expression =
      last >= 0 && /^\S/.test(tail) && !statementStart.test(tail) && !/[{,([]\s*$/.test(tail);
    let fn: () => Promise<unknown>;
    try {
      fn = build(expression);
    } catch {
      fn = build(false);
    }
    return await fn();
  };

  // ------------------------------------------------------------------------------------------------------
  // Runs

  const changedOutputs = (before: Map<string, Bytes>): NamedBytes[] => {
    const same = (a: Bytes, b: Bytes) => a.length === b.length && a.every((x, i) => x === b[i]);
    const written: NamedBytes[] = [];
    for (const [name, bytes] of outputs) {
      const old = before.get(name);
      if (!old || !same(old, bytes)) written.push({ name, bytes: bytes.slice().buffer as ArrayBuffer });
    }
    return written;
  };

  const run = async (data: Record<string, unknown>) => {
    current = String(data.id);
    files = new Map(
      ((data.files ?? []) as NamedBytes[]).map((f) => [f.name, new Uint8Array(f.bytes)] as [string, Bytes]),
    );
    for (const f of (data.outputs ?? []) as NamedBytes[]) outputs.set(f.name, new Uint8Array(f.bytes));
    const before = new Map(outputs);
    const language = data.language;
    try {
      if (language === 'python') {
        const text = await python.run(String(data.code), data.python as PythonAssets | undefined);
        post({
          kind: 'done',
          ok: true,
          ...(text !== undefined ? { value: text } : {}),
          files: changedOutputs(before),
        });
        return;
      }
      libraries = Array.isArray(data.libraries) ? data.libraries.map(String) : [];
      // Its libraries load before the time limit starts, as Python's packages do.
      const code = await withLibraries(String(data.code));
      post({ kind: 'running' });
      const value = await runJavaScript(code);
      post({
        kind: 'done',
        ok: true,
        ...(value !== undefined ? { value: inspect(value, 0 + (typeof value === 'string' ? 1 : 0)) } : {}),
        files: changedOutputs(before),
      });
    } catch (error) {
      const text =
        language === 'python'
          ? python.error(error)
          : error instanceof Error
            ? (error.stack ?? `${error.name}: ${error.message}`)
            : `Uncaught ${inspect(error)}`;
      post({ kind: 'done', ok: false, error: text, files: changedOutputs(before) });
    }
  };

  let queue = Promise.resolve();
  scope.addEventListener('message', (event: MessageEvent) => {
    const given = event.ports[0];
    if (port || !given) return;
    port = given;
    send = MessagePort.prototype.postMessage.bind(given);
    port.onmessage = (e: MessageEvent) => {
      const data = e.data as Record<string, unknown> | null;
      if (data?.kind === 'package') {
        python.answer(
          String(data.file),
          data.bytes instanceof ArrayBuffer ? data.bytes : undefined,
          String(data.error),
        );
        return;
      }
      if (data?.kind === 'module') {
        const wait = askedModules.get(String(data.name));
        askedModules.delete(String(data.name));
        if (data.bytes instanceof ArrayBuffer) wait?.resolve(data.bytes);
        else wait?.reject(new Error(`${String(data.name)} could not be loaded: ${String(data.error)}`));
        return;
      }
      if (data?.kind !== 'run') return;
      queue = queue.then(() => run(data));
    };
    send({ kind: 'ready' });
  });
}
