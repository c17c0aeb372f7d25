import { missingLibraryText, packageOfSpecifier } from './cdn';
import type { ShelfManifest } from './shelf-manifest';

/** Where shelf files go in the planned HTML: the frame replaces `easel-shelf:<file>` with its blob URL. */
export const SHELF_MARKER = 'easel-shelf:';
/** The import specifier of the compiled artifact module of a `.jsx`/`.tsx` file. */
export const ARTIFACT_SPECIFIER = 'easel-artifact';
/** Stand-in files made by the host (named in `generated`) live under this folder name. */
export const GENERATED_FOLDER = 'easel-generated/';

export type PlanKind = 'html' | 'svg' | 'text' | 'react';

export interface ConsoleNote {
  readonly level: 'info' | 'warn' | 'error';
  readonly text: string;
}

/** A piece of code to compile (TypeScript and JSX to JavaScript), keeping its line numbers. */
export interface CompileJob {
  readonly code: string;
  readonly typescript: boolean;
  /** `automatic` imports `react/jsx-runtime`; `classic` calls the global `React.createElement`. */
  readonly jsxRuntime: 'automatic' | 'classic';
  /** Line breaks to put before the compiled code (the line it starts on, minus one). */
  readonly padLines: number;
}

/**
 * A file of a public CDN (`PUBLIC_CDN_HOSTS`) the page asks for and the shelf lacks. Its file in the plan is a
 * stand-in that throws (a script or module) or is empty (a stylesheet); the host puts the CDN's bytes there
 * instead when the person allowed the artifact to load libraries from that host.
 */
export interface RemoteFile {
  /** The https address, as the page names it. */
  readonly url: string;
  readonly kind: 'script' | 'module' | 'style';
}

export interface PagePlan {
  /** The document text; compiled code goes where `compileToken(i)` stands. */
  readonly html: string;
  readonly compile: readonly CompileJob[];
  /** Import specifier → shelf file (the packages' own imports are added when their files are read). */
  readonly imports: Readonly<Record<string, string>>;
  /** Shelf files the HTML names by marker. */
  readonly files: readonly string[];
  /** Files the host makes: stand-ins that report a missing library, and the compiled artifact. */
  readonly generated: Readonly<Record<string, string>>;
  /** Lines to print to the console before the page runs. */
  readonly notes: readonly ConsoleNote[];
  /** Addresses already explained by a note: the frame does not report them again as blocked. */
  readonly handled: readonly string[];
  /**
   * Specifier → the console line of a library that is not on the shelf. Its stand-in throws that line when it
   * runs, but a named import of it fails to link first, with the browser's own words (`does not provide an
   * export named …`); the frame reports this line instead.
   */
  readonly missing: Readonly<Record<string, string>>;
  /** Stand-in file → the public CDN file it stands for (see `RemoteFile`). */
  readonly remote: Readonly<Record<string, RemoteFile>>;
  /** How long the page may hold its thread before the watchdog stops it, when longer than usual (Pyodide). */
  readonly stallMs?: number;
  /**
   * A React page, in two parts: `html` is `head` + `bootstrap`. The head (styles, Tailwind, `#root`) does not
   * depend on the component's code, so a frame can have it and the libraries ready before the code is
   * compiled (see `PrimeRequest`).
   */
  readonly react?: { readonly head: string; readonly bootstrap: string };
  /**
   * The specifiers of icon modules (see `ShelfIcons`) the page's icon imports were turned into, and the base
   * module they share: a spare frame made before the page is known evaluates the base, not the icons.
   */
  readonly icons?: { readonly specifiers: readonly string[]; readonly base: string };
}

/** The token standing for the compiled code of job `index` in `PagePlan.html`. */
export function compileToken(index: number): string {
  return `\u0001easel-compile:${index}\u0001`;
}

export const SVG_STYLE =
  '<style>html,body{margin:0;height:100%}body{display:flex;align-items:center;justify-content:center}' +
  'body>svg{max-width:100%;max-height:100%}body>svg:not([width]){width:100%}' +
  'body>svg:not([height]){height:100%}</style>';

export const TEXT_STYLE =
  '<style>body{margin:0}pre{margin:0;padding:16px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;' +
  'white-space:pre-wrap;overflow-wrap:anywhere}</style>';

export const REACT_STYLE = '<style>html,body{margin:0}</style>';

/** Libraries whose work the runtime does itself: their scripts are dropped without a word. */
export const BUILT_IN = new Set(['@babel/standalone', 'babel-standalone', 'babel-core']);

/** Renders the artifact module's default export (or `App`) into `#root`. One line. */
export const REACT_BOOTSTRAP =
  `import * as artifact from '${ARTIFACT_SPECIFIER}';import { createElement } from 'react';` +
  "import { createRoot } from 'react-dom/client';" +
  'const Component = artifact.default ?? artifact.App;' +
  "if (typeof Component === 'function' || (typeof Component === 'object' && Component !== null))" +
  " createRoot(document.getElementById('root')).render(createElement(Component));" +
  "else console.error('The file has no component to show: export one as the default export (export default function App() { … }).');";

export const PYODIDE = 'pyodide';
/** Starting Python holds the page's thread for seconds (longer on a busy machine): the watchdog waits this long. */
export const PYODIDE_STALL_MS = 30_000;
/**
 * `(base, files)`: fetches of `base + name` for a shelf file go to that file's blob URL, and `loadPyodide`, each
 * time the shelf's script sets it (three times, the last to the function), is a function that calls it with
 * `indexURL: base`. One line.
 */
export const PYODIDE_SETUP =
  '(function(base,files){var f=window.fetch,current;' +
  "window.fetch=function(input,init){var url=typeof input==='string'?input:input instanceof URL?input.href:input&&input.url;" +
  "if(typeof url==='string'&&url.indexOf(base)===0&&files[url.slice(base.length)])return f.call(window,files[url.slice(base.length)],init);" +
  'return f.apply(window,arguments)};' +
  'function wrap(load){var w=function(options){return load(Object.assign({},options,{indexURL:base}))};w.easelWrapped=true;return w}' +
  "Object.defineProperty(window,'loadPyodide',{configurable:true,get:function(){return current}," +
  "set:function(v){current=typeof v==='function'&&!v.easelWrapped?wrap(v):v}})})";

/** A page that names IndexedDB gets the shelf's in-memory one (an opaque origin has none). */
export const INDEXED_DB = /\bindexedDB\b/;
export const INDEXED_DB_PACKAGE = 'fake-indexeddb';
/** A Google Fonts stylesheet address, wherever it is written. */
export const GOOGLE_FONTS_URL = /(?:https?:)?\/\/fonts\.googleapis\.com\/css2?\?[^"'`\s)<>\\]+/g;
/** `@import url("https://fonts.googleapis.com/…");` or `@import "…";` in a stylesheet. */
export const GOOGLE_FONTS_IMPORT =
  /@import\s+(?:url\(\s*)?["']?((?:https?:)?\/\/fonts\.googleapis\.com\/css2?\?[^"')\s]+)["']?\s*\)?\s*;?/g;

/** `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`. */
export const IMPORT_PATTERN = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"'\n]+)\2/g;
/** `import { a, b as c } from 'x';` (names only: no default, no namespace, no `import type`). */
export const NAMED_IMPORT = /\bimport\s*\{([^{}]*)\}\s*from\s*(["'])([^"'\n]+)\2[ \t]*;?/g;
/** The package whose icons are modules of their own on the shelf (see `ShelfIcons`). */
export const ICON_PACKAGE = 'lucide-react';
export const DYNAMIC_IMPORT_PATTERN = /(\bimport\s*\(\s*)(["'])([^"'\n]+)\2/g;

/** Module source whose component the bootstrap can find: `export default App;` added if missing. */
export function withDefaultExport(source: string): string {
  if (/\bexport\s+default\b/.test(source) || /\bexport\s*\{[^}]*\bas\s+default\b/.test(source)) return source;
  const app = /\b(?:function|class|const|let|var)\s+(App)\b/.exec(source);
  if (app) return `${source}\nexport default App;`;
  return source;
}

/** The specifier of a package's module subpath (`react-dom` + `./client` → `react-dom/client`). */
export function specifierOf(key: string, subpath: string): string {
  return subpath === '.' ? key : `${key}${subpath.slice(1)}`;
}

/**
 * The shelf file of a bare specifier, if the shelf has it. A subpath written with a file extension
 * (`@/components/ui/button.jsx`, `lodash/debounce.js`) or as a folder's `index` names the same module, and so
 * does one written without the extension a package's own file path has
 * (`three/examples/jsm/controls/OrbitControls` for `…/OrbitControls.js`, as bundlers resolve it).
 */
export function shelfModuleOf(manifest: ShelfManifest, specifier: string): string | undefined {
  const found = packageOfSpecifier(manifest, specifier);
  if (!found) return undefined;
  const { modules } = found.hit.entry;
  const exact = modules[found.subpath];
  if (exact) return exact;
  const bare = found.subpath.replace(/\.(?:[cm]?js|jsx|ts|tsx)$/, '').replace(/\/index$/, '');
  const key = bare === '' ? '.' : bare;
  return modules[key] ?? FILE_SUFFIXES.map((suffix) => modules[`${key}${suffix}`]).find(Boolean);
}

/** How a package's own module files may end where an import leaves the ending out. */
export const FILE_SUFFIXES = ['.js', '.mjs', '/index.js', '/index.mjs'];

export function throwing(name: string): string {
  return `throw new Error(${JSON.stringify(missingLibraryText(name))});`;
}

export function slug(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').slice(0, 80);
}

export function isBabelType(type: string): boolean {
  return /^text\/(babel|jsx|tsx|typescript)$/.test(type) || type === 'text/x-babel';
}

export function isClassicType(type: string): boolean {
  return type === '' || /^(text|application)\/(x-)?(javascript|ecmascript|jscript|livescript)$/.test(type);
}

/** Where the `</script` (or `</style`) closing an element whose text begins at `from` starts (the end when unclosed). */
export function indexOfClose(content: string, from: number, tag: 'script' | 'style' = 'script'): number {
  const re = new RegExp(`</${tag}`, 'gi');
  re.lastIndex = from;
  const m = re.exec(content);
  return m ? m.index : content.length;
}

export const ATTRIBUTE = (name: string) =>
  new RegExp(`(\\s${name}\\s*=\\s*)("([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');

/** The value of attribute `name` in a tag's attribute text (entities are not decoded). */
export function attributeOf(attrs: string, name: string): string | undefined {
  const m = ATTRIBUTE(name).exec(attrs);
  if (!m) return undefined;
  return (m[3] ?? m[4] ?? m[5] ?? '').replaceAll('&amp;', '&');
}

export function replaceAttribute(attrs: string, name: string, value: string): string {
  return attrs.replace(ATTRIBUTE(name), (_, lead: string) => `${lead}"${value}"`);
}

export function removeAttribute(attrs: string, name: string): string {
  return attrs.replace(new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*'|[^\\s"'>]+)`, 'i'), '');
}
