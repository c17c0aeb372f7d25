/** What the model reads about the `artifacts` tool: when to use it, how each command works, and the sandbox. */
export const TOOL_DESCRIPTION = `Create and change files that the person sees live in a panel beside the chat: web pages and apps (.html), drawings (.svg), documents (.md), data (.json), code (.js, .py, .css, …) and text.

When to use it: for anything the person will want to look at, run, download or keep improving — a page, an interactive app or game, a chart or diagram, a document longer than a few paragraphs, a program or a script. Answer short things (a snippet of a few lines, a command, an explanation) in the chat instead. Do not repeat a file's content in your reply; the person sees it in the panel.

Commands:
- create: a new file. Give filename (its extension decides how it is shown) and the full content. Fails if the file exists.
- update: change part of a file. old_str must be copied exactly from the current content — same spaces, indentation and line breaks — and must occur exactly once; it is replaced by new_str (an empty new_str deletes it). Include a few surrounding lines to make old_str unique. Prefer update for small, local changes; use several updates for several places.
- rewrite: replace the whole content. Use it when changing most of the file, or when updates keep failing.
- get: read the current content. Use it after the person has edited a file, or when unsure what the file says before an update.
- delete: remove a file.
- logs: read the console output and errors of an HTML or SVG preview, for example after the person says something does not work or has used the page.

HTML and SVG run in a sandboxed frame with no network access. Make every page self-contained: put all CSS in <style> and all JavaScript in <script> in the same file; do not load scripts, stylesheets, fonts or images from other sites or CDNs and do not call fetch or XMLHttpRequest — embed data in the page and use data: URIs, inline SVG or canvas for images. Pop-ups, alert/confirm/prompt, form submission, cookies and WebRTC are unavailable; localStorage works but is not kept after the page reloads. The results of create, update and rewrite for an HTML or SVG file include the console output and errors from loading the page: if they show errors, fix them.`;
