// Copies Pyodide (Python in WebAssembly, from its npm package) into public/python/<version>/, where the app
// serves it to the `run_code` sandbox like the library shelf: from the project, never from a CDN. The version
// in the path means a cached file never goes stale. Copies Pyodide only when it is not there yet; the
// pure-Python packages of python-packages/ (scripts/build-python-packages.mjs) go into its packages/ each time.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const from = dirname(require.resolve('pyodide/package.json'));
const { version } = require('pyodide/package.json');
/** The files the sandbox loads (src/ui/code/code-sandbox.ts), about 13.5 MB. */
const FILES = [
  'pyodide.mjs',
  'pyodide.asm.mjs',
  'pyodide.asm.wasm',
  'python_stdlib.zip',
  'pyodide-lock.json',
];
const outRoot = join(root, 'public', 'python');
const out = join(outRoot, version);

copyPackages();
if (FILES.every((f) => existsSync(join(out, f)))) process.exit(0);
if (existsSync(outRoot))
  for (const old of readdirSync(outRoot))
    if (old !== version) rmSync(join(outRoot, old), { recursive: true });
mkdirSync(out, { recursive: true });
for (const f of FILES) copyFileSync(join(from, f), join(out, f));
copyPackages();
console.log(`Python (Pyodide ${version}) copied into public/python/${version}/`);

/** The wheels listed in python-packages/packages.json and the list itself, into packages/ (and nothing else). */
function copyPackages() {
  const src = join(root, 'python-packages');
  const dest = join(out, 'packages');
  const list = JSON.parse(readFileSync(join(src, 'packages.json'), 'utf8'));
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  for (const f of [...list.map((p) => p.file), 'packages.json']) copyFileSync(join(src, f), join(dest, f));
}
