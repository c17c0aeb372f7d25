/**
 * The page that draws a Mermaid diagram in the sandboxed preview. Mermaid's output is untrusted (it is the
 * model's text turned into SVG), so it is drawn only there, never in the app's document: the page loads the
 * shelf's Mermaid (the CDN address below becomes the shelf's file, as for any artifact), renders the source with
 * `securityLevel: 'strict'`, and shows Mermaid's own message in place of the diagram when the source does not
 * parse.
 */

/** The address the page names Mermaid by; the preview serves the shelf's copy instead. */
export const MERMAID_SCRIPT = 'https://cdn.jsdelivr.net/npm/mermaid@12.4.0/dist/mermaid.min.js';

/** An HTML page (a `RenderRequest`'s content, kind `html`) that draws `source` or says why it cannot. */
export function mermaidPage(source: string): string {
  // JSON in a data block: `<` escaped, so no text of the source can end the element.
  const data = JSON.stringify(source).replace(/</g, '\\u003c');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<style>
body { margin: 0; padding: 16px; font: 14px/1.5 system-ui, sans-serif; background: #fff; color: #1d1b18; }
#diagram svg { max-width: 100%; height: auto; }
.error { color: #b3261e; white-space: pre-wrap; font: 13px/1.5 ui-monospace, monospace; }
</style>
<script src="${MERMAID_SCRIPT}"></script>
</head>
<body>
<div id="diagram" aria-live="polite"></div>
<script type="application/json" id="source">${data}</script>
<script>
(async () => {
  const out = document.getElementById('diagram');
  const source = JSON.parse(document.getElementById('source').textContent);
  const fail = (error) => {
    out.className = 'error';
    out.setAttribute('role', 'alert');
    const message = String((error && (error.str || error.message)) || error).trim();
    out.textContent = 'This diagram could not be drawn:\\n' + message;
    console.error('The diagram could not be drawn: ' + message);
  };
  if (typeof mermaid === 'undefined') return fail('Mermaid did not load.');
  try {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
    await mermaid.parse(source);
    const { svg } = await mermaid.render('easel-diagram', source);
    out.innerHTML = svg;
    out.setAttribute('role', 'img');
    out.setAttribute('aria-label', 'Diagram');
    console.info('The diagram was drawn.');
  } catch (error) {
    // Mermaid leaves its own error drawing in the page: only the message is shown.
    document.getElementById('deasel-diagram')?.remove();
    fail(error);
  }
})();
</script>
</body>
</html>`;
}
