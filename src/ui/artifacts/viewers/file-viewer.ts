/**
 * What every file viewer in this folder shares: the file's name and bytes as properties, and the styles of the
 * note shown while it reads and of the message shown when it cannot (`.note`, `.error`). A viewer extends
 * `FileViewer` and adds its own styles after `FileViewer.styles`.
 */
import { type CSSResultGroup, css, LitElement } from 'lit';
import { property } from 'lit/decorators.js';

export abstract class FileViewer extends LitElement {
  static override styles: CSSResultGroup = css`
    .note {
      margin: var(--easel-space-3);
      color: var(--easel-text-muted);
    }
    .error {
      margin: var(--easel-space-3);
      color: var(--easel-danger);
    }
  `;

  /** The file name, for labels (its extension says how to read it). */
  @property() filename = '';
  /** The file's bytes (a text file: its UTF-8). */
  @property({ attribute: false }) bytes: Uint8Array | undefined;
}
