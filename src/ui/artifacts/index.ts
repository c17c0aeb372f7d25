/**
 * The artifacts panel and the services behind it. The session runtime makes the `PreviewHost` (`src/ui/runtime.ts`
 * exports it, with the store, tool and stream tracker from `src/artifacts`); the shell mounts
 * `<easel-artifacts-layout>` around the chat.
 */
export { EaselArtifactsLayout } from './artifacts-layout';
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
export type { PreviewHost } from './preview-host';
export { artifactsToolRenderer } from './tool-renderer';
