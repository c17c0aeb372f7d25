import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import { build, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';
import { minifyLitCss, squeezeMap } from './scripts/minify-lit-css.mjs';

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

/** In the build, the text of the elements' `css`, `html` and `svg` templates squeezed (`scripts/minify-lit-css.mjs`). */
function litCss(): Plugin {
  return {
    name: 'easel-lit-css',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/ui\/.*\.ts$/.test(id) || !/\b(?:css|html|svg)`/.test(code)) return null;
      const squeezed = minifyLitCss(code);
      // With its source map, so the build's maps still name the source of each byte (`scripts/chunk-sources.mjs`).
      return { code: squeezed, map: squeezeMap(code, squeezed, id) ?? null };
    },
  };
}

/**
 * Shelf files every React artifact loads (React, Tailwind, the shadcn/ui-compatible components, icons' base,
 * recharts for charts), precached with the app so a typical artifact runs offline from the first visit. The
 * other libraries (the shelf is some 10 MB in 2,500 files, most of them one icon each) are cached the first time
 * a preview reads them.
 */
const SHELF_PRECACHE = [
  'shelf/manifest.json',
  'shelf/react.*.mjs',
  'shelf/react.*.js',
  'shelf/react-jsx-runtime.*.mjs',
  'shelf/react-dom*.mjs',
  'shelf/react-dom.*.js',
  'shelf/tailwindcss.*.js',
  'shelf/components-ui*.mjs',
  'shelf/lib-utils.*.mjs',
  'shelf/clsx.*.mjs',
  'shelf/tailwind-merge.*.mjs',
  'shelf/class-variance-authority.*.mjs',
  'shelf/lucide-react-base.*.mjs',
  'shelf/lucide-react-icons.*.json',
  'shelf/recharts.*.mjs',
];

/**
 * The web app manifest and the service worker (Workbox, generated at build time by vite-plugin-pwa): the app
 * shell and `preview.html` precached, updates waiting until the page says so (`Reload to update`), the shelf
 * cached as above. The page registers the worker itself (src/ui/app/offline-controller.ts), through a Trusted
 * Types policy of its own, so nothing is injected into index.html but the manifest link.
 */
function offlineApp() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: 'Easel',
      short_name: 'Easel',
      description: 'A chat app for Claude with a live, sandboxed artifacts panel. Runs in your browser.',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: '#b4532a',
      background_color: '#ffffff',
      icons: [
        { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: 'icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    workbox: {
      // The manifest and its icons are added by the plugin.
      globPatterns: ['*.html', 'assets/*.{js,css}', ...SHELF_PRECACHE],
      // The office worker and what it loads (about 1.4 MB) are for Word, Excel and PowerPoint attachments only:
      // cached when first used, like the rest of the shelf.
      // So are the PDF text worker and PDF.js (about 1.8 MB), for a PDF sent as text, and PDF.js's page renderer.
      globIgnores: [
        'assets/office-worker-*',
        'assets/xlsx-*',
        'assets/jszip*',
        'assets/pdf-text-worker-*',
        'assets/pdf.worker*',
        'assets/pdf.renderer*',
      ],
      // Hash routes only: every navigation is index.html or preview.html, both precached.
      navigateFallback: null,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/assets\//.test(url.pathname),
          // Built files carry their content hash in their names.
          handler: 'CacheFirst',
          options: {
            cacheName: 'easel-assets',
            expiration: { maxEntries: 200 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Python for `run_code` (about 13.5 MB), cached when first used; its folder names its version.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/python\//.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'easel-python',
            expiration: { maxEntries: 20 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /\/shelf\//.test(url.pathname),
          // Shelf file names carry their content hash: a cached file never goes stale.
          handler: 'CacheFirst',
          options: {
            cacheName: 'easel-shelf',
            expiration: { maxEntries: 3000 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  // Relative asset URLs: dist/ works from any static host, including a sub-path.
  base: './',
  plugins: [previewRuntime(), litCss(), offlineApp()],
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: true,
    rolldownOptions: {
      // The app, and the document artifact previews run in (its own policy; see preview.html).
      // And the document `run_code` runs in (code-runner.html, likewise), and the design system's page.
      input: {
        index: here('./index.html'),
        preview: here('./preview.html'),
        'code-runner': here('./code-runner.html'),
        // The design system's page: its tokens and components, light and dark.
        design: here('./design.html'),
      },
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
