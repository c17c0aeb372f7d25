import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { msg, str } from '../l10n';

interface Offer {
  readonly file: string;
  readonly host: string;
  /** A library the page asks for from a public CDN (its address), rather than a request of its own. */
  readonly library?: string;
}

/**
 * The offer over a preview whose page tried to reach a site: `Allow connections to <host>` (this version of the
 * file), `Always for this file` and `Dismiss`. Allowing keeps the grant for this artifact (the panel's console lists it, with `Revoke`) and runs the page
 * again; nothing is ever allowed without it. Hosts are offered one at a time, in the order the page asked.
 * A library the page loads from a public CDN is offered the same way, naming its address: `Allow libraries
 * from <host>` gives the same grant.
 */
export class NetworkOffer implements ReactiveController {
  private offers: Offer[] = [];

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly allow: (file: string, host: string, always: boolean) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.offers = [];
  }

  /** The page of `file` tried to reach `host` (to load the library at `library`, when given). */
  show(file: string, host: string, library?: string): void {
    if (this.offers.some((o) => o.file === file && o.host === host)) return;
    this.offers = [
      ...this.offers.filter((o) => o.file === file),
      { file, host, ...(library ? { library } : {}) },
    ];
    this.host.requestUpdate();
  }

  /** Another file is shown: its offers go. */
  fileChanged(): void {
    this.set([]);
  }

  render() {
    const offer = this.offers[0];
    if (!offer) return nothing;
    const { file, host, library } = offer;
    const label = library
      ? msg(str`${file} asks for a library from ${host}`)
      : msg(str`${file} tried to reach ${host}`);
    return html`<div class="notice consent" role="alertdialog" aria-label=${label}>
      <span
        >${
          library
            ? html`<strong>${msg(str`${file} asks for a library from ${host}:`)}</strong> <code>${library}</code>.
                ${msg('Allowing lets Easel fetch it (without your key or cookies) and keep it for offline use, as a connection to that site, until you revoke it.')}`
            : html`<strong>${msg(str`${file} tried to reach ${host}.`)}</strong> ${msg("Previews have no network. Allowing lets this version of this artifact alone send requests to that site (without your key or cookies), until you revoke it; a new version asks again unless you choose Always for this file. Easel checks the name, not where it leads: a public name can still point to an address on your own network or computer. There the browser takes over: Chrome's Local Network Access (which replaced Private Network Access) asks you before a public page reaches your local network, unless Easel itself is served from it.")}`
        }</span
      >
      <button type="button" @click=${() => this.handleAllow(offer, false)}>
        ${library ? msg(str`Allow libraries from ${host}`) : msg(str`Allow connections to ${host}`)}
      </button>
      <button type="button" @click=${() => this.handleAllow(offer, true)}>${msg('Always for this file')}</button>
      <button type="button" @click=${() => this.set(this.offers.slice(1))}>${msg('Dismiss')}</button>
    </div>`;
  }

  private handleAllow(offer: Offer, always: boolean): void {
    // The page runs again: what it still cannot reach is offered again then.
    this.set([]);
    this.allow(offer.file, offer.host, always);
  }

  private set(offers: Offer[]): void {
    this.offers = offers;
    this.host.requestUpdate();
  }
}
