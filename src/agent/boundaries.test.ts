/** Checks that src/agent imports nothing of the app outside itself. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importsOf } from './test-support';

const folder = new URL('./', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

describe('src/agent boundaries', () => {
  it('imports nothing outside the folder except @cfworker/json-schema (and vitest/node in tests)', () => {
    const outside = files.flatMap((name) => {
      const isTest = name.endsWith('.test.ts');
      return importsOf(readFileSync(new URL(name, folder), 'utf8'))
        .filter((spec) => !/^\.\/[\w.-]+$/.test(spec) && spec !== '@cfworker/json-schema')
        .filter((spec) => !(isTest && (spec === 'vitest' || spec.startsWith('node:'))))
        .map((spec) => `${name}: ${spec}`);
    });
    expect(files.length).toBeGreaterThan(5);
    expect(outside).toEqual([]);
  });

  it('touches no DOM or browser storage in its source', () => {
    const uses = files
      .filter((name) => !name.endsWith('.test.ts'))
      .flatMap((name) => {
        const code = readFileSync(new URL(name, folder), 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\/\/.*$/gm, '');
        const found = code.match(
          /\b(?:window|document|localStorage|sessionStorage|indexedDB)\.\w|\bHTMLElement\b/g,
        );
        return (found ?? []).map((word) => `${name}: ${word}`);
      });
    expect(uses).toEqual([]);
  });
});
