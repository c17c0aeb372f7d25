import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { hostileAnswer, hostileVectors } from './support/hostile-markup';
import { assistantMessage, exportFileText, sessionRecord, userMessage } from './support/records.mjs';
import { type EaselFixtures, expect, importFile, send, test } from './support/test';
import { startTripwire, type Tripwire } from './support/tripwire';

/**
 * Hostile answers (prompt injection makes an answer attacker-controlled): every attribute of the HTML, SVG and
 * MathML specifications that names an address (src/ui/markdown/fetching-attributes.ts), in every spelling the
 * browser resolves (`http:`, `//`, `\\`, ` HTTP:\t//`), plus the vectors a probe found by hand, each naming a path
 * on a tripwire server. Nothing may reach the tripwire until the person clicks `Load images` or a link; then
 * only the held images and the clicked link may.
 */

let tripwire: Tripwire;
test.beforeAll(async () => {
  tripwire = await startTripwire();
});
test.afterAll(async () => {
  await tripwire.close();
});
test.beforeEach(() => {
  // One tripwire per worker; each test looks at its own hits.
  (tripwire.hits as unknown[]).length = 0;
});

const claude = (page: Page) => page.getByRole('article', { name: 'Claude' });

/** Attributes in rendered Markdown that still name the tripwire, other than a new-tab link or a held image. */
function addressesLeft(page: Page, host: string): Promise<string[]> {
  return page.evaluate((host) => {
    const found: string[] = [];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        if (!el.closest('.md')) continue;
        const tag = el.localName;
        for (const { name, value } of el.attributes) {
          if (!value.replaceAll('\\', '/').includes(host)) continue;
          const link =
            (tag === 'a' || tag === 'area') &&
            name === 'href' &&
            el.getAttribute('target') === '_blank' &&
            /\bnoopener\b/.test(el.getAttribute('rel') ?? '');
          const held = tag === 'img' && name === 'data-blocked-src';
          if (!link && !held) found.push(`<${tag} ${name}="${value}">`);
        }
      }
    };
    visit(document);
    return found;
  }, host);
}

/**
 * The checks once a hostile answer is on screen: no address left but links and held images, no hit; then
 * `Load images` loads exactly the held images (which shows the tripwire is reachable, and gives fetches started
 * earlier time to land), and a click on the image map's area opens a new tab, leaving the app where it was.
 */
async function expectNothingFetched(page: Page, network: EaselFixtures['network']) {
  const vectors = hostileVectors(tripwire.host);
  const images = vectors.filter((v) => v.image).map((v) => v.id);
  expect(await addressesLeft(page, tripwire.host)).toEqual([]);
  expect(tripwire.hits).toEqual([]);

  const appUrl = page.url();
  // From here on the person asked for the images (and then opens the area's link): the tripwire may be reached.
  network.allow(`http://${tripwire.host}`);
  await page.getByRole('button', { name: 'Load images' }).click();
  await expect.poll(() => new Set(tripwire.hits.map((h) => h.path))).toEqual(new Set(images));
  expect(tripwire.hits.filter((h) => h.method !== 'GET' || h.ping)).toEqual([]);

  // The area names target=_self; it opens in a new tab all the same.
  const opening = page.waitForEvent('popup');
  await claude(page).getByRole('img', { name: 'map' }).click();
  const popup = await opening;
  await expect(popup).toHaveURL(`http://${tripwire.host}/found/area-self`);
  await popup.close();
  expect(page.url()).toBe(appUrl);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  // Following a link with `ping` sends no ping (the attribute is gone).
  expect(tripwire.hits.filter((h) => h.method !== 'GET' || h.ping)).toEqual([]);
}

test('a hostile streamed answer fetches nothing until Load images, and its area opens in a new tab', async ({
  app,
  anthropic,
  network,
}) => {
  const marker = 'End of the hostile answer.';
  await anthropic.reply(sse.text(hostileAnswer(tripwire.host, marker), { deltaSize: 300 }));
  await send(app, 'Summarise this page');
  await expect(claude(app)).toContainText(marker);
  await expect(app.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await expectNothingFetched(app, network);
});

test('a hostile answer in an imported session fetches nothing when it opens', async ({
  app,
  network,
}, testInfo) => {
  const marker = 'End of the imported answer.';
  const file = testInfo.outputPath('hostile-session.json');
  const at = 1_780_000_000_000;
  const session = {
    session: sessionRecord({
      id: 'hostile-session',
      title: 'A hostile answer',
      created: at,
      updated: at + 1,
      messageCount: 2,
      preview: marker,
    }),
    messages: [
      { message: userMessage('Summarise this page', at) },
      { message: assistantMessage(hostileAnswer(tripwire.host, marker), at + 1) },
    ],
    attachments: [],
  };
  writeFileSync(file, exportFileText([session]));
  await importFile(app, file, 'Imported 1 session.');

  await app
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('link', { name: 'A hostile answer' })
    .click();
  await expect(claude(app)).toContainText(marker);
  await expectNothingFetched(app, network);
});
