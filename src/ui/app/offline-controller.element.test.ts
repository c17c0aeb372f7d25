import { html, LitElement } from 'lit';
import { describe, expect, it } from 'vitest';
import { mount } from '../test-support';
import { OfflineController } from './offline-controller';

/** A host for the controller alone: it renders the controller's notes, and says whether an answer streams. */
class OfflineNotesHost extends LitElement {
  streaming = false;
  readonly offline = new OfflineController(this, () => this.streaming);
  override render() {
    return html`${this.offline.render()}`;
  }
}
customElements.define('easel-test-offline-notes', OfflineNotesHost);
declare global {
  interface HTMLElementTagNameMap {
    'easel-test-offline-notes': OfflineNotesHost;
  }
}

describe('OfflineController', () => {
  it('says when the browser goes offline, and stops saying it once back online', async () => {
    const { screen } = await mount('easel-test-offline-notes');
    const note = screen.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect.element(note).not.toBeInTheDocument();
    window.dispatchEvent(new Event('offline'));
    await expect.element(note).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    await expect.element(note).not.toBeInTheDocument();
  });

  it('offers Reload to update for a waiting version, never while an answer streams', async () => {
    const { el, screen } = await mount('easel-test-offline-notes');
    const reload = screen.getByRole('button', { name: 'Reload to update' });
    el.streaming = true;
    el.offline.updateReady = true;
    el.requestUpdate();
    await el.updateComplete;
    await expect.element(reload).not.toBeInTheDocument();
    el.streaming = false;
    el.requestUpdate();
    await expect.element(reload).toBeVisible();
  });
});
