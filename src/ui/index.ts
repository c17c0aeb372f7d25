export { EaselApp } from './app/easel-app';
export { artifactsToolRenderer, PreviewHost } from './artifacts';
export type { ToolRenderer, ToolRenderers } from './chat/tool-renderers';
export { prepareMarkdown } from './markdown/renderer-loader';
