// biome-ignore lint/style/noRestrictedImports: the package list lives beside the wheels it describes, outside src.
import PYTHON_PACKAGES from '../../python-packages/packages.json';
import { CODE_LIBRARIES } from '../artifacts/plan';

/**
 * The pure-Python packages there are, one line each, from the list the build serves (one place); those only
 * other packages need are left out.
 */
const packageLines = PYTHON_PACKAGES.filter(
  (p) => !PYTHON_PACKAGES.some((q) => q.depends.includes(p.name)),
).map((p) => `- ${p.imports.join(', ')} ${p.version}: ${p.use}`);

/** The JavaScript libraries there are (the shelf's, `code: true` in its build), as `name version`. */
const libraryList = Object.entries(CODE_LIBRARIES)
  .map(([name, version]) => `${name} ${version}`)
  .join(', ');

/** What Claude reads about `run_code` (loaded before the first request, not with the first screen). */
export const CODE_TOOL_DESCRIPTION = [
  "Run JavaScript or Python in the person's browser, in a sandbox with no network: to compute, analyse the",
  'files the person attached, make charts and write files. Use it rather than guessing at numbers.',
  '',
  'State stays between runs of the same language in this conversation while the page is open (like notebook',
  'cells); a result says so when it was lost (a reload, the time limit, Stop). Each run has a time limit',
  '(30 s unless the person changed it). What you get back: stdout and stderr in order, the value of the last',
  'expression, the error with its traceback, the files written, and the images shown.',
  '',
  'Python: Pyodide (CPython 3.14 in WebAssembly) with the standard library (csv, json, statistics, math, re,',
  'datetime, sqlite3, decimal, zipfile, ...) and these pure-Python packages, loaded when a run imports them:',
  ...packageLines,
  'numpy, pandas, matplotlib, Pillow, lxml, python-docx, python-pptx and other packages are NOT available and',
  'cannot be installed (no network, no pip): make Word and PowerPoint files in JavaScript (below), charts as',
  'xlsxwriter charts or on a JavaScript canvas. Attached files are at /mnt/data/<name> (plain',
  'open() works); write files into /mnt/outputs/ (the working directory), which also holds the files in the',
  'panel. Top-level `await` works.',
  '',
  'JavaScript: a Web Worker (no DOM, no fetch). Top-level `await` works; top-level declarations stay for later',
  "runs. `await fs.readFile(name)` gives a file's bytes (Uint8Array), `await fs.readFile(name, { encoding:",
  "'utf8' })` its text; `await fs.writeFile(name, data)` writes a string, bytes or a Blob; `await fs.readdir()`",
  'lists the files. OffscreenCanvas draws images: `await show(canvas)` shows one to you and the person.',
  `Libraries, loaded when a run imports them (import ... from 'name' at the top, require('name') or`,
  `await import('name')): ${libraryList}. Nothing else can be imported (no npm, no network). Word files:`,
  "docx (`await docx.Packer.toBlob(doc)`); PowerPoint: pptxgenjs (`await pptx.write({ outputType: 'uint8array' })`,",
  "not writeFile); Excel: xlsx (`XLSX.write(wb, { type: 'array', bookType: 'xlsx' })`); PDF: jspdf",
  "(`doc.output('arraybuffer')`); then `await fs.writeFile(name, data)`.",
  '',
  'Files written (up to 30 MB each: text, spreadsheets, Word, PowerPoint, PDF, images) appear in the panel as',
  'files with versions, shown there and downloadable, which artifacts can read with window.fs.readFile and',
  'later runs too. Keep printed output short: print summaries, not whole tables.',
].join('\n');
