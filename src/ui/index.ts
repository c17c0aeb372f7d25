/** The public surface of src/ui: the app shell, what `main.ts` hands it, and what it loads while idle. */
export { EaselApp } from './app/easel-app';
export type { EaselServices, LazySessionRuntime, SessionRuntime } from './app/services';
export { artifactsToolRenderer } from './artifacts';
export type { ToolRenderer, ToolRenderers } from './chat/tool-renderers';
export { runCodeToolRenderer } from './code/tool-renderer';
export { applyLanguage } from './l10n';
export { prepareMarkdown } from './markdown/renderer-loader';
export type { MemoryEntry, MemoryHandle, MemoryService } from './memory/memory-context';
export { provideMemory } from './memory/memory-provider';
export { memoryToolRenderer } from './memory/tool-renderer';
export { type ModelFinder, provideModelFinder } from './settings/model-finder-context';
export { provideSync } from './settings/sync-context';
export { provideUploads } from './settings/uploads-context';
export type { UploadsHandle } from './settings/uploads-key';
