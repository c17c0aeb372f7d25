import { describe, expect, it } from 'vitest';
import { missingLibraryText } from './cdn';
import { planPage } from './page-plan';
import {
  ARTIFACT_SPECIFIER,
  compileToken,
  GENERATED_FOLDER,
  SHELF_MARKER,
  shelfModuleOf,
  withDefaultExport,
} from './page-source';
import {
  iconStemOf,
  isShelfManifest,
  parseIconTable,
  type ShelfManifest,
  type ShelfPackage,
} from './shelf-manifest';

/** A small shelf shaped like public/shelf/manifest.json. */
const shelf: ShelfManifest = {
  version: 1,
  packages: {
    react: {
      version: '18.3.1',
      cdnNames: ['react'],
      modules: { '.': 'react.mjs', './jsx-runtime': 'react-jsx-runtime.mjs' },
      script: 'react.js',
      globals: ['React'],
    },
    'react-dom': {
      version: '18.3.1',
      cdnNames: ['react-dom'],
      modules: { '.': 'react-dom.mjs', './client': 'react-dom-client.mjs' },
      script: 'react-dom.js',
      globals: ['ReactDOM'],
    },
    'chart.js': {
      version: '4.6.1',
      cdnNames: ['chart.js', 'Chart.js'],
      modules: { '.': 'chart.mjs', './auto': 'chart-auto.mjs' },
      script: 'chart.js',
      globals: ['Chart'],
      integrity: { 'chart.js': 'sha256-OURS256 sha384-OURS384 sha512-OURS512' },
    },
    pyodide: {
      version: '0.28.3',
      cdnNames: ['pyodide'],
      modules: {},
      script: 'pyodide.js',
      globals: ['loadPyodide'],
      data: {
        'pyodide.asm.js': 'pyodide-0.28.3/pyodide.asm.js',
        'pyodide.asm.wasm': 'pyodide-0.28.3/pyodide.asm.wasm',
      },
    },
    'sql.js': {
      version: '1.17.0',
      cdnNames: ['sql.js'],
      modules: {},
      script: 'sql.js',
      globals: ['initSqlJs'],
      data: { 'dist/sql-wasm.wasm': 'sql-1.17.0/dist/sql-wasm.wasm' },
    },
    'fake-indexeddb': {
      version: '6.2.8',
      cdnNames: ['fake-indexeddb'],
      modules: {},
      script: 'fake-indexeddb.js',
      globals: ['indexedDB'],
    },
    '@fontsource/inter': {
      version: '5.3.0',
      cdnNames: ['@fontsource/inter'],
      modules: {},
      fonts: {
        family: 'Inter',
        faces: {
          '400-normal': 'fonts/inter-400.woff2',
          '700-normal': 'fonts/inter-700.woff2',
          '400-italic': 'fonts/inter-400i.woff2',
        },
      },
    },
    tailwindcss: {
      version: '4.3.4',
      cdnNames: ['tailwindcss', '@tailwindcss/browser', 'tailwind'],
      modules: {},
      script: 'tailwindcss.js',
      globals: ['tailwind'],
    },
    lodash: {
      version: '4.18.1',
      cdnNames: ['lodash', 'lodash.js'],
      modules: { '.': 'lodash.mjs', './debounce': 'lodash/debounce.mjs' },
      script: 'lodash.js',
      globals: ['_'],
    },
    three: {
      version: '0.128.0',
      cdnNames: ['three', 'three.js'],
      modules: { '.': 'three.mjs', './examples/jsm/controls/OrbitControls.js': 'three-orbit.mjs' },
      script: 'three.js',
      globals: ['THREE'],
    },
    '@/components/ui': {
      version: '0.1.0',
      cdnNames: [],
      modules: { '.': 'components-ui.mjs', './button': 'components-ui-button.mjs' },
    },
  },
};

const html = (content: string) => planPage(content, 'html', shelf);
const react = (content: string) => planPage(content, 'react', shelf);

const COMPONENT = [
  "import { useState } from 'react';",
  "import { Button } from '@/components/ui/button';",
  'export default function App() {',
  '  const [n, setN] = useState(0);',
  '  return <Button className="m-4" onClick={() => setN(n + 1)}>{n}</Button>;',
  '}',
].join('\n');

describe('the test shelf', () => {
  it('is a well-formed manifest', () => {
    expect(isShelfManifest(shelf)).toBe(true);
  });
});

describe('planPage: scripts from a CDN', () => {
  it('puts the shelf file in place of a cdnjs Chart.js of the same major version, without a note', () => {
    const plan = html(
      '<script src="https://cdnjs.cloudflare.com/ajax/libs/Chart.js/4.4.1/chart.umd.min.js"></script>',
    );
    expect(plan.html).toBe(`<script src="${SHELF_MARKER}chart.js"></script>`);
    expect(plan.files).toEqual(['chart.js']);
    expect(plan.notes).toEqual([]);
    expect(plan.handled).toEqual([]);
    expect(plan.missing).toEqual({});
  });

  it('uses the shelf’s copy of another major version and says so once, as information', () => {
    const plan = html(
      '<script src="https://cdn.jsdelivr.net/npm/chart.js@3.9.1/dist/chart.min.js"></script>\n' +
        '<script src="https://unpkg.com/chart.js@3.9.1"></script>',
    );
    expect(plan.html).toBe(
      `<script src="${SHELF_MARKER}chart.js"></script>\n<script src="${SHELF_MARKER}chart.js"></script>`,
    );
    expect(plan.notes).toEqual([
      {
        level: 'info',
        text: "chart.js 3.9.1 was asked for; the preview has chart.js 4.6.1 (previews have no network, so they use Easel's own copy).",
      },
    ]);
  });

  it('puts the shelf’s Tailwind in place of the Tailwind CDN, and marks its address handled', () => {
    const plan = html('<script src="https://cdn.tailwindcss.com"></script>');
    expect(plan.html).toBe(`<script src="${SHELF_MARKER}tailwindcss.js"></script>`);
    expect(plan.files).toEqual(['tailwindcss.js']);
    expect(plan.handled).toEqual(['https://cdn.tailwindcss.com']);
    expect(plan.notes).toEqual([]);
  });

  it('notes a Tailwind CDN of another major version', () => {
    const plan = html('<script src="https://cdn.tailwindcss.com/3.4.1?plugins=forms"></script>');
    expect(plan.html).toBe(`<script src="${SHELF_MARKER}tailwindcss.js"></script>`);
    expect(plan.notes.map((n) => n.level)).toEqual(['info']);
    expect(plan.notes[0]?.text).toContain('tailwindcss 3.4.1 was asked for');
  });

  it('puts the shelf’s Tailwind script in place of a prebuilt Tailwind stylesheet from any CDN', () => {
    for (const href of [
      'https://cdn.jsdelivr.net/npm/tailwindcss@2.2.19/dist/tailwind.min.css',
      'https://unpkg.com/tailwindcss@2.2.19/dist/tailwind.min.css',
      'https://cdnjs.cloudflare.com/ajax/libs/tailwindcss/2.2.19/tailwind.min.css',
    ]) {
      const plan = html(`<head><link href="${href}" rel="stylesheet"></head><h1 class="text-4xl">Hi</h1>`);
      expect(plan.html).toBe(
        `<head><script src="${SHELF_MARKER}tailwindcss.js"></script></head><h1 class="text-4xl">Hi</h1>`,
      );
      expect(plan.files).toEqual(['tailwindcss.js']);
      expect(plan.handled).toEqual([href]);
      expect(plan.missing).toEqual({});
      expect(plan.notes.map((n) => [n.level, n.text.slice(0, 32)])).toEqual([
        ['info', 'tailwindcss 2.2.19 was asked for'],
      ]);
    }
  });

  it('gives a page one Tailwind script however many Tailwind sheets or scripts it names', () => {
    const sheet = (name: string) =>
      `<link rel="stylesheet" href="https://unpkg.com/tailwindcss@2.2.19/dist/${name}.min.css">`;
    const split = html(`${sheet('base')}${sheet('components')}${sheet('utilities')}<p class="p-2">x</p>`);
    expect(split.html).toBe(`<script src="${SHELF_MARKER}tailwindcss.js"></script><p class="p-2">x</p>`);
    expect(split.handled).toHaveLength(3);
    const both = html(`<script src="https://cdn.tailwindcss.com"></script>${sheet('tailwind')}`);
    expect(both.html).toBe(`<script src="${SHELF_MARKER}tailwindcss.js"></script>`);
  });

  it('leaves a Tailwind link that is not a stylesheet, or one from elsewhere, to the other rules', () => {
    const preload = html(
      '<link rel="preload" href="https://unpkg.com/tailwindcss@2.2.19/dist/tailwind.min.css">',
    );
    expect(preload.html).toBe('<link rel="preload" href="about:blank">');
    const own = html('<link rel="stylesheet" href="styles/tailwind.css">');
    expect(own.html).toBe('<link rel="stylesheet" href="styles/tailwind.css">');
  });

  it('replaces a library the shelf does not have with a stand-in that throws the one clear line', () => {
    // fastly.jsdelivr.net is read as jsDelivr's address but is not one of the CDNs a person can allow.
    const plan = html(
      '<script src="https://fastly.jsdelivr.net/npm/cesium@1.113.0/Build/Cesium/Cesium.js"></script>',
    );
    const standIn = `${GENERATED_FOLDER}missing-cesium.js`;
    expect(plan.html).toBe(`<script src="${SHELF_MARKER}${standIn}"></script>`);
    expect(plan.files).toEqual([standIn]);
    expect(plan.generated).toEqual({
      [standIn]: `throw new Error(${JSON.stringify(missingLibraryText('cesium'))});`,
    });
    // The stand-in's error is the one line; nothing is blocked, so there is nothing to mark handled.
    expect(plan.notes).toEqual([]);
    expect(plan.handled).toEqual([]);
  });

  it('reads a project’s own jsDelivr folder as that project', () => {
    const plan = html('<script src="https://fastly.jsdelivr.net/brython/v3.12.0/full/brython.js"></script>');
    expect(plan.generated).toEqual({
      [`${GENERATED_FOLDER}missing-brython.js`]: `throw new Error(${JSON.stringify(missingLibraryText('brython'))});`,
    });
  });

  it('drops a Babel script without a word, since the runtime compiles itself', () => {
    const plan = html('<script src="https://unpkg.com/@babel/standalone/babel.min.js"></script>');
    expect(plan.html).toBe(`<script src="${SHELF_MARKER}${GENERATED_FOLDER}empty.js"></script>`);
    expect(plan.generated).toEqual({ [`${GENERATED_FOLDER}empty.js`]: '' });
    expect(plan.notes).toEqual([]);
  });

  it('leaves scripts from other hosts as written', () => {
    const page = '<script src="https://example.com/app.js"></script><script src="local.js"></script>';
    expect(html(page).html).toBe(page);
  });

  it('gives a module script from a CDN the shelf’s module and its bare specifier', () => {
    const plan = html(
      '<script type="module" src="https://cdn.jsdelivr.net/npm/chart.js@4/auto/+esm"></script>',
    );
    expect(plan.html).toBe(`<script type="module" src="${SHELF_MARKER}chart-auto.mjs"></script>`);
    expect(plan.imports).toEqual({ 'chart.js/auto': 'chart-auto.mjs' });
  });
});

describe('planPage: public CDN files the shelf lacks', () => {
  it('records a classic script, a module and a stylesheet of the four public CDNs as remote stand-ins', () => {
    const plan = html(
      [
        '<link rel="stylesheet" href="https://cdnjs.cloudflare.com/ajax/libs/animate.css/4.1.1/animate.min.css" integrity="sha512-x">',
        '<script src="//unpkg.com/cesium@1.113.0/Build/Cesium/Cesium.js" integrity="sha384-y"></script>',
        '<script src="https://unpkg.com/cesium@1.113.0/Build/Cesium/Cesium.js"></script>',
        '<script type="module">import confetti from \'https://esm.sh/party-js@2\';</script>',
      ].join('\n'),
    );
    const css = `${GENERATED_FOLDER}cdn-0.css`;
    const js = `${GENERATED_FOLDER}cdn-1.js`;
    const mjs = `${GENERATED_FOLDER}cdn-2.mjs`;
    expect(plan.remote).toEqual({
      [css]: {
        url: 'https://cdnjs.cloudflare.com/ajax/libs/animate.css/4.1.1/animate.min.css',
        kind: 'style',
      },
      [js]: { url: 'https://unpkg.com/cesium@1.113.0/Build/Cesium/Cesium.js', kind: 'script' },
      [mjs]: { url: 'https://esm.sh/party-js@2', kind: 'module' },
    });
    // One stand-in per address; integrity dropped; the module keeps its address, mapped to its stand-in.
    expect(plan.html).toBe(
      [
        `<link rel="stylesheet" href="${SHELF_MARKER}${css}">`,
        `<script src="${SHELF_MARKER}${js}"></script>`,
        `<script src="${SHELF_MARKER}${js}"></script>`,
        '<script type="module">\n\n\nimport confetti from \'https://esm.sh/party-js@2\';</script>',
      ].join('\n'),
    );
    expect(plan.imports).toMatchObject({ 'https://esm.sh/party-js@2': mjs });
    expect(plan.generated[js]).toBe(`throw new Error(${JSON.stringify(missingLibraryText('cesium'))});`);
    expect(plan.generated[css]).toBe('');
    // Until the host has asked for them, nothing is said: the host adds the line of a refusal.
    expect(plan.notes).toEqual([]);
  });

  it('keeps the shelf first: a library it holds never becomes a remote file', () => {
    const plan = html(
      '<script src="https://cdn.jsdelivr.net/npm/chart.js@4/dist/chart.umd.min.js"></script>',
    );
    expect(plan.remote).toEqual({});
  });
});

describe('planPage: stylesheets', () => {
  it('gives a stylesheet of a library not on the shelf exactly one error, an empty sheet, and marks it handled', () => {
    const href = 'https://fastly.jsdelivr.net/npm/cesium@1.113.0/Build/Cesium/Widgets/widgets.css';
    const plan = html(`<link rel="stylesheet" href="${href}">\n<link rel="stylesheet" href="${href}">`);
    const empty = `${SHELF_MARKER}${GENERATED_FOLDER}empty.css`;
    expect(plan.html).toBe(
      `<link rel="stylesheet" href="${empty}">\n<link rel="stylesheet" href="${empty}">`,
    );
    expect(plan.notes).toEqual([{ level: 'error', text: missingLibraryText('cesium') }]);
    expect(plan.handled).toEqual([href]);
  });

  it('leaves a web-font stylesheet of another host to fall back with the frame’s information line', () => {
    // The frame says "Web fonts from fonts.bunny.net are not loaded …" (info) when the policy blocks it.
    const page =
      '<link rel="preconnect" href="https://fonts.bunny.net">' +
      '<link rel="stylesheet" href="https://fonts.bunny.net/css?family=inter:400">';
    const plan = html(page);
    expect(plan.html).toBe(page);
    expect(plan.notes).toEqual([]);
    expect(plan.handled).toEqual([]);
  });
});

describe('planPage: Google Fonts', () => {
  const face = (file: string, weight: number, style = 'normal') =>
    `@font-face{font-family:"Inter";font-style:${style};font-weight:${weight};font-display:swap;src:url(${SHELF_MARKER}fonts/${file}) format("woff2")}`;

  it('turns a Google Fonts link into the @font-face rules of the faces it asks for, from the shelf', () => {
    const href = 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&amp;display=swap';
    const plan = html(
      `<link rel="preconnect" href="https://fonts.gstatic.com">\n<link href="${href}" rel="stylesheet">`,
    );
    expect(plan.html).toBe(
      `<link rel="preconnect" href="https://fonts.gstatic.com">\n<style>${face('inter-400.woff2', 400)}${face('inter-700.woff2', 700)}</style>`,
    );
    expect(plan.files).toEqual(['fonts/inter-400.woff2', 'fonts/inter-700.woff2']);
    expect(plan.notes).toEqual([]);
  });

  it('turns an @import of Google Fonts in a stylesheet into the same rules, on its line', () => {
    const plan = html(
      "<style>\n@import url('https://fonts.googleapis.com/css2?family=Inter:ital,wght@1,400&display=swap');\nbody{font-family:Inter}</style>",
    );
    expect(plan.html).toBe(
      `<style>\n${face('inter-400i.woff2', 400, 'italic')}\nbody{font-family:Inter}</style>`,
    );
  });

  it('names a family the shelf lacks in one information line and serves the others', () => {
    const plan = html(
      '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter&family=Comic+Neue:wght@700">',
    );
    expect(plan.html).toBe(`<style>${face('inter-400.woff2', 400)}</style>`);
    expect(plan.notes).toEqual([
      {
        level: 'info',
        text: 'The web font Comic Neue is not in the preview (it has no network); a local font is used instead.',
      },
    ]);
  });

  it('declares the faces a component’s own Google Fonts address names in the page head, and marks it handled', () => {
    const url = 'https://fonts.googleapis.com/css2?family=Inter:wght@700&display=swap';
    const plan = react(
      `export default function App() { return <div><style>{\`@import url('${url}');\`}</style>Hi</div>; }`,
    );
    expect(plan.react?.head).toContain(`<style>${face('inter-700.woff2', 700)}</style>`);
    expect(plan.handled).toContain(url);
  });
});

describe('planPage: integrity hashes', () => {
  const src = 'https://cdn.jsdelivr.net/npm/chart.js@4.6.1/dist/chart.umd.min.js';

  it('keeps a hash that names the shelf file’s bytes, so the browser checks them', () => {
    const plan = html(`<script src="${src}" integrity="sha384-OURS384" crossorigin="anonymous"></script>`);
    expect(plan.html).toBe(
      `<script src="${SHELF_MARKER}chart.js" integrity="sha384-OURS384" crossorigin="anonymous"></script>`,
    );
    expect(plan.notes).toEqual([]);
  });

  it('drops a hash of other bytes for the shelf’s copy, with one information line', () => {
    const plan = html(
      `<script src="${src}" integrity="sha384-THEIRS" crossorigin></script><script src="${src}" integrity="sha384-THEIRS"></script>`,
    );
    expect(plan.html).toBe(
      `<script src="${SHELF_MARKER}chart.js" crossorigin></script><script src="${SHELF_MARKER}chart.js"></script>`,
    );
    expect(plan.notes).toEqual([
      {
        level: 'info',
        text: "The page's integrity hash for chart.js names other bytes than the preview's own copy (chart.js 4.6.1); that copy is used without the check.",
      },
    ]);
  });

  it('checks only the strongest algorithm given, as browsers do', () => {
    const plan = html(`<script src="${src}" integrity="sha256-OURS256 sha512-THEIRS"></script>`);
    expect(plan.html).toBe(`<script src="${SHELF_MARKER}chart.js"></script>`);
  });

  it('drops the hash of a library not on the shelf, so its stand-in runs and says so', () => {
    const plan = html('<script src="https://unpkg.com/nothing-here@1" integrity="sha384-X"></script>');
    expect(plan.html).not.toContain('integrity');
    expect(plan.notes).toEqual([]);
  });
});

describe('planPage: Pyodide', () => {
  it('serves Pyodide’s files from the shelf at the jsDelivr folder of its version, and waits longer for it', () => {
    const plan = html('<script src="https://cdn.jsdelivr.net/pyodide/v0.26.4/full/pyodide.js"></script>');
    const base = 'https://cdn.jsdelivr.net/pyodide/v0.28.3/full/';
    expect(plan.html).toContain(`<script src="${SHELF_MARKER}pyodide.js"></script>`);
    expect(plan.html).toContain(
      `(${JSON.stringify(base)},{"pyodide.asm.js":"${SHELF_MARKER}pyodide-0.28.3/pyodide.asm.js","pyodide.asm.wasm":"${SHELF_MARKER}pyodide-0.28.3/pyodide.asm.wasm"});</script>`,
    );
    expect(plan.html.split('\n')).toHaveLength(1);
    expect(plan.imports[`${base}pyodide.asm.js`]).toBe('pyodide-0.28.3/pyodide.asm.js');
    expect(plan.stallMs).toBeGreaterThan(4_000);
    expect(plan.notes.map((n) => n.text)).toEqual([
      "pyodide 0.26.4 was asked for; the preview has pyodide 0.28.3 (previews have no network, so they use Easel's own copy).",
    ]);
  });

  it('answers `import(indexURL + "pyodide.mjs")` with the shelf’s Pyodide through the import map', () => {
    const folder = 'https://cdn.jsdelivr.net/pyodide/v0.26.2/full/';
    const plan = html(
      `<p>x</p><script>\nconst indexURL = '${folder}';\nimport(indexURL + 'pyodide.mjs');\n</script>`,
    );
    const module = plan.imports[`${folder}pyodide.mjs`] ?? '';
    expect(plan.generated[module]).toContain('window.loadPyodide(options)');
    expect(plan.html).toContain(`<script src="${SHELF_MARKER}pyodide.js"></script><script>\nconst indexURL`);
    expect(plan.stallMs).toBeGreaterThan(4_000);
  });

  it('leaves other pages without the setup or the longer wait', () => {
    const plan = html('<script src="https://cdn.jsdelivr.net/npm/chart.js@4"></script>');
    expect(plan.html).not.toContain('loadPyodide');
    expect(plan.stallMs).toBeUndefined();
  });
});

describe('planPage: components written for a router', () => {
  const routed = `import { Link } from 'react-router-dom';\nexport default function Login() { return <Link to="/signup">Sign up</Link>; }`;

  it('renders a component using react-router without a router of its own inside a memory router', () => {
    const plan = planPage(routed, 'react', shelf);
    expect(plan.react?.bootstrap).toContain("import { MemoryRouter } from 'react-router-dom';");
    expect(plan.react?.bootstrap).toContain('createElement(MemoryRouter,null,createElement(Component))');
    expect(Object.keys(plan.imports)).toContain('react-router-dom');
  });

  it('leaves a component with its own router, or none, as it is', () => {
    const own = `import { BrowserRouter, Link } from 'react-router-dom';\nexport default () => <BrowserRouter><Link to="/">x</Link></BrowserRouter>;`;
    expect(planPage(own, 'react', shelf).react?.bootstrap).not.toContain('MemoryRouter');
    expect(planPage('export default () => <p>x</p>;', 'react', shelf).react?.bootstrap).not.toContain(
      'MemoryRouter',
    );
  });
});

describe('planPage: a library’s own data files', () => {
  it('serves sql.js’s WebAssembly wherever the page’s locateFile points, once, before its script', () => {
    const src = 'https://cdnjs.cloudflare.com/ajax/libs/sql.js/1.8.0/sql-wasm.js';
    const plan = html(`<script src="${src}"></script>\n<script src="${src}"></script>`);
    const setup = `{"sql-wasm.wasm":"${SHELF_MARKER}sql-1.17.0/dist/sql-wasm.wasm"});</script>`;
    expect(plan.html.split(setup)).toHaveLength(2);
    expect(plan.html.indexOf(setup)).toBeLessThan(plan.html.indexOf(`${SHELF_MARKER}sql.js`));
    expect(plan.files).toContain('sql-1.17.0/dist/sql-wasm.wasm');
    expect(plan.html).not.toContain('loadPyodide');
    expect(plan.stallMs).toBeUndefined();
  });
});

describe('planPage: IndexedDB', () => {
  it('puts the shelf’s in-memory IndexedDB before the first script of a page that names it', () => {
    const plan = html('<p>x</p>\n<script>\nindexedDB.open("db");\n</script><script>1</script>');
    const script = `<script src="${SHELF_MARKER}fake-indexeddb.js"></script>`;
    expect(plan.html.startsWith(`<p>x</p>\n${script}<script>`)).toBe(true);
    expect(plan.html.split(script)).toHaveLength(2);
    expect(plan.files).toEqual(['fake-indexeddb.js']);
  });

  it('gives it to a component that names it, in its head', () => {
    const plan = react('export default function App() { indexedDB.open("x"); return null; }');
    expect(plan.react?.head).toContain(`<script src="${SHELF_MARKER}fake-indexeddb.js"></script>`);
  });

  it('puts it before an SVG drawing, whose own scripts take no src', () => {
    const plan = planPage('<svg><script>indexedDB.open("x")</script></svg>', 'svg', shelf);
    expect(plan.html).toContain(`<script src="${SHELF_MARKER}fake-indexeddb.js"></script><svg><script>`);
  });

  it('leaves a page that does not name it alone', () => {
    expect(html('<script>localStorage.x = 1</script>').files).toEqual([]);
  });
});

describe('planPage: text/babel scripts', () => {
  it('marks a text/babel script for compiling in place, as classic JSX, keeping its line', () => {
    const body = '\nfunction App() { return <h1>Hi</h1>; }\nReactDOM.createRoot(root).render(<App />);\n';
    const plan = html(`<div id="root"></div>\n<script type="text/babel">${body}</script>`);
    expect(plan.html).toBe(`<div id="root"></div>\n<script type="module">${compileToken(0)}</script>`);
    expect(plan.compile).toEqual([{ code: body, typescript: false, jsxRuntime: 'classic', padLines: 1 }]);
  });

  it('compiles a babel module with the automatic runtime, TypeScript when its presets say so', () => {
    const body = "\nimport { useState } from 'react';\nconst x: number = 1;\n";
    const plan = html(
      `<p>one</p>\n<p>two</p>\n<script type="text/babel" data-presets="typescript,react">${body}</script>`,
    );
    expect(plan.html).toBe(`<p>one</p>\n<p>two</p>\n<script type="module">${compileToken(0)}</script>`);
    expect(plan.compile).toEqual([{ code: body, typescript: true, jsxRuntime: 'automatic', padLines: 2 }]);
    expect(plan.imports).toEqual({ react: 'react.mjs', 'react/jsx-runtime': 'react-jsx-runtime.mjs' });
  });
});

describe('planPage: module imports', () => {
  it('turns a CDN import into the bare specifier the import map resolves', () => {
    const plan = html(
      "<script type=\"module\">\nimport React from 'https://esm.sh/react@18';\nimport { createRoot } from 'https://esm.sh/react-dom@18/client';\n</script>",
    );
    expect(plan.html).toBe(
      "<script type=\"module\">\nimport React from 'react';\nimport { createRoot } from 'react-dom/client';\n</script>",
    );
    expect(plan.imports).toEqual({ react: 'react.mjs', 'react-dom/client': 'react-dom-client.mjs' });
    expect(plan.notes).toEqual([]);
  });

  it('pads an inline module script to the line it starts on in the artifact', () => {
    const plan = html('<h1>x</h1>\n\n<script type="module">import _ from \'lodash\';</script>');
    expect(plan.html).toBe('<h1>x</h1>\n\n<script type="module">\n\nimport _ from \'lodash\';</script>');
  });

  it('turns a CDN import of a library not on the shelf into a stand-in recorded as missing', () => {
    const plan = html(
      '<script type="module">import { Viewer } from \'https://esm.run/cesium@1.113\';</script>',
    );
    expect(plan.html).toBe('<script type="module">import { Viewer } from \'easel-missing/cesium\';</script>');
    expect(plan.imports).toEqual({ 'easel-missing/cesium': `${GENERATED_FOLDER}missing-cesium.mjs` });
    expect(plan.missing).toEqual({ 'easel-missing/cesium': missingLibraryText('cesium') });
  });

  it('keeps the keys of the artifact’s own import map as specifiers to resolve, noting other majors', () => {
    const map = JSON.stringify({
      imports: { react: 'https://esm.sh/react@17', 'three/': 'https://esm.sh/three/' },
    });
    const plan = html(`<script type="importmap">${map}</script>`);
    expect(plan.html).toBe(`<script type="application/json" data-easel-importmap>${map}</script>`);
    expect(plan.imports).toEqual({ react: 'react.mjs' });
    expect(plan.notes.map((n) => n.level)).toEqual(['info']);
    expect(plan.notes[0]?.text).toContain('react 17 was asked for; the preview has react 18.3.1');
  });
});

describe('planPage: .jsx and .tsx components', () => {
  it('compiles the component as one module and renders its default export into #root', () => {
    const plan = react(COMPONENT);
    expect(plan.compile).toEqual([
      { code: COMPONENT, typescript: true, jsxRuntime: 'automatic', padLines: 0 },
    ]);
    expect(plan.generated).toEqual({ [`${GENERATED_FOLDER}artifact.js`]: compileToken(0) });
    expect(plan.html).toContain('<div id="root"></div>');
    expect(plan.html).toContain(`import * as artifact from '${ARTIFACT_SPECIFIER}'`);
  });

  it('maps React, the runtime it needs and the shelf’s components', () => {
    expect(react(COMPONENT).imports).toEqual({
      react: 'react.mjs',
      '@/components/ui/button': 'components-ui-button.mjs',
      [ARTIFACT_SPECIFIER]: `${GENERATED_FOLDER}artifact.js`,
      'react/jsx-runtime': 'react-jsx-runtime.mjs',
      'react-dom/client': 'react-dom-client.mjs',
    });
  });

  it('splits the page into a head without the component and the bootstrap that runs it', () => {
    const plan = react(COMPONENT);
    const parts = plan.react;
    expect(parts && parts.head + parts.bootstrap).toBe(plan.html);
    expect(parts?.head).toContain('<div id="root"></div>');
    expect(parts?.head).toContain(`${SHELF_MARKER}tailwindcss.js`);
    expect(parts?.head).not.toContain(ARTIFACT_SPECIFIER);
    expect(parts?.bootstrap).toContain(`import * as artifact from '${ARTIFACT_SPECIFIER}'`);
    expect(planPage('<p>x</p>', 'html', shelf).react).toBeUndefined();
  });

  it('gives a half-written component the same head once its first className is there', () => {
    const whole = react(COMPONENT);
    const start = react(COMPONENT.slice(0, COMPONENT.indexOf('className') + 'className='.length));
    expect(start.react?.head).toBe(whole.react?.head);
  });

  it('adds the shelf’s Tailwind when the component uses className', () => {
    const plan = react(COMPONENT);
    expect(plan.html).toContain(`<script src="${SHELF_MARKER}tailwindcss.js"></script>`);
    expect(plan.files).toEqual(['tailwindcss.js']);
    expect(react('export default function App() { return <p>plain</p>; }').files).toEqual([]);
  });

  it('resolves subpaths written with a file extension to the same shelf files as without', () => {
    const plan = react(
      [
        "import { Button } from '@/components/ui/button.jsx';",
        "import debounce from 'lodash/debounce.js';",
        'export default function App() { return <Button onClick={debounce(() => {}, 100)} />; }',
      ].join('\n'),
    );
    expect(plan.imports['@/components/ui/button.jsx']).toBe('components-ui-button.mjs');
    expect(plan.imports['lodash/debounce.js']).toBe('lodash/debounce.mjs');
    expect(plan.missing).toEqual({});
  });

  it('maps a bare import not on the shelf to a stand-in and records its "not available" line', () => {
    const plan = react(
      "import { SketchPicker } from 'react-color';\nexport default function App() { return <SketchPicker />; }",
    );
    const standIn = `${GENERATED_FOLDER}missing-react-color.mjs`;
    expect(plan.imports['react-color']).toBe(standIn);
    expect(plan.generated[standIn]).toBe(
      `throw new Error(${JSON.stringify(missingLibraryText('react-color'))});`,
    );
    expect(plan.missing).toEqual({ 'react-color': missingLibraryText('react-color') });
  });

  it('turns a CDN import in a component into a bare specifier', () => {
    const plan = react(
      "import React from 'https://esm.sh/react@18';\nexport default function App() { return null; }",
    );
    expect(plan.compile[0]?.code).toBe(
      "import React from 'react';\nexport default function App() { return null; }",
    );
    expect(plan.imports.react).toBe('react.mjs');
  });

  it('imports a component that renders itself instead of bootstrapping it', () => {
    const plan = react(
      "import { createRoot } from 'react-dom/client';\nfunction App() { return null; }\ncreateRoot(document.getElementById('root')).render(<App />);",
    );
    expect(plan.html).toBe(
      `<style>html,body{margin:0}</style><div id="root"></div><script type="module">import '${ARTIFACT_SPECIFIER}';</script>`,
    );
  });
});

describe('planPage: svg and text', () => {
  it('shows text escaped inside a <pre>', () => {
    expect(planPage('a < b & "c"', 'text', shelf).html).toMatch(/<pre>a &lt; b &amp; &quot;c&quot;<\/pre>$/);
  });

  it('centres an svg and resolves the scripts inside it like a page', () => {
    const plan = planPage('<svg><script src="https://cdn.tailwindcss.com"></script></svg>', 'svg', shelf);
    expect(plan.html).toMatch(
      /^<style>.*<\/style><svg><script src="easel-shelf:tailwindcss\.js"><\/script><\/svg>$/,
    );
  });
});

describe('shelfModuleOf', () => {
  it('resolves a specifier with or without a file extension or /index to the same file', () => {
    for (const s of [
      '@/components/ui/button',
      '@/components/ui/button.jsx',
      '@/components/ui/button.tsx',
      '@/components/ui/button/index',
      '@/components/ui/button/index.js',
    ])
      expect(shelfModuleOf(shelf, s)).toBe('components-ui-button.mjs');
    expect(shelfModuleOf(shelf, 'lodash/debounce.js')).toBe('lodash/debounce.mjs');
    expect(shelfModuleOf(shelf, 'lodash/debounce.mjs')).toBe('lodash/debounce.mjs');
    expect(shelfModuleOf(shelf, 'lodash/index.js')).toBe('lodash.mjs');
  });

  it("resolves a subpath written without the ending of the package's own file, as bundlers do", () => {
    for (const s of [
      'three/examples/jsm/controls/OrbitControls',
      'three/examples/jsm/controls/OrbitControls.js',
    ])
      expect(shelfModuleOf(shelf, s)).toBe('three-orbit.mjs');
    expect(shelfModuleOf(shelf, 'three/examples/jsm/controls/TrackballControls')).toBeUndefined();
  });

  it('is undefined for a subpath or package the shelf does not have', () => {
    expect(shelfModuleOf(shelf, 'lodash/throttle')).toBeUndefined();
    expect(shelfModuleOf(shelf, 'react-color')).toBeUndefined();
  });
});

describe('withDefaultExport', () => {
  it('adds a default export of App when the module has none', () => {
    expect(withDefaultExport('function App() {}')).toBe('function App() {}\nexport default App;');
    expect(withDefaultExport('const App = () => null;')).toBe('const App = () => null;\nexport default App;');
  });

  it('leaves a module that has a default export, or no App, as it is', () => {
    for (const source of [
      'export default function Page() {}',
      'function App() {}\nexport { App as default };',
      'function Page() {}',
    ])
      expect(withDefaultExport(source)).toBe(source);
  });
});

describe('icon imports (one module per icon)', () => {
  const icons: ShelfManifest = {
    version: 1,
    packages: {
      ...shelf.packages,
      'lucide-react': {
        version: '1.81.0',
        cdnNames: ['lucide-react'],
        modules: { '.': 'lucide-react.mjs', './base': 'lucide-react-base.mjs' },
        icons: { table: 'lucide-react-icons.json', folder: 'lucide-icons/' },
      },
    },
  };
  const table = parseIconTable({
    camera: ['Camera'],
    sun: ['Sun', 'SunIcon2'],
    'trending-up': ['TrendingUp'],
  });
  if (!table) throw new Error('the test table does not parse');
  const react = (code: string) => planPage(code, 'react', icons, table);
  const code = (plan: ReturnType<typeof planPage>) => plan.compile[0]?.code ?? '';

  it('imports each icon a page names from its own module, on the same lines', () => {
    const source =
      "import React from 'react';\nimport {\n  Camera,\n  Sun as Day,\n  TrendingUpIcon,\n  LucideCamera,\n} from 'lucide-react';\nexport default () => <Camera />;";
    const plan = react(source);
    const lines = code(plan).split('\n');
    expect(lines).toHaveLength(source.split('\n').length);
    expect(lines[1]).toBe(
      "import Camera from 'lucide-react/icons/camera'; import Day from 'lucide-react/icons/sun'; " +
        "import TrendingUpIcon from 'lucide-react/icons/trending-up'; import LucideCamera from 'lucide-react/icons/camera';",
    );
    expect(lines[7]).toBe('export default () => <Camera />;');
    expect(plan.imports['lucide-react/icons/camera']).toBe('lucide-icons/camera.mjs');
    expect(plan.imports['lucide-react/icons/trending-up']).toBe('lucide-icons/trending-up.mjs');
    expect(plan.imports['lucide-react']).toBeUndefined();
    expect(plan.icons).toEqual({
      specifiers: ['lucide-react/icons/camera', 'lucide-react/icons/sun', 'lucide-react/icons/trending-up'],
      base: 'lucide-react/base',
    });
  });

  it('drops type names, which TypeScript erases anyway', () => {
    const plan = react("import { Camera, type LucideIcon } from 'lucide-react';\nexport default () => null;");
    expect(code(plan).split('\n')[0]).toBe("import Camera from 'lucide-react/icons/camera';");
  });

  it('leaves the whole package to a page that imports anything but icons by name', () => {
    for (const line of [
      "import { Camera, createLucideIcon } from 'lucide-react';",
      "import * as Icons from 'lucide-react';",
      "import { Camera } from 'lucide-react/dist/esm/icons/camera';",
      "import type { LucideIcon } from 'lucide-react';",
    ]) {
      const plan = react(`${line}\nexport default () => null;`);
      expect(code(plan).split('\n')[0]).toBe(line);
      expect(plan.icons).toBeUndefined();
    }
    const without = planPage(
      "import { Camera } from 'lucide-react';\nexport default () => null;",
      'react',
      icons,
    );
    expect(code(without).split('\n')[0]).toBe("import { Camera } from 'lucide-react';");
    expect(without.imports['lucide-react']).toBe('lucide-react.mjs');
  });

  it('reads a CDN address of the package as the package, with its version note', () => {
    const plan = react(
      "import { Sun } from 'https://esm.sh/lucide-react@0.263.1';\nexport default () => <Sun />;",
    );
    expect(code(plan).split('\n')[0]).toBe("import Sun from 'lucide-react/icons/sun';");
    expect(plan.notes.map((n) => n.text).join('\n')).toContain('0.263.1');
  });

  it('keeps a malformed table out', () => {
    expect(parseIconTable({ camera: 'Camera' })).toBeUndefined();
    expect(parseIconTable({ '../x': ['X'] })).toBeUndefined();
    expect(parseIconTable({ x: ['not a name'] })).toBeUndefined();
    expect(iconStemOf(table, 'SunIcon')).toBe('sun');
    expect(iconStemOf(table, 'Moon')).toBeUndefined();
    expect(isShelfManifest(icons)).toBe(true);
    const badFolder = structuredClone(icons) as { packages: Record<string, { icons?: unknown }> };
    const entry = badFolder.packages['lucide-react'];
    if (entry) entry.icons = { table: 'lucide-react-icons.json', folder: '../up/' };
    expect(isShelfManifest(badFolder)).toBe(false);
  });
});

describe('planPage: older majors and add-on scripts', () => {
  const versions: ShelfManifest = {
    ...shelf,
    packages: {
      ...shelf.packages,
      'chart.js@3': {
        version: '3.9.1',
        cdnNames: [],
        modules: {},
        script: 'chart.js-3.js',
        globals: ['Chart'],
        integrity: { 'chart.js-3.js': 'sha384-THREE384' },
      },
      'chart.js@2': {
        version: '2.9.4',
        cdnNames: [],
        modules: {},
        script: 'chart.js-2.js',
        globals: ['Chart'],
      },
      three: {
        ...(shelf.packages.three as ShelfPackage),
        addons: { 'examples/js/controls/OrbitControls.js': 'three-addons/controls/OrbitControls.js' },
      },
    },
  };
  const page = (content: string) => planPage(content, 'html', versions);

  it('gives a classic script the major version it asks for, checking its hash, without a version line', () => {
    const three = page(
      '<script src="https://cdn.jsdelivr.net/npm/chart.js@3.9.1/dist/chart.min.js" integrity="sha384-THREE384"></script>',
    );
    expect(three.html).toBe(
      `<script src="${SHELF_MARKER}chart.js-3.js" integrity="sha384-THREE384"></script>`,
    );
    expect(three.notes).toEqual([]);
    const two = page(
      '<script src="https://cdnjs.cloudflare.com/ajax/libs/Chart.js/2.9.4/Chart.min.js"></script>',
    );
    expect(two.files).toEqual(['chart.js-2.js']);
    // One older than any kept gets the nearest; a newer one, or none, the current.
    expect(page('<script src="https://unpkg.com/chart.js@1"></script>').files).toEqual(['chart.js-2.js']);
    expect(page('<script src="https://unpkg.com/chart.js@5"></script>').files).toEqual(['chart.js']);
    expect(page('<script src="https://unpkg.com/chart.js"></script>').files).toEqual(['chart.js']);
  });

  it('gives three’s examples/js add-ons their own scripts, not three again', () => {
    const plan = page(
      [
        '<script src="https://cdnjs.cloudflare.com/ajax/libs/three.js/r128/three.min.js"></script>',
        '<script src="https://cdn.jsdelivr.net/npm/three@0.128.0/examples/js/controls/OrbitControls.js"></script>',
      ].join('\n'),
    );
    expect(plan.files).toEqual(['three.js', 'three-addons/controls/OrbitControls.js']);
  });
});
