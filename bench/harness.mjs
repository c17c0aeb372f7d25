// Shared pieces of the browser benchmarks: the built app served by Vite's preview server, the fake Anthropic
// server, a Chromium driven by Playwright, a configured page, and a Chrome trace of the main thread.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { createServer, preview } from 'vite';
import { startFakeAnthropic } from '../e2e/fake-anthropic/server.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { mainThreadOf } from './cdp.mjs';

/** Starts everything a benchmark needs; `close()` stops it all. */
export async function startBench() {
  // The build to measure: `dist` unless EASEL_DIST names another output folder (as for the end-to-end tests).
  const outDir = process.env.EASEL_DIST ?? 'dist';
  if (!existsSync(`${outDir}/index.html`))
    execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = await preview({
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1', open: false },
    logLevel: 'warn',
  });
  const appUrl = server.resolvedUrls?.local[0];
  if (!appUrl) throw new Error('vite preview did not report a URL');
  const fake = await startFakeAnthropic({ port: 0 });
  const browser = await chromium.launch(chromiumLaunchOptions);
  let lanes = 0;
  const others = [];
  return {
    /** The build folder measured. */
    outDir,
    appUrl,
    browser,
    fake,
    /** A fresh page with the key and this lane's base URL saved, of the app at `url` (by default the build measured). */
    async newPage(url = appUrl) {
      lanes += 1;
      const lane = fake.ns(`bench-${lanes}`);
      // No service worker: its precaching (some 3 MB) would run in the background of every measurement.
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('textbox', { name: 'API base URL' }).fill(lane.baseUrl);
      await dialog.getByRole('textbox', { name: 'Anthropic API key' }).fill('sk-ant-bench');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      return { page, lane, context };
    },
    /** Serves another build folder (e.g. the build before a change) for the length of the run; its URL. */
    async serve(folder) {
      const other = await preview({
        build: { outDir: folder },
        preview: { port: 0, host: '127.0.0.1', open: false },
        logLevel: 'warn',
      });
      others.push(other);
      const url = other.resolvedUrls?.local[0];
      if (!url) throw new Error('vite preview did not report a URL');
      return url;
    },
    async close() {
      for (const other of others) await new Promise((resolve) => other.httpServer.close(resolve));
      await browser.close();
      await fake.close();
      await new Promise((resolve) => server.httpServer.close(resolve));
    },
  };
}

/** Records main-thread tasks (Chrome trace) and frame timestamps (requestAnimationFrame) in a page. */
export async function startRecording(page) {
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(() => {
    const frames = [];
    const loop = (t) => {
      frames.push(t);
      globalThis.__benchFrameHandle = requestAnimationFrame(loop);
    };
    globalThis.__benchFrames = frames;
    globalThis.__benchFrameHandle = requestAnimationFrame(loop);
  });
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
  });
  const startedAt = Date.now();
  return {
    /** Stops recording and summarises the main thread between start and stop. */
    async stop() {
      const wallMs = Date.now() - startedAt;
      const frames = await page.evaluate(() => {
        cancelAnimationFrame(globalThis.__benchFrameHandle);
        return globalThis.__benchFrames;
      });
      const events = await endTrace(cdp);
      await cdp.detach();
      return summarise(events, frames, wallMs);
    },
  };
}

async function endTrace(cdp) {
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  const { stream } = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

function summarise(events, frames, wallMs) {
  const main = mainThreadOf(events);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && `${e.pid}:${e.tid}` === main);
  const durations = tasks.map((e) => (e.dur ?? 0) / 1000);
  const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
  const busyMs = durations.reduce((a, b) => a + b, 0);
  // Where the time went: the main thread's trace events by name (nested events count in their own name too).
  const byName = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || `${e.pid}:${e.tid}` !== main || e.name === 'RunTask') continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  const breakdown = [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
  if (process.env.BENCH_DEBUG) {
    const longest = tasks.reduce((a, b) => ((b.dur ?? 0) > (a?.dur ?? 0) ? b : a), undefined);
    if (longest) {
      const inside = events.filter(
        (e) =>
          e.ph === 'X' &&
          `${e.pid}:${e.tid}` === main &&
          e.ts >= longest.ts &&
          e.ts < longest.ts + longest.dur &&
          e !== longest,
      );
      console.log('longest task children:');
      for (const e of inside.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 15)) {
        console.log(
          `  ${((e.dur ?? 0) / 1000).toFixed(1)} ms ${e.name} ${JSON.stringify(e.args?.data ?? {}).slice(0, 140)}`,
        );
      }
    }
  }
  return {
    ...summary(wallMs, busyMs, frames, {
      tasks: tasks.length,
      longestTaskMs: round(Math.max(0, ...durations)),
      tasksOver50ms: durations.filter((d) => d > 50).length,
    }),
    // The same in thread time: on a loaded machine a task's wall time also counts the time it waited for a core.
    longestTaskCpuMs: round(Math.max(0, ...cpu)),
    tasksOver50msCpu: cpu.filter((d) => d > 50).length,
    breakdownMs: breakdown,
  };
}

function round(n) {
  return Math.round(n * 10) / 10;
}

/**
 * A recording's numbers, in the order they print: wall and busy time, the recorder's own task counts `tasks`,
 * then the animation frames and the longest time between two of them (`frames`: their timestamps, in ms).
 */
function summary(wallMs, busyMs, frames, tasks) {
  let worstGap = 0;
  for (let i = 1; i < frames.length; i++) worstGap = Math.max(worstGap, frames[i] - frames[i - 1]);
  return {
    wallMs,
    busyMs: round(busyMs),
    busyPercent: round((busyMs / wallMs) * 100),
    ...tasks,
    frames: frames.length,
    worstFrameGapMs: round(worstGap),
  };
}

/**
 * A lighter recorder than `startRecording`, for pages doing heavy work (a Chrome trace's overhead would distort
 * them): main-thread busy time from CDP `Performance.getMetrics` (the `TaskDuration` delta), long tasks (50 ms or
 * more) from a `longtask` PerformanceObserver in the page, and the worst gap between animation frames.
 */
export async function startLightRecording(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  await page.evaluate(() => {
    const state = { longTasks: [], frames: [], handle: 0 };
    state.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
    });
    state.observer.observe({ type: 'longtask' });
    const loop = (t) => {
      state.frames.push(t);
      state.handle = requestAnimationFrame(loop);
    };
    state.handle = requestAnimationFrame(loop);
    globalThis.__benchLight = state;
  });
  const busyBefore = await taskSeconds();
  const startedAt = Date.now();
  return {
    /** Stops recording: `longestTaskMs` is the longest long task, 0 when no task reached 50 ms. */
    async stop() {
      const wallMs = Date.now() - startedAt;
      const busyMs = ((await taskSeconds()) - busyBefore) * 1000;
      const { longTasks, frames } = await page.evaluate(() => {
        const state = globalThis.__benchLight;
        for (const entry of state.observer.takeRecords()) state.longTasks.push(entry.duration);
        state.observer.disconnect();
        cancelAnimationFrame(state.handle);
        return { longTasks: state.longTasks, frames: state.frames };
      });
      await cdp.send('Performance.disable');
      await cdp.detach();
      return summary(wallMs, busyMs, frames, {
        longTasks: longTasks.length,
        longestTaskMs: round(Math.max(0, ...longTasks)),
        tasksOver200ms: longTasks.filter((d) => d > 200).length,
      });
    },
  };
}

/**
 * Runs `work(page)` in a blank page of Vite's dev server, where `import('/src/...')` loads the app's own modules
 * (the dependencies in `include` pre-bundled), with nothing else of the app running.
 */
export async function withSourcePage(bench, include, work) {
  const server = await createServer({
    logLevel: 'warn',
    server: { host: '127.0.0.1', port: 0 },
    optimizeDeps: { include },
  });
  await server.listen();
  const origin = server.resolvedUrls?.local[0];
  const context = await bench.browser.newContext();
  try {
    const page = await context.newPage();
    await page.route(`${origin}__bench`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }),
    );
    await page.goto(`${origin}__bench`);
    return await work(page);
  } finally {
    await context.close();
    await server.close();
  }
}
