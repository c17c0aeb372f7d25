// The browser every test and benchmark drives, found one way: $CHROMIUM_PATH, else a `chromium` on PATH
// (e.g. Debian's package), else Playwright's own build (install it once with `npx playwright install
// chromium`). No test step downloads a browser.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** @returns {string | undefined} the system Chromium, or undefined for Playwright's own build */
function systemChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}

/**
 * Playwright's launch options for that browser: its path when one was found, and the flags it needs here
 * (no sandbox, no GPU, no background traffic to Google's services).
 * @type {{ executablePath?: string, args: string[] }}
 */
export const chromiumLaunchOptions = (() => {
  const executablePath = systemChromium();
  return {
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  };
})();
