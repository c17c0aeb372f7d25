import {
  type ArtifactKind,
  buildPreviewDocument,
  buildStandaloneDocument,
  escapeHtml,
  mimeTypeOf,
} from '../../artifacts';

/**
 * What the panel's `Download` and `Open in new tab` do. Neither runs artifact code in the app's origin:
 * a download is never navigated to, and the new tab holds a page of the app's making whose only content is
 * a sandboxed iframe with the artifact in `srcdoc` (a `blob:` URL of the artifact itself would run it with
 * the app's origin, next to its storage).
 */

/** Object URLs are revoked this long after use (a new tab or a download may still be reading them). */
const REVOKE_AFTER_MS = 60_000;

/** Saves `content` as a file named `filename` (images given as base64 or `data:` are saved as bytes). */
export function downloadArtifact(filename: string, kind: ArtifactKind, content: string): void {
  const data = kind === 'image' ? imageBytes(content) : undefined;
  const blob = new Blob([data ?? content], { type: mimeTypeOf(filename) });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Opens the artifact in a new tab, inside a sandboxed iframe (see the module note). `renderedMarkdown` is the
 * sanitised HTML of a Markdown file (the caller renders it; this module does not load the Markdown stack).
 */
export function openArtifactInNewTab(
  filename: string,
  kind: ArtifactKind,
  content: string,
  renderedMarkdown?: string,
): void {
  const page = buildStandaloneDocument(standaloneContent(kind, content, renderedMarkdown), filename);
  const url = URL.createObjectURL(new Blob([page], { type: 'text/html;charset=utf-8' }));
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** The preview document (without a bridge) a standalone copy of the artifact shows. */
export function standaloneContent(kind: ArtifactKind, content: string, renderedMarkdown?: string): string {
  switch (kind) {
    case 'html':
      return buildPreviewDocument(content, 'html');
    case 'svg':
      return buildPreviewDocument(content, 'svg');
    case 'markdown':
      return renderedMarkdown === undefined
        ? buildPreviewDocument(content, 'text')
        : buildPreviewDocument(
            '<style>body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}' +
              'pre{overflow:auto;background:#f5f5f5;padding:.75rem}img{max-width:100%}</style>' +
              renderedMarkdown,
            'html',
          );
    case 'image': {
      const src = imageSource(content);
      return src
        ? buildPreviewDocument(
            `<style>body{margin:0;display:grid;place-items:center;min-height:100vh}img{max-width:100%}</style><img alt="" src="${escapeHtml(src)}">`,
            'html',
          )
        : buildPreviewDocument(content, 'text');
    }
    case 'json':
      return buildPreviewDocument(prettyJson(content).text, 'text');
    case 'code':
    case 'text':
      return buildPreviewDocument(content, 'text');
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
    return { text: content, problem: error instanceof Error ? error.message : String(error) };
  }
}
