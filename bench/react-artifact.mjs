// A typical React artifact (Tailwind classes, shadcn/ui card and button, lucide-react icons, a recharts chart)
// through the `artifacts` tool into the app: the time from the end of the tool call's stream to the component's
// first render in the panel's preview, cold (a fresh browser context: nothing of the library shelf cached, the
// compile worker not started) and warm (a second component in the same page), the shelf bytes the preview loaded,
// and the app page's longest main-thread task meanwhile (goals: none over 50 ms; first render ≤ 500 ms cold, ≤ 150 ms
// warm, whether the file streams or arrives at once).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { startLightRecording } from './harness.mjs';
import { record } from './results.mjs';

/** The component: `marker` is the test id of its heading, so each run waits for its own render. */
function component(marker) {
  return `import React, { useState } from 'react';
import { BarChart, Bar, XAxis, YAxis, CartesianGrid, Tooltip } from 'recharts';
import { TrendingUp, Users, Settings } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';

const data = [
  { month: 'Jan', sales: 40 }, { month: 'Feb', sales: 55 }, { month: 'Mar', sales: 48 },
  { month: 'Apr', sales: 70 }, { month: 'May', sales: 64 }, { month: 'Jun', sales: 81 },
];

export default function Dashboard() {
  const [count, setCount] = useState(0);
  return (
    <div className="p-6 bg-slate-50 min-h-screen space-y-4">
      <h1 className="text-3xl font-bold text-slate-800" data-testid="${marker}">Sales overview</h1>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2"><TrendingUp className="w-5 h-5" /> Monthly sales</CardTitle>
        </CardHeader>
        <CardContent>
          <BarChart width={480} height={220} data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis />
            <Tooltip />
            <Bar dataKey="sales" fill="#2563eb" isAnimationActive={false} />
          </BarChart>
        </CardContent>
      </Card>
      <div className="flex gap-2">
        <Button onClick={() => setCount(count + 1)}><Users className="w-4 h-4 mr-2" /> Clicked {count}</Button>
        <Button variant="outline"><Settings className="w-4 h-4" /></Button>
      </div>
    </div>
  );
}
`;
}

/** Waits for `testId` to be in the document of the panel's preview of `filename`, checking every frame. */
async function firstRender(page, filename, testId) {
  for (;;) {
    const handle = await page.waitForSelector(`iframe[title="${filename} preview"]`, { timeout: 60_000 });
    const frame = await handle.contentFrame();
    if (!frame) continue;
    try {
      await frame.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`) !== null, testId, {
        polling: 'raf',
        timeout: 60_000,
      });
      return Date.now();
    } catch (error) {
      // The panel replaced the frame (a newer version of the document): wait on the new one.
      if (!(error instanceof Error) || !/detached|destroyed|closed/i.test(error.message)) throw error;
    }
  }
}

/**
 * Streams one component and measures it; `shelf` collects the shelf files the preview frames fetched. `pace`
 * sets how the tool call streams: `burst` (400-character deltas with no pause: the whole file at once, which
 * leaves no time to prepare anything) or `claude` (40-character deltas 150 ms apart, about 270 characters a
 * second, the pace of a real answer).
 */
async function renderOnce(page, lane, filename, shelf, pace = 'burst') {
  const marker = `rendered-${filename.replace(/\W/g, '-')}`;
  const content = component(marker);
  await lane.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename, content },
      ...(pace === 'claude' ? { deltaSize: 40, delayMs: 150 } : { deltaSize: 400 }),
    }),
    sse.text('The dashboard is ready.'),
  );
  let toolCallEndedAt = 0;
  const onFinished = (request) => {
    if (request.url().endsWith('/v1/messages') && toolCallEndedAt === 0) toolCallEndedAt = Date.now();
  };
  page.on('requestfinished', onFinished);
  const onShelf = (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/shelf/')) shelf.add(url.pathname);
  };
  page.context().on('requestfinished', onShelf);
  const recording = await startLightRecording(page);
  await page.getByRole('textbox', { name: 'Message' }).fill(`Write ${filename}`);
  const cpu = await rendererCpu(page);
  await page.getByRole('button', { name: 'Send' }).click();
  const renderedAt = await firstRender(page, filename, marker);
  const rendererCpuMs = await cpu.stop();
  await page
    .getByRole('article', { name: 'Claude' })
    .last()
    .getByText('The dashboard is ready.')
    .waitFor({ timeout: 60_000 });
  const summary = await recording.stop();
  page.off('requestfinished', onFinished);
  page.context().off('requestfinished', onShelf);
  return {
    toolCallEndToFirstRenderMs: renderedAt - toolCallEndedAt,
    rendererCpuMs,
    longestTaskMs: summary.longestTaskMs,
    longTasks: summary.longTasks,
    busyPercent: summary.busyPercent,
    worstFrameGapMs: summary.worstFrameGapMs,
  };
}

/**
 * The CPU time of the browser's renderer processes (the app's page and the preview frames' process) from now
 * until `stop()`, in ms: on a loaded machine, what the first render cost apart from the time spent waiting for
 * a core. Other tabs are closed while a bench runs, so nothing else renders meanwhile.
 */
async function rendererCpu(page) {
  const cdp = await page.context().browser().newBrowserCDPSession();
  const total = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
  };
  const before = await total();
  return {
    async stop() {
      const ms = Math.round(((await total()) - before) * 1000);
      await cdp.detach();
      return ms;
    },
  };
}

/** Raw and gzip bytes of the shelf files, read from the build that was served. */
function shelfBytes(paths) {
  const outDir = process.env.EASEL_DIST ?? 'dist';
  let raw = 0;
  let gzip = 0;
  for (const path of paths) {
    const file = readFileSync(`${outDir}/shelf/${path.slice(path.indexOf('/shelf/') + '/shelf/'.length)}`);
    raw += file.length;
    gzip += gzipSync(file, { level: 9 }).length;
  }
  return { files: paths.size, rawKB: Math.round(raw / 1024), gzipKB: Math.round(gzip / 1024) };
}

export async function run(bench) {
  const { page, lane, context } = await bench.newPage();
  const shelf = new Set();
  const cold = await renderOnce(page, lane, 'Dashboard.jsx', shelf);
  const loaded = shelfBytes(shelf);
  const warm = await renderOnce(page, lane, 'Overview.jsx', new Set());
  await context.close();
  // The same two, streamed at the pace of a real answer: the preview is prepared while the file streams.
  const paced = await bench.newPage();
  const pacedCold = await renderOnce(paced.page, paced.lane, 'Dashboard.jsx', new Set(), 'claude');
  const pacedWarm = await renderOnce(paced.page, paced.lane, 'Overview.jsx', new Set(), 'claude');
  await paced.context.close();
  const result = {
    coldFirstRenderMs: cold.toolCallEndToFirstRenderMs,
    warmFirstRenderMs: warm.toolCallEndToFirstRenderMs,
    shelfFiles: loaded.files,
    shelfRawKB: loaded.rawKB,
    shelfGzipKB: loaded.gzipKB,
    coldLongestTaskMs: cold.longestTaskMs,
    warmLongestTaskMs: warm.longestTaskMs,
    coldLongTasks: cold.longTasks,
    warmLongTasks: warm.longTasks,
    coldBusyPercent: cold.busyPercent,
    warmBusyPercent: warm.busyPercent,
    worstFrameGapMs: Math.max(cold.worstFrameGapMs, warm.worstFrameGapMs),
    pacedColdFirstRenderMs: pacedCold.toolCallEndToFirstRenderMs,
    pacedWarmFirstRenderMs: pacedWarm.toolCallEndToFirstRenderMs,
    pacedLongestTaskMs: Math.max(pacedCold.longestTaskMs, pacedWarm.longestTaskMs),
    // Renderer CPU time (the app and the preview frames) from Send to the first render.
    coldRendererCpuMs: cold.rendererCpuMs,
    warmRendererCpuMs: warm.rendererCpuMs,
    pacedColdRendererCpuMs: pacedCold.rendererCpuMs,
    pacedWarmRendererCpuMs: pacedWarm.rendererCpuMs,
    // Which build, when runs of two builds are interleaved (`BENCH_BUILD=before EASEL_DIST=dist-before`).
    ...(process.env.BENCH_BUILD ? { build: process.env.BENCH_BUILD } : {}),
  };
  record('react-artifact', result);
  console.log(
    `\n  first render ${result.warmFirstRenderMs} ms warm (goal ≤ 150), ${result.coldFirstRenderMs} ms cold (goal ≤ 500); ` +
      `longest app task ${Math.max(result.coldLongestTaskMs, result.warmLongestTaskMs)} ms (goal: none over 50); ` +
      `at Claude's pace ${result.pacedWarmFirstRenderMs} ms warm, ${result.pacedColdFirstRenderMs} ms cold, ` +
      `longest task ${result.pacedLongestTaskMs} ms`,
  );
}
