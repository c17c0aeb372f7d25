import { escapeHtml } from '../../agent';
import {
  type CompileJob,
  type CompileProblem,
  type CompileRequest,
  compileErrorText,
  type IconTable,
  isCompileReply,
  type PlanKind,
  type PrimeRequest,
  type RenderNote,
  type RenderRequest,
  type ShelfManifest,
} from '../../artifacts';
import {
  compileToken,
  EMPTY_SHELF,
  GENERATED_FOLDER,
  isBareSpecifier,
  missingLibraryText,
  packageNameOf,
  packageOfSpecifier,
  parseIconTable,
  parseShelfManifest,
  planPage,
  shelfModuleOf,
} from '../../artifacts/plan';
import { followsTheme, THEME_META } from './preview-theme';
import { type LibraryLoader, loadRemoteFiles } from './remote-libraries';

/** What a preview frame is sent (the element adds its channel). */
export type PreparedRender = Omit<RenderRequest, 'source' | 'channel'>;
/** What a spare frame is sent to be ready early (the element adds its channel). */
export type PreparedPrime = Omit<PrimeRequest, 'source' | 'channel'>;

/** Compile results kept (see `compile`). */
const KEPT_COMPILES = 8;

/** Hosts whose addresses may need the shelf: a page that names none of them never reads the manifest. */
const NEEDS_SHELF =
  /cdnjs\.cloudflare\.com|jsdelivr\.net|unpkg\.com|esm\.sh|esm\.run|skypack\.dev|jspm\.(io|dev)|tailwindcss\.com|d3js\.org|threejs\.org|fonts\.googleapis\.com|\bindexedDB\b|\bimport\b|text\/(babel|jsx|tsx|typescript)/;

/** `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')` in a shelf module. */
const MODULE_IMPORTS = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'\n]+)["']/g;

/** A compile error while the file is still being written: the preview keeps what it shows. */
const STREAMING_PROBLEM = Symbol('streaming compile problem');

/**
 * The compiler itself failed (its worker did not start, or was stopped): nothing is known about the file, so
 * this is never reported as the file's own syntax error, which would send Claude to rewrite code that is fine.
 */
class CompilerUnavailable extends Error {}

/**
 * The component `warmUp` prepares and throws away: a React page with Tailwind and a shadcn/ui button, so the
 * compiler's worker has started and run once, and the shelf files of React, Tailwind and the shadcn/ui
 * stand-ins' shared base (four imports deep: `clsx`, `tailwind-merge`…) are read, before the first component.
 */
const WARM_UP_COMPONENT = `import React, { useState } from 'react';
import { Button } from '@/components/ui/button';

export default function WarmUp() {
  const [on, setOn] = useState(false);
  return <Button className="p-2" onClick={() => setOn(!on)}>{on ? 'On' : 'Off'}</Button>;
}
`;

const NOT_COMPILED =
  'the file was not compiled. This is a problem in Easel, not in the file: reloading the page may help.';

/** The file's own compile error, with the job it came from (for its line numbers). */
class FileProblem {
  constructor(
    readonly problem: CompileProblem,
    readonly job: CompileJob,
  ) {}
}

/**
 * What `PreviewRuntime` loads with the first file that runs: reads the library shelf (`shelf/manifest.json`
 * and its files, fetched the first time an artifact needs them and kept as Blobs in memory), compiles
 * TypeScript and JSX in a worker (started the first time a file needs it), and turns an artifact into the
 * render request its preview frame writes. The frame never touches the network: every file it runs arrives
 * here first, as a Blob.
 */
export class PreviewCore {
  private manifest: Promise<ShelfManifest> | undefined;
  private manifestNotes: readonly RenderNote[] = [];
  private readonly files = new Map<string, Promise<Blob>>();
  private readonly fileImports = new Map<string, Promise<readonly string[]>>();
  private readonly compiled = new Map<string, Promise<string>>();
  private iconTable: Promise<IconTable | undefined> | undefined;
  private worker: Worker | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (code: string) => void; reject: (reason: CompileProblem | CompilerUnavailable) => void }
  >();

  constructor(private readonly shelfBase: string) {}

  /**
   * The render request for `content` shown as `kind`, or `undefined` while it is `streaming` and does not
   * compile yet (a half-written component: nothing is reported until the final content).
   */
  async prepare(
    filename: string,
    content: string,
    kind: PlanKind,
    streaming: boolean,
    library?: LibraryLoader,
  ): Promise<PreparedRender | undefined> {
    const needsShelf = kind === 'react' || (kind !== 'text' && NEEDS_SHELF.test(content));
    const manifest = needsShelf ? await this.loadManifest() : EMPTY_SHELF;
    const plan = planPage(content, kind, manifest, await this.iconsFor(manifest, content));
    let html =
      (kind === 'html' || kind === 'text') && followsTheme(content) ? THEME_META + plan.html : plan.html;
    const generated: Record<string, string> = { ...plan.generated };
    // The shelf files the page names (and what they import) are read while its code compiles.
    if (plan.compile.length > 0) this.readAhead(manifest, plan.imports, plan.files);
    try {
      const compiled = await Promise.all(plan.compile.map((job) => this.compileJob(job, streaming)));
      compiled.forEach((code, i) => {
        const token = compileToken(i);
        const job = plan.compile[i];
        const padded = '\n'.repeat(job?.padLines ?? 0) + code;
        html = html.replace(token, () => padded);
        for (const [file, text] of Object.entries(generated)) if (text === token) generated[file] = code;
      });
    } catch (error) {
      if (error === STREAMING_PROBLEM) return undefined;
      if (!(error instanceof FileProblem)) throw error;
      const { problem, job } = error;
      const text = compileErrorText(filename, problem, job.padLines);
      return {
        kind: 'render',
        html: `<pre style="white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace;color:#b00020;padding:16px;margin:0">${escapeHtml(text)}</pre>`,
        files: {},
        imports: {},
        notes: [{ level: 'error', text }],
        handled: [],
      };
    }
    const imports: Record<string, string> = { ...plan.imports };
    const missing: Record<string, string> = { ...plan.missing };
    const remote = await loadRemoteFiles(plan.remote, library, manifest, imports, generated);
    const wanted = [...plan.files, ...Object.values(imports)];
    const files = await this.closeImports(manifest, imports, wanted, generated, missing, remote.files);
    return {
      kind: 'render',
      html,
      files,
      imports,
      notes: [...this.manifestNotes, ...plan.notes, ...remote.notes],
      handled: plan.handled,
      missing,
      ...(kind === 'react' ? { artifactFile: `${GENERATED_FOLDER}artifact.js` } : {}),
      ...(plan.stallMs ? { stallMs: plan.stallMs } : {}),
    };
  }

  /**
   * What a spare frame needs to have a React page of `content` (written so far) ready before its component
   * is: the page's head and the shelf modules its complete import lines name (with everything they import),
   * evaluated early. The component, and stand-ins for what is not on the shelf, come with the render request.
   */
  async preparePrime(content: string): Promise<PreparedPrime> {
    // The component will need the compiler: its worker starts (and loads its code) while the file streams.
    this.worker ??= this.startWorker();
    const manifest = await this.loadManifest();
    const plan = planPage(content, 'react', manifest, await this.iconsFor(manifest, content));
    const imports: Record<string, string> = {};
    // Icons are a few hundred bytes each, and the next page may name others: only their base is evaluated.
    const icons = new Set(plan.icons?.specifiers);
    for (const [specifier, file] of Object.entries(plan.imports))
      if (!file.startsWith(GENERATED_FOLDER) && !icons.has(specifier)) imports[specifier] = file;
    const iconBase = plan.icons && shelfModuleOf(manifest, plan.icons.base);
    if (plan.icons && iconBase) imports[plan.icons.base] = iconBase;
    const preload = Object.keys(imports);
    const wanted = [...plan.files, ...Object.values(imports)];
    const files = await this.closeImports(manifest, imports, wanted, { ...plan.generated }, {});
    return { kind: 'prime', html: plan.react?.head ?? '', files, imports, preload };
  }

  /**
   * Reads the shelf's manifest ahead of the first file, and with `react` also gets a React page ready: the
   * compile worker started and run once on a small component, the shelf files of React, Tailwind and shadcn/ui's
   * base and the icon table read (kept, like every shelf file). Nothing runs in a frame. Never rejects: the first real file tries again.
   */
  async warmUp(react: boolean): Promise<void> {
    if (!react) {
      await this.loadManifest();
      return;
    }
    // The icon table too (no icon: which ones the component names is not known yet).
    const icons = this.loadManifest().then((manifest) => this.iconsFor(manifest, 'lucide-react'));
    await Promise.all([
      this.prepare('WarmUp.jsx', WARM_UP_COMPONENT, 'react', false).catch(() => undefined),
      icons,
    ]);
  }

  /** Stops the compile worker (the runtime starts another if it is used again). */
  dispose(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const { reject } of this.pending.values())
      reject(new CompilerUnavailable(`The compiler was stopped, so ${NOT_COMPILED}`));
    this.pending.clear();
  }

  /**
   * The Blobs of the files `wanted` and of every shelf module they import, following shelf modules' own bare
   * imports until `imports` is closed (adding them to it); a library not on the shelf becomes a stand-in
   * that throws one clear line (added to `generated` and `missing`).
   */
  private async closeImports(
    manifest: ShelfManifest,
    imports: Record<string, string>,
    wanted: readonly string[],
    generated: Record<string, string>,
    missing: Record<string, string>,
    loaded: Readonly<Record<string, Blob>> = {},
  ): Promise<Record<string, Blob>> {
    const files: Record<string, Blob> = { ...loaded };
    const seen = new Set(Object.keys(files));
    // Every file is read as soon as it is known (a module's imports as soon as it has arrived), so a page waits
    // for its longest chain of imports (four files for a shadcn/ui page), not for each of its files in turn.
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      if (file.startsWith(GENERATED_FOLDER)) {
        files[file] = new Blob([generated[file] ?? ''], { type: 'text/javascript' });
        return;
      }
      const blob = await this.file(file);
      files[file] = blob;
      if (!isModuleFile(manifest, file) && !isIconFile(manifest, file)) return;
      const next: string[] = [];
      for (const specifier of await this.importsOf(file, blob)) {
        if (imports[specifier] || !isBareSpecifier(specifier)) continue;
        const found = packageOfSpecifier(manifest, specifier);
        const target = found?.hit.entry.modules[found.subpath];
        if (target) {
          imports[specifier] = target;
          next.push(target);
        } else {
          const stand = `${GENERATED_FOLDER}missing-${specifier.replace(/[^\w.-]+/g, '_')}.mjs`;
          const text = missingLibraryText(packageNameOf(specifier));
          generated[stand] = `throw new Error(${JSON.stringify(text)});`;
          missing[specifier] = text;
          imports[specifier] = stand;
          next.push(stand);
        }
      }
      await Promise.all(next.map(visit));
    };
    await Promise.all([...new Set(wanted)].map(visit));
    return files;
  }

  /** Starts reading the shelf files of `imports` and `files` with everything they import (kept, as `file`). */
  private readAhead(
    manifest: ShelfManifest,
    imports: Readonly<Record<string, string>>,
    files: readonly string[],
  ): void {
    const shelf = [...files, ...Object.values(imports)].filter((file) => !file.startsWith(GENERATED_FOLDER));
    this.closeImports(manifest, { ...imports }, shelf, {}, {}).catch(() => undefined);
  }

  /**
   * The icon table of the shelf's icon package when `content` may import icons (read once, kept); without it
   * pages import the whole package, as they did before tables existed.
   */
  private iconsFor(manifest: ShelfManifest, content: string): Promise<IconTable | undefined> {
    const table = manifest.packages['lucide-react']?.icons?.table;
    if (!table || !content.includes('lucide-react')) return Promise.resolve(undefined);
    this.iconTable ??= this.file(table)
      .then(async (blob) => parseIconTable(JSON.parse(await blob.text())))
      .catch((error: unknown) => {
        console.warn('The icon table of the library shelf could not be read:', error);
        return undefined;
      });
    return this.iconTable;
  }

  private loadManifest(): Promise<ShelfManifest> {
    this.manifest ??= (async () => {
      try {
        const response = await fetch(new URL('manifest.json', this.shelfBase));
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { manifest, problems } = parseShelfManifest(await response.json());
        this.manifestNotes = problems.map((text) => ({ level: 'warn', text }));
        return manifest;
      } catch (error) {
        this.manifest = undefined; // try again for the next artifact
        this.manifestNotes = [];
        console.warn('The library shelf could not be read:', error);
        return EMPTY_SHELF;
      }
    })();
    return this.manifest;
  }

  private file(name: string): Promise<Blob> {
    let blob = this.files.get(name);
    if (!blob) {
      blob = (async () => {
        const response = await fetch(new URL(name, this.shelfBase));
        if (!response.ok)
          throw new Error(`The shelf file ${name} could not be read (HTTP ${response.status}).`);
        return response.blob();
      })();
      blob.catch(() => this.files.delete(name));
      this.files.set(name, blob);
    }
    return blob;
  }

  private importsOf(name: string, blob: Blob): Promise<readonly string[]> {
    let found = this.fileImports.get(name);
    if (!found) {
      found = blob
        .text()
        .then((text) => [...new Set([...text.matchAll(MODULE_IMPORTS)].map((m) => m[1] ?? ''))]);
      this.fileImports.set(name, found);
    }
    return found;
  }

  private compileJob(job: CompileJob, streaming: boolean): Promise<string> {
    return this.compile(job).catch((reason: CompileProblem | CompilerUnavailable) => {
      if (reason instanceof CompilerUnavailable) throw reason;
      throw streaming ? STREAMING_PROBLEM : new FileProblem(reason, job);
    });
  }

  /**
   * The code of `job`, compiled once: the panel's preview and the console check of the same file ask for the
   * same jobs at the same moment. The last few results are kept; a failure is not.
   */
  private compile(job: CompileJob): Promise<string> {
    const key = `${job.typescript ? 'ts' : 'js'}:${job.jsxRuntime}:${job.code}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      compiled = this.compileNow(job);
      compiled.catch(() => this.compiled.delete(key));
      this.compiled.set(key, compiled);
      for (const old of this.compiled.keys()) {
        if (this.compiled.size <= KEPT_COMPILES) break;
        this.compiled.delete(old);
      }
    }
    return compiled;
  }

  private compileNow(job: CompileJob): Promise<string> {
    this.worker ??= this.startWorker();
    const worker = this.worker;
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const request: CompileRequest = { id, job };
      worker.postMessage(request);
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('../../artifacts/compile-worker.ts', import.meta.url), {
      type: 'module',
      name: 'easel-compiler',
    });
    worker.addEventListener('message', (event: MessageEvent) => {
      if (!isCompileReply(event.data)) return;
      const waiting = this.pending.get(event.data.id);
      if (!waiting) return;
      this.pending.delete(event.data.id);
      if ('code' in event.data) waiting.resolve(event.data.code);
      else waiting.reject(event.data.problem);
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.worker = undefined;
      const why = event.message || 'its script did not load';
      const problem = new CompilerUnavailable(`The compiler could not start (${why}), so ${NOT_COMPILED}`);
      for (const { reject } of this.pending.values()) reject(problem);
      this.pending.clear();
    });
    return worker;
  }
}

/** A module of a package's icon folder (see `ShelfIcons`): its imports are followed like a module's. */
function isIconFile(manifest: ShelfManifest, file: string): boolean {
  for (const entry of Object.values(manifest.packages))
    if (entry.icons && file.startsWith(entry.icons.folder)) return true;
  return false;
}

function isModuleFile(manifest: ShelfManifest, file: string): boolean {
  for (const entry of Object.values(manifest.packages))
    if (Object.values(entry.modules).includes(file)) return true;
  return false;
}
