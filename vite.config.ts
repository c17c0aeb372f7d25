import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Relative asset URLs: dist/ works from any static host, including a sub-path.
  base: './',
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: true,
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
