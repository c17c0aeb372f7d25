/**
 * The parts of a page plan (`page-plan.ts`) that take more from the shelf than a library's file: a page's
 * `integrity` hash checked against the shelf's copy, three's `examples/js` add-on scripts, the `@font-face`
 * rules of a Google Fonts address, and the setup script Pyodide needs to find its files. Pure functions: the
 * plan builder records the files they name (through `marker`) and prints the lines they return.
 */
import { parseGoogleFontsUrl, pickFaces } from './cdn';
import { attributeOf, PYODIDE_SETUP, removeAttribute } from './page-source';
import type { ShelfManifest, ShelfPackage } from './shelf-manifest';

/** Turns a shelf file into the address the preview document uses for it (and records that it is needed). */
export type FileMarker = (file: string) => string;

/**
 * A page's `integrity` attribute on a CDN address the shelf's `file` stands for: kept when its strongest
 * hashes include the shelf file's (the browser then checks the bytes, as it would the CDN's); otherwise
 * dropped, with one information line, since the shelf's copy is other bytes than the ones hashed.
 */
export function checkIntegrity(
  attrs: string,
  key: string,
  entry: ShelfPackage,
  file: string,
): { attrs: string; note?: string } {
  const asked = attributeOf(attrs, 'integrity');
  if (asked === undefined) return { attrs };
  const ours = new Set((entry.integrity?.[file] ?? '').split(/\s+/).filter(Boolean));
  // Of several hashes the browser checks only those of the strongest algorithm given (SRI).
  const tokens = asked
    .trim()
    .split(/\s+/)
    .map((t) => t.replace(/\?.*$/, ''))
    .filter((t) => /^sha(256|384|512)-/.test(t));
  const strongest = tokens
    .map((t) => t.slice(0, 6))
    .sort()
    .at(-1);
  if (tokens.some((t) => t.startsWith(strongest ?? '') && ours.has(t))) return { attrs };
  return {
    attrs: removeAttribute(attrs, 'integrity'),
    note: `The page's integrity hash for ${key} names other bytes than the preview's own copy (${key} ${entry.version}); that copy is used without the check.`,
  };
}

/** The add-on script of `entry` a CDN path names (`examples/js/controls/OrbitControls.js`, `.min` too). */
export function addonOf(entry: ShelfPackage | undefined, path: string): string | undefined {
  const addons = entry?.addons;
  if (!addons) return undefined;
  const clean = path.replace(/^\/+/, '').replace(/\.min\.js$/, '.js');
  return addons[clean] ?? addons[`examples/js/${clean.replace(/^.*?examples\/js\//, '')}`];
}

/**
 * The `@font-face` rules (on one line) for the families and faces a Google Fonts address asks for, and the
 * families the shelf lacks (the page falls back to local fonts for those). `undefined` when `url` is not a
 * Google Fonts stylesheet address.
 */
export function googleFontFaces(
  url: string,
  manifest: ShelfManifest,
  marker: FileMarker,
): { rules: string; missing: string[] } | undefined {
  const requests = parseGoogleFontsUrl(url);
  if (!requests) return undefined;
  let rules = '';
  const missing: string[] = [];
  for (const { family, faces } of requests) {
    const fonts = Object.values(manifest.packages).find(
      (p) => p.fonts?.family.toLowerCase() === family.toLowerCase(),
    )?.fonts;
    if (!fonts) {
      missing.push(family);
      continue;
    }
    for (const key of pickFaces(Object.keys(fonts.faces), faces)) {
      const file = fonts.faces[key];
      if (!file) continue;
      const [weight, style] = key.split('-');
      rules +=
        `@font-face{font-family:${JSON.stringify(fonts.family)};font-style:${style};font-weight:${weight};` +
        `font-display:swap;src:url(${marker(file)}) format("woff2")}`;
    }
  }
  return { rules, missing };
}

/** The line a Google Fonts family the shelf lacks prints (information: a local font stands in). */
export const missingFontText = (family: string): string =>
  `The web font ${family} is not in the preview (it has no network); a local font is used instead.`;

/**
 * Before the shelf's Pyodide script: a one-line script that gives `loadPyodide` the jsDelivr folder of the
 * shelf's version as its `indexURL` and serves the files Pyodide fetches from there (its WebAssembly, standard
 * library and lock file) from the shelf; its `import()` of `pyodide.asm.js` goes in the import map (`imports`).
 * Anything else fetched from that folder (packages) goes to the network as any other fetch does.
 */
export function pyodideSetupScript(
  entry: ShelfPackage,
  data: Record<string, string>,
  marker: FileMarker,
  imports: Record<string, string>,
): string {
  const base = `https://cdn.jsdelivr.net/pyodide/v${entry.version}/full/`;
  const files: Record<string, string> = {};
  for (const [name, file] of Object.entries(data)) {
    files[name] = marker(file);
    if (name.endsWith('.js')) imports[`${base}${name}`] = file;
  }
  return `<script>${PYODIDE_SETUP}(${JSON.stringify(base)},${JSON.stringify(files)});</script>`;
}

/**
 * `(files)`: a fetch whose address ends in the name of one of a library's data files (`sql-wasm.wasm`), from any
 * host or folder (pages point sql.js's `locateFile` at cdnjs, jsDelivr, unpkg or the library's own site), gets
 * the shelf's copy. One line.
 */
const DATA_FILES_SETUP =
  '(function(files){var f=window.fetch;window.fetch=function(input,init){' +
  "var url=typeof input==='string'?input:input instanceof URL?input.href:input&&input.url;" +
  "var name=typeof url==='string'?url.split(/[?#]/)[0].split('/').pop():'';" +
  'if(name&&files[name])return f.call(window,files[name],init);return f.apply(window,arguments)}})';

/** Before the script of a library that fetches data files of its own (sql.js's WebAssembly): serves them. */
export function dataFilesScript(data: Record<string, string>, marker: FileMarker): string {
  const files: Record<string, string> = {};
  for (const [path, file] of Object.entries(data)) files[path.split('/').pop() ?? path] = marker(file);
  return `<script>${DATA_FILES_SETUP}(${JSON.stringify(files)});</script>`;
}

/** The router package a component may import links and hooks from. */
export const ROUTER_PACKAGE = 'react-router-dom';

/**
 * Whether a component uses react-router without a router of its own: written to be shown inside one (an app's
 * page, a runner's route), its `Link`s and hooks throw outside a router, so the preview puts it in a memory router.
 */
export function needsRouter(source: string): boolean {
  return (
    /\bfrom\s*['"]react-router(?:-dom)?['"]/.test(source) &&
    !/<(?:BrowserRouter|HashRouter|MemoryRouter|Router|RouterProvider)\b|\bcreate(?:Browser|Hash|Memory)Router\b/.test(
      source,
    )
  );
}

/** The React bootstrap (`REACT_BOOTSTRAP`) with the component rendered inside react-router's `MemoryRouter`. */
export function routedBootstrap(bootstrap: string): string {
  return bootstrap
    .replace("from 'react';", `from 'react';import { MemoryRouter } from '${ROUTER_PACKAGE}';`)
    .replace(
      'render(createElement(Component))',
      'render(createElement(MemoryRouter,null,createElement(Component)))',
    );
}

/** jsDelivr's Pyodide folders (`…/pyodide/v0.26.2/full/`) a page names in its code. */
const PYODIDE_FOLDER = /https:\/\/cdn\.jsdelivr\.net\/pyodide\/v[\w.-]+\/full\//g;

/**
 * The jsDelivr Pyodide folders of a page that imports `pyodide.mjs` from one in its code
 * (`await import(indexURL + 'pyodide.mjs')`): an address built at run time, which only the import map can answer.
 */
export function pyodideModuleFolders(content: string): string[] {
  return content.includes('pyodide.mjs') ? [...new Set(content.match(PYODIDE_FOLDER) ?? [])] : [];
}

/** What `pyodide.mjs` is in the preview: the shelf's classic script's `loadPyodide` (set up by its setup script). */
export const PYODIDE_MODULE =
  'export function loadPyodide(options) { return window.loadPyodide(options); }\nexport default { loadPyodide };\n';
