/**
 * Python's files for `run_code`: Pyodide and the list of pure-Python packages, as the build serves them
 * (`scripts/copy-python.mjs`, `python-packages/`), fetched with progress and handed to the sandbox's worker as
 * bytes (`code-sandbox.ts`).
 */
import { version as PYODIDE_VERSION } from 'pyodide/package.json';
import { msg, str } from '../l10n';

/** Pyodide's files, in the order they are fetched. */
const PYTHON_FILES = [
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
  'packages/packages.json',
] as const;

export interface PythonAssets {
  loader: ArrayBuffer;
  asm: ArrayBuffer;
  wasm: ArrayBuffer;
  stdlib: ArrayBuffer;
  lock: string;
  packages: PythonPackage[];
}

/** A pure-Python package the worker may ask for (an entry of `python-packages/packages.json`). */
export interface PythonPackage {
  name: string;
  file: string;
  imports: string[];
  depends: string[];
}

/** The folder the build copies Pyodide into (`scripts/copy-python.mjs`). */
export function pythonBase(): string {
  return new URL(`./python/${PYODIDE_VERSION}/`, document.baseURI).href;
}

/** Pyodide's files and the package list, fetched together, with progress as text (`Loading Python… 3 of 12 MB`). */
export async function fetchPython(
  fetchFile: typeof fetch,
  progress: (text: string) => void,
): Promise<PythonAssets> {
  const base = pythonBase();
  const responses = await Promise.all(
    PYTHON_FILES.map(async (name) => {
      const response = await fetchFile(base + name);
      if (!response.ok) throw new Error(msg(str`Python could not be loaded (${name}: ${response.status}).`));
      return response;
    }),
  );
  const total = responses.reduce((sum, r) => sum + Number(r.headers.get('Content-Length') ?? 0), 0);
  let loaded = 0;
  const mb = (n: number) => Math.round(n / 1_000_000);
  const say = () => progress(`Loading Python… ${mb(loaded)} of ${mb(total) || '?'} MB`);
  say();
  const buffers = await Promise.all(
    responses.map(async (response) => {
      if (!response.body) return response.arrayBuffer();
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let last = mb(loaded);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.length;
        if (mb(loaded) !== last) {
          last = mb(loaded);
          say();
        }
      }
      const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        out.set(c, at);
        at += c.length;
      }
      return out.buffer;
    }),
  );
  const [loader, asm, wasm, stdlib, lock, list] = buffers as [
    ArrayBuffer,
    ArrayBuffer,
    ArrayBuffer,
    ArrayBuffer,
    ArrayBuffer,
    ArrayBuffer,
  ];
  return {
    loader,
    asm,
    wasm,
    stdlib,
    lock: new TextDecoder().decode(lock),
    packages: pythonPackages(JSON.parse(new TextDecoder().decode(list))),
  };
}

/** The package list the build serves, checked: entries that are not well formed are left out. */
function pythonPackages(value: unknown): PythonPackage[] {
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  return (Array.isArray(value) ? value : []).flatMap((entry: unknown) => {
    const p = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    return typeof p.name === 'string' &&
      typeof p.file === 'string' &&
      strings(p.imports) &&
      strings(p.depends)
      ? [{ name: p.name, file: p.file, imports: p.imports, depends: p.depends }]
      : [];
  });
}
