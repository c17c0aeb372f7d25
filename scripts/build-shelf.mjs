// Builds the library shelf: the version-pinned libraries artifact previews may use, bundled from their npm
// packages into public/shelf/ (see src/shelf/README.md and the shelf contract in
// src/artifacts/shelf-manifest.ts). Every ES module imports the other shelf libraries only by bare specifier,
// so the preview's import map makes each shared library (React above all) a single instance.
//
//   node scripts/build-shelf.mjs           builds, or does nothing when its inputs are unchanged
//   node scripts/build-shelf.mjs --force   builds even so
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { writeShelfList } from './shelf-list.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'public', 'shelf');
const shelfSrc = join(root, 'src', 'shelf');
const require = createRequire(join(root, 'package.json'));
/**
 * Specifiers every module leaves to the import map instead of bundling: the React family (one instance for
 * the whole frame) and the small libraries the shadcn/ui stand-ins share with artifacts.
 */
const SHARED = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'clsx',
  'tailwind-merge',
  'class-variance-authority',
  'framer-motion',
  'lodash',
  'chart.js',
  'three',
  'react-day-picker',
  'cmdk',
  'sonner',
  'react-hook-form',
  'embla-carousel-react',
  'vaul',
  'input-otp',
  'react-resizable-panels',
  '@/lib/utils',
  '@/components/ui',
]);

/**
 * shadcn/ui components built as modules of their own, outside the shared bundle, each on a library only it
 * reads (react-day-picker, cmdk, sonner, react-hook-form, Embla, vaul, input-otp, react-resizable-panels): a
 * page reads the library only when it imports the component. The other components they draw (a button, a
 * dialog, a label) come from the shared `@/components/ui`.
 */
const STANDALONE_UI = new Set([
  'calendar',
  'carousel',
  'command',
  'drawer',
  'form',
  'input-otp',
  'resizable',
  'sonner',
]);

/** The Radix UI primitives the shadcn/ui stand-ins are built on: each is a module of its own too, for pages that import them directly. */
const RADIX = readdirSync(join(root, 'node_modules', '@radix-ui'))
  .filter(
    (name) =>
      name.startsWith('react-') && existsSync(join(root, 'node_modules', '@radix-ui', name, 'package.json')),
  )
  .sort();

/**
 * The Google Fonts families served from the shelf (from `@fontsource` packages, latin subset, every weight and
 * style the package has): the families real artifacts link most (docs/shelf.md).
 */
const FONTS = [
  'inter',
  'roboto',
  'poppins',
  'open-sans',
  'montserrat',
  'lato',
  'jetbrains-mono',
  'playfair-display',
  'space-grotesk',
  'fira-code',
  'raleway',
  'nunito',
  'source-sans-3',
  'merriweather',
  'oswald',
  'noto-sans',
  'work-sans',
  'dm-sans',
  'ibm-plex-sans',
  'ibm-plex-mono',
  'space-mono',
  'outfit',
  'manrope',
  'rubik',
  'ubuntu',
  'roboto-mono',
  'lora',
  'press-start-2p',
  'orbitron',
  'quicksand',
];

/** The shadcn/ui component files under src/shelf/components/ui, each a module `@/components/ui/<name>`. */
const UI_COMPONENTS = [
  'accordion',
  'alert',
  'alert-dialog',
  'aspect-ratio',
  'avatar',
  'badge',
  'breadcrumb',
  'button',
  'calendar',
  'card',
  'carousel',
  'checkbox',
  'collapsible',
  'command',
  'context-menu',
  'dialog',
  'drawer',
  'dropdown-menu',
  'form',
  'hover-card',
  'input',
  'input-otp',
  'label',
  'menubar',
  'navigation-menu',
  'pagination',
  'popover',
  'progress',
  'radio-group',
  'resizable',
  'scroll-area',
  'select',
  'separator',
  'sheet',
  'skeleton',
  'slider',
  'sonner',
  'switch',
  'table',
  'tabs',
  'textarea',
  'toast',
  'toaster',
  'toggle',
  'toggle-group',
  'tooltip',
  'use-toast',
];

/** The icons of lucide-react 0.x that release 1 removed (its brand icons, and one more). */
const LUCIDE_BRANDS = [
  'Chrome',
  'Chromium',
  'Codepen',
  'Codesandbox',
  'Dribbble',
  'Facebook',
  'Figma',
  'Framer',
  'Github',
  'Gitlab',
  'Instagram',
  'Linkedin',
  'Pocket',
  'RailSymbol',
  'Slack',
  'Trello',
  'Twitch',
  'Twitter',
  'Youtube',
];

// How a module is made:
//   { esm: 'specifier' }                   the package's ES build, bundled
//   { esm: 'specifier', withDefault }      …with the package's own default export too
//   { esm: 'specifier', namespaceDefault } …plus a default export that is the whole namespace
//   { cjs: 'specifier' }                   a CommonJS package: its default plus every key as a named export
//   { code: '…' }                          a few lines of our own (re-exports of another shelf module)
//   { file: 'src/…' }                      our own source (the shadcn/ui stand-ins)
// How the tool's description names it (scripts/shelf-list.mjs): `note`, words after its version; `unlisted`,
// left out of the list. `code`: `run_code`'s JavaScript may import it too (it works in a worker, with no page).
// How a classic script is made:
//   { copy: 'path' }                       the package's own UMD/IIFE build (minified when `minify`)
//   { iife: 'specifier', name }            built from the ES build, setting window[name]
/** @type {Array<{name: string, from?: string, cdnNames: string[], why: string, modules: Record<string, object>, script?: object, globals?: string[], styles?: Record<string, {css: string}>, fonts?: string, data?: string[], note?: string, unlisted?: boolean, addons?: string[], code?: boolean}>} */
const LIBRARIES = [
  {
    name: 'react',
    cdnNames: ['react'],
    why: 'every React artifact; 18.3 because it is the last React with UMD builds for <script> pages',
    modules: { '.': { cjs: 'react' }, './jsx-runtime': { cjs: 'react/jsx-runtime' } },
    script: { copy: 'react/umd/react.production.min.js' },
    globals: ['React'],
  },
  {
    name: 'react-dom',
    cdnNames: ['react-dom'],
    why: 'renders React artifacts (createRoot); UMD build for <script> pages',
    modules: { '.': { cjs: 'react-dom' }, './client': { cjs: 'react-dom/client' } },
    script: { copy: 'react-dom/umd/react-dom.production.min.js' },
    globals: ['ReactDOM'],
  },
  {
    name: 'lucide-react',
    cdnNames: ['lucide-react'],
    why: 'the icon set Claude imports in React artifacts (every icon; icons renamed since 0.263 keep aliases)',
    // Release 1 dropped the brand icons (Github, Twitter, Facebook …) that artifacts written for 0.x import;
    // they come from the last 0.x release (ISC, like the rest), so those imports still link.
    modules: {
      '.': {
        code: `export * from 'lucide-react';\nexport { ${LUCIDE_BRANDS.flatMap((n) => [n, `${n}Icon`, `Lucide${n}`]).join(', ')} } from 'lucide-react-0x';\n`,
        bundleSelf: true,
      },
    },
    // Each icon as a module of its own too, for pages that import only icons by name: a page then reads a few
    // hundred bytes per icon instead of parsing the whole set (900 KB) in every frame.
    lucideIcons: true,
  },
  {
    name: 'recharts',
    cdnNames: ['recharts'],
    why: 'the charting library Claude uses in React artifacts',
    modules: { '.': { esm: 'recharts' } },
  },
  {
    name: 'framer-motion',
    cdnNames: ['framer-motion'],
    why: 'animation in React artifacts',
    modules: { '.': { esm: 'framer-motion' } },
  },
  {
    name: 'motion',
    from: 'framer-motion',
    cdnNames: ['motion'],
    note: '(also motion/react)',
    why: 'framer-motion under its new name (`motion/react`); re-exports framer-motion',
    modules: {
      '.': { code: "export * from 'framer-motion';" },
      './react': { code: "export * from 'framer-motion';" },
    },
  },
  {
    name: 'd3',
    cdnNames: ['d3'],
    why: 'data visualisation in HTML and React artifacts',
    modules: { '.': { esm: 'd3', namespaceDefault: true } },
    script: { copy: 'd3/dist/d3.min.js' },
    globals: ['d3'],
    code: true,
  },
  {
    name: 'three',
    cdnNames: ['three', 'three.js'],
    note: '(r128, with OrbitControls from three/examples/jsm/controls/OrbitControls.js)',
    why: '3D scenes; r128, the release Claude is told to write for (later releases changed lighting and colour)',
    modules: {
      '.': { esm: 'three', namespaceDefault: true },
      './examples/jsm/controls/OrbitControls.js': { esm: 'three/examples/jsm/controls/OrbitControls.js' },
      './addons/controls/OrbitControls.js': {
        code: "export * from 'three/examples/jsm/controls/OrbitControls.js';",
      },
    },
    script: { copy: 'three/build/three.min.js' },
    globals: ['THREE'],
    // r128's classic add-ons (`THREE.OrbitControls` …), for pages that load them after three.min.js.
    addons: [
      ...[
        'DeviceOrientationControls',
        'DragControls',
        'FirstPersonControls',
        'FlyControls',
        'OrbitControls',
        'PointerLockControls',
        'TrackballControls',
        'TransformControls',
      ].map((name) => `examples/js/controls/${name}.js`),
      ...['GLTFLoader', 'OBJLoader', 'MTLLoader', 'STLLoader', 'FontLoader'].map(
        (name) => `examples/js/loaders/${name}.js`,
      ),
      ...['EffectComposer', 'RenderPass', 'ShaderPass', 'UnrealBloomPass', 'Pass'].map(
        (name) => `examples/js/postprocessing/${name}.js`,
      ),
      ...['CopyShader', 'LuminosityHighPassShader'].map((name) => `examples/js/shaders/${name}.js`),
      'examples/js/geometries/ConvexGeometry.js',
      'examples/js/math/ConvexHull.js',
      'examples/js/WebGL.js',
    ].filter((path) => existsSync(join(root, 'node_modules', 'three', path))),
  },
  {
    name: 'chart.js',
    cdnNames: ['chart.js', 'Chart.js'],
    note: '(chart.js/auto too)',
    why: 'canvas charts, mostly in HTML pages; the ES module registers every chart type as chart.js/auto does',
    modules: {
      '.': {
        code: [
          "import { Chart, registerables } from 'chart.js';",
          'Chart.register(...registerables);',
          "export * from 'chart.js';",
          'export default Chart;',
        ].join('\n'),
        bundleSelf: true,
      },
      './auto': { code: "export * from 'chart.js';\nexport { default } from 'chart.js';" },
    },
    script: { copy: 'chart.js/dist/chart.umd.min.js' },
    globals: ['Chart'],
  },
  // Older majors, for classic <script> pages that ask for them by version (`<name>@<major>`: see
  // `findPackage`); pages written for them break on the current one (Chart.js 3 renamed the options of 2, and
  // 4 dropped the `Chart.min.js` file name; marked 12's `marked(…)` call shape is gone in 18).
  {
    name: 'chart.js@3',
    from: 'chart.js-v3',
    cdnNames: [],
    note: '(pages that ask for chart.js 3 get it)',
    why: 'Chart.js 3 for pages written for it',
    modules: {},
    script: { copy: 'chart.js-v3/dist/chart.min.js' },
    globals: ['Chart'],
  },
  {
    name: 'chart.js@2',
    from: 'chart.js-v2',
    cdnNames: [],
    note: '(pages that ask for Chart.js 2 get it)',
    why: 'Chart.js 2 (`Chart.min.js`) for pages written for it',
    modules: {},
    script: { copy: 'chart.js-v2/dist/Chart.min.js' },
    globals: ['Chart'],
  },
  {
    name: 'mathjs',
    cdnNames: ['mathjs'],
    why: 'maths and expression parsing (calculators, unit conversion)',
    modules: { '.': { esm: 'mathjs', namespaceDefault: true } },
    script: { copy: 'mathjs/lib/browser/math.js' },
    globals: ['math'],
    code: true,
  },
  {
    name: 'lodash',
    cdnNames: ['lodash', 'lodash.js'],
    why: 'utility functions; every `lodash/<fn>` path is a small module of its own',
    modules: { '.': { cjs: 'lodash' } },
    lodashSubpaths: true,
    script: { copy: 'lodash/lodash.min.js' },
    globals: ['_'],
    code: true,
  },
  {
    name: 'lodash-es',
    from: 'lodash',
    cdnNames: ['lodash-es'],
    why: 'lodash under its ES-module name; re-exports lodash',
    modules: { '.': { code: "export * from 'lodash';\nexport { default } from 'lodash';" } },
  },
  {
    name: 'date-fns',
    cdnNames: ['date-fns'],
    why: 'date formatting and arithmetic',
    modules: { '.': { esm: 'date-fns' } },
    script: { iife: 'date-fns', name: 'dateFns' },
    globals: ['dateFns'],
    code: true,
  },
  {
    name: 'papaparse',
    cdnNames: ['papaparse', 'PapaParse'],
    why: 'CSV parsing',
    modules: { '.': { cjs: 'papaparse' } },
    script: { copy: 'papaparse/papaparse.min.js' },
    globals: ['Papa'],
    code: true,
  },
  {
    name: 'xlsx',
    from: '@e965/xlsx',
    cdnNames: ['xlsx', 'sheetjs', '@e965/xlsx'],
    note: '(SheetJS)',
    why: 'reading and writing spreadsheets (SheetJS, the API Claude writes); 0.20.3, which has the fixes the npm `xlsx` 0.18.5 lacks',
    modules: { '.': { esm: '@e965/xlsx', namespaceDefault: true } },
    script: { copy: '@e965/xlsx/dist/xlsx.full.min.js' },
    globals: ['XLSX'],
    code: true,
  },
  {
    name: 'mermaid',
    cdnNames: ['mermaid'],
    why: 'diagrams from text: `.mermaid`/`.mmd` files and ```mermaid blocks in answers are drawn with it in the preview, and pages may load it too; its own IIFE build (one file, ~5.7 MB), as a classic script only',
    modules: {},
    script: { copy: 'mermaid/dist/mermaid.min.js' },
    globals: ['mermaid'],
  },
  {
    name: 'marked',
    cdnNames: ['marked'],
    why: 'Markdown rendering inside artifacts',
    modules: { '.': { esm: 'marked' } },
    script: { copy: 'marked/lib/marked.umd.js', minify: true },
    globals: ['marked'],
    code: true,
  },
  {
    name: 'marked@12',
    from: 'marked-v12',
    cdnNames: [],
    note: '(pages that ask for marked 12 or older get it)',
    why: 'marked 12 for pages that call `marked(…)` as older releases allowed',
    modules: {},
    script: { copy: 'marked-v12/marked.min.js' },
    globals: ['marked'],
  },
  {
    name: 'tailwindcss',
    from: '@tailwindcss/browser',
    cdnNames: ['tailwindcss', '@tailwindcss/browser', 'tailwind'],
    why: 'Tailwind classes, generated in the page; with the v3 defaults artifacts are written for',
    modules: {},
    script: { tailwind: '@tailwindcss/browser/dist/index.global.js' },
    globals: ['tailwind'],
  },
  {
    name: 'jszip',
    cdnNames: ['jszip'],
    why: 'zip files (exports of several files); the commonest CDN library of HTML pages in our corpus',
    modules: { '.': { cjs: 'jszip/dist/jszip.min.js' } },
    script: { copy: 'jszip/dist/jszip.min.js' },
    globals: ['JSZip'],
    code: true,
  },
  {
    name: 'docx',
    cdnNames: ['docx'],
    why: 'Word documents (`.docx`) made in a page or by `run_code`; the library Claude writes Word files with',
    modules: { '.': { esm: 'docx' } },
    script: { copy: 'docx/dist/index.iife.js', minify: true },
    globals: ['docx'],
    code: true,
  },
  {
    name: 'pptxgenjs',
    cdnNames: ['pptxgenjs', 'PptxGenJS'],
    why: 'PowerPoint decks (`.pptx`) made in a page or by `run_code`; the library Claude writes slides with',
    modules: { '.': { esm: 'pptxgenjs', withDefault: true } },
    script: { copy: 'pptxgenjs/dist/pptxgen.bundle.js' },
    globals: ['PptxGenJS'],
    code: true,
  },
  {
    name: 'js-yaml',
    cdnNames: ['js-yaml'],
    why: 'YAML parsing and writing (config editors, converters)',
    modules: { '.': { esm: 'js-yaml', withDefault: true } },
    script: { copy: 'js-yaml/dist/js-yaml.min.js' },
    globals: ['jsyaml'],
    code: true,
  },
  {
    name: 'diff',
    cdnNames: ['diff', 'jsdiff'],
    why: 'text diffs (diff viewers, comparison tools)',
    modules: { '.': { esm: 'diff' } },
    script: { copy: 'diff/dist/diff.min.js' },
    globals: ['Diff'],
    code: true,
  },
  {
    name: 'pako',
    cdnNames: ['pako'],
    why: 'deflate and gzip (compression tools, file formats)',
    modules: { '.': { esm: 'pako', withDefault: true } },
    script: { copy: 'pako/dist/pako.min.js' },
    globals: ['pako'],
    code: true,
  },
  {
    name: 'qrcode-generator',
    cdnNames: ['qrcode-generator'],
    why: 'QR codes',
    modules: { '.': { cjs: 'qrcode-generator' } },
    script: { copy: 'qrcode-generator/qrcode.js', minify: true },
    globals: ['qrcode'],
  },
  {
    name: 'exif-js',
    cdnNames: ['exif-js'],
    why: 'reading photo metadata (EXIF) in image tools',
    modules: { '.': { cjs: 'exif-js' } },
    script: { copy: 'exif-js/exif.js', minify: true },
    globals: ['EXIF'],
  },
  {
    name: 'jsmediatags',
    cdnNames: ['jsmediatags'],
    why: 'reading audio tags (ID3, MP4) in music tools',
    modules: { '.': { cjs: 'jsmediatags/dist/jsmediatags.min.js' } },
    script: { copy: 'jsmediatags/dist/jsmediatags.min.js' },
    globals: ['jsmediatags'],
  },
  {
    name: 'tone',
    cdnNames: ['tone'],
    why: 'music and sound (synths, sequencers); one of the libraries Claude is told it can use',
    modules: { '.': { esm: 'tone', namespaceDefault: true } },
    script: { copy: 'tone/build/Tone.js' },
    globals: ['Tone'],
  },
  {
    name: 'uuid',
    cdnNames: ['uuid'],
    why: 'ids (`v4`) in React artifacts',
    modules: { '.': { esm: 'uuid' } },
    code: true,
  },
  {
    name: 'clsx',
    cdnNames: ['clsx'],
    why: 'class-name joining; used by the shadcn/ui stand-ins and often imported directly',
    modules: { '.': { esm: 'clsx', withDefault: true } },
  },
  {
    name: 'tailwind-merge',
    cdnNames: ['tailwind-merge'],
    why: '`cn()` in `@/lib/utils` (later Tailwind classes win)',
    modules: { '.': { esm: 'tailwind-merge' } },
  },
  {
    name: 'class-variance-authority',
    cdnNames: ['class-variance-authority'],
    why: 'the variants of the shadcn/ui button, badge and alert; artifacts copying shadcn code import it',
    modules: { '.': { esm: 'class-variance-authority' } },
  },
  {
    name: 'leaflet',
    cdnNames: ['leaflet'],
    why: 'maps (tiles need the network, so a map shows its controls, markers and shapes over an empty background)',
    modules: {
      '.': {
        code: [
          "import * as L from 'leaflet/dist/leaflet-src.esm.js';",
          leafletIcons(),
          "export * from 'leaflet/dist/leaflet-src.esm.js';",
          'export default L;',
        ].join('\n'),
        bundleSelf: true,
      },
    },
    script: { copy: 'leaflet/dist/leaflet.js', append: leafletIcons() },
    globals: ['L'],
    styles: { '.': { css: 'leaflet/dist/leaflet.css' } },
  },
  {
    name: '@tabler/icons-webfont',
    cdnNames: ['@tabler/icons-webfont', 'tabler-icons'],
    note: '(the ti ti-<name> icon font, as a stylesheet)',
    why: 'Tabler\'s icon font (`<i class="ti ti-home">`), its woff2 inlined in the stylesheet',
    modules: {},
    styles: { '.': { css: '@tabler/icons-webfont/dist/tabler-icons.min.css' } },
  },
  {
    name: 'canvas-confetti',
    cdnNames: ['canvas-confetti'],
    why: 'confetti bursts (celebrations in games and trackers)',
    modules: { '.': { esm: 'canvas-confetti', withDefault: true } },
    script: { copy: 'canvas-confetti/dist/confetti.browser.js' },
    globals: ['confetti'],
  },
  {
    name: 'matter-js',
    cdnNames: ['matter-js'],
    why: '2D physics (games, simulations)',
    modules: { '.': { cjs: 'matter-js' } },
    script: { copy: 'matter-js/build/matter.min.js' },
    globals: ['Matter'],
  },
  {
    name: 'd3-sankey',
    cdnNames: ['d3-sankey'],
    why: 'Sankey diagrams with d3; its classic script adds `d3.sankey` to the d3 script',
    modules: { '.': { esm: 'd3-sankey' } },
    script: { copy: 'd3-sankey/dist/d3-sankey.min.js' },
    globals: ['d3'],
  },
  {
    name: 'p5',
    cdnNames: ['p5', 'p5.js'],
    why: 'creative coding sketches; 1.x, the release pages are written for (2.0 dropped `preload`)',
    // Its UMD build as the module's default (the package's CommonJS entry needs a window to load in Node).
    modules: { '.': { code: "import p5 from 'p5/lib/p5.min.js';\nexport default p5;", bundleSelf: true } },
    script: { copy: 'p5/lib/p5.min.js' },
    globals: ['p5'],
  },
  {
    name: 'gifuct-js',
    cdnNames: ['gifuct-js'],
    why: 'reading animated GIFs frame by frame',
    modules: { '.': { cjs: 'gifuct-js' } },
  },
  {
    name: 'pyodide',
    // Pyodide 0.28, the API pages written for 0.2x load from jsDelivr (a classic `pyodide.js` and
    // `pyodide.asm.js`); the code tool runs the current release (`pyodide` in dependencies) from public/python.
    from: 'pyodide-0x',
    cdnNames: ['pyodide'],
    why: 'Python in the page (`loadPyodide`, as pages load it from jsDelivr); its WebAssembly, standard library and lock file are read only by pages that load it. Packages beyond the standard library (numpy…) are not on the shelf',
    modules: {},
    script: { copy: 'pyodide-0x/pyodide.js' },
    globals: ['loadPyodide'],
    data: ['pyodide.asm.js', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'],
  },
  {
    name: 'pdfjs-dist',
    cdnNames: ['pdfjs-dist', 'pdf.js'],
    why: 'reading PDFs in the page (`pdfjsLib`, as pages load it from cdnjs); its worker runs in the page, bundled in (a frame with no network cannot start the worker the page names)',
    modules: {
      '.': {
        code: "import * as worker from 'pdfjs-dist/build/pdf.worker.mjs';\nglobalThis.pdfjsWorker = worker;\nexport * from 'pdfjs-dist/build/pdf.mjs';\n",
        bundleSelf: true,
      },
    },
    script: {
      iifeCode:
        "import * as worker from 'pdfjs-dist/build/pdf.worker.mjs';\nimport 'pdfjs-dist/build/pdf.mjs';\nglobalThis.pdfjsWorker = worker;\n",
      name: 'easelPdfjs',
    },
    globals: ['pdfjsLib'],
  },
  {
    name: 'sql.js',
    cdnNames: ['sql.js'],
    why: "SQLite in the page (`initSqlJs`); its `sql-wasm.wasm` is served wherever the page's `locateFile` points",
    modules: {},
    script: { copy: 'sql.js/dist/sql-wasm.js' },
    globals: ['initSqlJs'],
    data: ['dist/sql-wasm.wasm'],
  },
  {
    name: '@viz-js/viz',
    cdnNames: ['@viz-js/viz'],
    why: 'Graphviz (DOT) diagrams; its WebAssembly is inside the module',
    modules: { '.': { esm: '@viz-js/viz' } },
    script: { copy: '@viz-js/viz/dist/viz-global.js' },
    globals: ['Viz'],
  },
  {
    name: 'react-router-dom',
    cdnNames: ['react-router-dom', 'react-router'],
    why: 'links and routes in React components written for a router; a component that uses them without a router of its own is shown inside a memory router',
    modules: { '.': { esm: 'react-router-dom' } },
  },
  {
    name: 'html2canvas',
    cdnNames: ['html2canvas'],
    why: 'screenshots of part of the page (exports to PNG and PDF)',
    modules: { '.': { esm: 'html2canvas', withDefault: true } },
    script: { copy: 'html2canvas/dist/html2canvas.min.js' },
    globals: ['html2canvas'],
  },
  {
    name: 'jspdf',
    cdnNames: ['jspdf', 'jsPDF'],
    why: 'writing PDF files (reports, certificates, exports)',
    // Its UMD build as the module too: the ES build splits its optional add-ons into chunks of their own.
    modules: {
      '.': {
        code: "import m from 'jspdf/dist/jspdf.umd.min.js';\nexport const jsPDF = m.jsPDF;\nexport default m.jsPDF;",
        bundleSelf: true,
      },
    },
    script: { copy: 'jspdf/dist/jspdf.umd.min.js' },
    globals: ['jspdf'],
    code: true,
  },
  {
    name: 'html2pdf.js',
    cdnNames: ['html2pdf.js', 'html2pdf'],
    why: 'a page or element to a PDF file (html2canvas and jsPDF in one)',
    modules: {
      '.': {
        code: "import html2pdf from 'html2pdf.js/dist/html2pdf.bundle.min.js';\nexport default html2pdf;",
        bundleSelf: true,
      },
    },
    script: { copy: 'html2pdf.js/dist/html2pdf.bundle.min.js' },
    globals: ['html2pdf'],
  },
  {
    name: 'react-markdown',
    cdnNames: ['react-markdown'],
    why: 'Markdown rendered as React elements',
    modules: { '.': { esm: 'react-markdown', withDefault: true } },
  },
  {
    name: 'react-color',
    cdnNames: ['react-color'],
    why: 'colour pickers (ChromePicker, SketchPicker …) in React components',
    modules: { '.': { esm: 'react-color' } },
  },
  {
    name: 'fake-indexeddb',
    cdnNames: ['fake-indexeddb'],
    unlisted: true,
    why: 'IndexedDB inside the preview (an opaque origin has none): in memory, kept as long as the page, like its localStorage',
    modules: {},
    script: { iifeCode: "import 'fake-indexeddb/auto';", name: 'easelIndexedDb' },
    globals: ['indexedDB', 'IDBKeyRange'],
  },
  {
    name: 'react-day-picker',
    cdnNames: ['react-day-picker'],
    why: 'the date grid of the shadcn/ui calendar; often imported directly',
    modules: { '.': { esm: 'react-day-picker' } },
  },
  {
    name: 'cmdk',
    cdnNames: ['cmdk'],
    why: 'the command palette under the shadcn/ui command (search box, filtered list, keyboard)',
    modules: { '.': { esm: 'cmdk' } },
  },
  {
    name: 'sonner',
    cdnNames: ['sonner'],
    why: "toasts (`toast('Saved')`); the shadcn/ui sonner's Toaster, one instance with the page's own import",
    modules: { '.': { esm: 'sonner' } },
  },
  {
    name: 'react-hook-form',
    cdnNames: ['react-hook-form'],
    why: "forms (`useForm`); the shadcn/ui form's fields, one instance with the page's own import",
    modules: { '.': { esm: 'react-hook-form' } },
  },
  {
    name: 'embla-carousel-react',
    cdnNames: ['embla-carousel-react'],
    why: 'the slides of the shadcn/ui carousel',
    modules: { '.': { esm: 'embla-carousel-react', withDefault: true } },
  },
  {
    name: 'vaul',
    cdnNames: ['vaul'],
    why: 'the bottom sheet of the shadcn/ui drawer',
    modules: { '.': { esm: 'vaul' } },
  },
  {
    name: 'input-otp',
    cdnNames: ['input-otp'],
    why: 'the one-time-code field of the shadcn/ui input-otp',
    modules: { '.': { esm: 'input-otp' } },
  },
  {
    name: 'react-resizable-panels',
    cdnNames: ['react-resizable-panels'],
    why: 'the panels of the shadcn/ui resizable; 3.x, whose `PanelGroup` and `PanelResizeHandle` pages and shadcn/ui name (4 renamed them)',
    modules: { '.': { esm: 'react-resizable-panels' } },
  },
  ...RADIX.map((name) => ({
    name: `@radix-ui/${name}`,
    cdnNames: [`@radix-ui/${name}`],
    why: 'a Radix UI primitive (the shadcn/ui stand-ins are built on them)',
    modules: { '.': { esm: `@radix-ui/${name}` } },
  })),
  ...FONTS.map((id) => ({
    name: `@fontsource/${id}`,
    cdnNames: [`@fontsource/${id}`],
    why: 'a Google Fonts family, for `fonts.googleapis.com` stylesheets',
    modules: {},
    fonts: id,
  })),
  {
    name: '@/lib/utils',
    cdnNames: [],
    why: 'shadcn/ui `cn()`',
    modules: { '.': { file: 'src/shelf/lib/utils.ts' } },
  },
  {
    name: '@/components/ui',
    cdnNames: [],
    why: 'shadcn/ui-compatible components on Radix UI primitives',
    modules: {
      '.': { file: 'src/shelf/components/ui/index.ts' },
      ...Object.fromEntries(
        UI_COMPONENTS.map((name) => [
          `./${name}`,
          STANDALONE_UI.has(name) ? { file: `src/shelf/components/ui/${name}.tsx` } : { ui: name },
        ]),
      ),
    },
  },
];

const REQUIRE_PREFIX = '\0shelf-require:';
/** The export names of each module built so far, by specifier. */
const builtExports = new Map();

const started = performance.now();
const force = process.argv.includes('--force');
const stamp = inputsStamp();
if (!force && existsSync(join(outDir, 'manifest.json')) && readIfExists(join(outDir, '.stamp')) === stamp) {
  writeShelfList(root, JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')));
  console.log(`Library shelf is up to date (${elapsed()}).`);
  process.exit(0);
}

// Vite 8 bundles with rolldown; the shelf uses the same bundler rather than adding one.
const viteRequire = createRequire(require.resolve('vite'));
const { build } = await import(viteRequire.resolve('rolldown'));
const { parseSync, minifySync } = await import(viteRequire.resolve('rolldown/utils'));

// Built beside the shelf, then swapped in, so a build running at the same time never sees half a shelf.
const workDir = join(root, 'node_modules', '.cache', `shelf-${process.pid}`);
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
const packages = {};
for (const lib of LIBRARIES) packages[lib.name] = await buildLibrary(lib);
writeFileSync(join(workDir, 'manifest.json'), `${JSON.stringify({ version: 1, packages }, null, 2)}\n`);
writeShelfList(root, { version: 1, packages });
writeFileSync(join(workDir, '.stamp'), stamp);
const oldDir = `${workDir}-old`;
if (existsSync(outDir)) renameSync(outDir, oldDir);
try {
  renameSync(workDir, outDir);
} catch (error) {
  // Another build of the same shelf swapped its copy in between our two renames: keep that one.
  if (!existsSync(join(outDir, 'manifest.json'))) throw error;
  console.log('Another shelf build finished first; using its shelf.');
  rmSync(workDir, { recursive: true, force: true });
}
rmSync(oldDir, { recursive: true, force: true });
printSummary(packages);

// ---------------------------------------------------------------------------------------------------------

async function buildLibrary(lib) {
  const files = [];
  const modules = {};
  for (const [subpath, how] of Object.entries(lib.modules)) {
    const specifier = subpath === '.' ? lib.name : `${lib.name}${subpath.slice(1)}`;
    const code = await buildModule(specifier, how);
    modules[subpath] = emit(`${fileStem(specifier)}.mjs`, code, files);
  }
  if (lib.lodashSubpaths) {
    for (const key of lodashFunctionNames()) {
      modules[`./${key}`] = emit(
        `lodash/${key}.mjs`,
        `import _ from 'lodash';\nexport default _.${key};\n`,
        files,
        false,
      );
    }
  }
  const entry = {
    version: packageVersion(lib.from ?? lib.name),
    cdnNames: lib.cdnNames,
    modules,
    ...(lib.note ? { note: lib.note } : {}),
    ...(lib.unlisted ? { unlisted: true } : {}),
    ...(lib.code ? { code: true } : {}),
  };
  if (lib.lucideIcons) {
    const { base, icons } = await lucideIconModules(files);
    modules['./base'] = base;
    entry.icons = icons;
  }
  if (lib.script) {
    entry.script = emit(`${fileStem(lib.name)}.js`, await buildScript(lib.script), files);
    entry.globals = lib.globals ?? [];
  }
  if (lib.styles) {
    entry.styles = {};
    for (const [subpath, how] of Object.entries(lib.styles))
      entry.styles[subpath] = emit(`${fileStem(lib.name)}.css`, inlinedCss(how.css), files);
  }
  if (lib.fonts) entry.fonts = fontFaces(lib.fonts);
  if (lib.addons) {
    // Classic scripts a page loads after the main one by their path in the package (three's `examples/js/…`).
    entry.addons = Object.fromEntries(
      lib.addons.map((path) => [
        path,
        emit(
          `${fileStem(lib.name)}-addons/${path.replace(/^examples\/js\//, '')}`,
          readFileSync(join(root, 'node_modules', lib.from ?? lib.name, path)),
          files,
        ),
      ]),
    );
  }
  if (lib.data) {
    // In a folder named by the version, under their own names: the library finds them by name.
    const folder = `${fileStem(lib.name)}-${entry.version}/`;
    entry.data = Object.fromEntries(
      lib.data.map((name) => [
        name,
        emit(
          `${folder}${name}`,
          readFileSync(join(root, 'node_modules', lib.from ?? lib.name, name)),
          files,
          false,
        ),
      ]),
    );
  }
  // What a page's `integrity` attribute is checked against: the files a <script>, <link> or module names.
  const checked = [entry.script, modules['.'], ...Object.values(entry.styles ?? {})].filter(Boolean);
  if (checked.length > 0)
    entry.integrity = Object.fromEntries(
      checked.map((file) => [file, files.find((f) => f.file === file).integrity]),
    );
  entry.gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  return entry;
}

/** A package's stylesheet with the images it names inlined as `data:` addresses (a blob URL has no folder). */
function inlinedCss(path) {
  const file = join(root, 'node_modules', path);
  return inlinedFonts(readFileSync(file, 'utf8'), dirname(file)).replace(
    /url\((['"]?)([^'")]+\.(png|svg|gif))\1\)/g,
    (whole, _q, url, ext) => {
      const image = join(dirname(file), url);
      if (!existsSync(image)) return whole;
      const type = ext === 'svg' ? 'image/svg+xml' : `image/${ext}`;
      return `url("data:${type};base64,${readFileSync(image).toString('base64')}")`;
    },
  );
}

/**
 * An `@font-face` source list whose first entry is a woff2 file becomes that file alone, as a `data:` address
 * (every browser that runs the preview reads woff2; the woff and ttf copies would only add bytes).
 */
function inlinedFonts(css, folder) {
  return css.replace(
    /src:\s*url\((['"]?)([^'")?#]+\.woff2)(?:[?#][^'")]*)?\1\)\s*format\((['"]?)woff2\3\)[^;}]*/g,
    (whole, _q, url) => {
      const font = join(folder, url);
      if (!existsSync(font)) return whole;
      return `src:url("data:font/woff2;base64,${readFileSync(font).toString('base64')}") format("woff2")`;
    },
  );
}

/**
 * Leaflet's default marker, shadow and retina images as `data:` addresses: Leaflet finds them by a path read
 * from its stylesheet, which a preview's blob URLs do not have.
 */
function leafletIcons() {
  const png = (name) =>
    `data:image/png;base64,${readFileSync(join(root, 'node_modules', 'leaflet', 'dist', 'images', name)).toString('base64')}`;
  const options = {
    iconUrl: png('marker-icon.png'),
    iconRetinaUrl: png('marker-icon-2x.png'),
    shadowUrl: png('marker-shadow.png'),
  };
  return `;(function(I){I.imagePath='';I.mergeOptions(${JSON.stringify(options)});})(L.Icon.Default);`;
}

/**
 * The latin faces of a `@fontsource` package, one woff2 file each: `{ family, faces: { '400-normal': file } }`.
 * Only the faces a page's stylesheet asks for are read.
 */
function fontFaces(id) {
  const dir = join(root, 'node_modules', '@fontsource', id);
  const family = JSON.parse(readFileSync(join(dir, 'metadata.json'), 'utf8')).family;
  const faces = {};
  const pattern = new RegExp(`^${id}-latin-(\\d+)-(normal|italic)\\.woff2$`);
  for (const name of readdirSync(join(dir, 'files')).sort()) {
    const m = pattern.exec(name);
    if (!m) continue;
    faces[`${m[1]}-${m[2]}`] = emit(`fonts/${name}`, readFileSync(join(dir, 'files', name)), [], true);
  }
  // Not counted in the package's size (woff2 is compressed already): a page reads only the faces it names.
  if (Object.keys(faces).length === 0) throw new Error(`@fontsource/${id}: no latin woff2 files`);
  return { family, faces };
}

async function buildModule(specifier, how) {
  if (how.ui) return uiSubpathModule(how.ui);
  if (how.file) return bundle({ input: join(root, how.file), self: specifier });
  if (how.code && !how.bundleSelf) return `${how.code}\n`;
  // The entry imports the package by its own name: that import is bundled, not left to the import map.
  const self = how.esm ?? how.cjs ?? specifier;
  let code = how.code;
  if (how.cjs) code = cjsWrapper(how.cjs);
  else if (how.esm && how.namespaceDefault)
    code = `import * as ns from '${how.esm}';\nexport * from '${how.esm}';\nexport default ns;\n`;
  else if (how.esm && how.withDefault)
    code = `export * from '${how.esm}';\nexport { default } from '${how.esm}';\n`;
  else if (how.esm) code = `export * from '${how.esm}';\n`;
  if (code === undefined) throw new Error(`No module recipe for ${specifier}`);
  return bundle({ input: virtualId(code), self, code });
}

/**
 * Bundles one module, minified: everything it needs inside, except (for an ES module) the shared specifiers
 * other than itself. `code` is the source of a virtual entry named `input`; `format: 'iife'` makes a classic
 * script that sets `window[name]`.
 */
async function bundle({ input, self, code, format = 'es', name }) {
  const shared = (source) => format === 'es' && SHARED.has(source) && source !== self;
  const result = await build({
    input,
    cwd: root,
    platform: 'browser',
    logLevel: 'warn',
    onLog,
    write: false,
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    plugins: [
      {
        name: 'shelf',
        resolveId(source, importer, options) {
          if (source === input && code !== undefined) return source;
          if (shared(source)) {
            // CommonJS code requiring a shared library gets it through an ES import (the bundler would leave
            // a `require()`, which the browser does not have).
            if (options.kind === 'require-call') return `${REQUIRE_PREFIX}${source}`;
            return { id: source, external: true };
          }
          // Our sources import `cn` by a relative path (so TypeScript follows it); on the shelf it is shared.
          if (format === 'es' && importer?.startsWith(shelfSrc) && source.endsWith('/lib/utils'))
            return { id: '@/lib/utils', external: true };
          // A standalone component takes the components it draws (a button, a dialog) from the shared bundle.
          if (format === 'es' && importer !== undefined && sharedComponent(importer, source))
            return { id: '@/components/ui', external: true };
          return null;
        },
        load(id) {
          if (id.startsWith(REQUIRE_PREFIX)) {
            const source = id.slice(REQUIRE_PREFIX.length);
            const withDefault = builtExports.get(source)?.includes('default');
            return `export * from '${source}';\n${withDefault ? `export { default } from '${source}';\n` : ''}`;
          }
          return id === input && code !== undefined ? code : null;
        },
      },
    ],
    output: { format, name, minify: true, comments: { legal: false, annotation: false, jsdoc: false } },
  });
  const [chunk] = result.output;
  if (format === 'es') builtExports.set(self, chunk.exports);
  return chunk.code;
}

async function buildScript(how) {
  if (how.copy) {
    const code = readFileSync(join(root, 'node_modules', how.copy), 'utf8');
    const script = how.minify ? minifySync(how.copy, code).code : code;
    return how.append ? `${script}\n${how.append}\n` : script;
  }
  if (how.iifeCode)
    return bundle({
      input: virtualId(how.iifeCode),
      self: '',
      code: how.iifeCode,
      format: 'iife',
      name: how.name,
    });
  if (how.tailwind) {
    const code = readFileSync(join(root, 'node_modules', how.tailwind), 'utf8');
    const compat = readFileSync(join(shelfSrc, 'tailwind-compat.js'), 'utf8');
    return `${minifySync('tailwind-compat.js', compat).code}\n${code}`;
  }
  if (how.iife) {
    const code = `export * from '${how.iife}';\n`;
    return bundle({ input: virtualId(code), self: how.iife, code, format: 'iife', name: how.name });
  }
  throw new Error('Unknown script recipe');
}

/**
 * lucide-react's icons one module each (`<folder><stem>.mjs`, importing `lucide-react/base`, the package's own
 * `createLucideIcon`), and the table of which export names each file holds (read from the package's index, so
 * aliases and the `…Icon` / `Lucide…` names are the package's own). See `ShelfIcons`.
 */
async function lucideIconModules(files) {
  const dist = join(root, 'node_modules', 'lucide-react', 'dist', 'esm');
  const base = emit(
    'lucide-react-base.mjs',
    await bundle({ input: join(dist, 'createLucideIcon.mjs'), self: 'lucide-react/base' }),
    files,
  );
  const index = readFileSync(join(dist, 'lucide-react.mjs'), 'utf8');
  const line = /^export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs';$/gm;
  const table = {};
  const codes = [];
  for (const m of index.matchAll(line)) {
    const names = m[1].split(',').map((part) => {
      const named = /^\s*default as (\w+)\s*$/.exec(part);
      if (!named) throw new Error(`lucide-react: unexpected export "${part}" of icon ${m[2]}`);
      return named[1];
    });
    const source = readFileSync(join(dist, 'icons', `${m[2]}.mjs`), 'utf8');
    const code = source
      .replace(
        "import createLucideIcon from '../createLucideIcon.mjs';",
        "import createLucideIcon from 'lucide-react/base';",
      )
      .replace(/^\/\/# sourceMappingURL=.*$/m, '');
    if (!code.includes("from 'lucide-react/base'") || /from '\./.test(code))
      throw new Error(`lucide-react: icon ${m[2]} imports something other than createLucideIcon`);
    // Only each icon's own names (and aliases): its `…Icon` and `Lucide…` names are read off them.
    const own = names.filter((n) => !/Icon$/.test(n) && !/^Lucide/.test(n));
    const derived = new Set(own.flatMap((n) => [n, `${n}Icon`, `Lucide${n}`]));
    if (names.some((n) => !derived.has(n)) || derived.size !== new Set(names).size)
      throw new Error(`lucide-react: icon ${m[2]} has names that are not Name, NameIcon, LucideName`);
    table[m[2]] = own;
    codes.push([m[2], code]);
  }
  if (codes.length < 1000) throw new Error(`lucide-react: only ${codes.length} icons found in its index`);
  const hash = createHash('sha256');
  for (const [stem, code] of codes) hash.update(stem).update(code);
  const folder = `lucide-react-icons-${hash.digest('hex').slice(0, 8)}/`;
  // Not counted in the package's size: a page reads only the icons it names.
  for (const [stem, code] of codes) emit(`${folder}${stem}.mjs`, code, [], false);
  const tableFile = emit('lucide-react-icons.json', `${JSON.stringify(table)}\n`, files);
  return { base, icons: { table: tableFile, folder } };
}

/** A CommonJS package as an ES module: its exports object as default, each of its keys as a named export. */
function cjsWrapper(specifier) {
  const names = Object.keys(require(specifier)).filter(
    (k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default',
  );
  return `import m from '${specifier}';\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}

/** Whether `source`, imported by a standalone component's file, is a component of the shared bundle. */
function sharedComponent(importer, source) {
  const folder = join(shelfSrc, 'components', 'ui');
  if (dirname(importer) !== folder || !source.startsWith('./')) return false;
  const importerName = relative(folder, importer).replace(/\.tsx$/, '');
  const name = source.slice(2).replace(/\.tsx$/, '');
  return STANDALONE_UI.has(importerName) && UI_COMPONENTS.includes(name) && !STANDALONE_UI.has(name);
}

/** `@/components/ui/<name>` re-exports the names its source file exports from the one bundled `@/components/ui`. */
function uiSubpathModule(name) {
  const path = join(shelfSrc, 'components', 'ui', `${name}.tsx`);
  const names = exportedNames(path, readFileSync(path, 'utf8'));
  return `export { ${names.join(', ')} } from '@/components/ui';\n`;
}

function exportedNames(path, source) {
  const { program, errors } = parseSync(path, source);
  if (errors.length > 0) throw new Error(`${path}: ${errors[0].message}`);
  const names = [];
  for (const node of program.body) {
    if (node.type !== 'ExportNamedDeclaration') continue;
    if (node.exportKind === 'type') continue;
    for (const s of node.specifiers ?? []) if (s.exportKind !== 'type') names.push(s.exported.name);
    const d = node.declaration;
    if (!d || d.type.startsWith('TS')) continue;
    if (d.id) names.push(d.id.name);
    for (const v of d.declarations ?? []) names.push(v.id.name);
  }
  return names;
}

function lodashFunctionNames() {
  const _ = require('lodash');
  return Object.keys(_).filter(
    (k) => typeof _[k] === 'function' && existsSync(join(root, 'node_modules', 'lodash', `${k}.js`)),
  );
}

function emit(name, code, files, hashed = true) {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  const file = hashed ? name.replace(/(\.m?js|\.json|\.css|\.woff2)$/, `.${hash}$1`) : name;
  mkdirSync(dirname(join(workDir, file)), { recursive: true });
  writeFileSync(join(workDir, file), code);
  const integrity = ['sha256', 'sha384', 'sha512']
    .map((algorithm) => `${algorithm}-${createHash(algorithm).update(code).digest('base64')}`)
    .join(' ');
  files.push({ file, gzip: gzipSync(code, { level: 9 }).length, integrity });
  return file;
}

function fileStem(specifier) {
  return specifier
    .replace(/^@\//, '')
    .replace(/^@/, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/\.js$/, '');
}

/** Prints the bundler's warnings, less the "use client" directives of React libraries, which mean nothing here. */
function onLog(level, log, defaultHandler) {
  if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
  defaultHandler(level, log);
}

function virtualId(code) {
  return `\0shelf-entry-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
}

function packageVersion(name) {
  // Our own modules (the shadcn/ui stand-ins) carry the app's version.
  if (name.startsWith('@/')) return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** What the shelf is made from: the locked package versions, our own shelf sources and this script. */
function inputsStamp() {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(root, 'package-lock.json')));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const file of listFiles(shelfSrc)) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

function readIfExists(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

function elapsed() {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

function printSummary(packages) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log('\nLibrary shelf (gzip -9):');
  let total = 0;
  for (const [name, p] of Object.entries(packages)) {
    total += p.gzip;
    console.log(`  ${kb(p.gzip).padStart(9)}  ${name}@${p.version}`);
  }
  console.log(`Library shelf: ${kb(total)} gzip in all, built in ${elapsed()}\n`);
}
