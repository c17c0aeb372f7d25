import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every place that cites a design document (`docs/DESIGN.md §4`, `DESIGN.md §4, §5`) must name a file that
 * exists and, where it names sections, sections that file has (a heading `## 4. …`). A path is read from the
 * repository's root or from the citing file's folder.
 */
const root = resolve(import.meta.dirname, '..');
const SCANNED = ['src', 'e2e', 'scripts', 'bench', 'docs'];
const SKIPPED = new Set(['node_modules', 'fixtures', '__fixtures__', 'results', 'screenshots']);
const TEXT = /\.(ts|mjs|js|md|html)$/;

interface DesignReference {
  readonly path: string;
  readonly sections: readonly number[];
}

/** The design-document citations in a text: a `…design….md` path and the `§n` that follow it. */
function designReferences(text: string): DesignReference[] {
  const found: DesignReference[] = [];
  for (const match of text.matchAll(/[\w./-]*design[\w-]*\.md((?:[\s)\]]*,?\s*§\s*\d+)*)/gi)) {
    const path = match[0].slice(0, match[0].length - (match[1]?.length ?? 0));
    const sections = [...(match[1] ?? '').matchAll(/§\s*(\d+)/g)].map((m) => Number(m[1]));
    found.push({ path, sections });
  }
  return found;
}

/** The numbered sections a Markdown file has (`## 4. Artifacts` → 4). */
function sectionsOf(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+(\d+)\.\s/gm)].map((m) => Number(m[1])));
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    // This file's own examples cite documents that do not exist, on purpose.
    return TEXT.test(name) && path !== import.meta.filename ? [path] : [];
  });
}

/** Each citation in the scanned folders and the root README, with what is wrong with it (if anything). */
function citations(): { where: string; cited: string; problem?: string }[] {
  const files = [...SCANNED.flatMap((d) => filesUnder(join(root, d))), join(root, 'README.md')];
  return files.flatMap((file) =>
    designReferences(readFileSync(file, 'utf8')).map(({ path, sections }) => {
      const where = relative(root, file);
      const cited = `${path}${sections.map((n) => ` §${n}`).join('')}`;
      const target = [join(root, path), join(dirname(file), path)].find((p) => existsSync(p));
      if (!target) return { where, cited, problem: `${path} does not exist` };
      const has = sectionsOf(readFileSync(target, 'utf8'));
      const missing = sections.filter((n) => !has.has(n));
      return missing.length === 0
        ? { where, cited }
        : { where, cited, problem: `${path} has no section ${missing.map((n) => `§${n}`).join(', ')}` };
    }),
  );
}

describe('design-document references', () => {
  it('reads a path and the sections that follow it', () => {
    expect(
      designReferences('The loop (docs/DESIGN.md §1) and the panel (DESIGN.md §4, §5); see DESIGN.md.'),
    ).toEqual([
      { path: 'docs/DESIGN.md', sections: [1] },
      { path: 'DESIGN.md', sections: [4, 5] },
      { path: 'DESIGN.md', sections: [] },
    ]);
  });

  it('every citation in src, e2e, scripts, bench, docs and the README points at a file and sections that exist', () => {
    const all = citations();
    // The scan finds the citations there are (the agent loop, the artifacts, the security spec…).
    expect(all.filter((c) => c.cited.includes('§')).length).toBeGreaterThanOrEqual(7);
    expect(all.filter((c) => c.problem).map((c) => `${c.where}: ${c.cited}: ${c.problem}`)).toEqual([]);
  });

  it('flags a citation of a missing file or section', () => {
    const design = readFileSync(join(root, 'docs/DESIGN.md'), 'utf8');
    expect(sectionsOf(design).has(7)).toBe(true);
    expect(sectionsOf(design).has(99)).toBe(false);
    expect(existsSync(join(root, 'DESIGN.md'))).toBe(false);
  });
});
