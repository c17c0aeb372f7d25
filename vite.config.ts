import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
        const code = chunk.code.replaceAll('</script', '<\\/script');
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
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/**/*.unit.test.ts', 'bench/**/*.unit.test.ts'],
    environment: 'node',
    pool: 'threads',
    maxWorkers: 2,
  },
});
