/**
 * `<easel-memory-card>`: a memory write in the chat, one line (`Remembered: prefers metric units`) with `Undo`,
 * which puts the files back as they were before the write (through `memoryContext`). Whether `Undo` is offered
 * is read from the files themselves: a write already undone (before a reload, in another tab) says `Undone`, one
 * changed since says so, and neither can be undone again.
 */
import { consume } from '@lit/context';
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { errorText } from '../../agent';
import { type MemoryWrite, parseMemoryDetails, type WriteState } from '../../memory';
import { msg, str } from '../l10n';
import { type MemoryHandle, type MemoryService, memoryContext } from './memory-context';

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

  /** Where the write stands, read from the files (so it holds after a reload, in every tab); unknown at first. */
  @state() private state: WriteState | undefined;
  @state() private problem = '';

  private service: MemoryService | undefined;
  private stopListening: (() => void) | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.listen(undefined);
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('handle') || (changed.has('details') && this.isConnected)) void this.connectService();
  }

  override render() {
    const write = this.write;
    if (!write) return html`<div class="card">${msg('Memory changed.')}</div>`;
    const text = `${VERB[write.kind]}: ${write.summary}`;
    const state = this.state;
    return html`<div class="card" role="group" aria-label=${text}>
      <span class="text ${state === 'undone' ? 'undone' : ''}">${text}</span>
      ${state === 'undone' ? html`<span role="status">${msg('Undone')}</span>` : nothing}
      ${state === 'changed' ? html`<span role="status">${msg('Changed since (see Settings → Memory)')}</span>` : nothing}
      ${this.problem ? html`<span class="problem" role="alert">${this.problem}</span>` : nothing}
      ${
        state === 'applied' && this.handle
          ? html`<button type="button" @click=${this.handleUndo}>${msg('Undo')}</button>`
          : nothing
      }
    </div>`;
  }

  private async handleUndo() {
    const { write, handle } = this;
    if (!write || !handle) return;
    try {
      const found = await (await handle.load()).undo(write);
      this.state = found === 'applied' ? 'undone' : found;
      this.problem = '';
    } catch (error) {
      this.problem = msg(str`Could not undo: ${errorText(error)}`);
    }
  }

  private get write(): MemoryWrite | undefined {
    return parseMemoryDetails(this.details);
  }

  /** Loads the memory, reads where the write stands, and reads it again after every change of the files. */
  private async connectService(): Promise<void> {
    const handle = this.handle;
    if (!handle || !this.write) return this.listen(undefined);
    try {
      const service = await handle.load();
      if (handle !== this.handle || !this.isConnected) return;
      this.listen(service);
      await this.readState();
    } catch (error) {
      this.problem = msg(str`Could not read the memory: ${errorText(error)}`);
    }
  }

  private listen(service: MemoryService | undefined): void {
    if (service === this.service) return;
    this.stopListening?.();
    this.stopListening = service?.subscribe(() => void this.readState().catch(() => undefined));
    this.service = service;
  }

  private async readState(): Promise<void> {
    const write = this.write;
    if (!this.service || !write) return;
    this.state = await this.service.state(write);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-memory-card': EaselMemoryCard;
  }
}
