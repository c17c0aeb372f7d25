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
];

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

/** The shelf package a CDN (or npm) name stands for: its key, or one of its `cdnNames` (any case). */
export function findPackage(manifest: ShelfManifest, name: string): ShelfHit | undefined {
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
