import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { build, type Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Element tests: each custom element of `src/ui` alone in a real Chromium (Vitest's browser mode). */
const ELEMENT_TESTS = 'src/**/*.element.test.ts';

/**
 * Inlines the preview runtime into `preview.html` in place of its `<!-- easel-preview-runtime: <entry> -->`
 * comment, bundled as one classic script. A preview frame has an opaque origin: a module script file from
 * the app's origin would be a cross-origin request needing CORS headers a static host may not send, and a
 * bundle split into shared chunks would need the same. Inline, the document needs nothing from the network.
 */
function previewRuntime(): Plugin {
  let minify = true;
  return {
    name: 'easel-preview-runtime',
    configResolved(config) {
      minify = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const marker = /<!-- easel-preview-runtime: (\S+) -->/.exec(html);
        if (!marker?.[1]) return html;
        const result = await build({
          configFile: false,
          logLevel: 'silent',
          publicDir: false,
          build: {
            write: false,
            target: 'es2022',
            minify,
            sourcemap: false,
            lib: { entry: here(marker[1]), formats: ['iife'], name: 'EaselPreview' },
          },
        });
        const outputs = Array.isArray(result) ? result : [result];
        const chunk = outputs.flatMap((o) => ('output' in o ? o.output : [])).find((c) => c.type === 'chunk');
        if (chunk?.type !== 'chunk') throw new Error('The preview runtime did not build.');
        // No `<script` or `</script` may stand in the inlined code: the HTML parser would end the element at
        // one, and Vite's dev server moves text from a `<script type="importmap">` (which the runtime writes
        // into documents it makes) to the top of the page. Both only ever appear inside string literals here.
        const code = chunk.code.replaceAll('</script', '<\\/script').replaceAll('<script', '\\x3Cscript');
        return html.replace(marker[0], () => `<script>${code}</script>`);
      },
    },
  };
}

export default defineConfig({
  // Relative asset URLs: dist/ works from any static host, including a sub-path.
  base: './',
  plugins: [previewRuntime()],
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: true,
    rolldownOptions: {
      // The app, and the document artifact previews run in (its own policy; see preview.html).
      input: { index: here('./index.html'), preview: here('./preview.html') },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: false },
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/**/*.unit.test.ts',
            'bench/**/*.unit.test.ts',
          ],
          exclude: [...configDefaults.exclude, ELEMENT_TESTS],
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        extends: true,
        // Bundled before the first test runs: a dependency found mid-run makes Vite reload the page.
        optimizeDeps: {
          include: [
            'lit',
            'lit/decorators.js',
            'lit/directives/guard.js',
            'lit/directives/keyed.js',
            'lit/directives/repeat.js',
            '@lit/context',
            '@cfworker/json-schema',
            'dompurify',
            'highlight.js/lib/common',
            'idb',
            'marked',
          ],
        },
        test: {
          name: 'elements',
          include: [ELEMENT_TESTS],
          // `expect.poll` waits up to 5 s (1 s by default) for a busy machine; `expect.element` waits until the
          // test's own timeout.
          expect: { poll: { timeout: 5_000 } },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // The end-to-end tests' desktop size: the layout changes below 800 px.
            viewport: { width: 1280, height: 720 },
            provider: playwright({
              // The browser the end-to-end tests use (scripts/chromium.mjs).
              launchOptions: chromiumLaunchOptions,
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
