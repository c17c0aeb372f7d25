/** Element tests of the network offer: a site a page fetched, and a library it asked for from a public CDN. */
import { html, LitElement } from 'lit';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import { NetworkOffer } from './network-offer';

/** Shows the offer, recording what the person allowed. */
class OfferHost extends LitElement {
  readonly allowed: string[] = [];
  readonly offer = new NetworkOffer(this, (file, host, always) => {
    this.allowed.push(`${file} ${host} ${always ? 'always' : 'this version'}`);
  });

  override render() {
    return html`${this.offer.render()}`;
  }
}
customElements.define('test-offer-host', OfferHost);
declare global {
  interface HTMLElementTagNameMap {
    'test-offer-host': OfferHost;
  }
}

const URL_ASKED = 'https://cdnjs.cloudflare.com/ajax/libs/greeter/1.0.0/greeter.min.js';

describe('NetworkOffer', () => {
  it('offers a library by its host and address; Allow grants this version and closes the offer', async () => {
    const { el, screen } = await mount('test-offer-host');
    el.offer.show('page.html', 'cdnjs.cloudflare.com', URL_ASKED);
    const offer = screen.getByRole('alertdialog', {
      name: 'page.html asks for a library from cdnjs.cloudflare.com',
    });
    await expect.element(offer).toHaveTextContent(URL_ASKED);
    await userEvent.click(offer.getByRole('button', { name: 'Allow libraries from cdnjs.cloudflare.com' }));
    expect(el.allowed).toEqual(['page.html cdnjs.cloudflare.com this version']);
    await expect.element(offer).not.toBeInTheDocument();
  });

  it('offers one host at a time, in the order asked; Always grants every version', async () => {
    const { el, screen } = await mount('test-offer-host');
    el.offer.show('page.html', 'esm.sh', 'https://esm.sh/shouty@1');
    el.offer.show('page.html', 'api.weather.example');
    el.offer.show('page.html', 'esm.sh', 'https://esm.sh/other@2');
    await expect
      .element(screen.getByRole('alertdialog'))
      .toHaveAccessibleName('page.html asks for a library from esm.sh');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    const next = screen.getByRole('alertdialog', { name: 'page.html tried to reach api.weather.example' });
    await expect.element(next).toBeVisible();
    await userEvent.click(next.getByRole('button', { name: 'Always for this file' }));
    expect(el.allowed).toEqual(['page.html api.weather.example always']);
  });
});
