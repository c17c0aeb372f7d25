/** The body of the panel for the file shown: preview, source, changes, or the editor. */
import { html } from 'lit';
import { languageOf } from '../../artifacts';
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
import { msg, str } from '../l10n';

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
  if (shown.binary) return fileView(shown, mode, shown.binary.bytes, shown.binary.mimeType, runtime);
  if (mode === 'changes') {
    const from = shown.previous;
    const to = shown.version;
    const label =
      from && to
        ? msg(str`Changes from version ${from.version} to version ${to.version}`)
        : msg('Changes from nothing');
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
      return html`${pretty.problem ? html`<p class="note">${msg(str`Not valid JSON: ${pretty.problem}`)}</p>` : ''}${codeView(
        filename,
        pretty.text,
        'json',
        false,
      )}`;
    }
    case 'sheet':
    case 'mermaid':
    case 'pdf':
    case 'document':
    case 'slides':
    case 'audio':
    case 'video':
      // A table, a diagram drawn in the sandbox; a file of another of these kinds written as text says it cannot
      // be shown (`file-view.ts`).
      return streaming
        ? codeView(filename, content, 'plaintext', true)
        : fileView(shown, mode, textBytes(content), '', runtime);
    case 'image': {
      const src = streaming ? undefined : imageSource(content, filename);
      return src
        ? html`<div class="image"><img alt=${filename} src=${src} /></div>`
        : html`<p class="empty">${streaming ? msg('Writing…') : msg('This file is not a base64 or data: image.')}</p>`;
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
    .label=${msg(str`${filename} code`)}
  ></easel-code-view>`;
}

let fileViewRequested = false;

/**
 * `<easel-file-view>` (`file-view.ts`): the viewers of files code wrote and of CSV and Mermaid files,
 * loaded with the first such file shown (they, and their libraries, stay out of the first load); the element
 * upgrades in place with the properties already set on it.
 */
function fileView(
  shown: ShownFile,
  mode: PanelMode,
  bytes: Uint8Array,
  mimeType: string,
  runtime: PreviewRuntime,
) {
  if (!fileViewRequested) {
    fileViewRequested = true;
    import('./file-view').catch(() => {
      // A failed load (the app was updated meanwhile) is tried again with the next file shown.
      fileViewRequested = false;
    });
  }
  return html`<easel-file-view
    .shown=${shown}
    .mode=${mode}
    .bytes=${bytes}
    .mimeType=${mimeType}
    .runtime=${runtime}
  ></easel-file-view>`;
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
