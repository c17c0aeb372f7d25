/**
 * Python for `run_code`'s worker (`worker.ts`): Pyodide loaded from the bytes the app sends with the first Python
 * run, the pure-Python packages a run imports unpacked on first use, the run itself with its files, its figures,
 * and its errors made plain. Handed to the worker as a function (`main.ts` puts its source beside `codeWorker`'s),
 * so, like the worker, it refers to nothing outside its own body; it reaches the worker's state only through
 * `host`.
 */
export function codePython(host: PythonHost): PythonRuntime {
  const { post, print, assets } = host;
  type Bytes = Uint8Array<ArrayBuffer>;
  /** Pyodide's files are served to its loader from here (by the worker's stand-in `fetch`). */
  const base = 'https://python.easel.invalid/';
  let python: Promise<Pyodide> | undefined;
  /** The interpreter once it has loaded (a run's error is explained with it). */
  let loaded: Pyodide | undefined;
  let packages: PythonPackage[] = [];
  /** The packages unpacked into site-packages (by name), and the wheels asked of the app, by file. */
  const installed = new Set<string>();
  const asked = new Map<string, { resolve(bytes: ArrayBuffer): void; reject(error: Error): void }>();

  const loadPython = async (given: PythonAssets): Promise<Pyodide> => {
    post({ kind: 'status', text: 'Starting Python…' });
    packages = given.packages;
    assets.set(`${base}pyodide.asm.wasm`, new Blob([given.wasm], { type: 'application/wasm' }));
    assets.set(`${base}python_stdlib.zip`, new Blob([given.stdlib]));
    const url = (data: ArrayBuffer) => URL.createObjectURL(new Blob([data], { type: 'text/javascript' }));
    const loader = (await import(/* @vite-ignore */ url(given.loader))) as {
      loadPyodide(options: Record<string, unknown>): Promise<Pyodide>;
    };
    const asm = (await import(/* @vite-ignore */ url(given.asm))) as { default: unknown };
    const py = await loader.loadPyodide({
      indexURL: base,
      createPyodideModule: asm.default,
      lockFileContents: given.lock,
      stdLibURL: `${base}python_stdlib.zip`,
      packageBaseUrl: base,
      env: { HOME: '/home/pyodide', MPLBACKEND: 'AGG' },
    });
    py.setStdout({ batched: (text) => print('stdout', `${text}\n`) });
    py.setStderr({ batched: (text) => print('stderr', `${text}\n`) });
    py.FS.mkdirTree('/mnt/data');
    py.FS.mkdirTree('/mnt/outputs');
    py.runPython("import sys, os\nos.chdir('/mnt/outputs')");
    return py;
  };

  /**
   * Unpacks into site-packages the packages the code imports (and those they need) that are not there yet,
   * asking the app for each wheel: they load on first use, not with Python.
   */
  const loadImportedPackages = async (py: Pyodide, code: string) => {
    const byImport = new Map(packages.flatMap((p) => p.imports.map((name) => [name, p] as const)));
    // Code that does not parse imports nothing here: the run itself then gives the error, with its line.
    const found = py.runPython(`
def _easel_imports(code):
    from pyodide.code import find_imports
    try:
        return find_imports(code)
    except SyntaxError:
        return []
_easel_imports(${JSON.stringify(code)})
`) as { toJs(): string[]; destroy(): void };
    const names = found.toJs();
    found.destroy();
    const needed: PythonPackage[] = [];
    const need = (p: PythonPackage | undefined) => {
      if (!p || installed.has(p.name) || needed.includes(p)) return;
      for (const d of p.depends) need(packages.find((q) => q.name === d));
      needed.push(p);
    };
    for (const name of names) need(byImport.get(name.split('.')[0] ?? ''));
    if (needed.length === 0) return;
    post({ kind: 'status', text: `Loading ${needed.map((p) => p.name).join(', ')}…` });
    const site = String(py.runPython('import site\nsite.getsitepackages()[0]'));
    for (const p of needed) {
      const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
        asked.set(p.file, { resolve, reject });
        post({ kind: 'package', file: p.file });
      });
      py.unpackArchive(new Uint8Array(bytes), 'wheel', { extractDir: site });
      installed.add(p.name);
    }
    py.runPython('import importlib\nimportlib.invalidate_caches()');
  };

  const pythonFiles = (py: Pyodide, dir: string, map: Map<string, Bytes>) => {
    for (const name of py.FS.readdir(dir)) {
      if (name === '.' || name === '..') continue;
      const path = `${dir}/${name}`;
      if (py.FS.isFile(py.FS.stat(path).mode) && !map.has(name)) py.FS.unlink(path);
    }
    for (const [name, bytes] of map) py.FS.writeFile(`${dir}/${name}`, bytes);
  };

  const runPython = async (py: Pyodide, code: string): Promise<unknown> => {
    pythonFiles(py, '/mnt/data', host.files());
    pythonFiles(py, '/mnt/outputs', host.outputs);
    try {
      const result = await py.runPythonAsync(code, { filename: '<code>' });
      await showFigures(py);
      return result;
    } finally {
      for (const name of py.FS.readdir('/mnt/outputs')) {
        const path = `/mnt/outputs/${name}`;
        if (name === '.' || name === '..' || !py.FS.isFile(py.FS.stat(path).mode)) continue;
        host.outputs.set(name, py.FS.readFile(path).slice() as Bytes);
      }
    }
  };

  const showFigures = async (py: Pyodide) => {
    const png = py.runPython(`
def _easel_figures():
    plt = sys.modules.get('matplotlib.pyplot')
    if plt is None:
        return []
    import io
    shown = []
    for n in plt.get_fignums():
        buf = io.BytesIO()
        plt.figure(n).savefig(buf, format='png', bbox_inches='tight')
        shown.append(buf.getvalue())
    plt.close('all')
    return shown
_easel_figures()
`) as { toJs(): Uint8Array[]; destroy(): void } | undefined;
    if (!png) return;
    for (const bytes of png.toJs()) {
      const copy = bytes.slice().buffer as ArrayBuffer;
      post({ kind: 'image', mediaType: 'image/png', bytes: copy }, [copy]);
    }
    png.destroy();
  };

  const pythonError = (py: Pyodide | undefined, error: unknown): string => {
    let text = error instanceof Error ? error.message : String(error);
    if (!py) return text;
    // Pyodide's own frames before the code's first one say nothing about the code.
    const own = text.indexOf('  File "<code>"');
    if (text.startsWith('Traceback') && own > 0)
      text = `Traceback (most recent call last):\n${text.slice(own)}`;
    const match = /ModuleNotFoundError: No module named '([^']+)'/.exec(text);
    if (match) {
      const top = (match[1] ?? '').split('.')[0] ?? '';
      // The packages Claude would import (not those only other packages need).
      const there = packages
        .filter((p) => !packages.some((q) => q.depends.includes(p.name)))
        .map((p) => p.name);
      const known = packages.find((p) => p.imports.includes(top));
      if (known && installed.has(known.name)) return text;
      if (known)
        return `${text.trimEnd()}\n\nModuleNotFoundError: '${top}' is there but loads only when the code imports it with an import statement (import ${top}); run the code again with one.`;
      return `${text.trimEnd()}\n\nModuleNotFoundError: No module named '${top}'. Easel's Python has the standard library and ${there.join(', ')} only: '${top}' is not available and cannot be installed (there is no network). Use what is there or JavaScript.`;
    }
    return text;
  };

  return {
    async run(code, given) {
      if (!python) {
        if (!given) throw new Error('Python was not sent to the runner.');
        python = loadPython(given);
        python.catch(() => {
          python = undefined;
        });
      }
      const py = await python;
      loaded = py;
      await loadImportedPackages(py, code);
      post({ kind: 'running' });
      const value = await runPython(py, code);
      const text = value === undefined || value === null ? undefined : String(value);
      (value as PyProxyLike | undefined)?.destroy?.();
      return text;
    },
    error: (error) => pythonError(loaded, error),
    answer(file, bytes, error) {
      const wait = asked.get(file);
      asked.delete(file);
      if (bytes) wait?.resolve(bytes);
      else wait?.reject(new Error(`${file} could not be loaded: ${error}`));
    },
  };
}

/** What the worker lends Python: its messages out, and its files. */
export interface PythonHost {
  post(message: Record<string, unknown>, transfer?: Transferable[]): void;
  print(stream: 'stdout' | 'stderr', text: string): void;
  /** Pyodide's files by address, for the worker's stand-in `fetch`. */
  assets: Map<string, Blob>;
  /** The session's attachments for this run (`/mnt/data`). */
  files(): Map<string, Uint8Array<ArrayBuffer>>;
  /** The files runs wrote (`/mnt/outputs`, the working folder), updated after each run. */
  outputs: Map<string, Uint8Array<ArrayBuffer>>;
}

export interface PythonRuntime {
  /**
   * Runs `code` (posting `running` once its packages are there), loading Python first with `given` (the first
   * run carries it); the last expression's value as text.
   */
  run(code: string, given: PythonAssets | undefined): Promise<string | undefined>;
  /** The message for a run's error: Pyodide's own frames left out, a missing module explained. */
  error(error: unknown): string;
  /** The app's answer to a wheel asked for: its bytes, or why it could not be had. */
  answer(file: string, bytes: ArrayBuffer | undefined, error: string): void;
}

export interface PythonAssets {
  loader: ArrayBuffer;
  asm: ArrayBuffer;
  wasm: ArrayBuffer;
  stdlib: ArrayBuffer;
  lock: string;
  packages: PythonPackage[];
}
/** A package of `python-packages/packages.json`: its wheel, the names it is imported by, what it needs. */
interface PythonPackage {
  name: string;
  file: string;
  imports: string[];
  depends: string[];
}
interface PyProxyLike {
  toString(): string;
  destroy?(): void;
}
interface Pyodide {
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array;
    readdir(path: string): string[];
    unlink(path: string): void;
    isFile(mode: number): boolean;
    stat(path: string): { mode: number };
  };
  runPythonAsync(code: string, options?: { filename?: string }): Promise<unknown>;
  runPython(code: string): unknown;
  setStdout(options: { batched: (text: string) => void }): void;
  setStderr(options: { batched: (text: string) => void }): void;
  globals: { get(name: string): unknown };
  toPy(value: unknown): unknown;
  unpackArchive(buffer: Uint8Array, format: string, options?: { extractDir?: string }): void;
}
