/**
 * What a preview document needs, worked out from an artifact before it runs: the HTML the frame writes (CDN
 * addresses replaced by shelf files, `text/babel` scripts marked for compiling), the shelf modules its imports
 * name, the code to compile, and the console lines to print first (a library that is not on the shelf, a
 * different major version). Pure and synchronous: the host carries the plan out (compiles in a worker,
 * fetches shelf files) and the frame writes the result.
 *
 * Line numbers: a document written by `document.write` reports errors in an inline script relative to the
 * script's own text, so every inline script is padded with line breaks up to the line it starts on in the
 * artifact — errors then carry the artifact's own line numbers. Every rewrite here stays within its line.
 */
import { escapeHtml } from '../agent';
import {
  findPackage,
  isBareSpecifier,
  isPublicCdnUrl,
  missingLibraryText,
  moduleSubpathOf,
  packageNameOf,
  packageOfSpecifier,
  parseCdnUrl,
  styleFileOf,
  versionNote,
} from './cdn';
import {
  addonOf,
  checkIntegrity,
  dataFilesScript,
  googleFontFaces,
  missingFontText,
  needsRouter,
  PYODIDE_MODULE,
  pyodideModuleFolders,
  pyodideSetupScript,
  ROUTER_PACKAGE,
  routedBootstrap,
} from './page-shelf';
import {
  ARTIFACT_SPECIFIER,
  attributeOf,
  BUILT_IN,
  type CompileJob,
  type ConsoleNote,
  compileToken,
  DYNAMIC_IMPORT_PATTERN,
  GENERATED_FOLDER,
  GOOGLE_FONTS_IMPORT,
  GOOGLE_FONTS_URL,
  ICON_PACKAGE,
  IMPORT_PATTERN,
  INDEXED_DB,
  INDEXED_DB_PACKAGE,
  indexOfClose,
  isBabelType,
  isClassicType,
  NAMED_IMPORT,
  type PagePlan,
  type PlanKind,
  PYODIDE,
  PYODIDE_STALL_MS,
  REACT_BOOTSTRAP,
  REACT_STYLE,
  type RemoteFile,
  removeAttribute,
  replaceAttribute,
  SHELF_MARKER,
  SVG_STYLE,
  shelfModuleOf,
  slug,
  specifierOf,
  TEXT_STYLE,
  throwing,
  withDefaultExport,
} from './page-source';
import { type IconTable, iconStemOf, type ShelfManifest, type ShelfPackage } from './shelf-manifest';

/** Plans the preview of `content` shown as `kind`. */
export function planPage(
  content: string,
  kind: PlanKind,
  manifest: ShelfManifest,
  icons?: IconTable,
): PagePlan {
  const builder = new PlanBuilder(manifest, icons);
  switch (kind) {
    case 'text':
      return builder.finish(`${TEXT_STYLE}<pre>${escapeHtml(content)}</pre>`);
    case 'svg':
      // A script of an <svg> takes no `src`: the IndexedDB script (if any) goes before the drawing.
      return builder.finish(SVG_STYLE + builder.html(content, true));
    case 'html':
      return builder.finish(builder.html(content));
    case 'react':
      return builder.finish(builder.react(content));
    default:
      return kind satisfies never;
  }
}

class PlanBuilder {
  private readonly imports: Record<string, string> = {};
  private readonly files = new Set<string>();
  private readonly generated: Record<string, string> = {};
  private readonly notes: ConsoleNote[] = [];
  private readonly noted = new Set<string>();
  private readonly handled = new Set<string>();
  private readonly unlinked: Record<string, string> = {};
  private readonly compile: CompileJob[] = [];
  private readonly remote: Record<string, RemoteFile> = {};
  private parts: PagePlan['react'];
  private readonly iconSpecifiers = new Set<string>();
  /** The page has the shelf's Tailwind script already (see `tailwindStylesheet`). */
  private tailwindShown = false;
  /** The page has the Pyodide setup already (see `shelfSetup`). */
  private pyodideShown = false;
  /** The libraries whose setup script the page has (see `shelfSetup`). */
  private readonly setUp = new Set<string>();
  /** The page names `indexedDB`: its first script is preceded by the shelf's in-memory IndexedDB. */
  private wantsIndexedDb = false;

  constructor(
    private readonly manifest: ShelfManifest,
    private readonly iconTable: IconTable | undefined,
  ) {}

  finish(html: string): PagePlan {
    return {
      html,
      compile: this.compile,
      imports: this.imports,
      files: [...this.files],
      generated: this.generated,
      notes: this.notes,
      handled: [...this.handled],
      missing: this.unlinked,
      remote: this.remote,
      ...(this.pyodideShown ? { stallMs: PYODIDE_STALL_MS } : {}),
      ...(this.parts ? { react: this.parts } : {}),
      ...(this.iconSpecifiers.size > 0
        ? { icons: { specifiers: [...this.iconSpecifiers], base: `${ICON_PACKAGE}/base` } }
        : {}),
    };
  }

  /** A `.jsx`/`.tsx` file: compiled as a module; its default export (or `App`) rendered into `#root`. */
  react(source: string, typescript = true): string {
    const code = withDefaultExport(source);
    this.compile.push({ code: this.moduleCode(code), typescript, jsxRuntime: 'automatic', padLines: 0 });
    this.generated[`${GENERATED_FOLDER}artifact.js`] = compileToken(0);
    this.imports[ARTIFACT_SPECIFIER] = `${GENERATED_FOLDER}artifact.js`;
    for (const specifier of ['react', 'react/jsx-runtime', 'react-dom/client']) this.addSpecifier(specifier);
    const selfRendering = /\b(createRoot|ReactDOM\.render|hydrateRoot)\s*\(/.test(source);
    const tailwind = /\bclassName\s*=/.test(source) ? this.tailwindScript() : '';
    const routed = !selfRendering && needsRouter(source);
    if (routed) this.addSpecifier(ROUTER_PACKAGE);
    const bootstrap = selfRendering
      ? `<script type="module">import '${ARTIFACT_SPECIFIER}';</script>`
      : `<script type="module">${routed ? routedBootstrap(REACT_BOOTSTRAP) : REACT_BOOTSTRAP}</script>`;
    const indexedDb = INDEXED_DB.test(source) ? this.shelfScript(INDEXED_DB_PACKAGE) : '';
    const fonts = this.fontFacesIn(source);
    const head = `${REACT_STYLE}${indexedDb}${fonts}${tailwind}<div id="root"></div>`;
    this.parts = { head, bootstrap };
    return head + bootstrap;
  }

  /** An HTML page (or an SVG drawing): CDN addresses resolved, babel scripts compiled, scripts padded. */
  html(content: string, indexedDbFirst = false): string {
    const out: string[] = [];
    this.wantsIndexedDb = INDEXED_DB.test(content);
    if (this.wantsIndexedDb && indexedDbFirst) {
      this.wantsIndexedDb = false;
      out.push(this.shelfScript(INDEXED_DB_PACKAGE));
    }
    const pattern = /<!--[\s\S]*?-->|<(script|link|style)\b([^>]*)>/gi;
    let at = 0;
    let line = 1;
    let counted = 0;
    const lineAt = (index: number) => {
      for (let i = counted; i < index; i++) if (content.charCodeAt(i) === 10) line++;
      counted = Math.max(counted, index);
      return line;
    };
    const pyodideFolders = pyodideModuleFolders(content);
    for (let m = pattern.exec(content); m; m = pattern.exec(content)) {
      const tag = m[1]?.toLowerCase();
      if (!tag) continue; // a comment
      out.push(content.slice(at, m.index));
      const attrs = m[2] ?? '';
      const openEnd = m.index + m[0].length;
      if (tag === 'link') {
        out.push(
          this.googleFonts(attrs) ?? this.tailwindStylesheet(attrs) ?? `<link${this.linkAttrs(attrs)}>`,
        );
        at = openEnd;
        continue;
      }
      if (tag === 'style') {
        const end = indexOfClose(content, openEnd, 'style');
        out.push(content.slice(m.index, openEnd), this.styleImports(content.slice(openEnd, end)));
        at = end;
        pattern.lastIndex = end;
        continue;
      }
      const close = indexOfClose(content, openEnd);
      const body = content.slice(openEnd, close);
      const bodyLine = lineAt(openEnd);
      if (this.wantsIndexedDb) {
        this.wantsIndexedDb = false;
        out.push(this.shelfScript(INDEXED_DB_PACKAGE));
      }
      if (pyodideFolders.length > 0) out.push(this.pyodideModule(pyodideFolders.splice(0)));
      out.push(this.script(attrs, body, bodyLine));
      at = close;
      pattern.lastIndex = close;
    }
    out.push(content.slice(at));
    return out.join('');
  }

  /** A Google Fonts stylesheet `<link>`: the `@font-face` rules of the shelf's copies (else `undefined`). */
  private googleFonts(attrs: string): string | undefined {
    const href = attributeOf(attrs, 'href');
    const rel = attributeOf(attrs, 'rel')?.toLowerCase() ?? '';
    if (!href || !/\bstylesheet\b/.test(rel)) return undefined;
    const rules = this.fontFaceRules(href);
    return rules === undefined ? undefined : `<style>${rules}</style>`;
  }

  /** A stylesheet's `@import` of Google Fonts becomes the `@font-face` rules of the shelf's copies. */
  private styleImports(css: string): string {
    return css.replace(GOOGLE_FONTS_IMPORT, (whole, url: string) => this.fontFaceRules(url) ?? whole);
  }

  /** The `@font-face` rules of every Google Fonts address in `source` (a component's `<link>` or `@import`,
   * made as it renders): the address itself is still refused, quietly, but its families are there. */
  private fontFacesIn(source: string): string {
    const rules = [...source.matchAll(GOOGLE_FONTS_URL)].map((m) => this.fontFaceRules(m[0]) ?? '');
    return rules.some((r) => r !== '') ? `<style>${rules.join('')}</style>` : '';
  }

  /** The `@font-face` rules a Google Fonts address asks for (`undefined` for any other address). */
  private fontFaceRules(url: string): string | undefined {
    const faces = googleFontFaces(url, this.manifest, (file) => this.fileMarker(file));
    if (!faces) return undefined;
    this.handled.add(url);
    for (const family of faces.missing) this.note('info', missingFontText(family));
    return faces.rules;
  }

  /** A Tailwind stylesheet from a CDN (`tailwindcss@2/dist/tailwind.min.css`): the shelf has no prebuilt CSS,
   * so the page gets the shelf's Tailwind script, which styles the classes it uses. `undefined` for other links. */
  private tailwindStylesheet(attrs: string): string | undefined {
    const href = attributeOf(attrs, 'href');
    const rel = attributeOf(attrs, 'rel')?.toLowerCase() ?? '';
    const address = href && /\bstylesheet\b/.test(rel) ? parseCdnUrl(href) : undefined;
    const hit = address && findPackage(this.manifest, address.name);
    if (!href || !address || hit?.key !== 'tailwindcss' || styleFileOf(hit.entry, address.path))
      return undefined;
    const script = this.tailwindScript();
    if (!script) return undefined;
    this.handled.add(href);
    // Tailwind 2's split sheets (base, components, utilities), or a sheet beside the Tailwind CDN script: one
    // script makes every class's styles, and a second copy would only do the same work again.
    if (this.tailwindShown) return '';
    this.tailwindShown = true;
    this.versionNote(hit.key, address.version, hit.entry.version);
    return script;
  }

  private linkAttrs(attrs: string): string {
    const rel = attributeOf(attrs, 'rel')?.toLowerCase() ?? '';
    const href = attributeOf(attrs, 'href');
    if (!href) return attrs;
    const address = parseCdnUrl(href);
    if (!address) return attrs;
    if (!/\b(stylesheet|modulepreload|preload)\b/.test(rel)) return attrs;
    const hit = findPackage(this.manifest, address.name);
    const file = hit && (rel.includes('stylesheet') ? styleFileOf(hit.entry, address.path) : undefined);
    if (hit && rel.includes('stylesheet') && file) {
      this.versionNote(hit.key, address.version, hit.entry.version);
      return replaceAttribute(this.integrity(attrs, hit.key, hit.entry, file), 'href', this.fileMarker(file));
    }
    if (!rel.includes('stylesheet')) return replaceAttribute(attrs, 'href', 'about:blank');
    if (isPublicCdnUrl(href)) {
      this.handled.add(href);
      const file = this.remoteFile(href, 'style');
      return replaceAttribute(removeAttribute(attrs, 'integrity'), 'href', this.fileMarker(file));
    }
    // A stylesheet the shelf does not have: one error, and an empty stylesheet instead of a blocked one.
    this.missing(address.name, href);
    return replaceAttribute(
      removeAttribute(attrs, 'integrity'),
      'href',
      this.generatedMarker('empty.css', ''),
    );
  }

  private script(attrs: string, body: string, bodyLine: number): string {
    const type = (attributeOf(attrs, 'type') ?? '').trim().toLowerCase();
    const src = attributeOf(attrs, 'src');
    const close = '';
    if (type === 'importmap') {
      // The runtime's own import map resolves the same specifiers to the shelf; CDN addresses in the
      // artifact's map would only be blocked. Its keys are kept as specifiers to resolve.
      this.importMapKeys(body);
      return `<script type="application/json" data-easel-importmap${close}>${body}`;
    }
    if (isBabelType(type)) {
      const presets = `${attributeOf(attrs, 'data-presets') ?? ''} ${type}`;
      const typescript = /typescript|tsx/.test(presets);
      const isModule = /^\s*(import|export)\b/m.test(body);
      if (src) return `<script${attrs}>${body}`; // an external babel file: nothing to compile here
      const code = isModule ? this.moduleCode(body) : this.rewriteDynamicImports(body);
      this.compile.push({
        code,
        typescript,
        jsxRuntime: isModule ? 'automatic' : 'classic',
        padLines: bodyLine - 1,
      });
      if (isModule) this.addSpecifier('react/jsx-runtime');
      const rest = removeAttribute(removeAttribute(attrs, 'type'), 'data-presets');
      return `<script type="module"${rest}>${compileToken(this.compile.length - 1)}`;
    }
    if (src)
      return `${this.shelfSetup(src, type)}<script${this.scriptSrc(attrs, src, type === 'module')}>${body}`;
    if (type === 'module') return `<script${attrs}>${'\n'.repeat(bodyLine - 1)}${this.moduleCode(body)}`;
    if (isClassicType(type))
      return `<script${attrs}>${'\n'.repeat(bodyLine - 1)}${this.rewriteDynamicImports(body)}`;
    return `<script${attrs}>${body}`; // data (JSON, templates): left as written
  }

  private scriptSrc(attrs: string, src: string, isModule: boolean): string {
    const address = parseCdnUrl(src);
    if (!address) return attrs;
    // What stands in for a CDN file is never its bytes: only the shelf's own file can pass a page's hash.
    const unchecked = removeAttribute(attrs, 'integrity');
    if (BUILT_IN.has(address.name))
      return replaceAttribute(unchecked, 'src', this.generatedMarker('empty.js', ''));
    // A classic script gets the major version it asks for when the shelf keeps it (Chart.js 2 and 3, marked 12).
    const hit = findPackage(this.manifest, address.name, isModule ? undefined : address.version);
    if (hit && isModule) {
      const subpath = moduleSubpathOf(hit.entry, address.path);
      const file = subpath ? hit.entry.modules[subpath] : undefined;
      if (file) {
        this.versionNote(hit.key, address.version, hit.entry.version);
        this.addSpecifier(specifierOf(hit.key, subpath ?? '.'));
        return replaceAttribute(
          this.integrity(attrs, hit.key, hit.entry, file),
          'src',
          this.fileMarker(file),
        );
      }
    }
    const addon = !isModule ? addonOf(hit?.entry, address.path) : undefined;
    if (hit && addon) {
      this.versionNote(hit.key, address.version, hit.entry.version);
      return replaceAttribute(unchecked, 'src', this.fileMarker(addon));
    }
    if (hit?.entry.script && !isModule) {
      this.versionNote(hit.key, address.version, hit.entry.version);
      if (hit.key === 'tailwindcss') {
        this.handled.add(src);
        this.tailwindShown = true;
      }
      const script = hit.entry.script;
      return replaceAttribute(
        this.integrity(attrs, hit.key, hit.entry, script),
        'src',
        this.fileMarker(script),
      );
    }
    const name = hit ? `${address.name} (as a ${isModule ? 'module' : 'classic script'})` : address.name;
    if (isPublicCdnUrl(src)) {
      const file = this.remoteFile(src, isModule ? 'module' : 'script', throwing(name));
      return replaceAttribute(unchecked, 'src', this.fileMarker(file));
    }
    return replaceAttribute(
      unchecked,
      'src',
      this.generatedMarker(`missing-${slug(name)}.js`, throwing(name)),
    );
  }

  /** Before a shelf script that fetches files of its own, once per library: Pyodide's setup, or the script
   * serving another library's data files (`page-shelf.ts`). `''` for other scripts. */
  private shelfSetup(src: string, type: string): string {
    if (type === 'module') return '';
    const address = parseCdnUrl(src);
    const hit = address && findPackage(this.manifest, address.name);
    const data = hit?.entry.data;
    if (!hit || !data || this.setUp.has(hit.key)) return '';
    this.setUp.add(hit.key);
    const marker = (file: string) => this.fileMarker(file);
    if (hit.key !== PYODIDE) return dataFilesScript(data, marker);
    this.pyodideShown = true;
    return pyodideSetupScript(hit.entry, data, marker, this.imports);
  }

  /** Pyodide imported as `folder + 'pyodide.mjs'`: the shelf's script and its setup, and a module for each. */
  private pyodideModule(folders: string[]): string {
    const script = this.manifest.packages[PYODIDE]?.script;
    if (!script) return '';
    const module = this.generatedFile('pyodide.mjs', PYODIDE_MODULE);
    for (const folder of folders) this.imports[`${folder}pyodide.mjs`] = module;
    return `${this.shelfSetup(`${folders[0]}pyodide.js`, '')}<script src="${this.fileMarker(script)}"></script>`;
  }

  /** `attrs` with the page's `integrity` kept or dropped for the shelf's `file` (`checkIntegrity`). */
  private integrity(attrs: string, key: string, entry: ShelfPackage, file: string): string {
    const checked = checkIntegrity(attrs, key, entry, file);
    if (checked.note) this.note('info', checked.note);
    return checked.attrs;
  }

  /** Module code: CDN imports become bare specifiers; every specifier is resolved to the shelf. */
  private moduleCode(code: string): string {
    return this.iconImports(code).replace(
      IMPORT_PATTERN,
      (whole, lead: string, quote: string, specifier: string) => {
        const resolved = this.moduleSpecifier(specifier);
        return resolved === specifier ? whole : `${lead}${quote}${resolved}${quote}`;
      },
    );
  }

  /**
   * `import { Camera, Sun as Day } from 'lucide-react'` becomes `import Camera from 'lucide-react/icons/camera';
   * import Day from 'lucide-react/icons/sun';` on the same lines, when every name it imports is an icon of the
   * shelf's table (`type` names are dropped: they are erased anyway). Anything else — a namespace import, a
   * name that is not an icon, no table — is left to the whole package.
   */
  private iconImports(code: string): string {
    const entry = this.manifest.packages[ICON_PACKAGE];
    const table = this.iconTable;
    if (!table || !entry?.icons || !code.includes(ICON_PACKAGE)) return code;
    const { folder } = entry.icons;
    return code.replace(NAMED_IMPORT, (whole, names: string, _quote: string, specifier: string) => {
      if (!this.isIconPackage(specifier)) return whole;
      const bindings: { local: string; stem: string }[] = [];
      for (const part of names.split(',')) {
        const item = part.trim();
        if (item === '' || /^type\s/.test(item)) continue;
        const m = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(item);
        const stem = m?.[1] ? iconStemOf(table, m[1]) : undefined;
        if (!m?.[1] || !stem) return whole;
        bindings.push({ local: m[2] ?? m[1], stem });
      }
      if (bindings.length === 0) return whole;
      const lines = whole.split('\n').length - 1;
      const statements = bindings.map(({ local, stem }) => {
        const iconSpecifier = `${ICON_PACKAGE}/icons/${stem}`;
        this.imports[iconSpecifier] = `${folder}${stem}.mjs`;
        this.iconSpecifiers.add(iconSpecifier);
        return `import ${local} from '${iconSpecifier}';`;
      });
      const address = parseCdnUrl(specifier);
      const entryVersion = entry.version;
      if (address) this.versionNote(ICON_PACKAGE, address.version, entryVersion);
      return statements.join(' ') + '\n'.repeat(lines);
    });
  }

  /** `lucide-react` itself, by name or by a CDN address of its main module. */
  private isIconPackage(specifier: string): boolean {
    if (specifier === ICON_PACKAGE) return true;
    const address = parseCdnUrl(specifier);
    if (!address) return false;
    const hit = findPackage(this.manifest, address.name);
    return hit?.key === ICON_PACKAGE && moduleSubpathOf(hit.entry, address.path) === '.';
  }

  /** Classic scripts: only `import('…')` of CDN addresses and bare specifiers. */
  private rewriteDynamicImports(code: string): string {
    return code.replace(DYNAMIC_IMPORT_PATTERN, (whole, lead: string, quote: string, specifier: string) => {
      const resolved = this.moduleSpecifier(specifier);
      return resolved === specifier ? whole : `${lead}${quote}${resolved}${quote}`;
    });
  }

  /** The specifier module code should use for `specifier` (a CDN address becomes a bare specifier). */
  private moduleSpecifier(specifier: string): string {
    const address = parseCdnUrl(specifier);
    if (address) {
      if (BUILT_IN.has(address.name)) return specifier;
      const hit = findPackage(this.manifest, address.name);
      const subpath = hit ? moduleSubpathOf(hit.entry, address.path) : undefined;
      if (hit && subpath && hit.entry.modules[subpath]) {
        this.versionNote(hit.key, address.version, hit.entry.version);
        const bare = specifierOf(hit.key, subpath);
        this.addSpecifier(bare);
        return bare;
      }
      const name = hit ? `${address.name}/${address.path}` : address.name;
      if (isPublicCdnUrl(specifier)) {
        // Kept as its https address, mapped to the stand-in: the CDN's own modules import each other so.
        const url = new URL(specifier, 'https://cdn.invalid/').href;
        this.imports[url] = this.remoteFile(url, 'module', throwing(name));
        this.unlinked[url] = missingLibraryText(name);
        return url;
      }
      const stand = `easel-missing/${slug(name)}`;
      this.imports[stand] = this.generatedFile(`missing-${slug(name)}.mjs`, throwing(name));
      this.unlinked[stand] = missingLibraryText(name);
      return stand;
    }
    if (isBareSpecifier(specifier) && specifier !== ARTIFACT_SPECIFIER) this.addSpecifier(specifier);
    return specifier;
  }

  /** Puts a bare specifier into the import map: its shelf module, or a stand-in that says it is missing. */
  private addSpecifier(specifier: string): void {
    if (this.imports[specifier]) return;
    const file = shelfModuleOf(this.manifest, specifier);
    if (file) {
      this.imports[specifier] = file;
      return;
    }
    const found = packageOfSpecifier(this.manifest, specifier);
    const name = found ? specifier : packageNameOf(specifier);
    this.imports[specifier] = this.generatedFile(`missing-${slug(specifier)}.mjs`, throwing(name));
    this.unlinked[specifier] = missingLibraryText(name);
  }

  private importMapKeys(body: string): void {
    try {
      const map: unknown = JSON.parse(body);
      const imports = typeof map === 'object' && map !== null ? (map as { imports?: unknown }).imports : {};
      if (typeof imports !== 'object' || imports === null) return;
      for (const [key, value] of Object.entries(imports)) {
        if (typeof value !== 'string') continue;
        if (key.endsWith('/')) continue; // a folder: each import under it is resolved by its own name
        const address = parseCdnUrl(value);
        if (address) {
          const hit = findPackage(this.manifest, address.name);
          if (hit) this.versionNote(hit.key, address.version, hit.entry.version);
        }
        if (isBareSpecifier(key)) this.addSpecifier(key);
      }
    } catch {
      // Not JSON: the browser reports it like any broken import map would be reported.
    }
  }

  /** A classic script of the shelf, by package key (`''` when the shelf lacks it). */
  private shelfScript(key: string): string {
    const script = this.manifest.packages[key]?.script;
    return script ? `<script src="${this.fileMarker(script)}"></script>` : '';
  }

  private tailwindScript(): string {
    const hit = findPackage(this.manifest, 'tailwindcss');
    if (!hit?.entry.script) return '';
    return `<script src="${this.fileMarker(hit.entry.script)}"></script>`;
  }

  private versionNote(name: string, asked: string | undefined, shelf: string): void {
    const text = versionNote(name, asked, shelf);
    if (text) this.note('info', text);
  }

  private missing(name: string, url: string): void {
    this.handled.add(url);
    this.note('error', missingLibraryText(name));
  }

  private note(level: ConsoleNote['level'], text: string): void {
    if (this.noted.has(text)) return;
    this.noted.add(text);
    this.notes.push({ level, text });
  }

  private fileMarker(file: string): string {
    this.files.add(file);
    return `${SHELF_MARKER}${file}`;
  }

  private generatedFile(name: string, text: string): string {
    const file = `${GENERATED_FOLDER}${name}`;
    this.generated[file] = text;
    return file;
  }

  /** The stand-in file of a public CDN address (one per address), recorded in `remote`. */
  private remoteFile(address: string, kind: RemoteFile['kind'], standIn = ''): string {
    const url = new URL(address, 'https://cdn.invalid/').href;
    const known = Object.entries(this.remote).find(([, r]) => r.url === url && r.kind === kind);
    if (known) return known[0];
    const index = Object.keys(this.remote).length;
    const ending = kind === 'style' ? 'css' : kind === 'module' ? 'mjs' : 'js';
    const file = this.generatedFile(`cdn-${index}.${ending}`, standIn);
    this.remote[file] = { url, kind };
    return file;
  }

  private generatedMarker(name: string, text: string): string {
    return this.fileMarker(this.generatedFile(name, text));
  }
}
