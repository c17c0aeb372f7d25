/** `KeyboardController`: the app's shortcuts, its command palette and its `Keyboard shortcuts` dialog. */
import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { errorText } from '../../agent';
import { listen, SubscriptionController } from '../controllers/subscriptions';
import { msg, str } from '../l10n';
import {
  type EaselCommandPalette,
  type EaselShortcutsDialog,
  inTextField,
  isMac,
  type PaletteChooseEvent,
  type PaletteQueryEvent,
  type PaletteSession,
  shortcutOf,
} from '../palette';
import { displayTitle, sessionHref } from '../sessions';
import { type AppCommands, loadCommands } from './app-commands';
import type { CommandRef } from './command-registry';
import type { SessionsController } from './sessions-controller';

/** Sessions the palette offers before anything is typed. */
const RECENT = 8;
/** Search hits the palette shows. */
const HITS = 20;

/**
 * Listens for the shortcuts on the window while the host is connected and runs them through `commands`;
 * renders the palette (sessions from the session search) and the shortcuts dialog. A key pressed inside a
 * dialog (or the palette) is the dialog's, except `Ctrl+K` in the palette, which closes it. Focus after an action is where the
 * action put it, else where it was, else the message box.
 */
export class KeyboardController {
  /** The sessions the palette shows now. */
  private sessions: readonly PaletteSession[] = [];
  private searchSeq = 0;
  /** The palette is being opened: its commands are listed from the render before it shows. */
  private opening = false;
  private readonly mac = isMac();

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode },
    private readonly commands: AppCommands,
    private readonly list: SessionsController,
    private readonly focusComposer: () => void,
  ) {
    new SubscriptionController(host, () => [
      listen(window, 'keydown', (e) => this.handleKeydown(e as KeyboardEvent)),
    ]);
  }

  get palette(): EaselCommandPalette | null {
    return this.host.renderRoot.querySelector('easel-command-palette');
  }

  get shortcutsDialog(): EaselShortcutsDialog | null {
    return this.host.renderRoot.querySelector('easel-shortcuts-dialog');
  }

  render(): TemplateResult {
    // The command list is built only while the palette is open: it reads the catalog and the sessions.
    const open = this.opening || (this.palette?.open ?? false);
    const context = open ? this.commands.context() : undefined;
    return html`<easel-command-palette
        .commands=${context && lists ? lists.listCommands(context) : []}
        .sessions=${this.sessions}
        @palette-query=${(e: PaletteQueryEvent) => void this.search(e.query)}
        @palette-choose=${(e: PaletteChooseEvent) => this.choose(e)}
      ></easel-command-palette>
      <easel-shortcuts-dialog .shortcuts=${lists?.SHORTCUT_ROWS ?? []}></easel-shortcuts-dialog>`;
  }

  async showPalette(): Promise<void> {
    await loadDialogs();
    this.opening = true;
    this.host.requestUpdate();
    await this.host.updateComplete;
    await this.palette?.show();
    this.opening = false;
  }

  async showShortcuts(): Promise<void> {
    await loadDialogs();
    // The rows come with the command list: rendered before the dialog shows.
    this.host.requestUpdate();
    await this.host.updateComplete;
    await this.shortcutsDialog?.show();
  }

  private handleKeydown(e: KeyboardEvent) {
    if (e.defaultPrevented) return;
    // The shortcut table (`SHORTCUTS`) names the command of each key; the command table loads on first use.
    const id = shortcutOf(e, this.mac, inTextField(e));
    if (!id) return;
    const palette = this.palette;
    if (palette?.open) {
      // The palette's text box is the palette's: only Ctrl+K (which closes it) is a shortcut there.
      if (id === 'palette') {
        e.preventDefault();
        palette.close();
      }
      return;
    }
    if (e.composedPath().some((t) => t instanceof HTMLDialogElement && t.open)) return;
    e.preventDefault();
    if (id === 'palette') void this.showPalette();
    else this.commands.run(id);
  }

  private async search(query: string): Promise<void> {
    const seq = ++this.searchSeq;
    const library = this.list.library;
    if (!query.trim() || !library) {
      this.sessions = this.list.sessions.slice(0, RECENT).map((s) => ({ id: s.id, title: displayTitle(s) }));
    } else {
      try {
        const result = await library.search(query, HITS);
        if (seq !== this.searchSeq) return;
        this.sessions = result.hits.map((h) => ({
          id: h.session.id,
          title: displayTitle(h.session),
          ...(h.snippet ? { snippet: h.snippet } : {}),
        }));
      } catch (error) {
        if (seq !== this.searchSeq) return;
        this.sessions = [];
        this.list.report(msg(str`Search failed: ${errorText(error)}.`));
      }
    }
    this.host.requestUpdate();
  }

  private choose(e: PaletteChooseEvent) {
    if (e.choice.kind === 'session') {
      location.hash = sessionHref(e.choice.id);
    } else {
      this.commands.run(e.choice.id as CommandRef);
    }
    // Nothing had focus before the palette opened, and the command gave it to nothing: the message box.
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active || active === document.body) this.focusComposer();
    this.host.requestUpdate();
  }
}

let dialogsLoading: Promise<unknown> | undefined;
/** The command list, once loaded. */
let lists: typeof import('./command-list') | undefined;

/**
 * The palette, the shortcuts dialog and the command list are loaded when first opened: the first screen never
 * pays for them.
 */
function loadDialogs(): Promise<unknown> {
  dialogsLoading ??= Promise.all([
    import('../palette/command-palette'),
    import('../palette/shortcuts-dialog'),
    loadCommands(),
    import('./command-list').then((m) => {
      lists = m;
    }),
  ]);
  return dialogsLoading;
}
