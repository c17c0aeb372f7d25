/**
 * CDN addresses and bare import specifiers, resolved to the library shelf. A preview has no network, so
 * `https://cdn.jsdelivr.net/npm/chart.js@4/dist/chart.umd.min.js` must become the shelf's Chart.js, whatever
 * the version asked for; a library that is not on the shelf must fail with one clear message.
 */
import type { ShelfManifest, ShelfPackage } from './shelf-manifest';

/** The CDN hosts whose addresses resolve to the shelf. */
export const CDN_HOSTS: readonly string[] = [
  'cdnjs.cloudflare.com',
  'cdn.jsdelivr.net',
  'fastly.jsdelivr.net',
  'unpkg.com',
  'esm.sh',
  'esm.run',
  'cdn.skypack.dev',
  'ga.jspm.io',
  'jspm.dev',
  'cdn.tailwindcss.com',
  'd3js.org',
  'threejs.org',
];

/**
 * The public CDNs a page may load a library from that is not on the shelf, once the person allows it for the
 * artifact (the panel's `Allow libraries from <host>`): the app fetches the file (GET, no credentials), keeps it
 * in the browser's cache and hands it to the frame, which itself still has no network.
 */
export const PUBLIC_CDN_HOSTS: readonly string[] = [
  'cdnjs.cloudflare.com',
  'cdn.jsdelivr.net',
  'unpkg.com',
  'esm.sh',
];

/** Whether `url` is an https address of a public CDN (see `PUBLIC_CDN_HOSTS`) the app may fetch by consent. */
export function isPublicCdnUrl(url: string): boolean {
  const parsed = URL.parse(url.startsWith('//') ? `https:${url}` : url);
  return (
    parsed !== null &&
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    PUBLIC_CDN_HOSTS.includes(parsed.hostname.toLowerCase())
  );
}

/** Hosts that serve web fonts: their stylesheets fall back to local fonts with an information line. */
export const FONT_HOSTS: readonly string[] = [
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'fonts.bunny.net',
  'use.typekit.net',
  'rsms.me',
  'api.fontshare.com',
  'fonts.cdnfonts.com',
  'fonts.xz.style',
];

/** Sites that serve map tiles: their images are not loaded, said once as information, not as an error. */
export const TILE_SITES: readonly string[] = [
  'openstreetmap.org',
  'osm.org',
  'cartocdn.com',
  'arcgisonline.com',
  'opentopomap.org',
  'stadiamaps.com',
  'thunderforest.com',
  'wmflabs.org',
];

/** What a CDN address names: a library, the version asked for (if any), and the path inside it. */
export interface CdnAddress {
  readonly host: string;
  /** The library's name as the CDN spells it (npm name, or cdnjs's own name). */
  readonly name: string;
  /** The version specifier as written (`4`, `^18.2.0`, `r128`, `latest`), or `undefined`. */
  readonly version?: string;
  /** The path inside the package, without a leading slash (may be empty). */
  readonly path: string;
}

/** The name, version and path a CDN address names, or `undefined` when it is not a CDN address. */
export function parseCdnUrl(url: string): CdnAddress | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const host = parsed.hostname.toLowerCase();
  if (!CDN_HOSTS.includes(host)) return undefined;
  const segments = parsed.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => safeDecode(s));
  switch (host) {
    case 'd3js.org': {
      // d3's own host: /d3.v7.min.js, /d3.v5.js, /d3.min.js, /d3-sankey.v0.min.js
      const file = segments.at(-1) ?? '';
      const m = /^(d3(?:-[a-z-]+)?)(?:\.v(\d+))?(?:\.min)?\.js$/.exec(file);
      if (!m?.[1]) return undefined;
      return { host, name: m[1], ...(m[2] ? { version: m[2] } : {}), path: '' };
    }
    case 'threejs.org': {
      // three's own site serves its latest build: /build/three.min.js, /examples/jsm/…
      if (segments[0] !== 'build' && segments[0] !== 'examples') return undefined;
      return { host, name: 'three', path: segments.join('/') };
    }
    case 'cdn.tailwindcss.com': {
      const version = segments[0];
      return { host, name: 'tailwindcss', ...(version ? { version } : {}), path: '' };
    }
    case 'cdnjs.cloudflare.com': {
      // /ajax/libs/<name>/<version>/<path>
      if (segments[0] !== 'ajax' || segments[1] !== 'libs' || !segments[2]) return undefined;
      const version = segments[3];
      return { host, name: segments[2], ...(version ? { version } : {}), path: segments.slice(4).join('/') };
    }
    case 'cdn.jsdelivr.net':
    case 'fastly.jsdelivr.net': {
      if (segments[0] === 'npm') return npmPath(host, segments.slice(1));
      if (segments[0] === 'gh' && segments[1] && segments[2]) {
        // /gh/<user>/<repo>@<version>/<path>
        const [repo, version] = splitVersion(segments[2]);
        return { host, name: repo, ...(version ? { version } : {}), path: segments.slice(3).join('/') };
      }
      // A project's own folder (/pyodide/v0.25.0/full/pyodide.js): its name, and a version if one follows.
      if (!segments[0]) return undefined;
      const version = /^v?\d/.test(segments[1] ?? '') ? segments[1]?.replace(/^v/, '') : undefined;
      return {
        host,
        name: segments[0],
        ...(version ? { version } : {}),
        path: segments.slice(version ? 2 : 1).join('/'),
      };
    }
    case 'esm.sh': {
      // /v135/react@18.2.0/es2022/react.mjs, /stable/…, /*react-dom@18/client, /react@18?dev
      let rest = segments;
      if (rest[0] && /^(v\d+|stable)$/.test(rest[0])) rest = rest.slice(1);
      if (rest[0]?.startsWith('*')) rest = [rest[0].slice(1), ...rest.slice(1)];
      if (rest[0] === 'gh') return undefined; // /gh/<user>/<repo>: GitHub, not npm
      const address = npmPath(host, rest);
      if (!address) return undefined;
      // esm.sh's build folders (es2022/…) name the package itself, not a subpath.
      return /^(es20\d\d|esnext|denonext|deno|node)\//.test(address.path)
        ? { ...address, path: '' }
        : address;
    }
    case 'esm.run':
    case 'unpkg.com':
    case 'jspm.dev':
      return npmPath(host, segments);
    case 'cdn.skypack.dev': {
      // /<name>@<version>, /-/<name>@<version>-<hash>/dist=es2019,mode=imports/optimized/<name>.js
      if (segments[0] === '-' && segments[1]) {
        const scoped = segments[1].startsWith('@');
        const nameAt = scoped ? `${segments[1]}/${segments[2] ?? ''}` : segments[1];
        const [name, versionHash] = splitVersion(nameAt);
        const version = versionHash?.replace(/-[A-Za-z0-9]{20}$/, '');
        return { host, name, ...(version ? { version } : {}), path: '' };
      }
      return npmPath(host, segments);
    }
    case 'ga.jspm.io': {
      // /npm:<name>@<version>/<path>
      const first = segments[0];
      if (!first?.startsWith('npm:')) return undefined;
      return npmPath(host, [first.slice(4), ...segments.slice(1)]);
    }
    default:
      return undefined;
  }
}

/** `<name>@<version>/<path>` (a scoped name takes two segments). */
function npmPath(host: string, segments: readonly string[]): CdnAddress | undefined {
  const first = segments[0];
  if (!first) return undefined;
  const scoped = first.startsWith('@');
  if (scoped && !segments[1]) return undefined;
  const nameAt = scoped ? `${first}/${segments[1]}` : first;
  const [name, version] = splitVersion(nameAt);
  if (!name) return undefined;
  const path = segments.slice(scoped ? 2 : 1).join('/');
  return { host, name, ...(version ? { version } : {}), path };
}

/** `name@version` → [name, version]; a leading `@` belongs to a scope. */
function splitVersion(nameAt: string): [string, string | undefined] {
  const at = nameAt.indexOf('@', 1);
  return at < 0 ? [nameAt, undefined] : [nameAt.slice(0, at), nameAt.slice(at + 1) || undefined];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The host of a web-font address (`fonts.googleapis.com`…), or `undefined`. */
export function fontHostOf(url: string): string | undefined {
  try {
    const host = new URL(url.startsWith('//') ? `https:${url}` : url).hostname.toLowerCase();
    return FONT_HOSTS.includes(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

/** A package of the shelf and the name it has there. */
export interface ShelfHit {
  readonly key: string;
  readonly entry: ShelfPackage;
}

/**
 * The shelf package a CDN (or npm) name stands for: its key, or one of its `cdnNames` (any case). With the
 * `version` a page asks for, an older major the shelf also holds (a package keyed `<key>@<major>`, such as
 * `chart.js@3`) is chosen when its major is nearer to the one asked (a tie goes to the older); the hit keeps the
 * package's own key.
 */
export function findPackage(manifest: ShelfManifest, name: string, version?: string): ShelfHit | undefined {
  const hit = findByName(manifest, name);
  const asked = majorOf(version);
  if (!hit || asked === undefined || /^r\d+$/.test(version ?? '')) return hit;
  let best = hit;
  let distance = Math.abs((majorOf(hit.entry.version) ?? asked) - asked);
  for (const [key, entry] of Object.entries(manifest.packages)) {
    const m = /@(\d+)$/.exec(key);
    if (!m || key.slice(0, m.index) !== hit.key) continue;
    const d = Math.abs(Number(m[1]) - asked);
    if (d < distance || (d === distance && Number(m[1]) < (majorOf(best.entry.version) ?? 0))) {
      best = { key: hit.key, entry };
      distance = d;
    }
  }
  return best;
}

function findByName(manifest: ShelfManifest, name: string): ShelfHit | undefined {
  const exact = manifest.packages[name];
  if (exact) return { key: name, entry: exact };
  const lower = name.toLowerCase();
  for (const [key, entry] of Object.entries(manifest.packages)) {
    if (key.toLowerCase() === lower || entry.cdnNames.some((n) => n.toLowerCase() === lower))
      return { key, entry };
  }
  return undefined;
}

/**
 * The shelf package a bare specifier belongs to and the subpath inside it (`react-dom/client` →
 * `react-dom`, `./client`; `@/components/ui/card` → `@/components/ui`, `./card`): the longest package key
 * the specifier starts with.
 */
export function packageOfSpecifier(
  manifest: ShelfManifest,
  specifier: string,
): { readonly hit: ShelfHit; readonly subpath: string } | undefined {
  let best: ShelfHit | undefined;
  for (const [key, entry] of Object.entries(manifest.packages)) {
    if ((specifier === key || specifier.startsWith(`${key}/`)) && key.length > (best?.key.length ?? -1))
      best = { key, entry };
  }
  if (!best) return undefined;
  const rest = specifier.slice(best.key.length);
  return { hit: best, subpath: rest === '' ? '.' : `.${rest}` };
}

/** The npm package name a bare specifier names (`@scope/name/x` → `@scope/name`, `lodash/fp` → `lodash`). */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** True for a bare specifier (not relative, not absolute, not a URL). */
export function isBareSpecifier(specifier: string): boolean {
  return !/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier) && specifier !== '';
}

/**
 * The module subpath of a package a CDN path names: `''`, `+esm`, a bundle file (`dist/chart.umd.js`,
 * `d3.min.js`, `build/three.module.js`) → `.`; `client`, `jsx-runtime`, `examples/jsm/…` → that subpath if
 * the package has it. `undefined` when the path names a subpath the shelf does not have.
 */
export function moduleSubpathOf(entry: ShelfPackage, path: string): string | undefined {
  const clean = path.replace(/\/?\+esm$/, '').replace(/\/$/, '');
  if (clean === '') return '.';
  const candidates = [
    `./${clean}`,
    `./${clean.replace(/\.(m?js|cjs)$/, '')}`,
    `./${clean.replace(/^(dist|build|es|esm|lib)\//, '')}`,
    `./${clean.replace(/^(dist|build|es|esm|lib)\//, '').replace(/\.(m?js|cjs)$/, '')}`,
    // A file named without its ending, which unpkg and jsDelivr resolve (`…/controls/OrbitControls`).
    `./${clean}.js`,
  ];
  for (const candidate of candidates) if (entry.modules[candidate]) return candidate;
  if (isBundleFile(clean)) return '.';
  return undefined;
}

/** A path that names a whole-package bundle rather than a subpath. */
function isBundleFile(path: string): boolean {
  if (/^(dist|build|umd|lib|es|esm|cjs|bundles?|min|browser|cdn)(\/|$)/.test(path)) return true;
  return !path.includes('/') && /\.(m?js|cjs)$/.test(path);
}

/** The style file a CDN path names (`dist/katex.min.css` → the package's `.` style, or that exact path). */
export function styleFileOf(entry: ShelfPackage, path: string): string | undefined {
  const styles = entry.styles;
  if (!styles) return undefined;
  const clean = path.replace(/^\/+/, '');
  return styles[`./${clean}`] ?? styles['.'] ?? Object.values(styles)[0];
}

/** The major version of a specifier (`^18.2.0` → 18, `r128` → 0 for three's `r` releases, `latest` → none). */
export function majorOf(version: string | undefined): number | undefined {
  if (!version) return undefined;
  const r = /^r(\d+)$/.exec(version);
  if (r) return 0; // three.js r-releases are 0.<r>.x
  const m = /^[\^~=v<>]*\s*(\d+)/.exec(version);
  return m ? Number(m[1]) : undefined;
}

/**
 * An information line when the version asked for has another major version than the shelf's, else
 * `undefined`. For 0.x versions the minor counts as the major (three.js r128 is 0.128).
 */
export function versionNote(name: string, asked: string | undefined, shelf: string): string | undefined {
  if (!asked) return undefined;
  const r = /^r(\d+)$/.exec(asked);
  const askedKey = r ? `0.${r[1]}` : majorKey(asked);
  const shelfKey = majorKey(shelf);
  if (askedKey === undefined || shelfKey === undefined || askedKey === shelfKey) return undefined;
  return `${name} ${asked} was asked for; the preview has ${name} ${shelf} (previews have no network, so they use Easel's own copy).`;
}

function majorKey(version: string): string | undefined {
  const m = /^[\^~=v<>]*\s*(\d+)(?:\.(\d+))?/.exec(version);
  if (!m) return undefined;
  return m[1] === '0' ? `0.${m[2] ?? '0'}` : m[1];
}

/** The console line for a library that is not on the shelf. */
export function missingLibraryText(name: string): string {
  return (
    `${name} is not available in the preview: previews have no network, and ${name} is not on Easel's ` +
    'library shelf. Use a library from the shelf (see the artifacts tool description) or write the code yourself.'
  );
}

/** A face a Google Fonts stylesheet asks for: its style and a weight range (`400..400` for one weight). */
export interface FontRequest {
  readonly style: 'normal' | 'italic';
  readonly from: number;
  readonly to: number;
}

/** A family a Google Fonts stylesheet names and the faces it asks for. */
export interface FontFamilyRequest {
  readonly family: string;
  readonly faces: readonly FontRequest[];
}

/**
 * The families and faces a `fonts.googleapis.com` stylesheet address asks for (`/css2?family=Inter:wght@400;700`,
 * `/css2?family=Roboto:ital,wght@0,400;1,700`, `wght@100..900`, `/css?family=Open+Sans:400,700italic|Lato`), or
 * `undefined` when it is not such an address. A family named without faces asks for regular 400.
 */
export function parseGoogleFontsUrl(url: string): readonly FontFamilyRequest[] | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.startsWith('//') ? `https:${url}` : url);
  } catch {
    return undefined;
  }
  if (parsed.hostname.toLowerCase() !== 'fonts.googleapis.com') return undefined;
  const css2 = parsed.pathname === '/css2';
  if (!css2 && parsed.pathname !== '/css') return undefined;
  const families = parsed.searchParams
    .getAll('family')
    .flatMap((value) => (css2 ? [value] : value.split('|')));
  const requests: FontFamilyRequest[] = [];
  for (const value of families) {
    const colon = value.indexOf(':');
    const family = (colon < 0 ? value : value.slice(0, colon)).trim();
    if (family === '') continue;
    const spec = colon < 0 ? '' : value.slice(colon + 1);
    const faces = css2 ? css2Faces(spec) : css1Faces(spec);
    requests.push({ family, faces: faces.length > 0 ? faces : [{ style: 'normal', from: 400, to: 400 }] });
  }
  return requests;
}

/** `ital,wght@0,400;1,700` or `wght@100..900` (other axes are read past). */
function css2Faces(spec: string): FontRequest[] {
  const at = spec.indexOf('@');
  if (at < 0) return [];
  const axes = spec.slice(0, at).split(',');
  const ital = axes.indexOf('ital');
  const wght = axes.indexOf('wght');
  const faces: FontRequest[] = [];
  for (const tuple of spec.slice(at + 1).split(';')) {
    const values = tuple.split(',');
    const italic = ital >= 0 && values[ital]?.trim() === '1';
    const [from, to] = weightRange(wght >= 0 ? values[wght] : '400');
    if (from !== undefined) faces.push({ style: italic ? 'italic' : 'normal', from, to: to ?? from });
  }
  return faces;
}

/** `400,700italic,300i,bold` (the first API's variants). */
function css1Faces(spec: string): FontRequest[] {
  const faces: FontRequest[] = [];
  for (const variant of spec.split(',')) {
    const v = variant.trim().toLowerCase();
    if (v === '') continue;
    const italic = /i(talic)?$/.test(v);
    const weight = v.startsWith('bold') ? 700 : Number.parseInt(v, 10) || 400;
    faces.push({ style: italic ? 'italic' : 'normal', from: weight, to: weight });
  }
  return faces;
}

function weightRange(value: string | undefined): [number | undefined, number | undefined] {
  const m = /^\s*(\d+)(?:\.\.(\d+))?\s*$/.exec(value ?? '');
  return m ? [Number(m[1]), m[2] ? Number(m[2]) : undefined] : [undefined, undefined];
}

/**
 * The faces of `available` (`<weight>-<style>` keys, as a shelf's fonts have them) that `faces` asks for; a face
 * asked for that the family lacks gets the nearest weight of its style.
 */
export function pickFaces(available: readonly string[], faces: readonly FontRequest[]): string[] {
  const have = available.map((key) => {
    const [weight, style] = key.split('-');
    return { key, weight: Number(weight), style };
  });
  const picked = new Set<string>();
  for (const face of faces) {
    const sameStyle = have.filter((h) => h.style === face.style);
    const pool = sameStyle.length > 0 ? sameStyle : have;
    const inRange = pool.filter((h) => h.weight >= face.from && h.weight <= face.to);
    if (inRange.length > 0) for (const h of inRange) picked.add(h.key);
    else {
      const nearest = [...pool].sort(
        (a, b) => Math.abs(a.weight - face.from) - Math.abs(b.weight - face.from),
      )[0];
      if (nearest) picked.add(nearest.key);
    }
  }
  return [...picked].sort();
}
