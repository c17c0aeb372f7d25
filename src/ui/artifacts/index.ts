/**
 * The artifacts panel and the services behind it. `main.ts` makes the `PreviewHost` (and the store, tool and
 * stream tracker from `src/artifacts`) and mounts `<easel-artifacts-layout>` around the chat.
 */
export { EaselArtifactsLayout, preloadArtifactsPanel } from './artifacts-layout';
export type { EaselArtifactsPanel } from './artifacts-panel';
export {
  ArtifactEditEvent,
  ArtifactFixEvent,
  ArtifactRestoreEvent,
  ArtifactsAvailableEvent,
  ArtifactsCloseEvent,
  ArtifactsToggleEvent,
  PreviewMessageEvent,
  PreviewStartEvent,
} from './events';
export { PreviewHost } from './preview-host';
export { PreviewRuntime } from './preview-runtime';
export { artifactsToolRenderer } from './tool-renderer';
