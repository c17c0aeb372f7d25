import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { StorageLoss } from '../../storage';
import { msg } from '../l10n';
import { focusRing } from '../styles/controls';
import { SessionRecoverEvent, type SessionRecoveryAction } from './events';

/**
 * The notice for an open conversation that is not being saved, with the ways on that lose nothing: deleted
 * in another tab (Restore, Save as new chat), stored data cleared (Download, Save it again), or Easel updated
 * in another tab (Download, Reload). It shows what it is given and reports the choice as `session-recover`.
 */
@customElement('easel-recovery-notice')
export class EaselRecoveryNotice extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin: var(--easel-space-2) auto 0;
      max-width: 780px;
    }
    div {
      padding: var(--easel-space-2) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-danger-bg);
      border-left: 3px solid var(--easel-danger);
    }
    p {
      margin: 0;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: var(--easel-space-2);
      margin-top: var(--easel-space-2);
    }
    button {
      font: inherit;
      padding: var(--easel-space-1) var(--easel-space-3);
      border-radius: var(--easel-radius-sm);
      border: 1px solid var(--easel-border);
      background: var(--easel-surface);
      color: inherit;
      cursor: pointer;
    }
    button:focus-visible {
      ${focusRing}
    }
  `;

  /** The open session was deleted in another tab. */
  @property({ type: Boolean }) deleted = false;
  /** Stored data is gone (`cleared`) or out of reach (`replaced`); takes precedence over `deleted`. */
  @property({ attribute: false }) lost: StorageLoss | undefined;
  /** A choice is under way: the buttons wait. */
  @property({ type: Boolean }) busy = false;

  override render() {
    if (this.lost === 'cleared') {
      return this.notice(
        'Easel’s stored data was cleared while this conversation was open (in the browser’s settings, or by the ' +
          'browser to free space). The conversation is still here in this tab but is not saved: reloading or ' +
          'closing the tab loses it.',
        [
          ['download', msg('Download this conversation')],
          ['save-again', msg('Save it again')],
        ],
      );
    }
    if (this.lost === 'replaced') {
      return this.notice(
        msg(
          'Easel was updated in another tab, so this tab can no longer save. The conversation is still here but is not saved: download it, then reload this page (Import in Settings brings it back).',
        ),
        [
          ['download', msg('Download this conversation')],
          ['reload', msg('Reload')],
        ],
      );
    }
    if (this.deleted) {
      return this.notice(
        msg(
          'This conversation was deleted in another tab. Nothing written here is saved until you restore it or save it as a new chat.',
        ),
        [
          ['restore', msg('Restore')],
          ['save-as-new', msg('Save as new chat')],
        ],
      );
    }
    return nothing;
  }

  private notice(text: string, actions: readonly (readonly [SessionRecoveryAction, string])[]) {
    return html`<div role="alert">
      <p>${text}</p>
      <div class="actions">
        ${actions.map(
          ([action, label]) =>
            html`<button type="button" ?disabled=${this.busy} @click=${() => this.dispatchEvent(new SessionRecoverEvent(action))}>
              ${label}
            </button>`,
        )}
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-recovery-notice': EaselRecoveryNotice;
  }
}
