/** The body of the panel for the file shown: preview, source, changes, or the editor. */
import { html } from 'lit';
import { formatBytes } from '../../agent';
import { languageOf, mermaidPage } from '../../artifacts';
import type { PreviewMessageEvent, PreviewStartEvent } from './events';
import { imageSource, prettyJson } from './file-actions';
import { incompleteLabel, type PanelMode, type ShownFile } from './panel-view';
import { previewKindOf } from './preview-host';
import type { PreviewRuntime } from './preview-runtime';
import '../markdown/markdown-view';
import './artifact-diff';
import './artifact-editor';
import './artifact-preview';
import './code-view';

export interface ViewerHandlers {
  previewStart(e: PreviewStartEvent): void;
  previewMessage(e: PreviewMessageEvent): void;
  editCancel(): void;
  editSave(): void;
}

export function renderViewer(
  shown: ShownFile,
  mode: PanelMode,
  editing: boolean,
  runtime: PreviewRuntime,
  on: ViewerHandlers,
) {
  const { filename, content, streaming } = shown;
  if (shown.incomplete) {
    // Text a call left unfinished is read as code, labelled; it never runs.
    return html`<p class="note" role="note">${incompleteLabel(shown.incomplete, shown.file)}</p>
      ${codeView(filename, content, languageOf(filename), false)}`;
  }
  if (editing) {
    return html`<easel-artifact-editor
      .filename=${filename}
      .content=${content}
      @edit-cancel=${on.editCancel}
      @artifact-edit=${on.editSave}
    ></easel-artifact-editor>`;
  }
  if (shown.binary) {
    if (mode === 'changes') return binaryChanges(shown);
    return (
      fileViewer(shown, shown.binary.bytes, shown.binary.mimeType) ??
      html`<p class="empty">${binaryLine(filename, shown.binary)} Download it to open it.</p>`
    );
  }
  if (mode === 'changes') {
    const from = shown.previous;
    const to = shown.version;
    const label =
      from && to ? `Changes from version ${from.version} to version ${to.version}` : 'Changes from nothing';
    return html`<easel-artifact-diff .older=${from?.content ?? ''} .newer=${content} .label=${label}></easel-artifact-diff>`;
  }
  if (mode === 'code') return codeView(filename, content, languageOf(filename), streaming);
  switch (shown.kind) {
    case 'html':
    case 'svg':
    case 'react':
      return html`<easel-artifact-preview
        .filename=${filename}
        .content=${content}
        .kind=${previewKindOf(filename)}
        .runtime=${runtime}
        ?streaming=${streaming}
        @preview-start=${on.previewStart}
        @preview-message=${on.previewMessage}
      ></easel-artifact-preview>`;
    case 'markdown':
      return html`<div class="scroll"><easel-markdown .source=${content} ?streaming=${streaming}></easel-markdown></div>`;
    case 'json': {
      if (streaming) return codeView(filename, content, 'json', true);
      const pretty = prettyJson(content);
      return html`${pretty.problem ? html`<p class="note">Not valid JSON: ${pretty.problem}</p>` : ''}${codeView(
        filename,
        pretty.text,
        'json',
        false,
      )}`;
    }
    case 'sheet':
      if (streaming) return codeView(filename, content, 'plaintext', true);
      return fileViewer(shown, textBytes(content), '');
    case 'pdf':
    case 'document':
    case 'slides':
    case 'audio':
    case 'video':
      // Written as text: only real bytes open in these viewers.
      return html`<p class="note" role="note">${filename} was written as text, so it cannot be shown as a ${shown.kind === 'document' ? 'Word document' : shown.kind === 'slides' ? 'presentation' : shown.kind === 'pdf' ? 'PDF' : `${shown.kind} file`}; its text is under Code.</p>`;
    case 'mermaid':
      // Mermaid's SVG is untrusted: it is drawn in the sandboxed preview, never in the app's document.
      if (streaming) return codeView(filename, content, 'plaintext', true);
      return html`<easel-artifact-preview
        .filename=${filename}
        .content=${mermaidPage(content)}
        .kind=${'html'}
        .runtime=${runtime}
      ></easel-artifact-preview>`;
    case 'image': {
      const src = streaming ? undefined : imageSource(content, filename);
      return src
        ? html`<div class="image"><img alt=${filename} src=${src} /></div>`
        : html`<p class="empty">${streaming ? 'Writing…' : 'This file is not a base64 or data: image.'}</p>`;
    }
    case 'code':
    case 'text':
      return codeView(filename, content, languageOf(filename), streaming);
    default:
      return shown.kind satisfies never;
  }
}

function codeView(filename: string, content: string, language: string, streaming: boolean) {
  return html`<easel-code-view
    .content=${content}
    .language=${language}
    ?streaming=${streaming}
    .label=${`${filename} code`}
  ></easel-code-view>`;
}

/** `report.pdf — application/pdf, 12 KB.` */
function binaryLine(filename: string, binary: NonNullable<ShownFile['binary']>): string {
  return `${filename} — ${binary.mimeType}, ${formatBytes(binary.bytes.byteLength)}.`;
}

/** Binary versions are compared by size and type only: there are no lines to show. */
function binaryChanges(shown: ShownFile) {
  const from = shown.previous;
  const to = shown.version;
  const before = from?.bytes
    ? `${from.mimeType ?? 'binary'}, ${formatBytes(from.bytes.byteLength)}`
    : from
      ? `text, ${formatBytes(new TextEncoder().encode(from.content).byteLength)}`
      : 'nothing';
  const after = shown.binary ? `${shown.binary.mimeType}, ${formatBytes(shown.binary.bytes.byteLength)}` : '';
  return html`<p class="note" role="note">
    ${from && to ? `Version ${from.version}: ${before}. Version ${to.version}: ${after}.` : `New file: ${after}.`}
    A binary file has no lines to compare.
  </p>`;
}

/** Each viewer's module, loaded with the first file it shows (they and their libraries stay out of the first load). */
const VIEWER_MODULES = {
  pdf: () => import('./viewers/pdf-view'),
  document: () => import('./viewers/document-view'),
  sheet: () => import('./viewers/sheet-view'),
  slides: () => import('./viewers/slides-view'),
  media: () => import('./viewers/media-view'),
} as const;
const loading = new Map<keyof typeof VIEWER_MODULES, Promise<unknown>>();

/** Loads a viewer's element (once); the element upgrades in place, with the properties already set on it. */
function ensureViewer(name: keyof typeof VIEWER_MODULES): void {
  if (loading.has(name)) return;
  loading.set(
    name,
    VIEWER_MODULES[name]().catch(() => {
      // A failed load (the app was updated meanwhile) may be tried again with the next file shown.
      loading.delete(name);
    }),
  );
}

/** The viewer for a file of bytes, or `undefined` when its kind has none. */
function fileViewer(shown: ShownFile, bytes: Uint8Array, mimeType: string) {
  const { filename } = shown;
  switch (shown.kind) {
    case 'pdf':
      ensureViewer('pdf');
      return html`<easel-pdf-view .filename=${filename} .bytes=${bytes}></easel-pdf-view>`;
    case 'document':
      ensureViewer('document');
      return html`<easel-document-view .filename=${filename} .bytes=${bytes}></easel-document-view>`;
    case 'sheet':
      ensureViewer('sheet');
      return html`<easel-sheet-view .filename=${filename} .bytes=${bytes}></easel-sheet-view>`;
    case 'slides':
      ensureViewer('slides');
      return html`<easel-slides-view .filename=${filename} .bytes=${bytes}></easel-slides-view>`;
    case 'image':
    case 'audio':
    case 'video':
      ensureViewer('media');
      return html`<easel-media-view
        .filename=${filename}
        .kind=${shown.kind}
        .bytes=${bytes}
        .mimeType=${mimeType}
      ></easel-media-view>`;
    default:
      return undefined;
  }
}

/** UTF-8 of a text file, the same array for the same text (a viewer reads its file again only when it changes). */
const encoded = new Map<string, Uint8Array>();
function textBytes(content: string): Uint8Array {
  const known = encoded.get(content);
  if (known) return known;
  const bytes = new TextEncoder().encode(content);
  if (encoded.size >= 4) encoded.delete(encoded.keys().next().value as string);
  encoded.set(content, bytes);
  return bytes;
}
