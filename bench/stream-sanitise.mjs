// Where sanitising a streamed answer's Markdown goes, in one page with the Markdown stack loaded from the source:
// the same pieces (a 40 KB answer's blocks, and the open tail as a stream shows it, cut every 200 characters),
// each way timed in turns, medians of five:
// - `markedMs`: marked (and highlight.js) alone, HTML out;
// - `ownDocumentMs`: DOMPurify over that HTML as the app runs it (RETURN_DOM_FRAGMENT: DOMPurify parses each piece
//   into a new document of its own);
// - `inPlaceMs`: the HTML parsed into one inert element made once, then DOMPurify's IN_PLACE mode over it;
// - `emptyDocumentsMs`: only the documents DOMPurify makes (one empty document per piece);
// - `browserMs`: the browser's own sanitiser over that HTML as the app runs it for marked's own markup
//   (`own-markup.ts`: `setHTML` with its allow-list in a document with no window, without the URL policy);
// - `appMs` / `appDompurifyMs`: the app's renderer from Markdown to nodes (marked, highlight.js, the sanitiser and
//   the URL policy), as it is and with DOMPurify for everything (a browser without the Sanitizer API).
// It answers whether DOMPurify's per-call document is worth avoiding: on 2026-12-02 (a loaded 2-core machine)
// 323 pieces took marked 61 ms, DOMPurify 478 ms, in place 504 ms, the empty documents 87 ms: no, IN_PLACE's
// extra passes cost what the documents save. On 2026-12-04 the browser's sanitiser answered the question
// otherwise: see docs/performance.md. Usage: node bench/stream-sanitise.mjs
import { startBench, withSourcePage } from './harness.mjs';
import { markdownAnswer } from './markdown-sample.mjs';

const bench = await startBench();
try {
  const result = await withSourcePage(bench, ['marked', 'dompurify', 'highlight.js/lib/common'], (page) =>
    page.evaluate(async (text) => {
      const { MarkdownRenderer } = await import('/src/ui/markdown/render.ts');
      const { MarkdownBlockSplitter } = await import('/src/ui/markdown/block-splitter.ts');
      const { default: createDOMPurify } = await import('/node_modules/.vite/deps/dompurify.js');
      const { ownMarkupSanitiser } = await import('/src/ui/markdown/own-markup.ts');
      const render = new MarkdownRenderer();
      const renderPurified = new MarkdownRenderer(undefined, 'dompurify');
      const browser = ownMarkupSanitiser(() => {});
      const config = {
        USE_PROFILES: { html: true },
        ADD_ATTR: ['target'],
        FORBID_TAGS: ['style', 'form'],
        FORBID_ATTR: ['style'],
      };
      const ownDocument = createDOMPurify(window);
      ownDocument.setConfig({ ...config, RETURN_DOM_FRAGMENT: true });
      const inPlace = createDOMPurify(window);
      inPlace.setConfig({ ...config, IN_PLACE: true });
      const policy = trustedTypes.createPolicy('bench-sanitise', { createHTML: (s) => s });
      const inert = document.createElement('template').content.ownerDocument;
      const splitter = new MarkdownBlockSplitter();
      splitter.push(text);
      const pieces = [...splitter.blocks, splitter.tail];
      for (let end = 200; end < 4000; end += 200) {
        const s = new MarkdownBlockSplitter();
        s.push(text.slice(0, end));
        pieces.push(s.tail);
      }
      const html = pieces.map((b) => render.parseMarkdown(b));
      const ways = {
        markedMs: (i) => render.parseMarkdown(pieces[i]),
        ownDocumentMs: (i) => ownDocument.sanitize(html[i]),
        inPlaceMs: (i) => {
          const root = inert.createElement('div');
          root.innerHTML = policy.createHTML(html[i]);
          inPlace.sanitize(root);
        },
        emptyDocumentsMs: () => new DOMParser().parseFromString(policy.createHTML('<!---->'), 'text/html'),
        ...(browser ? { browserMs: (i) => browser.toNodes(html[i]) } : {}),
        appMs: (i) => render.renderMarkdownNodes(pieces[i]),
        appDompurifyMs: (i) => renderPurified.renderMarkdownNodes(pieces[i]),
      };
      const times = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
      for (let round = 0; round < 6; round++) {
        for (const [name, way] of Object.entries(ways)) {
          const start = performance.now();
          for (let i = 0; i < html.length; i++) way(i);
          if (round > 0) times[name].push(performance.now() - start);
        }
      }
      const median = (xs) => Math.round(xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] * 10) / 10;
      return {
        pieces: pieces.length,
        ...Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])),
      };
    }, markdownAnswer(40_000)),
  );
  console.log(result);
} finally {
  await bench.close();
}
