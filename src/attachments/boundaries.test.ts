/** Checks what src/attachments imports, and that the image worker reaches nothing outside it. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../agent/test-support';

const folder = new URL('./', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

describe('src/attachments boundaries', () => {
  it("imports only its own files, src/agent and src/messages (and vitest/node and src/agent's test support and src/messages/convert.ts in tests; the office libraries in office-convert.ts, PDF.js in the PDF text worker)", () => {
    const isSupport = (name: string) => name.endsWith('.test.ts') || name === 'test-support.ts';
    const isOfficeLibrary = (name: string, spec: string) =>
      ((name === 'office-convert.ts' || name === 'office-convert.test.ts') &&
        ['mammoth', 'jszip', '@e965/xlsx'].includes(spec)) ||
      ((name === 'pdf-pages.ts' || name === 'pdf-pages.test.ts') && spec === 'pdf-lib') ||
      (name === 'pdf-text-worker.ts' &&
        ['pdfjs-dist', 'pdfjs-dist/build/pdf.worker.min.mjs?url'].includes(spec)) ||
      (name === 'pdf-text.element.test.ts' &&
        (spec === 'pdf-lib' || /^\.\/__fixtures__\/[\w.-]+\?url$/.test(spec)));
    const outside = files.flatMap((name) =>
      importsOf(readFileSync(new URL(name, folder), 'utf8'))
        .filter((spec) => !/^\.\/[\w.-]+$/.test(spec) && spec !== '../agent' && spec !== '../messages')
        .filter((spec) => !isOfficeLibrary(name, spec))
        .filter(
          (spec) =>
            !(
              isSupport(name) &&
              (spec === 'vitest' ||
                spec.startsWith('node:') ||
                spec === '../agent/test-support' ||
                spec === '../messages/convert')
            ),
        )
        .map((spec) => `${name}: ${spec}`),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(outside).toEqual([]);
  });

  it('keeps the image, office and PDF workers free of imports that reach the page or the agent', () => {
    const workerSide = [
      'image-worker.ts',
      'image-process.ts',
      'image-protocol.ts',
      'bytes.ts',
      'office-worker.ts',
      'office-protocol.ts',
      'office-convert.ts',
      'html-markdown.ts',
      'zip-guard.ts',
      'text.ts',
      'pdf-worker.ts',
      'pdf-pages.ts',
      'pdf-text-worker.ts',
      'pdf-text.ts',
    ];
    const reached = workerSide.flatMap((name) =>
      importsOf(readFileSync(new URL(name, folder), 'utf8')).filter((spec) => spec.startsWith('..')),
    );
    expect(reached).toEqual([]);
  });
});
