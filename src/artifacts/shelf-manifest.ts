/**
 * The library shelf's manifest (`shelf/manifest.json`, made by `scripts/build-shelf.mjs`): which packages are
 * on the shelf, at which version, and which files hold them. The runtime reads it to resolve what an artifact
 * imports — bare specifiers and CDN addresses alike — to shelf files, which the app hands to the preview
 * frame (the frame itself never fetches anything).
 *
 * Contract (shared with the shelf build):
 * - File names are relative to `shelf/`.
 * - Every ES module imports other shelf packages only by bare specifier; the preview gives the frame one
 *   import map of every specifier, so shared libraries (react) are single instances.
 * - `cdnNames` are every name the package has on CDNs (npm name, plus cdnjs's own name when it differs).
 * Fields added later must be optional, so an older runtime still reads a newer manifest.
 */

export const SHELF_MANIFEST_VERSION = 1;

export interface ShelfPackage {
  /** The exact version on the shelf. */
  readonly version: string;
  /** Every name the package has on CDNs (npm name, cdnjs's library name…). */
  readonly cdnNames: readonly string[];
  /** ES modules by import subpath (`.` is the package itself). */
  readonly modules: Readonly<Record<string, string>>;
  /** A classic script for `<script src>` pages. */
  readonly script?: string;
  /** What that classic script defines on `window`. */
  readonly globals?: readonly string[];
  /** CSS files by subpath (for `<link rel=stylesheet>`). */
  readonly styles?: Readonly<Record<string, string>>;
  /** Gzip bytes of all its files. */
  readonly gzip?: number;
  /** Its members one module each (lucide-react's icons), for pages that import only them by name. */
  readonly icons?: ShelfIcons;
  /**
   * Subresource-integrity hashes of its script, main module and styles, by file: `sha256-… sha384-… sha512-…`
   * (base64), so a page's `integrity` attribute can be checked against the shelf's bytes.
   */
  readonly integrity?: Readonly<Record<string, string>>;
  /**
   * Files the library reads at run time by address (Pyodide's WebAssembly, standard library and lock file),
   * by their names in the package's folder.
   */
  readonly data?: Readonly<Record<string, string>>;
  /** A web-font family (a `@fontsource` package): its name and a woff2 file per face. */
  readonly fonts?: ShelfFonts;
  /** Classic scripts besides `script`, by their path in the package (three's `examples/js/controls/…`). */
  readonly addons?: Readonly<Record<string, string>>;
  /** Words after its version in the list the `artifacts` tool's description gives (`shelf-list.ts`). */
  readonly note?: string;
  /** Left out of that list (the description says what it gives instead). */
  readonly unlisted?: boolean;
  /** `run_code`'s JavaScript may import it too: it works in a worker, with no page (`CODE_LIBRARIES`). */
  readonly code?: boolean;
}

/** A font family's faces on the shelf, by `<weight>-<style>` (`400-normal`, `700-italic`). */
export interface ShelfFonts {
  readonly family: string;
  readonly faces: Readonly<Record<string, string>>;
}

/**
 * A package whose named exports are also modules of their own (lucide-react: an icon each). `table` is a JSON
 * file `{ "<stem>": ["Name", …] }`: the file `<folder><stem>.mjs` default-exports the component each name (and
 * `NameIcon`, `LucideName`) stands for. Those modules import only the package's `./base` module and other
 * shared specifiers.
 */
export interface ShelfIcons {
  readonly table: string;
  /** The folder of the icon modules, ending in `/`. */
  readonly folder: string;
}

/** Export name → the file stem of its icon module, read from an icon table (see `ShelfIcons`). */
export type IconTable = ReadonlyMap<string, string>;

/** The table in `data` (a parsed `ShelfIcons.table` file), or `undefined` when it is not one. */
export function parseIconTable(data: unknown): IconTable | undefined {
  if (!isRecord(data)) return undefined;
  const table = new Map<string, string>();
  for (const [stem, names] of Object.entries(data)) {
    if (!/^[\w-]+$/.test(stem) || !Array.isArray(names)) return undefined;
    for (const name of names) {
      if (typeof name !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
      table.set(name, stem);
    }
  }
  return table;
}

/** The icon file stem an import of `name` means (`Camera`, `CameraIcon` and `LucideCamera` are one icon). */
export function iconStemOf(table: IconTable, name: string): string | undefined {
  return (
    table.get(name) ??
    (name.endsWith('Icon') ? table.get(name.slice(0, -4)) : undefined) ??
    (name.startsWith('Lucide') ? table.get(name.slice(6)) : undefined)
  );
}

export interface ShelfManifest {
  readonly version: typeof SHELF_MANIFEST_VERSION;
  /** By npm package name, or an alias like `@/components/ui`. */
  readonly packages: Readonly<Record<string, ShelfPackage>>;
}

/** An empty shelf: what the runtime works with when the manifest cannot be read. */
export const EMPTY_SHELF: ShelfManifest = Object.freeze({ version: SHELF_MANIFEST_VERSION, packages: {} });

/**
 * The manifest in `data`, or why it is not one. Packages that are malformed are left out one by one (and
 * named in `problems`), so one bad entry does not take the whole shelf away.
 */
export function parseShelfManifest(data: unknown): {
  readonly manifest: ShelfManifest;
  readonly problems: readonly string[];
} {
  if (!isRecord(data)) return { manifest: EMPTY_SHELF, problems: ['The shelf manifest is not an object.'] };
  if (data.version !== SHELF_MANIFEST_VERSION)
    return {
      manifest: EMPTY_SHELF,
      problems: [`The shelf manifest has version ${String(data.version)}; this runtime reads version 1.`],
    };
  if (!isRecord(data.packages))
    return { manifest: EMPTY_SHELF, problems: ['The shelf manifest has no packages.'] };
  const packages: Record<string, ShelfPackage> = {};
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(data.packages)) {
    if (isShelfPackage(entry)) packages[name] = entry;
    else problems.push(`The shelf entry for ${name} is malformed.`);
  }
  return { manifest: { version: SHELF_MANIFEST_VERSION, packages }, problems };
}

/** True when `data` is a well-formed manifest (every package well-formed). */
export function isShelfManifest(data: unknown): data is ShelfManifest {
  return (
    isRecord(data) &&
    data.version === SHELF_MANIFEST_VERSION &&
    isRecord(data.packages) &&
    Object.values(data.packages).every(isShelfPackage)
  );
}

export function isShelfPackage(data: unknown): data is ShelfPackage {
  if (!isRecord(data)) return false;
  return (
    typeof data.version === 'string' &&
    Array.isArray(data.cdnNames) &&
    data.cdnNames.every((n) => typeof n === 'string') &&
    isFileMap(data.modules) &&
    (data.script === undefined || isFileName(data.script)) &&
    (data.globals === undefined ||
      (Array.isArray(data.globals) && data.globals.every((g) => typeof g === 'string'))) &&
    (data.styles === undefined || isFileMap(data.styles)) &&
    (data.gzip === undefined || (typeof data.gzip === 'number' && data.gzip >= 0)) &&
    (data.icons === undefined || isShelfIcons(data.icons)) &&
    (data.integrity === undefined ||
      (isRecord(data.integrity) && Object.values(data.integrity).every((v) => typeof v === 'string'))) &&
    (data.fonts === undefined || isShelfFonts(data.fonts)) &&
    (data.data === undefined || isFileMap(data.data)) &&
    (data.addons === undefined || isFileMap(data.addons))
  );
}

function isShelfFonts(data: unknown): data is ShelfFonts {
  return (
    isRecord(data) &&
    typeof data.family === 'string' &&
    isFileMap(data.faces) &&
    Object.keys(data.faces).every((face) => /^\d{3}-(normal|italic)$/.test(face))
  );
}

function isShelfIcons(data: unknown): data is ShelfIcons {
  return (
    isRecord(data) &&
    isFileName(data.table) &&
    typeof data.folder === 'string' &&
    data.folder.endsWith('/') &&
    isFileName(data.folder.slice(0, -1))
  );
}

/** Every file of the shelf, for checks (each named once), but the icon modules of `ShelfIcons` folders. */
export function shelfFiles(manifest: ShelfManifest): string[] {
  const files = new Set<string>();
  for (const entry of Object.values(manifest.packages)) {
    for (const file of Object.values(entry.modules)) files.add(file);
    for (const file of Object.values(entry.styles ?? {})) files.add(file);
    if (entry.script) files.add(entry.script);
    if (entry.icons) files.add(entry.icons.table);
    for (const file of Object.values(entry.fonts?.faces ?? {})) files.add(file);
    for (const file of Object.values(entry.data ?? {})) files.add(file);
    for (const file of Object.values(entry.addons ?? {})) files.add(file);
  }
  return [...files];
}

function isFileMap(data: unknown): data is Record<string, string> {
  return isRecord(data) && Object.values(data).every(isFileName);
}

/** A file name relative to `shelf/`: no scheme, no leading slash, no `..`. */
export function isFileName(data: unknown): data is string {
  return (
    typeof data === 'string' &&
    /^[\w@][\w@.+-]*(\/[\w@][\w@.+-]*)*$/.test(data) &&
    !data.split('/').some((part) => part === '..' || part === '.')
  );
}

function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}
