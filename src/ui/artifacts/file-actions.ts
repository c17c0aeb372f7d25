import { errorText, escapeHtml } from '../../agent';
import { type ArtifactKind, mimeTypeOf, type PlanKind, PREVIEW_SOURCE } from '../../artifacts';
import type { PreviewRuntime } from './preview-runtime';

/**
 * What the panel's `Download` and `Open in new tab` do. Neither runs artifact code in the app's origin:
 * a download is never navigated to, and the new tab is the preview document (`preview.html`) at the top of
 * its tab, which takes the file from the app and shows it only inside a sandboxed frame of its own.
 */

/** Object URLs are revoked this long after use (a download may still be reading them). */
const REVOKE_AFTER_MS = 60_000;
/** How long a new tab has to say it is ready. */
const READY_WITHIN_MS = 20_000;

/**
 * Saves `content` as a file named `filename` (images given as base64 or `data:` are saved as bytes); a binary
 * file (`binary`) is saved as its exact bytes.
 */
export function downloadArtifact(
  filename: string,
  kind: ArtifactKind,
  content: string,
  binary?: { readonly bytes: Uint8Array; readonly mimeType: string },
): void {
  if (binary) {
    saveBlob(filename, new Blob([binary.bytes as Uint8Array<ArrayBuffer>], { type: binary.mimeType }));
    return;
  }
  const data = kind === 'image' ? imageBytes(content) : undefined;
  saveBlob(filename, new Blob([data ?? content], { type: mimeTypeOf(filename) }));
}

/** Saves a Blob as a download named `filename` (a `download` link, never a navigation). */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Opens the artifact in a new tab (see the module note). `renderedMarkdown` is the sanitised HTML of a
 * Markdown file (the caller renders it; this module does not load the Markdown stack). The tab is opened at
 * once (while the click still counts) and sent the file when it says it is ready; it then drops its
 * `opener`, so nothing in it can reach back to the app.
 */
export function openArtifactInNewTab(
  runtime: PreviewRuntime,
  filename: string,
  kind: ArtifactKind,
  content: string,
  renderedMarkdown?: string,
): void {
  const tab = window.open(new URL('./preview.html', document.baseURI).href, '_blank');
  if (!tab) return;
  const shown = standaloneContent(kind, content, renderedMarkdown);
  const request = runtime.prepare(filename, shown.content, shown.kind, false);
  const onMessage = (event: MessageEvent) => {
    if (event.source !== tab || event.origin !== location.origin) return;
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) return;
    const m = data as Record<string, unknown>;
    if (m.source !== PREVIEW_SOURCE || m.kind !== 'standalone-ready') return;
    stop();
    void request.then((prepared) => {
      if (prepared)
        tab.postMessage({ kind: 'standalone', title: filename, request: prepared }, location.origin);
    });
  };
  const stop = () => {
    window.removeEventListener('message', onMessage);
    clearTimeout(timer);
  };
  const timer = setTimeout(stop, READY_WITHIN_MS);
  window.addEventListener('message', onMessage);
}

/** What a standalone copy of the artifact shows, and as what. */
export function standaloneContent(
  kind: ArtifactKind,
  content: string,
  renderedMarkdown?: string,
): { readonly content: string; readonly kind: PlanKind } {
  switch (kind) {
    case 'html':
    case 'svg':
    case 'react':
      return { content, kind };
    case 'markdown':
      return renderedMarkdown === undefined
        ? { content, kind: 'text' }
        : {
            content:
              '<style>body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}' +
              'pre{overflow:auto;background:#f5f5f5;padding:.75rem}img{max-width:100%}</style>' +
              renderedMarkdown,
            kind: 'html',
          };
    case 'image': {
      const src = imageSource(content);
      return src
        ? {
            content: `<style>body{margin:0;display:grid;place-items:center;min-height:100vh}img{max-width:100%}</style><img alt="" src="${escapeHtml(src)}">`,
            kind: 'html',
          }
        : { content, kind: 'text' };
    }
    case 'json':
      return { content: prettyJson(content).text, kind: 'text' };
    case 'pdf':
    case 'document':
    case 'sheet':
    case 'slides':
    case 'audio':
    case 'video':
    case 'mermaid':
    case 'code':
    case 'text':
      return { content, kind: 'text' };
    default:
      return kind satisfies never;
  }
}

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;
const BASE64 = /^[A-Za-z0-9+/=\s]+$/;
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

/**
 * A `data:` URL for an image artifact (its content is base64, or a `data:image/…;base64,` URL), or
 * `undefined` when the content is neither. Only raster types: SVG goes through the sandbox.
 */
export function imageSource(content: string, filename = 'image.png'): string | undefined {
  const text = content.trim();
  if (DATA_IMAGE.test(text)) return text.replace(/\s+/g, '');
  if (!BASE64.test(text)) return undefined;
  const ext = filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();
  return `data:image/${IMAGE_TYPES[ext] ?? 'png'};base64,${text.replace(/\s+/g, '')}`;
}

function imageBytes(content: string): Uint8Array<ArrayBuffer> | undefined {
  const src = imageSource(content);
  if (!src) return undefined;
  try {
    const binary = atob(src.slice(src.indexOf(',') + 1));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

/** JSON pretty-printed, or the text as it is with the reason it is not JSON. */
export function prettyJson(content: string): { readonly text: string; readonly problem?: string } {
  try {
    return { text: JSON.stringify(JSON.parse(content), null, 2) };
  } catch (error) {
    return { text: content, problem: errorText(error) };
  }
}
