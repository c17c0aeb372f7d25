// Copies Pyodide (Python in WebAssembly, from its npm package) into public/python/<version>/, where the app
// serves it to the `run_code` sandbox like the library shelf: from the project, never from a CDN. The version
// in the path means a cached file never goes stale. Does nothing when the copy is already there.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
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

if (FILES.every((f) => existsSync(join(out, f)))) process.exit(0);
if (existsSync(outRoot))
  for (const old of readdirSync(outRoot))
    if (old !== version) rmSync(join(outRoot, old), { recursive: true });
mkdirSync(out, { recursive: true });
for (const f of FILES) copyFileSync(join(from, f), join(out, f));
console.log(`Python (Pyodide ${version}) copied into public/python/${version}/`);
