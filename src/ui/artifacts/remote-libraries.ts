/**
 * Public CDN files a page asks for and the shelf lacks (`PagePlan.remote`), put in place of their stand-ins
 * when the person allowed the artifact to load libraries from their host (`LibraryFile`, `artifact-network.ts`).
 * Loaded with the preview core. A module's own imports are followed: an address on a public CDN (relative ones
 * resolved against the module's address) is loaded the same way and written as its full address, which the
 * frame's import map points at its file (a module read from a blob URL cannot resolve a relative address); a
 * bare one goes to the shelf. What is not allowed keeps its stand-in, which throws the reason, and the page's
 * console says it.
 */
import type { LibraryFile, RemoteFile, RenderNote, ShelfManifest } from '../../artifacts';
import {
  GENERATED_FOLDER,
  isBareSpecifier,
  isPublicCdnUrl,
  missingLibraryText,
  shelfModuleOf,
} from '../../artifacts/plan';
import { msg, str } from '../l10n';

/** Loads one public CDN file for the page being prepared (the preview element binds it to its artifact). */
export type LibraryLoader = (url: string) => Promise<LibraryFile>;

/** Most public CDN files one page may load (a module and everything it imports). */
export const MAX_REMOTE_FILES = 64;

/** `import … from '…'`, `export … from '…'`, `import '…'`, `import('…')`. */
const IMPORTS = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])([^"'\n]+)\2/g;

/**
 * The bytes of the public CDN files of `remote` that `load` gives, by file; what it refuses keeps its stand-in
 * in `generated` (now throwing the reason) and a stylesheet's refusal becomes a console line. A module's
 * imports are added to `imports` (and their stand-ins to `generated`).
 */
export async function loadRemoteFiles(
  remote: Readonly<Record<string, RemoteFile>>,
  load: LibraryLoader | undefined,
  manifest: ShelfManifest,
  imports: Record<string, string>,
  generated: Record<string, string>,
): Promise<{ files: Record<string, Blob>; notes: RenderNote[] }> {
  const files: Record<string, Blob> = {};
  const notes: RenderNote[] = [];
  const queue = Object.entries(remote).map(([file, r]) => ({ file, ...r }));
  let loaded = 0;
  while (queue.length > 0) {
    const { file, url, kind } = queue.shift() as (typeof queue)[number];
    const got: LibraryFile = !load
      ? { ok: false, offer: false, text: missingLibraryText(url) }
      : loaded >= MAX_REMOTE_FILES
        ? {
            ok: false,
            offer: false,
            text: `${url} was not loaded: a page may load ${MAX_REMOTE_FILES} files from public CDNs.`,
          }
        : await load(url);
    if (!got.ok) {
      if (kind === 'style') notes.push({ level: 'error', text: got.text });
      else generated[file] = `throw new Error(${JSON.stringify(got.text)});`;
      continue;
    }
    loaded++;
    const host = new URL(got.url).host;
    notes.push({
      level: 'info',
      text: got.cached
        ? msg(str`Loaded ${got.url} from ${host} (kept in this browser).`)
        : msg(str`Loaded ${got.url} from ${host}.`),
    });
    if (kind !== 'module') {
      files[file] = got.blob;
      continue;
    }
    const text = (await got.blob.text()).replace(
      IMPORTS,
      (whole, lead: string, quote: string, specifier: string) => {
        if (isBareSpecifier(specifier)) {
          const shelf = imports[specifier] ? undefined : shelfModuleOf(manifest, specifier);
          if (shelf) imports[specifier] = shelf;
          return whole;
        }
        const address = URL.parse(specifier, got.url)?.href;
        if (!address) return whole;
        if (!imports[address]) {
          const stand = `${GENERATED_FOLDER}cdn-import-${Object.keys(generated).length}.mjs`;
          imports[address] = stand;
          if (isPublicCdnUrl(address)) {
            generated[stand] = '';
            queue.push({ file: stand, url: address, kind: 'module' });
          } else
            generated[stand] =
              `throw new Error(${JSON.stringify(`${address}, imported by ${got.url}, is not on a public CDN: previews have no network.`)});`;
        }
        return `${lead}${quote}${address}${quote}`;
      },
    );
    files[file] = new Blob([text], { type: 'text/javascript' });
  }
  return { files, notes };
}
