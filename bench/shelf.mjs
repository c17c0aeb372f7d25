// The library shelf's cost: its size on disk (all of it, fonts, Pyodide), what a typical HTML page (Chart.js, d3
// and a Google Fonts family) reads from it over the network, and the first render of a page that loads Pyodide
// from jsDelivr, cold (a fresh browser context: nothing of the shelf cached) and warm (a second page in the same
// app page, the shelf's files kept in memory): from the end of the tool call's stream to Python's answer shown.
// And a library from a public CDN that is not on the shelf (a route stands in for cdnjs, serving d3's script,
// about 280 KB): from `Allow libraries from cdnjs.cloudflare.com` to the page drawn (fetched, then kept), and
// the same page run again from Cache Storage.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sse } from '../e2e/fake-anthropic/responses.mjs';
import { record } from './results.mjs';

const outDir = process.env.EASEL_DIST ?? 'dist';

const TYPICAL = (marker) => `<!DOCTYPE html>
<html><head>
<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap" rel="stylesheet">
<script src="https://cdn.jsdelivr.net/npm/chart.js"></script>
<script src="https://d3js.org/d3.v7.min.js"></script>
<style>body { font-family: Inter, sans-serif; }</style>
</head><body>
<h1>Report</h1><canvas id="c" width="400" height="200"></canvas><div id="d"></div>
<script>
new Chart(document.getElementById('c'), { type: 'bar', data: { labels: ['a', 'b'], datasets: [{ data: [1, 2] }] }, options: { animation: false } });
d3.select('#d').append('p').attr('data-testid', '${marker}').text('drawn');
</script></body></html>`;

const PYTHON = (marker) => `<!DOCTYPE html>
<html><head><script src="https://cdn.jsdelivr.net/pyodide/v0.26.4/full/pyodide.js"></script></head>
<body><p id="out">Loading…</p><script>
loadPyodide().then((py) => {
  const p = document.getElementById('out');
  p.textContent = 'Python says ' + py.runPython('sum(range(10))');
  p.dataset.testid = '${marker}';
});
</script></body></html>`;

const CDN_LIBRARY = 'https://cdnjs.cloudflare.com/ajax/libs/bench-lib/1.0.0/bench-lib.min.js';

const FROM_CDN = (marker) => `<!DOCTYPE html>
<html><head><script src="${CDN_LIBRARY}"></script></head>
<body><p id="out">…</p><script>
const p = document.getElementById('out');
p.textContent = 'd3 ' + d3.version;
p.dataset.testid = '${marker}';
</script></body></html>`;

/**
 * ms from `Allow libraries from cdnjs.cloudflare.com` to the page drawn with the fetched library, and from
 * showing it again (Code, then Preview) to drawn from the cache; how many requests reached the stand-in CDN.
 */
async function cdnRender(page, lane) {
  const body = readFileSync(
    join(
      outDir,
      'shelf',
      JSON.parse(readFileSync(join(outDir, 'shelf', 'manifest.json'), 'utf8')).packages.d3.script,
    ),
  );
  let requests = 0;
  await page.route('https://cdnjs.cloudflare.com/**', (route) => {
    requests++;
    return route.fulfill({
      body,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'text/javascript' },
    });
  });
  const marker = 'rendered-cdn';
  await lane.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename: 'cdn.html', content: FROM_CDN(marker) },
    }),
    sse.text('Done.'),
  );
  await page.getByRole('textbox', { name: 'Message' }).fill('Write cdn.html');
  await page.getByRole('button', { name: 'Send' }).click();
  const panel = page.getByRole('region', { name: 'Artifacts' });
  const allow = panel.getByRole('button', { name: 'Allow libraries from cdnjs.cloudflare.com' });
  await allow.waitFor({ timeout: 120_000 });
  const allowedAt = Date.now();
  await allow.click();
  const fetchedMs = (await firstRender(page, 'cdn.html', marker)) - allowedAt;
  await panel.getByRole('button', { name: 'Code' }).click();
  const againAt = Date.now();
  await panel.getByRole('button', { name: 'Preview' }).click();
  const cachedMs = (await firstRender(page, 'cdn.html', marker)) - againAt;
  return { fetchedMs, cachedMs, requests, kb: Math.round(body.length / 1024) };
}

/** Bytes of every file under `dir`, and of those whose path matches each of `groups`. */
function diskBytes(dir, groups) {
  const sizes = Object.fromEntries(Object.keys(groups).map((k) => [k, 0]));
  let total = 0;
  const walk = (d, rel) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path, name);
      else {
        const size = statSync(path).size;
        total += size;
        for (const [group, pattern] of Object.entries(groups)) if (pattern.test(name)) sizes[group] += size;
      }
    }
  };
  walk(dir, '');
  return { total, ...sizes };
}

/** Waits for `testId` in the panel's preview of `filename`, checking every frame (a newer one may replace it). */
async function firstRender(page, filename, testId) {
  for (;;) {
    const handle = await page.waitForSelector(`iframe[title="${filename} preview"]`, { timeout: 120_000 });
    const frame = await handle.contentFrame();
    if (!frame) continue;
    try {
      await frame.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`) !== null, testId, {
        polling: 100,
        timeout: 120_000,
      });
      return Date.now();
    } catch (error) {
      if (!(error instanceof Error) || !/detached|destroyed|closed/i.test(error.message)) throw error;
    }
  }
}

/** Creates `filename` from `page(marker)`; returns ms from the tool call's end to its render, and the shelf files read. */
async function renderOnce(page, lane, filename, make) {
  const marker = `rendered-${filename.replace(/\W/g, '-')}`;
  await lane.reply(
    sse.toolUse({
      name: 'artifacts',
      input: { command: 'create', filename, content: make(marker) },
      deltaSize: 4000,
    }),
    sse.text('Done.'),
  );
  let ended = 0;
  const shelf = new Set();
  const onFinished = (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/v1/messages') && ended === 0) ended = Date.now();
    if (url.pathname.includes('/shelf/') && !url.pathname.endsWith('manifest.json'))
      shelf.add(url.pathname.slice(url.pathname.indexOf('/shelf/') + 7));
  };
  page.context().on('requestfinished', onFinished);
  await page.getByRole('textbox', { name: 'Message' }).fill(`Write ${filename}`);
  await page.getByRole('button', { name: 'Send' }).click();
  const renderedAt = await firstRender(page, filename, marker);
  page.context().off('requestfinished', onFinished);
  return { ms: renderedAt - ended, shelf };
}

function fileBytes(files) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(outDir, 'shelf', file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.size, rawKB: Math.round(raw / 1024), gzipKB: Math.round(gzip / 1024) };
}

export async function run(bench) {
  const disk = diskBytes(join(outDir, 'shelf'), {
    fonts: /^fonts\//,
    pyodide: /^pyodide-/,
    lucideIcons: /^lucide-react-icons-/,
  });
  const typical = await bench.newPage();
  const page = await renderOnce(typical.page, typical.lane, 'report.html', TYPICAL);
  const typicalBytes = fileBytes(page.shelf);
  await typical.context.close();

  const python = await bench.newPage();
  const cold = await renderOnce(python.page, python.lane, 'python.html', PYTHON);
  const warm = await renderOnce(python.page, python.lane, 'python2.html', PYTHON);
  const pyodideBytes = fileBytes(cold.shelf);
  await python.context.close();

  const cdnPage = await bench.newPage();
  const cdn = await cdnRender(cdnPage.page, cdnPage.lane);
  await cdnPage.context.close();

  const mb = (n) => Math.round((n / 1024 / 1024) * 10) / 10;
  const result = {
    shelfDiskMB: mb(disk.total),
    fontsDiskMB: mb(disk.fonts),
    pyodideDiskMB: mb(disk.pyodide),
    lucideIconsDiskMB: mb(disk.lucideIcons),
    typicalPageFiles: typicalBytes.files,
    typicalPageRawKB: typicalBytes.rawKB,
    typicalPageGzipKB: typicalBytes.gzipKB,
    pyodidePageFiles: pyodideBytes.files,
    pyodidePageRawKB: pyodideBytes.rawKB,
    pyodidePageGzipKB: pyodideBytes.gzipKB,
    pyodideColdFirstRenderMs: cold.ms,
    pyodideWarmFirstRenderMs: warm.ms,
    cdnLibraryKB: cdn.kb,
    cdnLibraryAllowToRenderMs: cdn.fetchedMs,
    cdnLibraryCachedRenderMs: cdn.cachedMs,
    cdnLibraryRequests: cdn.requests,
  };
  record('shelf', result);
}
