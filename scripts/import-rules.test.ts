import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules (biome.json: import directions, imports of another folder's files, test support in app
 * code, import cycles) checked against probe files laid out like `src/`, in a scratch directory, with one
 * Biome run. Each probe either must be flagged or must pass.
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
  'src/llm/imports-agent-file.ts': {
    code: "import type { X } from '../agent/types';\nexport type Y = X;\n",
    flagged: true,
  },
  'src/llm/imports-agent.ts': {
    code: "import type { X } from '../agent';\nexport type Y = X;\n",
    flagged: false,
  },
  'src/ui/chat/imports-storage-file.ts': {
    code: "import { x } from '../../storage/db';\nexport const y = x;\n",
    flagged: true,
  },
  'src/storage/imports-test-support.ts': {
    code: "import { x } from '../agent/test-support';\nexport const y = x;\n",
    flagged: true,
  },
  'src/storage/imports-test-support.test.ts': {
    code: "import { x } from '../agent/test-support';\nexport const y = x;\n",
    flagged: false,
  },
  // What loads after the first screen: only `import()` or its types from the code the first screen runs.
  'src/storage/imports-transfer.ts': {
    code: "import { exportSessions } from './transfer';\nexport const y = exportSessions;\n",
    flagged: true,
  },
  'src/storage/reexports-health.ts': {
    code: "export { storageHealth } from './health';\n",
    flagged: true,
  },
  'src/storage/loads-transfer.ts': {
    code: "import type { ExportFile } from './transfer';\nexport const y = (): Promise<ExportFile | typeof import('./transfer')> => import('./transfer');\n",
    flagged: false,
  },
  'src/storage/recovery.ts': {
    code: "import { attachmentNames } from './transfer';\nexport const y = attachmentNames;\n",
    flagged: false,
  },
  'src/storage/imports-saver-core.ts': {
    code: "import { SaverCore } from './saver-core';\nexport const y = SaverCore;\n",
    flagged: true,
  },
  'src/storage/saver.ts': {
    code: "import type { SaverCore } from './saver-core';\nexport const y = (): Promise<typeof import('./saver-core') | SaverCore> => import('./saver-core');\n",
    flagged: false,
  },
  'src/ui/app/imports-command-registry.ts': {
    code: "import { COMMANDS } from './command-registry';\nexport const y = COMMANDS;\n",
    flagged: true,
  },
  'src/ui/app/command-list.ts': {
    code: "import { COMMANDS } from './command-registry';\nexport const y = COMMANDS;\n",
    flagged: false,
  },
  'src/messages/cycle-a.ts': {
    code: "import type { B } from './cycle-b';\nexport type A = B;\n",
    flagged: true,
  },
  'src/messages/cycle-b.ts': {
    code: "import { a } from './cycle-c';\nexport type B = typeof a;\n",
    flagged: true,
  },
  'src/messages/cycle-c.ts': {
    code: "import type { A } from './cycle-a';\nexport const a: A | 1 = 1;\n",
    flagged: true,
  },
};

/** What fails `npm run check` here: the import rules, the test-support plugin and import cycles. */
const CATEGORIES = new Set(['lint/style/noRestrictedImports', 'plugin', 'lint/suspicious/noImportCycles']);

let flaggedFiles: Set<string>;
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'easel-import-rules-'));
  copyFileSync(join(root, 'biome.json'), join(scratch, 'biome.json'));
  cpSync(join(root, 'biome-plugins'), join(scratch, 'biome-plugins'), { recursive: true });
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
      .filter((d) => CATEGORIES.has(d.category))
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

/**
 * The first screen's code never holds the session runtime (docs/DESIGN.md, "What loads when"): its module is
 * loaded with `import()` by the composition root, and the second entry of src/ui (`src/ui/runtime.ts`, the preview
 * host and the code sandbox) is imported by the runtime alone. Type imports are erased and allowed.
 */
describe('the session runtime loads after the first screen', () => {
  const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts'))
    .map((path) => ({
      path: `src/${path.replaceAll('\\', '/')}`,
      code: readFileSync(join(root, 'src', path), 'utf8'),
    }));
  /** The static value imports (`import … from`, `export … from`, `import '…'`) of `code`, by specifier. */
  const staticImports = (code: string) =>
    [...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)].map(
      (m) => m[1] ?? '',
    );

  it('finds the sources it checks', () => {
    expect(sources.some((s) => s.path === 'src/app/create-services.ts')).toBe(true);
  });

  it('no source imports src/app/session-runtime.ts statically; the composition root loads it with import()', () => {
    const importers = sources.filter((s) =>
      staticImports(s.code).some((spec) => /session-runtime$/.test(spec)),
    );
    expect(importers.map((s) => s.path)).toEqual([]);
    const services = sources.find((s) => s.path === 'src/app/create-services.ts');
    expect(services?.code).toMatch(/import\('\.\/session-runtime'\)/);
  });

  it('only the session runtime imports src/ui/runtime.ts, and src/ui/index.ts does not re-export it', () => {
    const importers = sources.filter((s) =>
      staticImports(s.code).some((spec) => /(^|\/)ui\/runtime$|^\.\/runtime$/.test(spec)),
    );
    expect(importers.map((s) => s.path)).toEqual(['src/app/session-runtime.ts']);
  });
});
