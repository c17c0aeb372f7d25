import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import-direction rules (biome.json) checked against probe files laid out like `src/`, in a scratch
 * directory, with one Biome run. Each probe either must be flagged or must pass.
 */
const root = resolve(import.meta.dirname, '..');
const probes: Record<string, { code: string; flagged: boolean }> = {
  'src/agent/imports-ui.ts': { code: "import { x } from '../ui/app';\nexport const y = x;\n", flagged: true },
  'src/agent/imports-llm.ts': { code: "import { x } from '../llm/x';\nexport const y = x;\n", flagged: true },
  'src/agent/imports-lit.ts': {
    code: "import { html } from 'lit';\nexport const y = html;\n",
    flagged: true,
  },
  'src/agent/imports-sdk.ts': {
    code: "import Anthropic from '@anthropic-ai/sdk';\nexport const y = Anthropic;\n",
    flagged: true,
  },
  'src/agent/imports-itself.ts': {
    code: "import { x } from './types';\nexport const y = x;\n",
    flagged: false,
  },
  'src/llm/imports-idb.ts': {
    code: "import { openDB } from 'idb';\nexport const y = openDB;\n",
    flagged: true,
  },
  'src/llm/imports-ui.ts': { code: "import { x } from '../ui/app';\nexport const y = x;\n", flagged: true },
  'src/llm/imports-sdk.ts': {
    code: "import Anthropic from '@anthropic-ai/sdk';\nexport const y = Anthropic;\n",
    flagged: false,
  },
  'src/storage/imports-idb.ts': {
    code: "import { openDB } from 'idb';\nexport const y = openDB;\n",
    flagged: false,
  },
  'src/storage/imports-marked.ts': {
    code: "import { marked } from 'marked';\nexport const y = marked;\n",
    flagged: true,
  },
  'src/ui/imports-sdk.ts': {
    code: "import Anthropic from '@anthropic-ai/sdk';\nexport const y = Anthropic;\n",
    flagged: true,
  },
  'src/ui/imports-agent.ts': { code: "import { x } from '../agent';\nexport const y = x;\n", flagged: false },
};

let flaggedFiles: Set<string>;
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'easel-import-rules-'));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  for (const [path, { code }] of Object.entries(probes)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), code);
  }
  const biome = join(root, 'node_modules', '.bin', 'biome');
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    {
      cwd: scratch,
      encoding: 'utf8',
    },
  );
  const report = JSON.parse(run.stdout) as {
    diagnostics: { category: string; location: { path: string } }[];
  };
  flaggedFiles = new Set(
    report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.location.path.replaceAll('\\', '/')),
  );
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('import-direction rules', () => {
  for (const [path, { flagged }] of Object.entries(probes)) {
    it(`${flagged ? 'rejects' : 'allows'} ${path}`, () => {
      expect(flaggedFiles.has(path)).toBe(flagged);
    });
  }
});
