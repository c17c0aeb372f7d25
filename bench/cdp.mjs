// A driver without Playwright: Chromium started with `--remote-debugging-pipe` and spoken to in raw CDP, with no
// domain enabled but what a measurement needs (Tracing, IO, and Runtime.evaluate without Runtime.enable). Under
// Playwright every page has the Network domain on, which costs the page a task per network chunk (even for a
// worker's fetch): about 10 % of the main thread for a fast stream, more than Easel's own work. This driver
// measures what a person's browser does.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

/** Starts Chromium (headless) and returns a minimal CDP client over its pipe. */
export async function launchRaw() {
  const executable = chromiumLaunchOptions.executablePath;
  if (!executable)
    throw new Error('The raw CDP driver needs a system Chromium ($CHROMIUM_PATH or chromium on PATH)');
  const profile = mkdtempSync(join(tmpdir(), 'easel-bench-'));
  const child = spawn(
    executable,
    [
      ...chromiumLaunchOptions.args,
      '--headless=new',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--window-size=1280,900',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3];
  const fromBrowser = child.stdio[4];
  let nextId = 0;
  const waiting = new Map();
  const listeners = new Set();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (data) => {
    buffered += data;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const pending = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error) pending?.reject(new Error(`${pending.method}: ${message.error.message}`));
        else pending?.resolve(message.result);
      } else for (const listener of listeners) listener(message);
    }
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) })}\0`);
    });
  const once = (method, sessionId) =>
    new Promise((resolve) => {
      const listener = (message) => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        listeners.delete(listener);
        resolve(message.params);
      };
      listeners.add(listener);
    });
  return {
    send,
    once,
    /** A page in a fresh browser context (its own storage), at `url`, once loaded. */
    async newPage(url) {
      const { browserContextId } = await send('Target.createBrowserContext');
      const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      const page = rawPage(send, once, sessionId);
      await page.send('Page.navigate', { url });
      await page.waitFor(() => document.readyState === 'complete');
      return {
        ...page,
        async close() {
          await send('Target.closeTarget', { targetId });
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      send('Browser.close').catch(() => {});
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function rawPage(send, once, sessionId) {
  const page = {
    send: (method, params) => send(method, params, sessionId),
    /** Runs `fn(arg)` in the page and returns its (awaited, JSON) value. */
    async evaluate(fn, arg) {
      const { result, exceptionDetails } = await page.send('Runtime.evaluate', {
        expression: `(${fn.toString()})(${JSON.stringify(arg)})`,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails)
        throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value;
    },
    /** Polls `fn(arg)` every 20 ms until it returns something truthy, and returns that. */
    async waitFor(fn, arg, timeoutMs = 600_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await page.evaluate(fn, arg).catch(() => undefined);
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${fn.toString().slice(0, 80)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** Starts a Chrome trace of the page's renderer; `stop()` returns its events. */
    async startTrace() {
      await page.send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-devtools.timeline.frame',
            'v8.execute',
            'blink',
            ...(process.env.BENCH_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
            // BENCH_TRACE_CATEGORIES=a,b: more trace categories, to look into one step (they cost time too).
            ...(process.env.BENCH_TRACE_CATEGORIES?.split(',') ?? []),
          ],
        },
      });
      return {
        async stop() {
          const done = once('Tracing.tracingComplete', sessionId);
          await page.send('Tracing.end');
          const { stream } = await done;
          const parts = [];
          for (;;) {
            const chunk = await page.send('IO.read', { handle: stream, size: 1 << 20 });
            parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
            if (chunk.eof) break;
          }
          await page.send('IO.close', { handle: stream });
          const parsed = JSON.parse(parts.join(''));
          return Array.isArray(parsed) ? parsed : parsed.traceEvents;
        },
      };
    },
  };
  return page;
}

/**
 * Notes when the bytes of each `POST …/v1/messages` answer leave this process (any server in it), on the clock
 * Chrome's trace uses (the monotonic clock, in µs): `take()` returns the first and last write since the last
 * call, and the first and last write that carried answer text (a `text_delta`): the stretch in which a person
 * watches text arrive. No browser instrumentation needed to know when a stream began and ended.
 */
export function watchMessageWrites() {
  const original = ServerResponse.prototype.write;
  const originalEnd = ServerResponse.prototype.end;
  let first;
  let last;
  let firstText;
  let lastText;
  let ended = false;
  let onEnd = () => {};
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const isMessages = (res) => res.req?.method === 'POST' && res.req.url?.endsWith('/v1/messages');
  const carriesText = (chunk) => {
    if (typeof chunk === 'string') return chunk.includes('"text_delta"');
    if (!(chunk instanceof Uint8Array)) return false;
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).includes('"text_delta"');
  };
  ServerResponse.prototype.write = function write(...args) {
    if (isMessages(this)) {
      first ??= now();
      last = now();
      if (carriesText(args[0])) {
        firstText ??= last;
        lastText = last;
      }
    }
    return original.apply(this, args);
  };
  ServerResponse.prototype.end = function end(...args) {
    const result = originalEnd.apply(this, args);
    if (isMessages(this)) {
      if (typeof args[0] === 'string' || args[0] instanceof Uint8Array) last = now();
      if (carriesText(args[0])) {
        firstText ??= last;
        lastText = last;
      }
      ended = true;
      onEnd();
    }
    return result;
  };
  return {
    /** Resolves once a messages answer has ended since the last `take()`. */
    ended: () =>
      ended
        ? Promise.resolve()
        : new Promise((resolve) => {
            onEnd = resolve;
          }),
    take() {
      const span = { firstByteUs: first, lastByteUs: last, firstTextUs: firstText, lastTextUs: lastText };
      first = undefined;
      last = undefined;
      firstText = undefined;
      lastText = undefined;
      ended = false;
      onEnd = () => {};
      return span;
    },
    restore() {
      ServerResponse.prototype.write = original;
      ServerResponse.prototype.end = originalEnd;
    },
  };
}

/**
 * The page's main thread in a trace between `fromUs` and `toUs` (trace clock): busy time (top-level tasks,
 * clipped to the window), longest task, tasks over 50 ms (in wall time, and in thread time), style and layout time, script time, and the worst gap
 * between frames the compositor presented (`frameTimes`, µs) from `fromUs` to `toUs`, and the gap nine in ten
 * of them are within.
 */
export function mainThreadIn(events, fromUs, toUs) {
  const main = mainThreadOf(events);
  const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main);
  const inWindow = (e) => e.ts + (e.dur ?? 0) > fromUs && e.ts < toUs;
  const clipped = (e) => (Math.min(toUs, e.ts + (e.dur ?? 0)) - Math.max(fromUs, e.ts)) / 1000;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && inWindow(e));
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  // The same tasks in thread time: on a loaded 2-core machine a task's wall time includes the time the thread
  // waited for a core (the compositor, raster and GPU threads, the stream's worker, the fake server), so both
  // are reported: a task long in wall time but short in thread time is the machine's, not the page's work.
  const cpuDurations = tasks.map((e) => (e.tdur ?? 0) / 1000);
  const busyMs = tasks.reduce((sum, e) => sum + clipped(e), 0);
  // CPU time of those tasks (the trace's thread time): what the page itself cost, however loaded the machine is.
  const cpuMs = tasks.reduce(
    (sum, e) => sum + ((e.tdur ?? 0) / 1000) * (clipped(e) / Math.max(1e-3, (e.dur ?? 0) / 1000)),
    0,
  );
  const sum = (names) =>
    onMain.filter((e) => names.has(e.name) && inWindow(e)).reduce((s, e) => s + clipped(e), 0);
  const byName = new Map();
  for (const e of onMain) {
    if (e.name === 'RunTask' || !inWindow(e)) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + clipped(e));
  }
  const pid = main ? Number(main.split(':')[0]) : undefined;
  // Presented frames: the renderer's compositor drew a frame with new content (DrawFrame), in this page's process.
  const frames = events
    .filter((e) => e.name === 'DrawFrame' && e.pid === pid && e.ts >= fromUs && e.ts <= toUs)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  let worstGapUs = frames.length > 0 ? frames[0] - fromUs : toUs - fromUs;
  for (let i = 1; i < frames.length; i++) worstGapUs = Math.max(worstGapUs, frames[i] - frames[i - 1]);
  if (frames.length > 0) worstGapUs = Math.max(worstGapUs, toUs - (frames.at(-1) ?? toUs));
  // The gap nine frames in ten are within: the pace of updates, which a stall here and there on a loaded machine
  // (the worst gap) does not hide.
  const gapsUs = frames
    .slice(1)
    .map((ts, i) => ts - frames[i])
    .sort((a, b) => a - b);
  const gapP90Us =
    gapsUs.length > 0 ? gapsUs[Math.min(gapsUs.length - 1, Math.floor(gapsUs.length * 0.9))] : 0;
  if (process.env.BENCH_SAVE_TRACE && !events.saved) {
    // BENCH_SAVE_TRACE=file: the trace and its window, to look into by hand (the last case run wins).
    events.saved = true;
    const mainEvents = new Set(onMain);
    const kept = events.filter(
      (e) => mainEvents.has(e) || e.name === 'DrawFrame' || e.name.startsWith('Profile'),
    );
    writeFileSync(process.env.BENCH_SAVE_TRACE, JSON.stringify({ fromUs, toUs, main, events: kept }));
  }
  if (process.env.BENCH_DEBUG) {
    printLongest(onMain, tasks, 3);
    const gaps = frames
      .slice(1)
      .map((ts, i) => [ts - frames[i], frames[i] - fromUs])
      .filter(([gap]) => gap > 120_000);
    for (const [gap, at] of gaps)
      console.log(`  frame gap ${(gap / 1000).toFixed(0)} ms at +${(at / 1000).toFixed(0)} ms`);
    if (frames.length)
      console.log(
        `  first frame at +${((frames[0] - fromUs) / 1000).toFixed(0)} ms, last ${((toUs - frames.at(-1)) / 1000).toFixed(0)} ms before the end`,
      );
  }
  if (process.env.BENCH_PROFILE && main && !events.profiled) {
    events.profiled = true;
    printProfile(events, main);
  }
  const round = (n) => Math.round(n * 10) / 10;
  const wallMs = (toUs - fromUs) / 1000;
  return {
    wallMs: round(wallMs),
    busyMs: round(busyMs),
    busyPercent: round((busyMs / wallMs) * 100),
    cpuMs: round(cpuMs),
    cpuPercent: round((cpuMs / wallMs) * 100),
    longestTaskMs: round(Math.max(0, ...durations)),
    tasksOver50ms: durations.filter((d) => d > 50).length,
    longestTaskCpuMs: round(Math.max(0, ...cpuDurations)),
    tasksOver50msCpu: cpuDurations.filter((d) => d > 50).length,
    styleLayoutMs: round(sum(new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles']))),
    frames: frames.length,
    worstFrameGapMs: round(worstGapUs / 1000),
    frameGapP90Ms: round(gapP90Us / 1000),
    breakdownMs: [...byName.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.BENCH_BREAKDOWN ?? 8))
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', '),
  };
}

/** Prints the `count` longest tasks with what ran inside them (BENCH_DEBUG). */
function printLongest(onMain, tasks, count) {
  const longest = [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, count);
  for (const task of longest) {
    console.log(`  task ${((task.dur ?? 0) / 1000).toFixed(1)} ms at +${task.ts}`);
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && (e.dur ?? 0) > 2000,
    );
    for (const e of inside.slice(0, 14)) {
      const data = e.args?.data ?? e.args?.beginData ?? {};
      const where = data.functionName || data.url || data.stackTrace?.[0]?.functionName || data.type || '';
      console.log(`    ${((e.dur ?? 0) / 1000).toFixed(1)} ${e.name} ${String(where).slice(0, 100)}`);
    }
  }
}

const sourceMaps = new Map();

/** Where a profiled frame of the build is in the source (through the build's source maps), else its file. */
function original(frame) {
  const file =
    String(frame.url ?? '')
      .split('/')
      .at(-1) ?? '';
  const mapFile = `${process.env.EASEL_DIST ?? 'dist'}/assets/${file}.map`;
  if (!sourceMaps.has(mapFile))
    sourceMaps.set(
      mapFile,
      existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null,
    );
  const consumer = sourceMaps.get(mapFile);
  const at = consumer?.originalPositionFor({
    line: (frame.lineNumber ?? 0) + 1,
    column: frame.columnNumber ?? 0,
  });
  if (!at?.source) return `${file}:${frame.lineNumber ?? ''}`;
  return `${at.source.replace(/^(\.\.\/)+/, '')}:${at.line} ${at.name ?? ''}`;
}

/** Prints the main thread's JavaScript self time by function, from the trace's CPU profile (BENCH_PROFILE). */
function printProfile(events, main) {
  const [pid, tid] = main.split(':').map(Number);
  const ids = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id),
  );
  const nodes = new Map();
  const self = new Map();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !ids.has(e.id)) continue;
    const profile = e.args?.data?.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args?.data?.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      const frame = nodes.get(id)?.callFrame ?? {};
      const key = `${frame.functionName || '(anonymous)'} ${original(frame)}`;
      self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
    });
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
  for (const [key, ms] of top) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${key}`);
}

/** The page's main thread in a trace (`pid:tid`): the renderer main thread that ran the most tasks. */
export function mainThreadOf(events) {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(key))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The `count` longest main-thread tasks of a trace between `fromUs` and `toUs` (trace clock), each with what ran
 * in it: its outermost script calls by where they are in the source (through the build's source maps), its
 * style, layout and paint, and its garbage collection (with the heap's size before it). For a bench's record: which work made the long task, not
 * only how long it was.
 */
export function longestTasks(events, fromUs, toUs, count = 5) {
  const main = mainThreadOf(events);
  const onMain = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && e.ts + (e.dur ?? 0) > fromUs && e.ts < toUs)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, count);
  const rendering = new Set(['Layout', 'UpdateLayoutTree', 'PrePaint', 'Paint', 'Layerize', 'HitTest']);
  const gc = new Set(['MinorGC', 'MajorGC']);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const parts = new Map();
    const add = (key, ms) => parts.set(key, (parts.get(key) ?? 0) + ms);
    let gcMs = 0;
    let directEnd = task.ts;
    for (const e of inside) {
      const ms = (e.dur ?? 0) / 1000;
      const direct = e.ts >= directEnd;
      // What runs inside a direct step (a collection's phases, a call's callees) is part of it.
      if (direct) directEnd = e.ts + (e.dur ?? 0);
      if (gc.has(e.name)) {
        gcMs += ms;
        // How much the heap held: a major collection's pause grows with what survives it.
        const heap = e.args?.usedHeapSizeBefore;
        add(`${e.name}${heap ? ` (heap ${Math.round(heap / 2 ** 20)} MB)` : ''}`, ms);
      } else if (rendering.has(e.name)) add(e.name, ms);
      else if (direct) {
        // The task's own steps: a call by where it is in the source.
        const data = e.args?.data ?? {};
        const at = data.url
          ? original({
              url: data.url,
              lineNumber: (data.lineNumber ?? 1) - 1,
              columnNumber: (data.columnNumber ?? 1) - 1,
            })
          : data.functionName || data.type || '';
        add(`${e.name === 'FunctionCall' ? 'script' : e.name} ${at}`.trim(), ms);
      }
    }
    const top = [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([key, ms]) => `${key} ${Math.round(ms)}`);
    return {
      ms: Math.round((task.dur ?? 0) / 100) / 10,
      atMs: Math.round((task.ts - fromUs) / 1000),
      in: top.join('; '),
      gcMs: Math.round(gcMs),
    };
  });
}
