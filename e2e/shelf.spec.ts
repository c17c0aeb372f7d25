import { expect, type Frame, type Page, test } from '@playwright/test';

/**
 * The library shelf of the built app (`shelf/`), loaded the way previews load it: into a
 * `sandbox="allow-scripts"` frame (an opaque origin), ES modules through one import map, classic scripts with
 * `<script src>`. The frame's module scripts need a server that lets any origin read them, so they come from
 * a stand-in origin that serves the app's shelf files so; classic scripts come from the app itself.
 */
const SHELF = 'https://shelf.test/';

test.describe.configure({ timeout: 60_000 });

interface Manifest {
  packages: Record<string, { modules: Record<string, string>; script?: string }>;
}

async function openShelf(page: Page, baseURL: string | undefined): Promise<Manifest> {
  await page.route(`${SHELF}**`, async (route) => {
    const file = route.request().url().slice(SHELF.length);
    const response = await route.fetch({ url: `${baseURL}/shelf/${file}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
  const response = await page.request.get('/shelf/manifest.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Manifest;
}

/** Puts `html` in a sandboxed frame of a blank page; returns the frame and its console errors. */
async function sandboxed(page: Page, html: string): Promise<{ frame: Frame; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setContent(
    '<iframe sandbox="allow-scripts" title="Preview" style="width:900px;height:1200px"></iframe>',
  );
  await page.locator('iframe').evaluate((frame: HTMLIFrameElement, srcdoc) => {
    frame.srcdoc = srcdoc;
  }, html);
  const frame = page.frames()[1];
  if (!frame) throw new Error('no frame');
  return { frame, errors };
}

function importMap(manifest: Manifest): string {
  const imports: Record<string, string> = {};
  for (const [name, entry] of Object.entries(manifest.packages))
    for (const [subpath, file] of Object.entries(entry.modules))
      imports[subpath === '.' ? name : `${name}${subpath.slice(1)}`] = SHELF + file;
  return JSON.stringify({ imports });
}

function script(manifest: Manifest, baseURL: string | undefined, name: string): string {
  return `<script src="${baseURL}/shelf/${manifest.packages[name]?.script}"></script>`;
}

const component = `
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Card, CardHeader, CardTitle, CardDescription, CardContent } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Select, SelectTrigger, SelectValue, SelectContent, SelectItem } from '@/components/ui/select';
import { Tabs, TabsList, TabsTrigger, TabsContent } from '@/components/ui/tabs';
import { Switch } from '@/components/ui/switch';
import { Dialog, DialogTrigger, DialogContent, DialogTitle, DialogDescription } from '@/components/ui/dialog';
import { Accordion, AccordionItem, AccordionTrigger, AccordionContent } from '@/components/ui/accordion';
import { BarChart, Bar, XAxis, YAxis } from 'recharts';
import { AlertTriangle } from 'lucide-react';
import { motion } from 'framer-motion';
const h = React.createElement;
function App() {
  const [count, setCount] = useState(0);
  return h('main', { className: 'p-4 space-y-4' },
    h(Card, { role: 'region', 'aria-label': 'Summary' },
      h(CardHeader, null, h(CardTitle, null, 'Summary'), h(CardDescription, null, 'Muted text')),
      h(CardContent, null, h(Button, { onClick: () => setCount(count + 1) }, 'Clicked ' + count))),
    h(AlertTriangle, { 'aria-label': 'Warning', role: 'img' }),
    h(Select, { defaultValue: 'b' },
      h(SelectTrigger, { className: 'w-40', 'aria-label': 'Fruit' }, h(SelectValue, null)),
      h(SelectContent, null, h(SelectItem, { value: 'a' }, 'Apple'), h(SelectItem, { value: 'b' }, 'Banana'))),
    h(Tabs, { defaultValue: 'one' },
      h(TabsList, null, h(TabsTrigger, { value: 'one' }, 'One'), h(TabsTrigger, { value: 'two' }, 'Two')),
      h(TabsContent, { value: 'one' }, 'First panel'), h(TabsContent, { value: 'two' }, 'Second panel')),
    h(Switch, { 'aria-label': 'Notifications' }),
    h(Dialog, null, h(DialogTrigger, { asChild: true }, h(Button, { variant: 'outline' }, 'Details')),
      h(DialogContent, null, h(DialogTitle, null, 'More details'), h(DialogDescription, null, 'Inside'))),
    h(Accordion, { type: 'single', collapsible: true },
      h(AccordionItem, { value: 'q' }, h(AccordionTrigger, null, 'Question'), h(AccordionContent, null, 'Answer'))),
    h(motion.p, { initial: { opacity: 0 }, animate: { opacity: 1 } }, 'Animated'),
    h(BarChart, { width: 400, height: 200, data: [{ n: 'a', v: 3 }, { n: 'b', v: 5 }], role: 'img', 'aria-label': 'Chart' },
      h(XAxis, { dataKey: 'n' }), h(YAxis), h(Bar, { dataKey: 'v', fill: '#8884d8', isAnimationActive: false })));
}
createRoot(document.getElementById('root')).render(h(App));
`;

test('a React component with shadcn/ui, recharts, lucide-react and Tailwind runs from the shelf in a sandboxed frame', async ({
  page,
  baseURL,
}) => {
  const manifest = await openShelf(page, baseURL);
  const { frame, errors } = await sandboxed(
    page,
    `<!doctype html><html><head>${script(manifest, baseURL, 'tailwindcss')}
<script type="importmap">${importMap(manifest)}</script></head><body><div id="root"></div>
<script type="module">${component}</script></body></html>`,
  );
  const preview = page.frameLocator('iframe[title="Preview"]');

  // Tailwind generated the classes, with shadcn/ui's colours.
  const button = preview.getByRole('button', { name: 'Clicked 0' });
  // Two megabytes of libraries to parse on a busy two-core machine can take a while.
  await expect(button).toBeVisible({ timeout: 30_000 });
  await expect(button).toHaveCSS('background-color', 'rgb(15, 23, 42)');
  await expect(preview.getByRole('region', { name: 'Summary' })).toHaveCSS(
    'border-top-color',
    'rgb(226, 232, 240)',
  );
  await expect(preview.getByText('Muted text')).toHaveCSS('color', 'rgb(100, 116, 139)');

  // Hooks work in our code, Radix's and recharts' only if every module shares one React.
  await button.click();
  await expect(preview.getByRole('button', { name: 'Clicked 1' })).toBeVisible();

  await expect(preview.getByRole('img', { name: 'Warning' })).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Chart' }).locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(preview.getByText('Animated')).toHaveCSS('opacity', '1');

  await preview.getByRole('combobox', { name: 'Fruit' }).click();
  await preview.getByRole('option', { name: 'Apple' }).click();
  await expect(preview.getByRole('combobox', { name: 'Fruit' })).toHaveText('Apple');

  await preview.getByRole('tab', { name: 'Two' }).click();
  await expect(preview.getByRole('tabpanel')).toHaveText('Second panel');

  await preview.getByRole('switch', { name: 'Notifications' }).click();
  await expect(preview.getByRole('switch', { name: 'Notifications' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await preview.getByRole('button', { name: 'Details' }).click();
  await expect(preview.getByRole('dialog', { name: 'More details' })).toBeVisible();
  await frame.press('body', 'Escape');
  await expect(preview.getByRole('dialog')).toHaveCount(0);

  await preview.getByRole('button', { name: 'Question' }).click();
  await expect(preview.getByRole('region', { name: 'Question' })).toHaveText('Answer');

  expect(errors).toEqual([]);
});

test('an HTML page gets Tailwind with its Tailwind 3 config, Chart.js and d3 from classic scripts', async ({
  page,
  baseURL,
}) => {
  const manifest = await openShelf(page, baseURL);
  const { errors } = await sandboxed(
    page,
    `<!doctype html><html><head>${script(manifest, baseURL, 'tailwindcss')}
<script>tailwind.config = { theme: { extend: { colors: { brand: { 500: '#123456' } } } } };</script>
${script(manifest, baseURL, 'chart.js')}${script(manifest, baseURL, 'd3')}</head><body>
<section class="bg-brand-500 border p-4" aria-label="Branded">Branded</section>
<canvas id="chart" width="300" height="150" role="img" aria-label="Sales"></canvas>
<svg id="dots" role="img" aria-label="Dots" width="300" height="50"></svg>
<script>
new Chart(document.getElementById('chart'), { type: 'bar', data: { labels: ['a', 'b'], datasets: [{ label: 'Sales', data: [1, 2] }] }, options: { animation: false } });
d3.select('#dots').selectAll('circle').data([10, 20, 30]).join('circle').attr('cx', (d) => d * 5).attr('cy', 25).attr('r', 8);
document.body.dataset.chart = Chart.getChart('chart') ? 'drawn' : 'missing';
</script></body></html>`,
  );
  const preview = page.frameLocator('iframe[title="Preview"]');
  await expect(preview.getByRole('region', { name: 'Branded' })).toHaveCSS(
    'background-color',
    'rgb(18, 52, 86)',
  );
  await expect(preview.getByRole('region', { name: 'Branded' })).toHaveCSS(
    'border-top-color',
    'rgb(229, 231, 235)',
  );
  await expect(preview.locator('body')).toHaveAttribute('data-chart', 'drawn');
  await expect(preview.getByRole('img', { name: 'Dots' }).locator('circle')).toHaveCount(3);
  expect(errors).toEqual([]);
});
