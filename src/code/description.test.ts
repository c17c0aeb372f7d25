import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the package list lives beside the wheels it describes, outside src.
import PYTHON_PACKAGES from '../../python-packages/packages.json';
import { CODE_LIBRARIES } from '../artifacts/plan';
import { CODE_TOOL_DESCRIPTION } from './description';

describe('run_code description', () => {
  it('names each Python package Claude may import, with its version, and what is not there', () => {
    for (const name of ['openpyxl', 'xlsxwriter', 'reportlab', 'pypdf']) {
      const entry = PYTHON_PACKAGES.find((p) => p.name === name);
      expect(CODE_TOOL_DESCRIPTION).toContain(`- ${name} ${entry?.version}: `);
    }
    // A package only others need is not offered.
    expect(CODE_TOOL_DESCRIPTION).not.toContain('et_xmlfile');
    expect(CODE_TOOL_DESCRIPTION).toContain('numpy, pandas, matplotlib');
    expect(CODE_TOOL_DESCRIPTION).toContain('NOT available');
  });

  it("names each JavaScript library with its version, from the shelf's own list", () => {
    expect(Object.keys(CODE_LIBRARIES)).toEqual(
      expect.arrayContaining(['xlsx', 'docx', 'pptxgenjs', 'jspdf', 'papaparse']),
    );
    for (const [name, version] of Object.entries(CODE_LIBRARIES))
      expect(CODE_TOOL_DESCRIPTION).toContain(`${name} ${version}`);
  });
});
