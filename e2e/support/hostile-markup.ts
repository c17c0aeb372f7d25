import { FETCHING_ATTRIBUTES, type FetchingAttribute } from '../../src/ui/markdown/fetching-attributes';

/**
 * Hostile answers: model text that tries to make the page fetch an address (each a path on the tripwire) or
 * navigate the app's own tab. Every attribute of `FETCHING_ATTRIBUTES` is written in each spelling of the
 * address, plus the vectors a probe of the app found by hand.
 */
export interface Vector {
  /** The tripwire path this vector names; unique. */
  readonly id: string;
  readonly markup: string;
  /** Loading the address is allowed once the person agrees to load images (an `img` `src`). */
  readonly image: boolean;
}

/** Ways to spell an address of the tripwire that the browser resolves to it. */
const SPELLINGS: readonly ((host: string, path: string) => string)[] = [
  (host, path) => `http://${host}${path}`,
  (host, path) => `//${host}${path}`,
  (host, path) => `\\\\${host}${path.replaceAll('/', '\\')}`,
  (host, path) => ` HTTP:\t//${host}${path}`,
];

const TABLE_PARTS = new Set(['thead', 'tbody', 'tfoot']);
const VOID = new Set(['img', 'source', 'track', 'input', 'embed', 'link', 'meta', 'base', 'frame', 'image']);

function valueFor(entry: FetchingAttribute, url: string): string {
  switch (entry.syntax) {
    case 'srcset':
      return `${url} 1x`;
    case 'urls':
      return url;
    case 'css':
      return entry.attribute === 'style' ? `background-image:url('${url}')` : `url('${url}#a')`;
    case 'html':
      return `&lt;img src=&quot;${url}&quot;&gt;`;
    case 'refresh':
      return `0;url=${url}`;
    case undefined:
      return url;
  }
}

function markupFor(entry: FetchingAttribute, url: string): string {
  const extra = Object.entries(entry.with ?? {})
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${value}"`))
    .join('');
  const open = `<${entry.element}${extra} ${entry.attribute}="${valueFor(entry, url)}">`;
  const element = VOID.has(entry.element) ? open : `${open}x</${entry.element}>`;
  if (entry.namespace === 'svg') return `<svg xmlns:xlink="http://www.w3.org/1999/xlink">${element}</svg>`;
  if (entry.namespace === 'math') return `<math>${element}</math>`;
  if (entry.element === 'td' || entry.element === 'th') return `<table><tr>${element}</tr></table>`;
  if (entry.element === 'tr') return `<table>${open}<td>x</td></tr></table>`;
  if (TABLE_PARTS.has(entry.element)) return `<table>${open}<tr><td>x</td></tr></${entry.element}></table>`;
  return element;
}

export function hostileVectors(host: string): Vector[] {
  const vectors: Vector[] = [];
  FETCHING_ATTRIBUTES.forEach((entry, i) => {
    SPELLINGS.forEach((spell, s) => {
      const id = `/spec/${i}-${entry.element}-${entry.attribute.replace(':', '_')}-${s}`;
      const url = spell(host, id);
      // An image with only a srcset shows its first candidate, when that is one address (no space inside).
      const firstCandidate =
        entry.element === 'img' && entry.attribute === 'srcset' && !/\s/.test(url.trim());
      vectors.push({ id, markup: markupFor(entry, url), image: entry.kind === 'image' || firstCandidate });
    });
  });
  const found: [string, (url: (path: string) => string) => string, boolean][] = [
    [
      '/found/md-protocol-relative',
      (u) => `![x](${u('/found/md-protocol-relative').replace('http:', '')})`,
      true,
    ],
    // marked percent-encodes the backslashes: this one becomes a path on the app's own host.
    ['/found/md-backslash', () => `![x](\\\\\\\\${host}\\\\found\\\\md-backslash)`, false],
    ['/found/img-backslash', () => `<img src=\\\\${host}\\found\\img-backslash>`, true],
    ['/found/img-srcset', (u) => `<img srcset="${u('/found/img-srcset')} 2x" alt="s">`, true],
    [
      '/found/picture-source',
      (u) => `<picture><source srcset="${u('/found/picture-source')}"><img alt="p"></picture>`,
      false,
    ],
    ['/found/video-poster', (u) => `<video poster="${u('/found/video-poster')}"></video>`, false],
    [
      '/found/td-background',
      (u) => `<table><tr><td background="${u('/found/td-background')}">x</td></tr></table>`,
      false,
    ],
    ['/found/input-image', (u) => `<input type="image" src="${u('/found/input-image')}" alt="i">`, false],
    [
      '/found/audio-source',
      (u) => `<audio controls><source src="${u('/found/audio-source')}" type="audio/wav"></audio>`,
      false,
    ],
    [
      '/found/a-ping',
      (u) => `<a href="https://example.com/" ping="${u('/found/a-ping')}">pinging link</a>`,
      false,
    ],
  ];
  for (const [id, build, image] of found) {
    vectors.push({ id, markup: build((path) => `http://${host}${path}`), image });
  }
  return vectors;
}

/** The image map whose area must open in a new tab, never in the app's own (`target=_self`). */
export function areaVector(host: string): string {
  return (
    '<map name="m"><area shape="rect" coords="0,0,400,400" alt="Open the area" ' +
    `href="http://${host}/found/area-self" target="_self"></map>` +
    '<img usemap="#m" alt="map" width="400" height="40" src="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==">'
  );
}

/** The whole hostile answer: every vector, each in a block of its own, then a marker that it has ended. */
export function hostileAnswer(host: string, marker: string): string {
  const blocks = hostileVectors(host).map((v) => v.markup);
  return `${blocks.join('\n\n')}\n\n${areaVector(host)}\n\n${marker}`;
}
