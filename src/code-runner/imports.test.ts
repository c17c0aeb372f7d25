import { describe, expect, it } from 'vitest';
import { codeImports } from './imports';

const { named, rewrite } = codeImports();

describe('codeImports', () => {
  it('finds every form of import by its bare name, and leaves addresses out', () => {
    const code = [
      "import { Document as Doc, Packer } from 'docx';",
      "import PptxGenJS from 'pptxgenjs';",
      "import * as d3 from 'd3';",
      'import _, { map } from "lodash";',
      "import 'uuid';",
      "const XLSX = require('xlsx');",
      "const fs = require('node:fs');",
      "const jspdf = await import('jspdf');",
      "await import('https://cdn.example/x.js');",
      "import x from './local.js';",
    ].join('\n');
    expect([...named(code)].sort()).toEqual(
      ['d3', 'docx', 'jspdf', 'lodash', 'node:fs', 'pptxgenjs', 'uuid', 'xlsx'].sort(),
    );
  });

  it('rewrites static imports as one declaration a line, and import() as a promise of the namespace', () => {
    const code =
      "import { Document as Doc, Packer } from 'docx';\nimport P from 'pptxgenjs';\nconst j = await import('jspdf');\nimport 'uuid';";
    expect(rewrite(code, new Set(['docx', 'pptxgenjs', 'jspdf', 'uuid']))).toBe(
      [
        'const Doc = __easelModule("docx")["Document"];',
        'const Packer = __easelModule("docx")["Packer"];',
        'const P = __easelDefault("pptxgenjs");',
        'const j = await Promise.resolve(__easelModule("jspdf"));',
        '__easelModule("uuid");',
      ].join('\n'),
    );
  });

  it('leaves imports of other names, and require, as they are', () => {
    const code = "import x from './local.js';\nconst X = require('xlsx');";
    expect(rewrite(code, new Set(['xlsx']))).toBe(code);
  });
});
