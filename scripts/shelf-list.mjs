/**
 * The shelf's libraries as the `artifacts` tool's description names them, written from the shelf's manifest
 * (`public/shelf/manifest.json`, itself made from the one table in `build-shelf.mjs`) into
 * `src/artifacts/shelf-list.ts`, which `description.ts` reads: the list Claude reads cannot drift from the shelf.
 * `npm run shelf` writes it; `scripts/build-shelf.test.ts` checks it is the manifest's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SHELF_LIST_FILE = join('src', 'artifacts', 'shelf-list.ts');

/**
 * Each listed package as `<name> <version>` and its `note`; Radix's primitives as one group; not the fonts, the
 * `unlisted` ones (the description says what they give) or our own `@/…` modules, named apart: the shadcn/ui
 * components by name.
 */
export function shelfListSource(manifest) {
  const names = [];
  let radix = false;
  for (const [name, entry] of Object.entries(manifest.packages)) {
    if (name.startsWith('@/') || entry.fonts || entry.unlisted) continue;
    if (name.startsWith('@radix-ui/')) radix = true;
    else names.push(`${name} ${entry.version}${entry.note ? ` ${entry.note}` : ''}`);
  }
  if (radix) names.push('@radix-ui/react-*');
  const components = Object.keys(manifest.packages['@/components/ui']?.modules ?? {})
    .filter((key) => key !== '.' && key !== './icons')
    .map((key) => key.slice(2));
  const code = Object.entries(manifest.packages)
    .filter(([, entry]) => entry.code)
    .map(([name, entry]) => [name, entry.version]);
  const quoted = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  return [
    '// Written by scripts/shelf-list.mjs from the shelf manifest (npm run shelf): do not edit by hand.',
    '',
    "/** The shelf's libraries with their versions, as the `artifacts` tool's description names them. */",
    `export const SHELF_LIBRARIES =\n  ${quoted(names.join(', '))};`,
    '',
    '/** The shadcn/ui components on the shelf (`@/components/ui/<name>`). */',
    `export const SHELF_COMPONENTS =\n  ${quoted(components.join(', '))};`,
    '',
    "/** The shelf's libraries `run_code`'s JavaScript may import, by name, with their versions. */",
    `export const CODE_LIBRARIES: Readonly<Record<string, string>> = {\n${code.map(([name, version]) => `  ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : quoted(name)}: ${quoted(version)},\n`).join('')}};`,
    '',
  ].join('\n');
}

/** Writes the list of `manifest` into the source tree when it changed. */
export function writeShelfList(root, manifest) {
  const file = join(root, SHELF_LIST_FILE);
  const source = shelfListSource(manifest);
  let old = '';
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (old !== source) writeFileSync(file, source);
}
