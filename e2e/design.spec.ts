import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

// The design system's page (design.html): every token and component in the light and the dark theme, side by
// side, compared with its reference image and scanned by axe. Text in a fixed font stack, as in screens.spec.ts.
const FIXED_FONTS = `:root, [data-theme] {
  --easel-font: "Liberation Sans", "DejaVu Sans", sans-serif !important;
  --easel-font-mono: "DejaVu Sans Mono", "Liberation Mono", monospace !important;
}`;

test('the design page shows every component in both themes', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./design.html');
  await page.addStyleTag({ content: FIXED_FONTS });
  for (const name of ['Light', 'Dark']) {
    const section = page.getByRole('region', { name: `Easel design system · ${name}` });
    await expect(section.getByRole('button', { name: 'Primary' })).toBeVisible();
    await expect(section.getByRole('tablist', { name: `Sections (${name})` })).toBeVisible();
    await expect(section.getByRole('status')).toHaveText('Saved.');
    await expect(section.getByRole('alert')).toContainText("Couldn't reach");
  }
  // The dark section draws on the dark tokens.
  const backgrounds = await page
    .locator('easel-design-page')
    .evaluateAll((pages) =>
      pages.map((p) => getComputedStyle(p.shadowRoot?.querySelector('section') as Element).backgroundColor),
    );
  expect(backgrounds).toEqual(['rgb(250, 249, 247)', 'rgb(27, 26, 24)']);
  // A tab and the dialog work here as anywhere.
  const dark = page.getByRole('region', { name: 'Easel design system · Dark' });
  await dark.getByRole('tab', { name: 'Files' }).click();
  await expect(dark.getByText('Files Claude reads')).toBeVisible();
  await dark.getByRole('tab', { name: 'General' }).click();
  await dark.getByRole('button', { name: 'Open a dialog' }).click();
  await expect(page.getByRole('dialog', { name: 'Example (Dark)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Example (Dark)' })).toBeHidden();

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page).toHaveScreenshot('design.png', {
    fullPage: true,
    animations: 'disabled',
    maxDiffPixelRatio: 0.02,
  });
  const scan = await new AxeBuilder({ page }).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
});
