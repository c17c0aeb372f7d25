/** `<easel-command-palette>`: search the sessions and run any command, from the keyboard alone. */
import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { msg, str } from '../l10n';
import { plainText } from '../plain-text';
import { focusRing } from '../styles/controls';
import {
  filterCommands,
  highlight,
  type PaletteCommand,
  type PaletteOption,
  type PaletteSession,
  rankSessions,
} from './commands';
import { PaletteChooseEvent, PaletteQueryEvent } from './events';
import { ariaShortcut, describeShortcut, isMac, SHORTCUTS } from './shortcuts';

/**
 * A dialog `Command palette` with the ARIA combobox pattern: a text box `Search commands and sessions` that
 * controls a listbox, the active option named by `aria-activedescendant` (focus stays in the box). ↑/↓ move,
 * Enter runs, Esc or a click outside closes; a click on an option runs it. Closing gives focus back to where it
 * was (Tab leaves the palette, which closes, focus going on); the choice is reported after that
 * (`palette-choose`), and each keystroke in the box as `palette-query`.
 *
 * Not a modal `<dialog>`: `showModal()` makes the rest of the page inert, and that restyles the whole page (some
 * 70–120 ms with 500 sessions in the sidebar). The scrim takes the clicks instead.
 */
@customElement('easel-command-palette')
export class EaselCommandPalette extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
    .scrim {
      position: fixed;
      inset: 0;
      z-index: 1000;
      background: rgb(0 0 0 / 0.3);
    }
    [role='dialog'] {
      position: fixed;
      z-index: 1001;
      top: 12vh;
      left: 50%;
      transform: translateX(-50%);
      width: min(560px, calc(100vw - 2 * var(--easel-space-4)));
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius);
      background: var(--easel-surface);
      color: var(--easel-text);
      box-shadow: 0 12px 40px rgb(0 0 0 / 0.25);
      overflow: hidden;
    }
    input {
      box-sizing: border-box;
      width: 100%;
      font: inherit;
      padding: var(--easel-space-3) 72px var(--easel-space-3) var(--easel-space-3);
      border: none;
      border-bottom: 1px solid var(--easel-border);
      background: transparent;
      color: var(--easel-text);
    }
    input:focus-visible {
      ${focusRing}
      outline-offset: -2px;
    }
    [role='listbox'] {
      max-height: min(60vh, 420px);
      overflow-y: auto;
      margin: 0;
      padding: var(--easel-space-1) 0;
    }
    [role='group'] > span {
      display: block;
      padding: var(--easel-space-2) var(--easel-space-3) var(--easel-space-1);
      font-size: 0.75rem;
      color: var(--easel-text-muted);
    }
    [role='option'] {
      display: flex;
      gap: var(--easel-space-2);
      align-items: baseline;
      padding: var(--easel-space-2) var(--easel-space-3);
      cursor: pointer;
    }
    [role='option'][aria-selected='true'] {
      background: var(--easel-surface-2);
      box-shadow: inset 3px 0 0 var(--easel-focus);
    }
    .label {
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .snippet {
      display: block;
      font-size: 0.8rem;
      color: var(--easel-text-muted);
      overflow: hidden;
      text-overflow: ellipsis;
    }
    kbd {
      font: inherit;
      font-size: 0.75rem;
      color: var(--easel-text-muted);
    }
    mark {
      background: transparent;
      color: inherit;
      font-weight: 700;
      text-decoration: underline;
      text-decoration-color: var(--easel-accent);
      text-underline-offset: 3px;
    }
    .search {
      position: relative;
    }
    .hint {
      position: absolute;
      top: 50%;
      right: var(--easel-space-3);
      transform: translateY(-50%);
      padding: 2px var(--easel-space-2);
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      pointer-events: none;
    }
    .empty {
      margin: 0;
      padding: var(--easel-space-3);
      color: var(--easel-text-muted);
    }
  `;

  /** Every command, in the order listed. */
  @property({ attribute: false }) commands: readonly PaletteCommand[] = [];
  /** The sessions to offer: recent ones for an empty query, the session search's hits otherwise. */
  @property({ attribute: false }) sessions: readonly PaletteSession[] = [];

  @state() private query = '';
  @state() private active = 0;
  @state() private isOpen = false;

  @query('input') private input!: HTMLInputElement;

  private returnTo: HTMLElement | undefined;
  private readonly mac = isMac();

  /** Whether the palette is open. */
  get open(): boolean {
    return this.isOpen;
  }

  /**
   * The options shown: the commands that match the query, then the sessions, each list best match first (a
   * session whose title is the query before one that only mentions it).
   */
  get options(): PaletteOption[] {
    return [
      ...filterCommands(this.commands, this.query).map((command) => ({ kind: 'command' as const, command })),
      ...rankSessions(this.sessions, this.query).map((session) => ({ kind: 'session' as const, session })),
    ];
  }

  /** Opens the palette with an empty query, remembering where focus was. */
  async show(): Promise<void> {
    if (this.isOpen) return;
    this.returnTo = deepActiveElement();
    this.query = '';
    this.active = 0;
    this.isOpen = true;
    await this.updateComplete;
    this.input.focus();
    this.dispatchEvent(new PaletteQueryEvent(''));
  }

  /** Closes the palette, giving focus back to where it was. */
  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    const back = this.returnTo;
    this.returnTo = undefined;
    if (back?.isConnected) back.focus();
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('active') || changed.has('sessions') || changed.has('query')) {
      this.renderRoot.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
    }
  }

  override render() {
    if (!this.isOpen) return nothing;
    const options = this.options;
    const active = Math.min(this.active, options.length - 1);
    const commands = options.filter((o) => o.kind === 'command');
    const sessions = options.filter((o) => o.kind === 'session');
    return html`<div class="scrim" @click=${() => this.close()}></div>
      <div
        role="dialog"
        aria-modal="true"
        aria-label=${msg('Command palette')}
        @keydown=${this.handleKeydown}
        @focusout=${this.handleFocusOut}
      >
        <div class="search">
        <input
          type="text"
          role="combobox"
          aria-label=${msg('Search commands and sessions')}
          aria-expanded="true"
          aria-controls="options"
          aria-autocomplete="list"
          aria-activedescendant=${active >= 0 ? `option-${active}` : nothing}
          autocomplete="off"
          spellcheck="false"
          placeholder=${msg('Type a command or search sessions')}
          .value=${this.query}
          @input=${this.handleInput}
        />
        <kbd class="hint" aria-hidden="true">${describeShortcut(SHORTCUTS.palette, this.mac)}</kbd>
        </div>
        <div
          role="listbox"
          id="options"
          aria-label=${msg('Commands and sessions')}
          @pointerdown=${(e: PointerEvent) => e.preventDefault()}
        >
          ${commands.length > 0 ? this.renderGroup(msg('Commands'), commands, 0, active) : nothing}
          ${sessions.length > 0 ? this.renderGroup(this.query.trim() ? msg('Sessions') : msg('Recent sessions'), sessions, commands.length, active) : nothing}
        </div>
        ${options.length === 0 ? html`<p class="empty" role="status">${msg(str`Nothing matches “${this.query.trim()}”.`)}</p>` : nothing}
      </div>`;
  }

  private renderGroup(name: string, options: readonly PaletteOption[], first: number, active: number) {
    const headingId = `group-${first}`;
    return html`<div role="group" aria-labelledby=${headingId}>
      <span id=${headingId}>${name}</span>
      ${options.map((option, i) => this.renderOption(option, first + i, first + i === active))}
    </div>`;
  }

  private renderOption(option: PaletteOption, index: number, selected: boolean) {
    const choose = () => this.choose(option);
    if (option.kind === 'command') {
      const { label, shortcut } = option.command;
      return html`<div
        role="option"
        id=${`option-${index}`}
        aria-selected=${selected ? 'true' : 'false'}
        aria-keyshortcuts=${shortcut ? ariaShortcut(shortcut, this.mac) : nothing}
        @click=${choose}
        @pointermove=${() => this.setActive(index)}
      >
        <span class="label">${this.marked(label)}</span>
        ${shortcut ? html`<kbd aria-hidden="true">${describeShortcut(shortcut, this.mac)}</kbd>` : nothing}
      </div>`;
    }
    const { title, snippet } = option.session;
    return html`<div
      role="option"
      id=${`option-${index}`}
      aria-selected=${selected ? 'true' : 'false'}
      @click=${choose}
      @pointermove=${() => this.setActive(index)}
    >
      <span class="label">${this.marked(title.trim() || msg('Untitled session'))}${snippet ? html`<span class="snippet">${this.marked(plainText(snippet))}</span>` : nothing}</span>
    </div>`;
  }

  /** `text` with the stretches that match the query marked. */
  private marked(text: string) {
    return highlight(text, this.query).map((part) =>
      part.match ? html`<mark>${part.text}</mark>` : part.text,
    );
  }

  private handleInput(e: InputEvent) {
    this.query = (e.target as HTMLInputElement).value;
    this.active = 0;
    this.dispatchEvent(new PaletteQueryEvent(this.query));
  }

  private handleKeydown(e: KeyboardEvent) {
    const count = this.options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (count === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      this.active = (Math.min(this.active, count - 1) + step + count) % count;
    } else if (e.key === 'Escape') {
      e.preventDefault();
      this.close();
    } else if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      const option = this.options[Math.min(this.active, count - 1)];
      if (option) this.choose(option);
    }
  }

  /** Focus went elsewhere (Tab, a click in another window): the palette closes and focus stays there. */
  private handleFocusOut(e: FocusEvent) {
    const to = e.relatedTarget;
    if (to instanceof Node && this.renderRoot.contains(to)) return;
    this.returnTo = undefined;
    this.close();
  }

  private setActive(index: number) {
    if (this.active !== index) this.active = index;
  }

  private choose(option: PaletteOption) {
    this.close();
    const id = option.kind === 'command' ? option.command.id : option.session.id;
    this.dispatchEvent(new PaletteChooseEvent({ kind: option.kind, id }));
  }
}

/** The focused element, looked for inside shadow roots. */
function deepActiveElement(): HTMLElement | undefined {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-command-palette': EaselCommandPalette;
  }
}
