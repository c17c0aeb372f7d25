/**
 * Settings → Memory: the switch that lets Claude remember across chats, and every memory file, each of which the
 * person can open, edit and delete. It works the tab's memory (from `memoryContext`) itself, at once; the
 * dialog's `Save` does not touch it.
 */
import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { errorText } from '../../agent';
import { MAX_FILE_BYTES, utf8Bytes } from '../../memory';
import { msg, str } from '../l10n';
import { type MemoryEntry, type MemoryHandle, type MemoryService, memoryContext } from './memory-context';

@customElement('easel-memory-settings')
export class EaselMemorySettings extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    section {
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      margin: 0 0 var(--easel-space-3);
      padding: var(--easel-space-2) var(--easel-space-3);
      display: grid;
      gap: var(--easel-space-2);
    }
    h3 {
      margin: 0;
      font-size: 1rem;
    }
    .check {
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
    }
    .hint,
    .empty {
      font-size: 0.75rem;
      color: var(--easel-text-muted);
      margin: 0;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: var(--easel-space-1);
    }
    li {
      display: grid;
      gap: var(--easel-space-1);
    }
    .row {
      display: flex;
      gap: var(--easel-space-2);
      align-items: baseline;
    }
    .path {
      font-family: var(--easel-font-mono);
      font-size: 0.8rem;
      overflow-wrap: anywhere;
      flex: 1;
    }
    textarea {
      font: inherit;
      font-family: var(--easel-font-mono);
      font-size: 0.8rem;
      min-height: 6rem;
      padding: var(--easel-space-1) var(--easel-space-2);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-bg);
      color: inherit;
    }
    button {
      font: inherit;
      font-size: 0.8rem;
      padding: var(--easel-space-1) var(--easel-space-2);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface-2);
      color: inherit;
      cursor: pointer;
    }
    .problem {
      margin: 0;
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      color: var(--easel-danger);
    }
    .status {
      margin: 0;
      font-size: 0.875rem;
    }
  `;

  @consume({ context: memoryContext, subscribe: true })
  @state()
  private handle: MemoryHandle | undefined;

  @state() private memory: MemoryService | undefined;
  @state() private entries: readonly MemoryEntry[] = [];
  @state() private open: string | undefined;
  @state() private status = '';
  @state() private problem = '';

  private unsubscribe: (() => void) | undefined;
  private loaded: MemoryHandle | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Connected again (the dialog re-rendered): listen again.
    if (this.memory && !this.unsubscribe) this.listen(this.memory);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  protected override willUpdate(): void {
    const handle = this.handle;
    if (handle === this.loaded) return;
    this.loaded = handle;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    handle?.load().then(
      (memory) => {
        if (this.handle !== handle) return;
        this.memory = memory;
        if (this.isConnected) this.listen(memory);
      },
      (error: unknown) => {
        this.problem = msg(str`Memory could not be loaded: ${errorText(error)}`);
      },
    );
  }

  override render() {
    const memory = this.memory;
    return html`<section aria-labelledby="memory-title">
      <h3 id="memory-title">${msg('Memory')}</h3>
      <div class="check">
        <input
          id="memory-on"
          type="checkbox"
          role="switch"
          .checked=${memory?.enabled ?? false}
          ?disabled=${!memory}
          @change=${this.handleSwitch}
        />
        <label for="memory-on">${msg('Let Claude remember across chats')}</label>
      </div>
      <p class="hint">
        ${msg("Claude keeps short notes in memory files in this browser and reads them in new chats; a project's chats also keep notes for that project. What Claude reads is sent with the chat, like the rest of it.")}
      </p>
      ${this.problem ? html`<p class="problem" role="alert">${this.problem}</p>` : nothing}
      <p class="status" role="status">${this.status}</p>
      ${
        this.entries.length === 0
          ? html`<p class="empty">${msg('Claude has not remembered anything yet.')}</p>`
          : html`<ul aria-label=${msg('Memory files')}>
              ${this.entries.map((entry) => this.renderEntry(entry))}
            </ul>`
      }
    </section>`;
  }

  private renderEntry(entry: MemoryEntry) {
    const id = key(entry);
    const isOpen = this.open === id;
    return html`<li>
      <div class="row">
        <span class="path">${entry.where}</span>
        <button
          type="button"
          aria-expanded=${isOpen ? 'true' : 'false'}
          aria-label=${`${isOpen ? msg('Close') : msg('Open')} ${entry.where}`}
          @click=${() => this.handleToggle(id)}
        >
          ${isOpen ? msg('Close') : msg('Open')}
        </button>
        <button type="button" aria-label=${msg(str`Delete ${entry.where}`)} @click=${() => this.handleDelete(entry)}>
          ${msg('Delete')}
        </button>
      </div>
      ${
        isOpen
          ? html`<textarea aria-label=${msg(str`Contents of ${entry.where}`)} .value=${entry.text}></textarea>
              <div class="row">
                <button type="button" @click=${(e: Event) => this.handleSave(entry, e)}>${msg('Save memory')}</button>
              </div>`
          : nothing
      }
    </li>`;
  }

  private async handleSwitch(e: Event) {
    const on = (e.target as HTMLInputElement).checked;
    await this.run(
      () => this.memory?.setEnabled(on),
      on ? msg('Memory is on.') : msg('Memory is off: Claude neither reads nor writes it.'),
    );
  }

  private handleToggle(id: string) {
    this.open = this.open === id ? undefined : id;
  }

  private async handleSave(entry: MemoryEntry, e: Event) {
    const area = (e.target as HTMLElement).closest('li')?.querySelector('textarea');
    if (!area) return;
    const bytes = utf8Bytes(area.value);
    if (bytes > MAX_FILE_BYTES) {
      this.problem = msg(
        str`This memory is ${bytes.toLocaleString('en-US')} bytes; a memory file may hold at most ${MAX_FILE_BYTES.toLocaleString('en-US')}. Shorten it, then save again.`,
      );
      return;
    }
    await this.run(() => this.memory?.save(entry.space, entry.path, area.value), `Saved ${entry.where}.`);
  }

  private async handleDelete(entry: MemoryEntry) {
    if (this.open === key(entry)) this.open = undefined;
    await this.run(() => this.memory?.delete(entry.space, entry.path), `Deleted ${entry.where}.`);
  }

  private async run(action: () => Promise<void> | undefined, done: string) {
    this.problem = '';
    try {
      await action();
      this.status = done;
    } catch (error) {
      this.status = '';
      this.problem = msg(str`Memory could not be changed: ${errorText(error)}`);
    }
  }

  private listen(memory: MemoryService) {
    this.unsubscribe = memory.subscribe(() => void this.refresh());
    void this.refresh();
  }

  private async refresh() {
    const memory = this.memory;
    if (!memory) return;
    try {
      this.entries = await memory.list();
      this.requestUpdate();
    } catch (error) {
      this.problem = msg(str`Memory could not be read: ${errorText(error)}`);
    }
  }
}

function key(entry: MemoryEntry): string {
  return `${entry.space}\n${entry.path}`;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-memory-settings': EaselMemorySettings;
  }
}
