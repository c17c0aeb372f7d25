import { describe, expect, it } from 'vitest';
import { type DocumentHooks, fitsPrime, PreviewDocument } from './preview-document';
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

/** A frame whose window records what the app posts to it (its request kinds). */
function fakeFrame() {
  const posted: string[] = [];
  const frame = {
    contentWindow: { postMessage: (message: { kind: string }) => posted.push(message.kind) },
  } as unknown as HTMLIFrameElement;
  return { frame, posted };
}

const NO_HOOKS: DocumentHooks = {
  messages: () => {},
  download: () => {},
  clipboard: () => {},
  ready: () => {},
  loaded: () => {},
  stalled: () => {},
  request: () => Promise.reject(new Error('no app APIs here')),
};

describe('PreviewDocument made before its prime', () => {
  const page = render({ ...REACT, 'easel-artifact': 'easel-generated/artifact.js' });

  it('sends the prime once its frame has loaded, then the component', () => {
    const doc = new PreviewDocument(NO_HOOKS);
    const { frame, posted } = fakeFrame();
    doc.frameLoaded(frame);
    expect(posted).toEqual([]);
    expect(doc.prime).toBeUndefined();
    doc.begin(prime(REACT));
    expect(posted).toEqual(['prime']);
    expect(doc.prime).toEqual(prime(REACT));
    doc.render(page);
    expect(doc.prime).toBeUndefined();
    doc.dispose();
  });

  it('sends the prime when the frame loads after it, and takes only the first', () => {
    const doc = new PreviewDocument(NO_HOOKS);
    doc.begin(prime(REACT));
    doc.begin(prime({ ...REACT, recharts: 'recharts.mjs' }));
    const { frame, posted } = fakeFrame();
    doc.frameLoaded(frame);
    expect(posted).toEqual(['prime']);
    expect(doc.prime).toEqual(prime(REACT));
    doc.dispose();
  });
});
