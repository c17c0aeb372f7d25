import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOOL_DESCRIPTION } from '../src/artifacts/description';
import {
  isShelfManifest,
  parseIconTable,
  type ShelfManifest,
  shelfFiles,
} from '../src/artifacts/shelf-manifest';
import { SHELF_LIST_FILE, shelfListSource } from './shelf-list.mjs';

/**
 * The library shelf as `scripts/build-shelf.mjs` leaves it in public/shelf/, checked against the contract the
 * preview runtime relies on (src/artifacts/shelf-manifest.ts): the manifest, ES modules that import other
 * shelf libraries only by bare specifier, classic scripts that define their globals, and the shadcn/ui
 * stand-ins' exports. The modules are also linked and run in Node, through a copy whose bare specifiers point
 * at the copy's own files, as the preview's import map points them at the shelf's.
 */
const root = resolve(import.meta.dirname, '..');
const shelf = join(root, 'public', 'shelf');
const viteRequire = createRequire(createRequire(join(root, 'package.json')).resolve('vite'));
const { parseSync } = (await import(
  pathToFileURL(viteRequire.resolve('rolldown/utils')).href
)) as typeof import('rolldown/utils');

// Loading and running a few megabytes of libraries takes seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 60_000 });

let manifest: ShelfManifest;
let linked: string;

beforeAll(() => {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-shelf.mjs')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`build-shelf failed:\n${run.stdout}\n${run.stderr}`);
  const data: unknown = JSON.parse(readFileSync(join(shelf, 'manifest.json'), 'utf8'));
  if (!isShelfManifest(data)) throw new Error('public/shelf/manifest.json is not a shelf manifest');
  manifest = data;
  linked = linkedCopy(manifest);
}, 180_000);

afterAll(() => {
  if (linked) rmSync(linked, { recursive: true, force: true });
});

describe('the shelf manifest', () => {
  it('has every library the issue and the corpus call for', () => {
    for (const name of [
      'react',
      'react-dom',
      'lucide-react',
      'recharts',
      'framer-motion',
      'd3',
      'three',
      'chart.js',
      'mathjs',
      'lodash',
      'date-fns',
      'papaparse',
      'xlsx',
      'marked',
      'tailwindcss',
      'jszip',
      'tone',
      'uuid',
      '@/components/ui',
      '@/lib/utils',
    ])
      expect(manifest.packages, name).toHaveProperty([name]);
  });

  it('pins exact versions and names every package on CDNs', () => {
    for (const [name, entry] of Object.entries(manifest.packages)) {
      expect(entry.version, name).toMatch(/^\d+\.\d+\.\d+$/);
      // An older major (`chart.js@3`) is found through its package's names and the version a page asks for.
      if (!name.startsWith('@/') && !/@\d+$/.test(name)) expect(entry.cdnNames, name).toContain(name);
    }
    expect(manifest.packages['chart.js@2']?.version).toMatch(/^2\./);
    expect(manifest.packages['chart.js@3']?.version).toMatch(/^3\./);
    expect(manifest.packages['marked@12']?.version).toMatch(/^12\./);
    expect(Object.keys(manifest.packages.three?.addons ?? {})).toContain(
      'examples/js/controls/OrbitControls.js',
    );
    expect(manifest.packages['chart.js']?.cdnNames).toContain('Chart.js');
    expect(manifest.packages.three?.cdnNames).toContain('three.js');
    expect(manifest.packages.lodash?.cdnNames).toContain('lodash.js');
    expect(manifest.packages.papaparse?.cdnNames).toContain('PapaParse');
    expect(manifest.packages.tailwindcss?.cdnNames).toContain('@tailwindcss/browser');
  });

  it('is what the artifacts tool tells Claude: every library by name and exact version, every component', () => {
    const ours = new Set(['@/lib/utils', '@/components/ui']);
    // Radix's primitives are named as one group, the IndexedDB stand-in by what it gives; fonts not at all (the
    // description is in the app's first load, and Claude links Google Fonts anyway).
    expect(TOOL_DESCRIPTION).toContain('@radix-ui/react-*;');
    for (const [name, entry] of Object.entries(manifest.packages)) {
      if (ours.has(name)) continue;
      if (name.startsWith('@radix-ui/')) continue;
      if (entry.fonts) continue;
      if (name === 'fake-indexeddb') expect(TOOL_DESCRIPTION).toContain('localStorage and indexedDB work');
      else expect(TOOL_DESCRIPTION, name).toContain(`${name} ${entry.version}`);
    }
    for (const primitive of ['tabs', 'dialog', 'select', 'collapsible', 'slot'])
      expect(manifest.packages, primitive).toHaveProperty([`@radix-ui/react-${primitive}`]);
    const components = Object.keys(manifest.packages['@/components/ui']?.modules ?? {})
      .filter((key) => key !== '.')
      .map((key) => key.slice(2));
    expect(components.length).toBeGreaterThan(15);
    const listed = /@\/components\/ui\/<name> \(([^)]+)\)/.exec(TOOL_DESCRIPTION)?.[1]?.split(', ');
    expect(listed?.sort()).toEqual(components.filter((c) => c !== 'icons').sort());
  });

  it('names the libraries in the tool description from the manifest itself (shelf-list.ts is written from it)', () => {
    expect(readFileSync(join(root, SHELF_LIST_FILE), 'utf8')).toBe(shelfListSource(manifest));
    expect(TOOL_DESCRIPTION).toContain('three 0.128.0 (r128, with OrbitControls');
    expect(TOOL_DESCRIPTION).not.toContain('fake-indexeddb');
  });

  it('gives each package the gzip size of all its files', () => {
    for (const [name, entry] of Object.entries(manifest.packages)) {
      // Font files are counted apart: woff2 is compressed already, and a page reads only the faces it names.
      const faces = new Set(Object.values(entry.fonts?.faces ?? {}));
      const files = shelfFiles({ version: 1, packages: { [name]: entry } }).filter((f) => !faces.has(f));
      const gzip = files.reduce(
        (sum, f) => sum + gzipSync(readFileSync(join(shelf, f)), { level: 9 }).length,
        0,
      );
      expect(entry.gzip, name).toBe(gzip);
    }
  });

  it('is not rebuilt when its inputs are unchanged', () => {
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'build-shelf.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('up to date');
  });
});

describe('the ES modules', () => {
  it('parse as modules and import only bare specifiers that are on the shelf', () => {
    const known = new Set(allSpecifiers(manifest).keys());
    for (const [specifier, file] of allSpecifiers(manifest)) {
      const { imports, errors } = importsOf(file);
      expect(errors, specifier).toEqual([]);
      for (const source of imports) expect(known, `${specifier} imports ${source}`).toContain(source);
    }
  });

  it('load and run, with the default exports artifacts write', async () => {
    const React = await load('react');
    expect(typeof React.useState).toBe('function');
    expect((React.default as typeof React).useState).toBe(React.useState);
    expect(typeof (await load('react/jsx-runtime')).jsx).toBe('function');
    expect(typeof (await load('react-dom/client')).createRoot).toBe('function');

    const lodash = await load('lodash');
    expect((lodash.default as { chunk: (a: number[], n: number) => number[][] }).chunk([1, 2, 3], 2)).toEqual(
      [[1, 2], [3]],
    );
    expect(lodash.debounce).toBeTypeOf('function');
    const debounce = (await load('lodash/debounce')).default;
    expect(debounce).toBe(lodash.debounce);

    const Papa = (await load('papaparse')).default as { parse: (csv: string) => { data: string[][] } };
    expect(Papa.parse('a,b\n1,2').data).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    const math = (await load('mathjs')).default as { evaluate: (e: string) => number };
    expect(math.evaluate('2 + 3 * 4')).toBe(14);
    expect((await load('d3')).scaleLinear).toBeTypeOf('function');
    expect(((await load('d3')).default as { select: unknown }).select).toBeTypeOf('function');
    expect((await load('three')).WebGLRenderer).toBeTypeOf('function');
    expect((await load('three/examples/jsm/controls/OrbitControls.js')).OrbitControls).toBeTypeOf('function');
    expect((await load('date-fns')).format).toBeTypeOf('function');
    expect((await load('xlsx')).read).toBeTypeOf('function');
    expect((await load('marked')).marked).toBeTypeOf('function');
    expect((await load('uuid')).v4).toBeTypeOf('function');
    expect((await load('tone')).Synth).toBeTypeOf('function');
    expect((await load('jszip')).default).toBeTypeOf('function');
    expect((await load('lucide-react')).AlertTriangle).toBeDefined();
    // The brand icons release 1 dropped, as 0.x named them.
    for (const name of ['Github', 'GithubIcon', 'LucideTwitter', 'Facebook', 'Youtube'])
      expect((await load('lucide-react'))[name], name).toBeDefined();
    expect((await load('recharts')).ResponsiveContainer).toBeDefined();
    expect((await load('framer-motion')).motion).toBeDefined();
    expect((await load('motion/react')).AnimatePresence).toBeDefined();
  });

  it('has every icon of lucide-react as a module of its own that imports only the shared base', async () => {
    const entry = manifest.packages['lucide-react'];
    const icons = entry?.icons;
    if (!entry || !icons) throw new Error('lucide-react has no icon modules');
    const table = parseIconTable(JSON.parse(readFileSync(join(shelf, icons.table), 'utf8')));
    if (!table) throw new Error('the icon table does not parse');
    const stems = new Set(table.values());
    const full = await load('lucide-react');
    // Every icon the whole package exports by a name of the table, and nothing else of it.
    for (const [name, stem] of table) {
      expect(full[name], name).toBeDefined();
      expect(full[`${name}Icon`], `${name}Icon`).toBe(full[name]);
      expect(stems.has(stem)).toBe(true);
    }
    for (const stem of stems) {
      const { imports, errors } = importsOf(`${icons.folder}${stem}.mjs`);
      expect(errors, stem).toEqual([]);
      expect([...imports], stem).toEqual(['lucide-react/base']);
    }
    // Linked and run: the icon's own module is the component the whole package exports under its names.
    const base = pathToFileURL(join(linked, entry.modules['./base'] ?? '')).href;
    for (const stem of ['trending-up', 'camera', 'alert-triangle'].filter((s) => stems.has(s))) {
      const code = readFileSync(join(shelf, `${icons.folder}${stem}.mjs`), 'utf8');
      const copy = join(linked, icons.folder, `${stem}.mjs`);
      mkdirSync(dirname(copy), { recursive: true });
      writeFileSync(copy, code.replace("'lucide-react/base'", JSON.stringify(base)));
      const icon = (await import(/* @vite-ignore */ pathToFileURL(copy).href)).default as {
        displayName?: string;
        render?: unknown;
      };
      const name = [...table].find(([, s]) => s === stem)?.[0] ?? '';
      expect(icon.displayName, stem).toBe((full[name] as { displayName?: string }).displayName);
      expect(icon.render).toBeTypeOf('function');
    }
  });

  it('registers every chart type in chart.js, as chart.js/auto does', async () => {
    const auto = await load('chart.js/auto');
    const Chart = auto.default as { registry: { getController: (type: string) => unknown } };
    expect(Chart).toBe((await load('chart.js')).Chart);
    for (const type of ['bar', 'line', 'pie', 'doughnut', 'scatter', 'radar'])
      expect(Chart.registry.getController(type), type).toBeDefined();
  });

  it('cn() joins classes and lets the later Tailwind class win', async () => {
    const { cn } = (await load('@/lib/utils')) as { cn: (...c: unknown[]) => string };
    expect(cn('px-2 py-1', false && 'hidden', 'px-4')).toBe('py-1 px-4');
  });
});

describe('the shadcn/ui stand-ins', () => {
  const documented: Record<string, string[]> = {
    card: ['Card', 'CardHeader', 'CardTitle', 'CardDescription', 'CardContent', 'CardFooter'],
    button: ['Button', 'buttonVariants'],
    alert: ['Alert', 'AlertTitle', 'AlertDescription', 'AlertDialog', 'AlertDialogAction'],
    'alert-dialog': ['AlertDialog', 'AlertDialogTrigger', 'AlertDialogContent', 'AlertDialogCancel'],
    tabs: ['Tabs', 'TabsList', 'TabsTrigger', 'TabsContent'],
    input: ['Input'],
    label: ['Label'],
    select: ['Select', 'SelectTrigger', 'SelectValue', 'SelectContent', 'SelectItem', 'SelectGroup'],
    badge: ['Badge', 'badgeVariants'],
    progress: ['Progress'],
    slider: ['Slider'],
    switch: ['Switch'],
    checkbox: ['Checkbox'],
    textarea: ['Textarea'],
    table: ['Table', 'TableHeader', 'TableBody', 'TableRow', 'TableHead', 'TableCell', 'TableCaption'],
    dialog: ['Dialog', 'DialogTrigger', 'DialogContent', 'DialogHeader', 'DialogTitle', 'DialogDescription'],
    tooltip: ['Tooltip', 'TooltipTrigger', 'TooltipContent', 'TooltipProvider'],
    accordion: ['Accordion', 'AccordionItem', 'AccordionTrigger', 'AccordionContent'],
    separator: ['Separator'],
    'scroll-area': ['ScrollArea', 'ScrollBar'],
    popover: ['Popover', 'PopoverTrigger', 'PopoverContent', 'PopoverAnchor'],
    avatar: ['Avatar', 'AvatarImage', 'AvatarFallback'],
    'radio-group': ['RadioGroup', 'RadioGroupItem'],
    'aspect-ratio': ['AspectRatio'],
    calendar: ['Calendar'],
    collapsible: ['Collapsible', 'CollapsibleTrigger', 'CollapsibleContent'],
    skeleton: ['Skeleton'],
    toggle: ['Toggle', 'toggleVariants'],
    sheet: [
      'Sheet',
      'SheetTrigger',
      'SheetContent',
      'SheetHeader',
      'SheetTitle',
      'SheetDescription',
      'SheetFooter',
    ],
    breadcrumb: [
      'Breadcrumb',
      'BreadcrumbList',
      'BreadcrumbItem',
      'BreadcrumbLink',
      'BreadcrumbPage',
      'BreadcrumbSeparator',
    ],
    pagination: [
      'Pagination',
      'PaginationContent',
      'PaginationItem',
      'PaginationLink',
      'PaginationPrevious',
      'PaginationNext',
    ],
    command: [
      'Command',
      'CommandDialog',
      'CommandInput',
      'CommandList',
      'CommandEmpty',
      'CommandGroup',
      'CommandItem',
    ],
    'context-menu': ['ContextMenu', 'ContextMenuTrigger', 'ContextMenuContent', 'ContextMenuItem'],
    menubar: ['Menubar', 'MenubarMenu', 'MenubarTrigger', 'MenubarContent', 'MenubarItem', 'MenubarShortcut'],
    'navigation-menu': [
      'NavigationMenu',
      'NavigationMenuList',
      'NavigationMenuItem',
      'NavigationMenuTrigger',
      'NavigationMenuContent',
      'NavigationMenuLink',
      'navigationMenuTriggerStyle',
    ],
    toast: ['Toast', 'ToastTitle', 'ToastDescription', 'ToastAction', 'ToastProvider', 'ToastViewport'],
    toaster: ['Toaster'],
    'use-toast': ['useToast', 'toast'],
    sonner: ['Toaster', 'toast'],
    carousel: ['Carousel', 'CarouselContent', 'CarouselItem', 'CarouselPrevious', 'CarouselNext'],
    drawer: ['Drawer', 'DrawerTrigger', 'DrawerContent', 'DrawerHeader', 'DrawerTitle', 'DrawerFooter'],
    form: [
      'Form',
      'FormField',
      'FormItem',
      'FormLabel',
      'FormControl',
      'FormDescription',
      'FormMessage',
      'useFormField',
    ],
    'input-otp': ['InputOTP', 'InputOTPGroup', 'InputOTPSlot', 'InputOTPSeparator'],
    resizable: ['ResizablePanelGroup', 'ResizablePanel', 'ResizableHandle'],
  };

  it.each(Object.entries(documented))('@/components/ui/%s exports its components', async (name, names) => {
    const module = await load(`@/components/ui/${name}`);
    for (const exported of names) expect(module[exported], exported).toBeDefined();
  });

  it('are React components of the shelf', async () => {
    const ui = await load('@/components/ui');
    const React = await load('react');
    const createElement = React.createElement as (type: unknown, props: unknown) => { type: unknown };
    expect(createElement(ui.Card, { className: 'p-4' }).type).toBe(ui.Card);
  });
});

describe('the classic scripts', () => {
  // What must be on the page before a script: React DOM's UMD build reads window.React.
  const before: Record<string, string[]> = { 'react-dom': ['react'], 'd3-sankey': ['d3'] };

  // Scripts that need more of a browser than this stand-in window (pdf.js the iterator helpers Node 20 lacks,
  // jsPDF and html2pdf.js its canvas and text APIs): the e2e tests and the artifacts corpus run them in Chromium.
  const browserOnly = new Set(['pdfjs-dist', 'jspdf', 'html2pdf.js']);

  it('define their globals in a page', () => {
    for (const [name, entry] of Object.entries(manifest.packages)) {
      if (!entry.script || browserOnly.has(name)) continue;
      const page = fakeWindow();
      for (const dependency of [...(before[name] ?? []), name]) {
        const script = manifest.packages[dependency]?.script;
        if (!script) throw new Error(`${dependency} has no script`);
        try {
          vm.runInContext(readFileSync(join(shelf, script), 'utf8'), page, { filename: script });
        } catch (error) {
          throw new Error(`${name}: ${error}`);
        }
      }
      expect(entry.globals?.length ?? 0, name).toBeGreaterThan(0);
      for (const global of entry.globals ?? []) expect(page[global], `${name}: ${global}`).toBeDefined();
    }
  });

  it("Tabler's icon font is one stylesheet with its woff2 inside", () => {
    const file = manifest.packages['@tabler/icons-webfont']?.styles?.['.'] ?? '';
    const css = readFileSync(join(shelf, file), 'utf8');
    expect(css).toContain('src:url("data:font/woff2;base64,');
    expect(css).not.toMatch(/url\(["']?\.\/fonts\//);
    expect(css).toContain('.ti-home:before');
  });

  it("three's add-on scripts extend the THREE of its script; older majors are theirs", () => {
    const three = manifest.packages.three;
    const page = fakeWindow();
    for (const file of [three?.script, three?.addons?.['examples/js/controls/OrbitControls.js']])
      vm.runInContext(readFileSync(join(shelf, file ?? ''), 'utf8'), page, { filename: file });
    expect(typeof (page.THREE as { OrbitControls?: unknown }).OrbitControls).toBe('function');
    // Chart.js 2 has no `version`; its options live under `defaults.global`, which 3 removed.
    const charts = (name: string) => {
      const chartPage = fakeWindow();
      const script = manifest.packages[name]?.script ?? '';
      vm.runInContext(readFileSync(join(shelf, script), 'utf8'), chartPage);
      return chartPage.Chart as { version?: string; defaults: { global?: unknown } };
    };
    expect(charts('chart.js@2').defaults.global).toBeDefined();
    expect(charts('chart.js@3').version).toMatch(/^3\./);
  });

  it("Tailwind's script turns a Tailwind 3 `tailwind.config` into theme variables", () => {
    const page = fakeWindow();
    const script = manifest.packages.tailwindcss?.script ?? '';
    vm.runInContext(readFileSync(join(shelf, script), 'utf8'), page);
    const inputs = page.document.head.children;
    expect(inputs[0]?.textContent).toContain('--color-muted-foreground');
    vm.runInContext(
      "tailwind.config = { darkMode: 'class', theme: { extend: { colors: { brand: { 500: '#123456', DEFAULT: '#abcdef' } }, fontFamily: { display: ['Inter', 'sans-serif'] } } } };",
      page,
    );
    const added = inputs.at(-1);
    expect(added?.type).toBe('text/tailwindcss');
    expect(added?.textContent).toContain('--color-brand-500: #123456;');
    expect(added?.textContent).toContain('--color-brand: #abcdef;');
    expect(added?.textContent).toContain('--font-display: Inter, sans-serif;');
    expect(added?.textContent).toContain('@custom-variant dark');
  });
});

// ---------------------------------------------------------------------------------------------------------

/** Every import specifier of the shelf and the file that serves it. */
function allSpecifiers(m: ShelfManifest): Map<string, string> {
  const specifiers = new Map<string, string>();
  for (const [name, entry] of Object.entries(m.packages))
    for (const [subpath, file] of Object.entries(entry.modules))
      specifiers.set(subpath === '.' ? name : `${name}${subpath.slice(1)}`, file);
  return specifiers;
}

interface SourceLiteral {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

interface ParsedModule {
  readonly imports: string[];
  readonly literals: SourceLiteral[];
  readonly errors: string[];
}

const parsed = new Map<string, ParsedModule>();

/** The module specifiers a shelf module names (static imports, re-exports, literal dynamic imports). */
function importsOf(file: string): ParsedModule {
  const cached = parsed.get(file);
  if (cached) return cached;
  const code = readFileSync(join(shelf, file), 'utf8');
  const { program, errors } = parseSync(file, code, { sourceType: 'module' });
  const literals: SourceLiteral[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const n = node as Record<string, unknown>;
    const type = n.type;
    if (
      (type === 'ImportDeclaration' ||
        type === 'ExportAllDeclaration' ||
        type === 'ExportNamedDeclaration' ||
        type === 'ImportExpression') &&
      isStringLiteral(n.source)
    )
      literals.push(n.source);
    for (const [key, value] of Object.entries(n)) if (key !== 'source') visit(value);
  };
  visit(program.body);
  const result = { imports: literals.map((l) => l.value), literals, errors: errors.map((e) => e.message) };
  parsed.set(file, result);
  return result;
}

function isStringLiteral(node: unknown): node is SourceLiteral {
  return (
    typeof node === 'object' &&
    node !== null &&
    (node as { type?: unknown }).type === 'Literal' &&
    typeof (node as { value?: unknown }).value === 'string'
  );
}

/** A copy of the shelf's modules in which each bare specifier is the file URL of the copy it names. */
function linkedCopy(m: ShelfManifest): string {
  // Under node_modules, so Vitest leaves the files to Node's own loader instead of transforming them.
  const cache = join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'shelf-linked-'));
  const specifiers = allSpecifiers(m);
  for (const file of new Set(specifiers.values())) {
    let code = readFileSync(join(shelf, file), 'utf8');
    const { literals } = importsOf(file);
    for (const literal of [...literals].sort((a, b) => b.start - a.start)) {
      const target = specifiers.get(literal.value);
      if (!target) continue;
      code = `${code.slice(0, literal.start)}${JSON.stringify(pathToFileURL(join(dir, target)).href)}${code.slice(literal.end)}`;
    }
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), code);
  }
  return dir;
}

async function load(specifier: string): Promise<Record<string, unknown>> {
  const file = allSpecifiers(manifest).get(specifier);
  if (!file) throw new Error(`${specifier} is not on the shelf`);
  return (await import(/* @vite-ignore */ pathToFileURL(join(linked, file)).href)) as Record<string, unknown>;
}

interface FakeElement {
  type: string;
  textContent: string;
  style: Record<string, string>;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
}

/**
 * A page for classic scripts: a window whose own properties are the globals, and as much of a document as
 * UMD builds and Tailwind's browser build touch while they load.
 */
function fakeWindow(): vm.Context &
  Record<string, unknown> & { document: { head: { children: FakeElement[] } } } {
  const element = (): FakeElement => {
    const attributes = new Map<string, string>();
    return {
      get type() {
        return attributes.get('type') ?? '';
      },
      textContent: '',
      style: {},
      setAttribute: (name, value) => attributes.set(name, value),
      getAttribute: (name) => attributes.get(name) ?? null,
    };
  };
  const head = {
    children: [] as FakeElement[],
    style: {},
    append(...nodes: FakeElement[]) {
      head.children.push(...nodes);
    },
    prepend(...nodes: FakeElement[]) {
      head.children.unshift(...nodes);
    },
  };
  const document = {
    head,
    documentElement: head,
    createElement: element,
    querySelectorAll: () => [],
    addEventListener() {},
    hasFocus: () => false,
    createTextNode: () => ({}),
    createElementNS: element,
    readyState: 'loading',
  };
  const page = vm.createContext({
    document,
    navigator: { userAgent: 'node', platform: 'node' },
    location: { href: 'about:srcdoc' },
    MutationObserver: class {
      observe() {}
    },
    Node: { ELEMENT_NODE: 1 },
    addEventListener() {},
    screen: {},
    devicePixelRatio: 1,
    sessionStorage: {},
    DOMException,
    Event,
    EventTarget,
    structuredClone,
    console,
    performance,
    setTimeout,
    clearTimeout,
    queueMicrotask,
  });
  vm.runInContext('var window = globalThis; var self = globalThis;', page);
  return page as vm.Context & Record<string, unknown> & { document: { head: typeof head } };
}
