import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, type messageRequests, toolResult as resultOf, send, test } from './support/test';

// The artifact runtime end to end: React components and pages that load libraries from CDNs run offline from
// the library shelf, in the sandboxed preview; what cannot run says so once, clearly, to the person and to
// Claude; copying and downloading from an artifact reach the person.

type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });

/** What the model read back from the tool call `id`. */
const toolResult = (anthropic: Lane, id = 'toolu_create') => resultOf(anthropic, id);

/** The model creates `filename` with `content`, then answers; resolves once the answer is shown. */
async function modelCreates(
  page: Page,
  anthropic: Lane,
  filename: string,
  content: string,
  id = 'toolu_create',
) {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', id, input: { command: 'create', filename, content } }),
  );
  await anthropic.reply(sse.text('The file is ready.'));
  await send(page, `Write ${filename}`);
  await expect(claude(page).last()).toContainText('The file is ready.');
}

const DASHBOARD = `import React, { useState } from 'react';
import { LineChart, Line, XAxis, YAxis, CartesianGrid, Tooltip } from 'recharts';
import { TrendingUp, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';

const data = [
  { month: 'Jan', sales: 40 },
  { month: 'Feb', sales: 55 },
  { month: 'Mar', sales: 48 },
  { month: 'Apr', sales: 70 },
];

interface Props {
  title?: string;
}

export default function Dashboard({ title = 'Sales dashboard' }: Props) {
  const [count, setCount] = useState<number>(0);
  return (
    <div className="p-6 bg-slate-100 min-h-screen">
      <h1 className="text-3xl font-bold text-blue-700" data-testid="title">{title}</h1>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2"><TrendingUp aria-label="trend" /> Monthly sales</CardTitle>
        </CardHeader>
        <CardContent>
          <LineChart width={400} height={200} data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis />
            <Tooltip />
            <Line type="monotone" dataKey="sales" stroke="#2563eb" isAnimationActive={false} />
          </LineChart>
        </CardContent>
      </Card>
      <Button className="mt-4" onClick={() => setCount(count + 1)}><Users aria-label="people" /> Clicked {count}</Button>
    </div>
  );
}
`;

test('a React component with recharts, lucide-react, shadcn/ui and Tailwind renders with an empty console', async ({
  app,
  anthropic,
}) => {
  const shelfFiles: string[] = [];
  app.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.includes('/shelf/')) shelfFiles.push(pathname.slice(pathname.indexOf('/shelf/') + 7));
  });
  await modelCreates(app, anthropic, 'Dashboard.tsx', DASHBOARD);

  const frame = preview(app, 'Dashboard.tsx');
  const title = frame.getByTestId('title');
  await expect(title).toHaveText('Sales dashboard');
  // Tailwind made the classes: 3xl text, bold, blue.
  await expect(title).toHaveCSS('font-weight', '700');
  await expect(title).toHaveCSS('font-size', '30px');
  // The chart is drawn (a line path), and the icons are there.
  await expect(frame.locator('.recharts-line-curve')).toHaveAttribute('d', /^M/);
  await expect(frame.locator('svg.lucide')).toHaveCount(2);
  // Each icon came from a module of its own: the whole icon set was never read.
  expect(
    shelfFiles
      .filter((f) => /^lucide-react-icons-\w+\//.test(f))
      .map((f) => f.replace(/^.*\//, ''))
      .sort(),
  ).toEqual(['trending-up.mjs', 'users.mjs']);
  expect(shelfFiles.filter((f) => /^lucide-react\.\w+\.mjs$/.test(f))).toEqual([]);
  await frame.getByRole('button', { name: /Clicked 0/ }).click();
  await expect(frame.getByRole('button', { name: /Clicked 1/ })).toBeVisible();

  const result = await toolResult(anthropic);
  expect(result).toContain('Preview: the page loaded. No console output and no errors.');
  await expect(consoleRegion(app)).not.toContainText('error');
});

test('an HTML page loading Chart.js from cdnjs and d3 from jsdelivr renders', async ({ app, anthropic }) => {
  const page = `<!DOCTYPE html>
<html>
<head>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.1/chart.umd.min.js"></script>
  <script src="https://cdn.jsdelivr.net/npm/d3@7"></script>
</head>
<body>
  <canvas id="chart" width="300" height="150"></canvas>
  <div id="bars"></div>
  <script>
    new Chart(document.getElementById('chart'), {
      type: 'bar',
      data: { labels: ['a', 'b'], datasets: [{ label: 'n', data: [1, 2] }] },
      options: { animation: false },
    });
    d3.select('#bars').selectAll('p').data([1, 2, 3]).enter().append('p').text(function (d) { return 'bar ' + d; });
    console.log('chart ' + Chart.version + ', d3 ' + d3.version);
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'charts.html', page);

  const frame = preview(app, 'charts.html');
  await expect(frame.getByText('bar 3')).toBeVisible();
  await expect(frame.locator('#chart')).toHaveAttribute('style', /display: block/);
  const result = await toolResult(anthropic);
  expect(result).toMatch(/\[log\] chart 4\.\d+\.\d+, d3 7\.\d+\.\d+/);
  expect(result).not.toContain('[error]');
});

test('a page with a prebuilt Tailwind 2 stylesheet from a CDN gets its classes styled, with React from unpkg', async ({
  app,
  anthropic,
}) => {
  // Pages written for Tailwind 2 link its prebuilt CSS, which the shelf does not keep: its Tailwind script
  // styles the same classes instead.
  const page = `<!DOCTYPE html>
<html><head>
<script crossorigin src="https://unpkg.com/react@18/umd/react.production.min.js"></script>
<script crossorigin src="https://unpkg.com/react-dom@18/umd/react-dom.production.min.js"></script>
<script src="https://unpkg.com/@babel/standalone/babel.min.js"></script>
<link href="https://cdn.jsdelivr.net/npm/tailwindcss@2.2.19/dist/tailwind.min.css" rel="stylesheet">
</head><body>
<h1 id="title" class="text-4xl font-bold">Counter</h1>
<div id="root"></div>
<script type="text/babel">
const { useState } = React;
function Counter() {
  const [n, setN] = useState(0);
  return <button className="p-2 bg-green-500" onClick={() => setN(n + 1)}>Count {n}</button>;
}
ReactDOM.createRoot(document.getElementById('root')).render(<Counter />);
</script>
</body></html>`;
  await modelCreates(app, anthropic, 'counter.html', page);

  const frame = preview(app, 'counter.html');
  await expect(frame.locator('#title')).toHaveCSS('font-size', '36px');
  const button = frame.getByRole('button', { name: 'Count 0' });
  await expect(button).toHaveCSS('padding', '8px');
  await expect(button).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await button.click();
  await expect(frame.getByRole('button', { name: 'Count 1' })).toBeVisible();
  const result = await toolResult(anthropic);
  expect(result).not.toContain('[error]');
  expect(result).toContain('tailwindcss 2.2.19 was asked for');
});

test('a React component importing OrbitControls without the file ending runs three.js', async ({
  app,
  anthropic,
}) => {
  const scene = `import React, { useEffect, useRef } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls';

export default function Scene() {
  const mount = useRef(null);
  useEffect(() => {
    const camera = new THREE.PerspectiveCamera(75, 1, 0.1, 1000);
    const canvas = document.createElement('canvas');
    mount.current.appendChild(canvas);
    const controls = new OrbitControls(camera, canvas);
    console.log('three ' + THREE.REVISION + ' controls ' + typeof controls.update);
  }, []);
  return <div ref={mount}><h2>Cube</h2></div>;
}`;
  await modelCreates(app, anthropic, 'Scene.jsx', scene);

  await expect(preview(app, 'Scene.jsx').getByRole('heading', { name: 'Cube' })).toBeVisible();
  const result = await toolResult(anthropic);
  expect(result).toContain('[log] three 128 controls function');
  expect(result).not.toContain('[error]');
});

test('a library that is not on the shelf fails with one clear error', async ({ app, anthropic }) => {
  const page = `<h1>Globe</h1>
<script src="https://cdnjs.cloudflare.com/ajax/libs/cesium/1.110.0/Cesium.js"></script>
<script>console.log('after');</script>`;
  await modelCreates(app, anthropic, 'globe.html', page);

  await expect(preview(app, 'globe.html').getByRole('heading', { name: 'Globe' })).toBeVisible();
  const result = await toolResult(anthropic);
  const errors = result.split('\n').filter((line) => line.startsWith('[error]'));
  expect(errors).toHaveLength(1);
  // A public CDN's file waits for the person's consent (Allow libraries from …), and says so once.
  expect(errors[0]).toContain("Cesium.js is not on Easel's library shelf");
  expect(errors[0]).toContain('Allow libraries from cdnjs.cloudflare.com');
  await expect(consoleRegion(app)).toContainText('1 error');
});

test('a web-font stylesheet the shelf cannot serve falls back to local fonts with an information line, not an error', async ({
  app,
  anthropic,
}) => {
  const page = `<link rel="preconnect" href="https://fonts.googleapis.com">
<link href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap" rel="stylesheet">
<style>@import url('https://fonts.bunny.net/css?family=roboto'); body { font-family: Inter, sans-serif; }</style>
<h1>Typeset</h1>`;
  await modelCreates(app, anthropic, 'fonts.html', page);

  await expect(preview(app, 'fonts.html').getByRole('heading', { name: 'Typeset' })).toBeVisible();
  const result = await toolResult(anthropic);
  expect(result).not.toContain('[error]');
  // Inter comes from the shelf (e2e/shelf-libraries.spec.ts); fonts.bunny.net is not served.
  expect(result).toContain('[info] Web fonts from fonts.bunny.net are not loaded');
  expect(result).not.toContain('fonts.googleapis.com');
  await expect(consoleRegion(app)).not.toContainText('error');
});

test('copy and download from an artifact reach the person', async ({ app, anthropic, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = `<h1>Export</h1>
<button id="copy">Copy code</button>
<button id="save">Save CSV</button>
<a id="link" download="notes.txt" href="data:text/plain;charset=utf-8,hello%20notes">Get notes</a>
<script>
  document.getElementById('copy').onclick = function () {
    navigator.clipboard.writeText('copied from the artifact').then(function () { console.log('copy resolved'); });
  };
  document.getElementById('save').onclick = function () {
    var blob = new Blob(['a,b\\n1,2\\n'], { type: 'text/csv' });
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'report.csv';
    a.click();
    URL.revokeObjectURL(a.href);
  };
</script>`;
  await modelCreates(app, anthropic, 'export.html', page);
  const frame = preview(app, 'export.html');

  await frame.getByRole('button', { name: 'Copy code' }).click();
  await expect(panel(app).getByRole('status').filter({ hasText: 'Copied to the clipboard' })).toBeVisible();
  expect(await app.evaluate(() => navigator.clipboard.readText())).toBe('copied from the artifact');

  // A page's download is offered, even right after a click in the page.
  await frame.getByRole('button', { name: 'Save CSV' }).click();
  const csv = app.waitForEvent('download');
  await panel(app)
    .getByRole('alertdialog', { name: 'Save report.csv (8 bytes)?' })
    .getByRole('button', { name: 'Save' })
    .click();
  const download = await csv;
  expect(download.suggestedFilename()).toBe('report.csv');
  expect(await (await download.createReadStream()).toArray()).toEqual([Buffer.from('a,b\n1,2\n')]);
  await expect(
    panel(app).getByRole('status').filter({ hasText: 'Downloaded report.csv (8 bytes)' }),
  ).toBeVisible();

  await frame.getByRole('link', { name: 'Get notes' }).click();
  const notes = app.waitForEvent('download');
  await panel(app)
    .getByRole('alertdialog', { name: 'Save notes.txt (11 bytes)?' })
    .getByRole('button', { name: 'Save' })
    .click();
  expect((await notes).suggestedFilename()).toBe('notes.txt');
  await expect(
    panel(app).getByRole('status').filter({ hasText: 'Downloaded notes.txt (11 bytes)' }),
  ).toBeVisible();
});

test("a component's compile error reaches Claude's tool result with its line number", async ({
  app,
  anthropic,
}) => {
  const broken = `import React from 'react';

export default function App() {
  return (
    <div>
      <p>Unclosed
    </div>
  );
}
`;
  await modelCreates(app, anthropic, 'Broken.jsx', broken);

  const result = await toolResult(anthropic);
  expect(result).toMatch(/\[error\] Broken\.jsx does not compile: SyntaxError: .+ \(line \d+/);
  await expect(preview(app, 'Broken.jsx').getByText(/Broken\.jsx does not compile/)).toBeVisible();
  await expect(consoleRegion(app)).toContainText('1 error');
});

test("a runtime error in a component carries the component's own line number", async ({ app, anthropic }) => {
  const failing = `import React from 'react';

type Item = { name: string };

export default function App() {
  const items: Item[] | undefined = undefined;
  return <ul>{items!.map((item) => <li>{item.name}</li>)}</ul>;
}
`;
  await modelCreates(app, anthropic, 'Failing.tsx', failing);

  const result = await toolResult(anthropic);
  expect(result).toMatch(/\[error\] .*Cannot read properties of undefined \(reading 'map'\) \(line 7/);
});

test('the next React component is written into a spare frame that had its libraries ready, and reports as a fresh one', async ({
  app,
  anthropic,
}) => {
  await modelCreates(app, anthropic, 'Dashboard.tsx', DASHBOARD);
  await expect(preview(app, 'Dashboard.tsx').getByTestId('title')).toHaveText('Sales dashboard');

  // Once the page has loaded, a spare frame waits out of sight: sandboxed alike, hidden from assistive
  // technology, and nothing of any file has run in it.
  const standby = panel(app).getByTitle('Preview standby', { exact: true });
  await expect(standby).toHaveAttribute('aria-hidden', 'true');
  await expect(standby).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
  await expect(standby.contentFrame().locator('#root')).toBeEmpty();
  // Which frame takes the next page: the spare may be made again while it streams (the page's head and imports
  // known so far change), so every frame that turns from a standby into the next page's preview is noted.
  await standby.evaluate((frame) => {
    const taken: string[] = [];
    (window as unknown as { sparesTaken: string[] }).sparesTaken = taken;
    new MutationObserver((records) => {
      for (const record of records)
        if (record.oldValue === 'Preview standby' && record.target instanceof Element)
          taken.push(record.target.getAttribute('title') ?? '');
    }).observe(frame.getRootNode(), {
      subtree: true,
      attributes: true,
      attributeOldValue: true,
      attributeFilter: ['title'],
    });
  });

  // The same libraries, and an error.
  const imports = DASHBOARD.slice(0, DASHBOARD.indexOf('\nconst data'));
  const next = `${imports}

export default function Next() {
  const rows: string[] | undefined = undefined;
  return <Card><CardTitle className="p-2"><TrendingUp />{rows!.map((r) => <p>{r}</p>)}</CardTitle></Card>;
}
`;
  await modelCreates(app, anthropic, 'Next.tsx', next, 'toolu_next');
  await expect(app.getByTitle('Next.tsx preview', { exact: true })).toHaveCount(1);
  expect(await app.evaluate(() => (window as unknown as { sparesTaken: string[] }).sparesTaken)).toEqual([
    'Next.tsx preview',
  ]);
  await expect(consoleRegion(app)).toContainText('1 error');
});

test('a component shown in a spare frame, where React rendered once out of sight, renders, updates and reports only itself', async ({
  app,
  anthropic,
}) => {
  await modelCreates(app, anthropic, 'Dashboard.tsx', DASHBOARD);
  await expect(preview(app, 'Dashboard.tsx').getByTestId('title')).toHaveText('Sales dashboard');
  const ticks = preview(app, 'Dashboard.tsx').locator('.recharts-cartesian-axis-tick-value');
  await expect(ticks.first()).toBeVisible();
  const labels = await ticks.allTextContents();
  // The spare evaluates React and renders a small tree out of sight (never in its document) before any file,
  // and with recharts a small chart (recharts' element for measuring text is taken out again).
  const standby = panel(app).getByTitle('Preview standby', { exact: true });
  await expect(standby.contentFrame().locator('#root')).toBeEmpty();
  await expect(
    standby.contentFrame().locator('body :is(ul, li, svg, #recharts_measurement_span)'),
  ).toHaveCount(0);

  const next = DASHBOARD.replace("title = 'Sales dashboard'", "title = 'Next quarter'");
  await modelCreates(app, anthropic, 'Next.tsx', next, 'toolu_next');
  const shown = preview(app, 'Next.tsx');
  await expect(shown.getByTestId('title')).toHaveText('Next quarter');
  // The chart has the same axis labels as in a fresh frame: the warm-up's text sizes changed nothing.
  await expect(shown.locator('.recharts-cartesian-axis-tick-value')).toHaveText(labels);
  await shown.getByRole('button', { name: /Clicked 0/ }).click();
  await expect(shown.getByRole('button', { name: /Clicked 1/ })).toBeVisible();
  expect(await toolResult(anthropic, 'toolu_next')).not.toMatch(/\[(error|warn|log)\]/);
  await expect(consoleRegion(app)).not.toContainText('error');
});
