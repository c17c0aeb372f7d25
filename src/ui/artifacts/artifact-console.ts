import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ArtifactApps } from '../../artifacts';
import { EMPTY_LOG, fixRequestText, type PreviewLog } from '../../artifacts';
import { formatBytes } from '../format';
import { msg, str } from '../l10n';
import { ArtifactFixEvent } from './events';
import { buttonStyles } from './styles';

/**
 * A preview's console: its entries with their levels, the number of errors, and `Fix`, which asks the model
 * to fix the errors (`artifact-fix`). With `apps`, also what the artifact keeps with `window.storage` (its
 * size) and `Clear stored data`, and the sites it may reach, each with `Revoke`.
 */
@customElement('easel-artifact-console')
export class EaselArtifactConsole extends LitElement {
  static override styles = [
    buttonStyles,
    css`
      :host {
        display: block;
        border-top: 1px solid var(--easel-border);
        background: var(--easel-surface);
        font-size: 0.8rem;
      }
      .bar {
        display: flex;
        align-items: center;
        gap: var(--easel-space-2);
        padding: var(--easel-space-1) var(--easel-space-3);
      }
      .toggle {
        border: 0;
        background: none;
        padding: 2px 0;
      }
      .errors {
        color: var(--easel-danger);
        font-weight: 600;
      }
      .bar button.fix,
      .stored {
        margin-left: auto;
      }
      .bar button.fix + .stored {
        margin-left: 0;
      }
      .stored {
        color: var(--easel-text-muted);
      }
      .hosts {
        list-style: none;
        display: flex;
        flex-wrap: wrap;
        gap: var(--easel-space-2);
        margin: 0;
        padding: 0 var(--easel-space-3) var(--easel-space-1);
      }
      .hosts li {
        display: flex;
        align-items: center;
        gap: var(--easel-space-1);
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0 var(--easel-space-3) var(--easel-space-2);
        max-height: 160px;
        overflow: auto;
        font-family: var(--easel-font-mono);
      }
      li {
        padding: 2px 0;
        border-bottom: 1px solid var(--easel-surface-2);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      li.error {
        color: var(--easel-danger);
      }
      li.warn {
        color: var(--easel-syntax-number);
      }
      .level {
        color: var(--easel-text-muted);
        margin-right: var(--easel-space-2);
      }
      .empty {
        color: var(--easel-text-muted);
        font-family: var(--easel-font);
      }
    `,
  ];

  /** The file whose preview this is. */
  @property() filename = '';
  /** What the preview printed. */
  @property({ attribute: false }) log: PreviewLog = EMPTY_LOG;
  /** Whether the entries are shown. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** The app APIs' service: the artifact's stored data is shown from it. */
  @property({ attribute: false }) apps: ArtifactApps | undefined;

  /** What the artifact stores: keys and bytes (`undefined` until read). */
  @state() private stored: { readonly keys: number; readonly bytes: number } | undefined;

  private offApps: (() => void) | undefined;
  private reading = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    this.listenToApps();
    this.readStored();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.offApps?.();
    this.offApps = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('apps')) this.listenToApps();
    if (changed.has('apps') || changed.has('filename')) this.readStored();
  }

  override render() {
    const { entries, errorCount, dropped } = this.log;
    const count = entries.length + dropped;
    return html`<section aria-label=${msg('Console')}>
      <div class="bar">
        <button type="button" class="toggle" aria-expanded=${this.open ? 'true' : 'false'} @click=${this.handleToggle}>
          ${this.open ? '▾' : '▸'} ${msg('Console')}${count > 0 ? ` (${count})` : ''}
        </button>
        ${
          errorCount > 0
            ? html`<span class="errors">${errorCount === 1 ? msg('1 error') : msg(str`${errorCount} errors`)}</span>
                <button type="button" class="fix" @click=${this.handleFix}>${msg('Fix')}</button>`
            : nothing
        }
        ${this.renderClaude()} ${this.renderStored()}
      </div>
      ${this.renderHosts()}
      ${this.open ? this.renderEntries() : nothing}
    </section>`;
  }

  private renderEntries() {
    const { entries, dropped } = this.log;
    if (entries.length === 0) return html`<ol><li class="empty">${msg('Nothing printed.')}</li></ol>`;
    return html`<ol aria-label=${msg('Console entries')}>
      ${entries.map((e) => html`<li class=${e.level}><span class="level">${e.level}</span>${e.text}</li>`)}
      ${dropped > 0 ? html`<li class="empty">${msg(str`… and ${dropped} more`)}</li>` : nothing}
    </ol>`;
  }

  private renderClaude() {
    const calls = this.apps?.claudeCalls(this.filename);
    if (!calls) return nothing;
    if (calls.allowed === false) return html`<span class="stored">${msg('Not allowed to ask Claude')}</span>`;
    if (calls.calls === 0) return nothing;
    const cost = `$${calls.cost.toFixed(calls.cost < 0.01 ? 4 : 2)}`;
    return html`<span class="stored">${msg(str`Claude calls: ${calls.calls}, ${cost}`)}</span>`;
  }

  /** The sites the person allowed this artifact to reach, each with `Revoke`. */
  private renderHosts() {
    const hosts = this.apps?.networkHosts(this.filename) ?? [];
    if (hosts.length === 0) return nothing;
    return html`<ul class="hosts" aria-label=${msg('Allowed connections')}>
      ${hosts.map(
        (host) => html`<li>
          <span class="stored">${msg(str`Reaches ${host}`)}</span>
          <button type="button" aria-label=${msg(str`Revoke connections to ${host}`)} @click=${() => this.handleRevoke(host)}>
            ${msg('Revoke')}
          </button>
        </li>`,
      )}
    </ul>`;
  }

  private handleRevoke(host: string) {
    void this.apps?.revokeHost(this.filename, host);
  }

  private renderStored() {
    const stored = this.stored;
    if (!stored || stored.keys === 0) return nothing;
    return html`<span class="stored">${stored.keys === 1 ? msg(str`Stored data: ${formatBytes(stored.bytes)} in 1 key`) : msg(str`Stored data: ${formatBytes(stored.bytes)} in ${stored.keys} keys`)}</span>
      <button type="button" @click=${this.handleClearStored}>${msg('Clear stored data')}</button>`;
  }

  private handleToggle() {
    this.open = !this.open;
  }

  private handleFix() {
    this.dispatchEvent(new ArtifactFixEvent(this.filename, fixRequestText(this.filename, this.log)));
  }

  private handleClearStored() {
    void this.apps?.clear(this.filename);
  }

  private listenToApps(): void {
    this.offApps?.();
    this.offApps = this.isConnected ? this.apps?.subscribe(() => this.readStored()) : undefined;
  }

  private readStored(): void {
    const apps = this.apps;
    const filename = this.filename;
    const reading = ++this.reading;
    if (!apps || !filename) {
      this.stored = undefined;
      return;
    }
    this.requestUpdate(); // the Claude calls' summary is read when rendering
    apps.usage(filename).then(
      (usage) => {
        if (reading === this.reading) this.stored = usage;
      },
      () => {
        if (reading === this.reading) this.stored = undefined;
      },
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-artifact-console': EaselArtifactConsole;
  }
}
