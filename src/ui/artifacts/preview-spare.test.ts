import { describe, expect, it } from 'vitest';
import type { PreviewDocument } from './preview-document';
import type { PreparedPrime, PreviewRuntime } from './preview-runtime';
import { PreviewSpare, stillImporting } from './preview-spare';

/** A prime naming `specifiers` (each its own shelf file), as `preparePrime` makes one. */
function prime(...specifiers: string[]): PreparedPrime {
  return primeWithHead(HEAD, ...specifiers);
}

/** The React page's head, without and with the Tailwind script (which a `className` brings). */
const HEAD = '<style>base</style><div id="root"></div>';
const TAILWIND_HEAD = '<style>base</style><script src="tailwind.js"></script><div id="root"></div>';

function primeWithHead(html: string, ...specifiers: string[]): PreparedPrime {
  const imports = Object.fromEntries(specifiers.map((s) => [s, `shelf/${s}.js`]));
  return { kind: 'prime', html, files: {}, imports, preload: specifiers };
}

/** A spare whose runtime answers `preparePrime` from `primes` (by content), counting the documents it makes. */
function spareWith(primes: Record<string, PreparedPrime>) {
  const made: PreparedPrime[] = [];
  /** Primes given to documents made before theirs was known (`early`). */
  const begun: PreparedPrime[] = [];
  const runtime = { preparePrime: async (content: string) => primes[content] } as unknown as PreviewRuntime;
  const spare = new PreviewSpare({
    runtime: () => runtime,
    document: (first) => {
      if (first) made.push(first);
      const doc = {
        prime: first,
        begin: (later: PreparedPrime) => {
          doc.prime = later;
          begun.push(later);
        },
        dispose: () => {},
      };
      return doc as unknown as PreviewDocument;
    },
    wanted: () => true,
    changed: () => {},
  });
  return { spare, made, begun };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PreviewSpare.prepare', () => {
  const full =
    "import React from 'react';\nimport { Card } from '@/components/ui/card';\nimport { LineChart } from 'recharts';\n";
  const cut = "import React from 'react';\nimport { Card } from '@/compo";
  const done = `${full}\nexport default function App() {\n  return <Card />;\n}\n`;
  const fewer = "import React from 'react';\n\nexport default function App() {\n  return <p />;\n}\n";

  it('keeps a spare while the next page is still writing imports the spare has', async () => {
    const { spare, made } = spareWith({
      [full]: prime('react', '@/components/ui/card', 'recharts'),
      [cut]: prime('react'),
      [done]: prime('react', '@/components/ui/card', 'recharts'),
    });
    spare.prepare(full);
    await settle();
    expect(made).toHaveLength(1);
    // The next page's first piece names fewer imports so far: the spare is kept, its libraries still ready.
    spare.prepare(cut);
    await settle();
    expect(made).toHaveLength(1);
    spare.prepare(done);
    await settle();
    expect(made).toHaveLength(1);
  });

  it('replaces a spare once the page is past its imports without some of the spare’s', async () => {
    const { spare, made } = spareWith({
      [full]: prime('react', '@/components/ui/card', 'recharts'),
      [fewer]: prime('react'),
    });
    spare.prepare(full);
    await settle();
    spare.prepare(fewer);
    await settle();
    expect(made.map((p) => Object.keys(p.imports))).toEqual([
      ['react', '@/components/ui/card', 'recharts'],
      ['react'],
    ]);
  });

  it('keeps a spare whose libraries the page all imports, when it names more (they load with it)', async () => {
    const { spare, made } = spareWith({ [cut]: prime('react'), [full]: prime('react', 'recharts') });
    spare.prepare(cut);
    await settle();
    spare.prepare(full);
    await settle();
    expect(made).toHaveLength(1);
  });

  it('keeps a spare with the Tailwind head while no className has come yet, and replaces one without it once it has', async () => {
    const styled = `${done}// className="p-2"\n`;
    const { spare, made } = spareWith({
      [full]: primeWithHead(TAILWIND_HEAD, 'react', 'recharts'),
      [cut]: primeWithHead(HEAD, 'react'),
      [fewer]: primeWithHead(HEAD, 'react'),
      [styled]: primeWithHead(TAILWIND_HEAD, 'react'),
    });
    spare.prepare(full);
    await settle();
    spare.prepare(cut);
    await settle();
    expect(made).toHaveLength(1);
    const plain = spareWith({
      [fewer]: primeWithHead(HEAD, 'react'),
      [styled]: primeWithHead(TAILWIND_HEAD, 'react'),
    });
    plain.spare.prepare(fewer);
    await settle();
    plain.spare.prepare(styled);
    await settle();
    expect(plain.made.map((p) => p.html)).toEqual([HEAD, TAILWIND_HEAD]);
  });

  it('tells import lines from the code after them', () => {
    expect(stillImporting(cut)).toBe(true);
    expect(stillImporting(full)).toBe(true);
    expect(
      stillImporting("import {\n  Card,\n  CardTitle,\n} from '@/components/ui/card';\n// a comment\n"),
    ).toBe(true);
    expect(stillImporting(done)).toBe(false);
    expect(stillImporting(`${full}const data = [1, 2];\n`)).toBe(false);
    expect(stillImporting(`${full}function Row() {}\n`)).toBe(false);
  });
});

describe('PreviewSpare.early', () => {
  const page =
    "import React from 'react';\nimport { LineChart } from 'recharts';\nexport default () => <p />;\n";

  it("makes the frame at once and gives it the page's head and libraries once they are read", async () => {
    const { spare, made, begun } = spareWith({ [page]: prime('react', 'recharts') });
    spare.early(page);
    // The document (its frame) is there before its prime: the frame loads while the libraries are read.
    expect(spare.document).toBeDefined();
    expect(spare.document?.prime).toBeUndefined();
    await settle();
    expect(made).toHaveLength(0);
    expect(begun).toEqual([prime('react', 'recharts')]);
    expect(spare.document?.prime).toEqual(prime('react', 'recharts'));
  });

  it('leaves a spare that is there alone', async () => {
    const { spare, made, begun } = spareWith({ [page]: prime('react', 'recharts') });
    spare.prepare(page);
    await settle();
    const kept = spare.document;
    spare.early(page);
    await settle();
    expect(spare.document).toBe(kept);
    expect(made).toHaveLength(1);
    expect(begun).toHaveLength(0);
  });

  it('begins nothing once the spare was dropped before its libraries were read', async () => {
    const { spare, begun } = spareWith({ [page]: prime('react', 'recharts') });
    spare.early(page);
    spare.drop();
    await settle();
    expect(begun).toHaveLength(0);
    expect(spare.document).toBeUndefined();
  });
});
