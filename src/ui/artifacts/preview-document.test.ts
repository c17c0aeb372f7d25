import { describe, expect, it } from 'vitest';
import { fitsPrime } from './preview-document';
import type { PreparedPrime, PreparedRender } from './preview-runtime';

const HEAD =
  '<style>html,body{margin:0}</style><script src="easel-shelf:tailwindcss.js"></script><div id="root"></div>';
const BOOTSTRAP = '<script type="module">import \'easel-artifact\';</script>';

function prime(imports: Record<string, string>, html = HEAD): PreparedPrime {
  return { kind: 'prime', html, files: {}, imports, preload: Object.keys(imports) };
}

function render(imports: Record<string, string>, html = HEAD + BOOTSTRAP): PreparedRender {
  return {
    kind: 'render',
    html,
    files: {},
    imports,
    notes: [],
    handled: [],
    artifactFile: 'easel-generated/artifact.js',
  };
}

const REACT = { react: 'react.mjs', 'react-dom/client': 'react-dom-client.mjs' };

describe('fitsPrime', () => {
  it('takes a component whose page begins with the head and imports what was evaluated early', () => {
    const page = render({
      ...REACT,
      recharts: 'recharts.mjs',
      'easel-artifact': 'easel-generated/artifact.js',
    });
    expect(fitsPrime(prime(REACT), page)).toBe(true);
    expect(fitsPrime(prime({ ...REACT, recharts: 'recharts.mjs' }), page)).toBe(true);
  });

  it('refuses a component that does not import a library the spare evaluated', () => {
    expect(fitsPrime(prime({ ...REACT, three: 'three.mjs' }), render(REACT))).toBe(false);
  });

  it('refuses a specifier the page maps to another file', () => {
    expect(fitsPrime(prime(REACT), render({ ...REACT, react: 'react.other.mjs' }))).toBe(false);
  });

  it('refuses another head (Tailwind or not) and documents that are not components', () => {
    const plain = '<style>html,body{margin:0}</style><div id="root"></div>';
    expect(fitsPrime(prime(REACT, plain), render(REACT))).toBe(false);
    expect(fitsPrime(prime(REACT), { ...render(REACT), artifactFile: undefined })).toBe(false);
  });
});
