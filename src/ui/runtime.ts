/**
 * The second entry of src/ui: what the session runtime (`src/app/session-runtime.ts`) builds, which loads after
 * the first screen. Nothing the first screen imports re-exports these, so they stay out of its code.
 */
export { PreviewHost } from './artifacts/preview-host';
export { PreviewRuntime } from './artifacts/preview-runtime';
export { collectServerFiles, lazyCodeSandbox } from './code/lazy-sandbox';
