/**
 * `<easel-memory-card>`: a memory write in the chat, one line (`Remembered: prefers metric units`) with `Undo`,
 * which puts the files back as they were before the write (through `memoryContext`).
 */
import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { type MemoryWrite, parseMemoryDetails } from '../../memory';
import { msg, str } from '../l10n';
import { type MemoryHandle, memoryContext } from './memory-context';

const VERB: Readonly<Record<MemoryWrite['kind'], string>> = {
  get create() {
    return msg('Remembered');
  },
  get edit() {
    return msg('Remembered');
  },
  get delete() {
    return msg('Forgot');
  },
  get rename() {
    return msg('Moved memory');
  },
};

@customElement('easel-memory-card')
export class EaselMemoryCard extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin: var(--easel-space-2) 0;
    }
    .card {
      display: flex;
      gap: var(--easel-space-2);
      align-items: baseline;
      padding: var(--easel-space-1) var(--easel-space-3);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface);
      font-size: 0.875rem;
    }
    .text {
      flex: 1;
      overflow-wrap: anywhere;
    }
    .undone {
      color: var(--easel-text-muted);
      text-decoration: line-through;
    }
    button {
      font: inherit;
      font-size: 0.8rem;
      padding: 0 var(--easel-space-2);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: inherit;
      cursor: pointer;
    }
    .problem {
      color: var(--easel-danger);
    }
  `;

  /** The memory call's result details (checked here: they may come from storage or an import). */
  @property({ attribute: false }) details: unknown;

  @consume({ context: memoryContext, subscribe: true })
  @state()
  private handle: MemoryHandle | undefined;

  @state() private undone = false;
  @state() private problem = '';

  override render() {
    const write = this.write;
    if (!write) return html`<div class="card">${msg('Memory changed.')}</div>`;
    const text = `${VERB[write.kind]}: ${write.summary}`;
    return html`<div class="card" role="group" aria-label=${text}>
      <span class="text ${this.undone ? 'undone' : ''}">${text}</span>
      ${this.undone ? html`<span role="status">${msg('Undone')}</span>` : nothing}
      ${this.problem ? html`<span class="problem" role="alert">${this.problem}</span>` : nothing}
      ${
        this.undone || !this.handle
          ? nothing
          : html`<button type="button" @click=${this.handleUndo}>${msg('Undo')}</button>`
      }
    </div>`;
  }

  private get write(): MemoryWrite | undefined {
    return parseMemoryDetails(this.details);
  }

  private async handleUndo() {
    const { write, handle } = this;
    if (!write || !handle) return;
    try {
      await (await handle.load()).undo(write.undo);
      this.undone = true;
      this.problem = '';
    } catch (error) {
      this.problem = msg(str`Could not undo: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-memory-card': EaselMemoryCard;
  }
}
