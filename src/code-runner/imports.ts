/**
 * What a JavaScript run imports, and its code with those imports rewritten: `import … from 'xlsx'`, `import
 * 'xlsx'`, `require('xlsx')` and `import('xlsx')` with a literal name. Handed to the worker as a function
 * (`main.ts` puts its source beside `codeWorker`'s), so it refers to nothing outside its own body.
 *
 * - `named(code)`: the bare names the code imports; addresses (`https://…`, `./x.js`, `blob:…`) are left out,
 *   for the sandbox's policy to refuse, but `fs` and `node:fs` are names.
 * - `rewrite(code, names)`: the imports of `names` as plain declarations, one a line (so later runs keep them
 *   like any top-level declaration), reading `__easelModule(name)` (the namespace) and `__easelDefault(name)`;
 *   `import('name')` becomes a promise of the namespace; `require` is left as it is (the worker defines it).
 */
export function codeImports(): {
  named(code: string): Set<string>;
  rewrite(code: string, names: ReadonlySet<string>): string;
} {
  const IMPORT =
    /^[ \t]*import\s+(?:([\w$]+)\s*,?\s*)?(?:\*\s+as\s+([\w$]+)|\{([^}]*)\})?\s*from\s*(['"])([^'"\n]+)\4[ \t]*;?/gm;
  const BARE_IMPORT = /^[ \t]*import\s*(['"])([^'"\n]+)\1[ \t]*;?/gm;
  const CALL = /\b(require|import)\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;
  const isAddress = (specifier: string) =>
    /^(?:[a-z][a-z\d+.-]*:|\/|\.)/i.test(specifier) && !/^(?:node:)?fs(?:\/promises)?$/.test(specifier);
  const q = JSON.stringify;
  return {
    named(code) {
      const names = new Set<string>();
      for (const m of code.matchAll(IMPORT)) names.add(m[5] as string);
      for (const m of code.matchAll(BARE_IMPORT)) names.add(m[2] as string);
      for (const m of code.matchAll(CALL)) names.add(m[3] as string);
      for (const specifier of names) if (isAddress(specifier)) names.delete(specifier);
      return names;
    },
    rewrite(code, names) {
      return code
        .replace(IMPORT, (all, main?: string, star?: string, list?: string, _quote?: string, from = '') => {
          if (!names.has(from)) return all;
          const parts: string[] = [];
          if (main) parts.push(`const ${main} = __easelDefault(${q(from)});`);
          if (star) parts.push(`const ${star} = __easelModule(${q(from)});`);
          for (const item of (list ?? '').split(',')) {
            const [name, as = name] = item.trim().split(/\s+as\s+/);
            if (name) parts.push(`const ${as} = __easelModule(${q(from)})[${q(name)}];`);
          }
          return parts.join('\n');
        })
        .replace(BARE_IMPORT, (all, _quote: string, from: string) =>
          names.has(from) ? `__easelModule(${q(from)});` : all,
        )
        .replace(CALL, (all, kind: string, _quote: string, from: string) =>
          kind === 'import' && names.has(from) ? `Promise.resolve(__easelModule(${q(from)}))` : all,
        );
    },
  };
}
