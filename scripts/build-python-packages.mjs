// Makes the pure-Python packages `run_code`'s Python can import (python-packages/, committed: a fresh clone
// needs nothing of this script). Each comes from Debian's package of it (`apt-get download`, no install),
// its modules packed as a wheel that Pyodide unpacks into site-packages the first time a run imports it
// (src/code-runner/worker.ts), with Debian's copyright file as its licence. Needs apt-get and dpkg-deb;
// run it again to change the set (PACKAGES below), then commit python-packages/.
//
//   node scripts/build-python-packages.mjs
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'python-packages');

/**
 * The packages, by Debian name: the wheel's distribution name, what it is for (Claude reads it), the modules it puts in site-packages (also
 * the names an `import` loads it by), the packages it needs, its licence, and the small changes it needs
 * to run without C extensions (each a [file, text, replacement] of one exact text).
 */
const PACKAGES = [
  {
    deb: 'python3-et-xmlfile',
    name: 'et_xmlfile',
    use: 'needed by openpyxl',
    imports: ['et_xmlfile'],
    depends: [],
    licence: 'MIT',
  },
  {
    deb: 'python3-openpyxl',
    name: 'openpyxl',
    use: 'reads and writes Excel .xlsx files',
    imports: ['openpyxl'],
    depends: ['et_xmlfile'],
    licence: 'MIT',
  },
  {
    deb: 'python3-xlsxwriter',
    name: 'xlsxwriter',
    use: 'writes Excel .xlsx files with formats, formulas and charts',
    imports: ['xlsxwriter'],
    depends: [],
    licence: 'BSD-2-Clause',
  },
  {
    deb: 'python3-reportlab',
    name: 'reportlab',
    use: 'makes PDF files: text, tables and vector drawings (no images: Pillow is not there)',
    imports: ['reportlab'],
    depends: [],
    licence: 'BSD-3-Clause',
    // Pillow (C) is not there: without it ReportLab makes PDFs of text, tables and vector shapes, not images.
    patches: [
      [
        'reportlab/lib/utils.py',
        'from PIL import Image\n',
        'try:\n    from PIL import Image\nexcept ImportError:\n    Image = None\n',
      ],
    ],
  },
  {
    deb: 'python3-pypdf',
    name: 'pypdf',
    use: 'reads, splits and merges PDF files and extracts their text',
    imports: ['pypdf'],
    depends: [],
    licence: 'BSD-3-Clause',
  },
];

const work = mkdtempSync(join(tmpdir(), 'python-packages-'));
try {
  execFileSync('apt-get', ['download', ...PACKAGES.map((p) => p.deb)], { cwd: work, stdio: 'inherit' });
  // What this script made before goes (the README stays).
  rmSync(join(out, 'licences'), { recursive: true, force: true });
  for (const f of existsSync(out) ? readdirSync(out) : [])
    if (f.endsWith('.whl') || f === 'packages.json') rmSync(join(out, f));
  mkdirSync(join(out, 'licences'), { recursive: true });
  const manifest = [];
  for (const pkg of PACKAGES) {
    const deb = readdirSync(work).find((f) => f.startsWith(`${pkg.deb}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`${pkg.deb} was not downloaded`);
    const debVersion = deb.split('_')[1];
    const tree = join(work, pkg.deb);
    execFileSync('dpkg-deb', ['-x', join(work, deb), tree]);
    const site = join(tree, 'usr', 'lib', 'python3', 'dist-packages');
    const files = new Map();
    const add = (dir) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (entry === '__pycache__') continue;
        if (statSync(path).isDirectory()) add(path);
        else {
          if (/\.(so|pyd)$/.test(entry)) throw new Error(`${pkg.deb} has a C extension: ${entry}`);
          files.set(relative(site, path), readFileSync(path));
        }
      }
    };
    for (const module of pkg.imports) add(join(site, module));
    for (const [file, text, replacement] of pkg.patches ?? []) {
      const source = files.get(file)?.toString('utf8');
      if (!source?.includes(text)) throw new Error(`${pkg.name}: ${file} no longer has the text to patch`);
      files.set(file, Buffer.from(source.replace(text, replacement)));
    }
    const version = upstreamVersion(site, pkg.name) ?? debVersion.replace(/[-+].*$/, '');
    const copyright = readFileSync(join(tree, 'usr', 'share', 'doc', pkg.deb, 'copyright'));
    writeFileSync(join(out, 'licences', `${pkg.name}.txt`), copyright);
    const info = `${pkg.name}-${version}.dist-info`;
    files.set(
      `${info}/METADATA`,
      Buffer.from(
        `Metadata-Version: 2.1\nName: ${pkg.name}\nVersion: ${version}\nLicense: ${pkg.licence}\n` +
          pkg.depends.map((d) => `Requires-Dist: ${d}\n`).join('') +
          `Summary: ${pkg.name} from Debian's ${pkg.deb} ${debVersion}\n`,
      ),
    );
    files.set(
      `${info}/WHEEL`,
      Buffer.from('Wheel-Version: 1.0\nGenerator: easel\nRoot-Is-Purelib: true\nTag: py3-none-any\n'),
    );
    files.set(`${info}/LICENSE`, copyright);
    const record = [...files]
      .map(([name, bytes]) => `${name},sha256=${sha256(bytes, 'base64url')},${bytes.length}`)
      .concat(`${info}/RECORD,,`);
    files.set(`${info}/RECORD`, Buffer.from(`${record.join('\n')}\n`));
    const zip = new JSZip();
    // A fixed date: the same inputs make the same bytes.
    const date = new Date(Date.UTC(2020, 0, 1));
    for (const name of [...files.keys()].sort())
      zip.file(name, files.get(name), { date, createFolders: false });
    const wheel = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    const file = `${pkg.name}-${version}-py3-none-any.whl`;
    writeFileSync(join(out, file), wheel);
    manifest.push({
      name: pkg.name,
      version,
      use: pkg.use,
      file,
      imports: pkg.imports,
      depends: pkg.depends,
      licence: pkg.licence,
      source: `Debian ${pkg.deb} ${debVersion}`,
      size: wheel.length,
      sha256: sha256(wheel, 'hex'),
    });
    console.log(`${file}: ${Math.round(wheel.length / 1024)} KB`);
  }
  writeFileSync(join(out, 'packages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  // In the project's format, so the lint passes on the committed list.
  execFileSync(join(root, 'node_modules', '.bin', 'biome'), [
    'format',
    '--write',
    join(out, 'packages.json'),
  ]);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function sha256(bytes, encoding) {
  return createHash('sha256').update(bytes).digest(encoding).replace(/=+$/, '');
}

/** The version the package's own metadata gives (egg-info or dist-info in Debian's tree). */
function upstreamVersion(site, name) {
  const lower = name.toLowerCase().replace(/_/g, '-');
  for (const entry of readdirSync(site)) {
    const m = /^(.+?)-([^-]+?)\.(?:egg|dist)-info$/.exec(entry);
    if (m && m[1].toLowerCase().replace(/_/g, '-') === lower) return m[2];
  }
  return undefined;
}
