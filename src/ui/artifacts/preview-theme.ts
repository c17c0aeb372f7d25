/**
 * The preview follows the app's theme where the page allows: a page that sets no colours of its own and no
 * colour scheme is told it may be shown light or dark (`<meta name="color-scheme" content="light dark">`). The
 * frame's `prefers-color-scheme` and its canvas then follow the colour scheme of the `<iframe>`, which is the
 * app's; a page that sets colours or its own scheme is shown as it asks.
 */

/** Marks of a page choosing its own colours: a `color`/`background` declaration, `bgcolor`, a scheme, or Tailwind-style colour classes. */
const OWN_COLOURS =
  /(?:^|[\s;{"'`])(?:background(?:-color)?|color|fill)\s*:|\bbgcolor\s*=|color-scheme|\b(?:bg|text)-(?:white|black|[a-z]+-\d{2,3})\b/i;

/** The meta element that lets a page be drawn light or dark. */
export const THEME_META = '<meta name="color-scheme" content="light dark">';

/** Whether `content` sets no colours of its own, so its preview may follow the app's theme. */
export function followsTheme(content: string): boolean {
  return !OWN_COLOURS.test(content);
}
