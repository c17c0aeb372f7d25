/**
 * The app's side of `run_code`: one sandbox per open session, an `<iframe sandbox="allow-scripts"
 * src="code-runner.html">` (opaque origin, a policy with no network) whose worker runs the code. The app and the
 * worker talk over a `MessagePort` given to the frame once; everything that comes back is checked before use.
 * Stop and the time limit remove the frame, which ends the worker at once; the next run starts a new one and
 * its result says the state is gone. Python's files (Pyodide, served by the app like the shelf) are fetched
 * here, with progress, the first time Python is asked for, and handed to the worker as bytes; so is each
 * pure-Python package's wheel (`packages/`), the first time a run imports it and the worker asks for it, and
 * each JavaScript library (a shelf module of `CODE_LIBRARIES`) the first time a run imports it.
 */
import { errorText } from '../../agent';
import type { ShelfManifest } from '../../artifacts';
import { CODE_LIBRARIES, parseShelfManifest } from '../../artifacts/plan';
import type { CodeFile, CodeRunner, RunEvent, RunOutcome, RunRequest } from '../../code';
import { msg } from '../l10n';
import { liveRuns } from './live';
import { fetchPython, type PythonAssets, pythonBase } from './python-assets';

/** How long the runtime may take to start before the code runs (Python's first start on a slow machine). */
const STARTUP_LIMIT_MS = 120_000;

interface Sandbox {
  readonly session: string;
  readonly frame: HTMLIFrameElement;
  readonly port: MessagePort;
  readonly ready: Promise<void>;
  python: boolean;
}

export class CodeSandbox implements CodeRunner {
  readonly live = liveRuns;
  private sandbox: Sandbox | undefined;
  private readonly lost = new Map<string, string>();
  private assets: Promise<PythonAssets> | undefined;
  private shelf: Promise<ShelfManifest> | undefined;
  private nextId = 0;
  /** Where the progress of loading Python goes (the run waiting for it). */
  private progress: ((event: RunEvent) => void) | undefined;

  constructor(
    private readonly host: HTMLElement = document.body,
    private readonly fetchFile: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  takeStateLost(session: string): string | undefined {
    const reason = this.lost.get(session);
    this.lost.delete(session);
    return reason;
  }

  async run(
    session: string,
    request: RunRequest,
    signal: AbortSignal,
    onEvent: (event: RunEvent) => void,
  ): Promise<RunOutcome> {
    if (signal.aborted) return { kind: 'stopped' };
    let sandbox: Sandbox;
    let python: PythonAssets | undefined;
    try {
      sandbox = this.open(session);
      if (request.language === 'python' && !sandbox.python) {
        python = await this.loadPython(onEvent, signal);
        sandbox.python = true;
      }
      if (signal.aborted) return { kind: 'stopped' };
      await sandbox.ready;
    } catch (error) {
      if (signal.aborted) return { kind: 'stopped' };
      return { kind: 'failed', message: errorText(error) };
    }
    const id = `run-${this.nextId++}`;
    return new Promise<RunOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: RunOutcome, kill?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        sandbox.port.removeEventListener('message', onMessage);
        if (kill) this.kill(sandbox, kill);
        resolve(outcome);
      };
      const onAbort = () =>
        finish(
          { kind: 'stopped' },
          msg('The earlier runs were stopped, so their state (variables, imports) is gone.'),
        );
      // Until the code itself starts (Python's start-up), a limit of its own; then the run's.
      const limit = (ms: number, outcome: RunOutcome, reason: string) => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(outcome, reason), ms);
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      let started = false;
      limit(
        STARTUP_LIMIT_MS,
        { kind: 'failed', message: `the runtime did not start within ${STARTUP_LIMIT_MS / 1000} s.` },
        msg('The runtime did not start and was ended.'),
      );
      const onMessage = (event: MessageEvent) => {
        const data: unknown = event.data;
        if (!isRecord(data) || data.id !== id) return;
        // Once a run: code that posted `running` again (it shares the worker's global) cannot put off its limit.
        if (data.kind === 'running') {
          if (started) return;
          started = true;
          return limit(
            request.timeLimitMs,
            { kind: 'timeout', limitMs: request.timeLimitMs },
            msg(
              'A run went past the time limit and was ended: the state of the runs before it (variables, imports) is gone.',
            ),
          );
        }
        if (data.kind === 'package') {
          void this.sendPackage(sandbox, id, data.file);
          return;
        }
        if (data.kind === 'module') {
          void this.sendModule(sandbox, id, data.name);
          return;
        }
        const message = checked(data);
        if (!message) return;
        if (message.kind === 'done') finish(message.outcome);
        else onEvent(message.event);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      sandbox.port.addEventListener('message', onMessage);
      const files = request.files.map(copy);
      const outputs = request.outputs.map(copy);
      const transfer: Transferable[] = [...files, ...outputs].map((f) => f.bytes);
      if (python) transfer.push(python.loader, python.asm, python.wasm, python.stdlib);
      sandbox.port.postMessage(
        {
          kind: 'run',
          id,
          language: request.language,
          code: request.code,
          files,
          outputs,
          ...(request.language === 'javascript' ? { libraries: Object.keys(CODE_LIBRARIES) } : {}),
          ...(python ? { python } : {}),
        },
        transfer,
      );
    });
  }

  /**
   * Answers the worker's ask for a package's wheel: only a file of the list, fetched from the app's own
   * Python folder (the browser caches it), handed over as bytes or with the reason it could not be.
   */
  private async sendPackage(sandbox: Sandbox, id: string, file: unknown): Promise<void> {
    const listed = (await this.assets)?.packages.some((p) => p.file === file);
    let reply: Record<string, unknown>;
    try {
      if (typeof file !== 'string' || !listed) throw new Error('it is not a package of this build');
      const response = await this.fetchFile(`${pythonBase()}packages/${file}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      reply = { kind: 'package', id, file, bytes };
    } catch (error) {
      reply = { kind: 'package', id, file: String(file), error: (error as Error).message };
    }
    const bytes = reply.bytes instanceof ArrayBuffer ? [reply.bytes] : [];
    if (this.sandbox === sandbox) sandbox.port.postMessage(reply, bytes);
  }

  /**
   * Answers the worker's ask for a JavaScript library: only one of `CODE_LIBRARIES`, its ES module from the
   * app's own shelf (the browser caches it), handed over as bytes or with the reason it could not be.
   */
  private async sendModule(sandbox: Sandbox, id: string, name: unknown): Promise<void> {
    let reply: Record<string, unknown>;
    try {
      if (typeof name !== 'string' || !Object.hasOwn(CODE_LIBRARIES, name))
        throw new Error('it is not a library of this build');
      const base = new URL('./shelf/', document.baseURI);
      this.shelf ??= this.fetchFile(new URL('manifest.json', base))
        .then((response) => {
          if (!response.ok) throw new Error(`the shelf's manifest: HTTP ${response.status}`);
          return response.json();
        })
        .then((data: unknown) => parseShelfManifest(data).manifest);
      this.shelf.catch(() => {
        this.shelf = undefined;
      });
      const file = (await this.shelf).packages[name]?.modules['.'];
      if (!file) throw new Error('it is not on the shelf');
      const response = await this.fetchFile(new URL(file, base));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      reply = { kind: 'module', id, name, bytes: await response.arrayBuffer() };
    } catch (error) {
      reply = { kind: 'module', id, name: String(name), error: (error as Error).message };
    }
    const bytes = reply.bytes instanceof ArrayBuffer ? [reply.bytes] : [];
    if (this.sandbox === sandbox) sandbox.port.postMessage(reply, bytes);
  }

  /** Removes every sandbox (the page is going, or a test is done). */
  dispose(): void {
    if (this.sandbox) this.kill(this.sandbox);
  }

  private open(session: string): Sandbox {
    if (this.sandbox?.session === session) return this.sandbox;
    if (this.sandbox) this.kill(this.sandbox);
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.title = msg('Code runner');
    frame.hidden = true;
    const channel = new MessageChannel();
    const ready = new Promise<void>((resolve, reject) => {
      const failed = () => reject(new Error('the code sandbox did not start.'));
      const wait = setTimeout(failed, 15_000);
      const onReady = (event: MessageEvent) => {
        if (isRecord(event.data) && event.data.kind === 'ready') {
          clearTimeout(wait);
          channel.port1.removeEventListener('message', onReady);
          resolve();
        }
      };
      channel.port1.addEventListener('message', onReady);
    });
    channel.port1.start();
    frame.addEventListener(
      'load',
      () => frame.contentWindow?.postMessage({ kind: 'easel-code-port' }, '*', [channel.port2]),
      { once: true },
    );
    frame.src = new URL('./code-runner.html', document.baseURI).href;
    this.host.append(frame);
    const sandbox: Sandbox = { session, frame, port: channel.port1, ready, python: false };
    this.sandbox = sandbox;
    return sandbox;
  }

  private kill(sandbox: Sandbox, reason?: string): void {
    sandbox.port.close();
    sandbox.frame.remove();
    if (this.sandbox === sandbox) this.sandbox = undefined;
    if (reason) this.lost.set(sandbox.session, reason);
  }

  /** Pyodide's files, fetched once a page (the browser caches them), with progress as status events. */
  private loadPython(onEvent: (event: RunEvent) => void, signal: AbortSignal): Promise<PythonAssets> {
    this.progress = onEvent;
    this.assets ??= fetchPython(this.fetchFile, (text) => this.progress?.({ kind: 'status', text }));
    const fetched = this.assets;
    fetched.catch(() => {
      if (this.assets === fetched) this.assets = undefined;
    });
    // Each sandbox gets its own copy: the bytes are transferred to its worker.
    return fetched.then((a) => {
      if (signal.aborted) throw new Error('stopped');
      return {
        ...a,
        loader: a.loader.slice(0),
        asm: a.asm.slice(0),
        wasm: a.wasm.slice(0),
        stdlib: a.stdlib.slice(0),
      };
    });
  }
}

type Checked = { kind: 'event'; event: RunEvent } | { kind: 'done'; outcome: RunOutcome };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A message of the worker, checked (it comes from code Claude wrote: untrusted). */
function checked(data: Record<string, unknown>): Checked | undefined {
  switch (data.kind) {
    case 'output':
      if ((data.stream === 'stdout' || data.stream === 'stderr') && typeof data.text === 'string')
        return { kind: 'event', event: { kind: 'output', stream: data.stream, text: data.text } };
      return undefined;
    case 'status':
      return typeof data.text === 'string'
        ? { kind: 'event', event: { kind: 'status', text: data.text } }
        : undefined;
    case 'image':
      if (typeof data.mediaType === 'string' && data.bytes instanceof ArrayBuffer)
        return {
          kind: 'event',
          event: { kind: 'image', mediaType: data.mediaType, bytes: new Uint8Array(data.bytes) },
        };
      return undefined;
    case 'done': {
      const files: CodeFile[] = [];
      for (const f of Array.isArray(data.files) ? data.files : [])
        if (isRecord(f) && typeof f.name === 'string' && f.bytes instanceof ArrayBuffer)
          files.push({ name: f.name, bytes: new Uint8Array(f.bytes) });
      return {
        kind: 'done',
        outcome: {
          kind: 'done',
          ok: data.ok === true,
          ...(typeof data.value === 'string' ? { value: data.value } : {}),
          ...(typeof data.error === 'string' ? { error: data.error } : {}),
          files,
        },
      };
    }
    default:
      return undefined;
  }
}

function copy(file: CodeFile): { name: string; bytes: ArrayBuffer } {
  return { name: file.name, bytes: file.bytes.slice().buffer };
}
