export { EaselApp } from './app/easel-app';
export type { ToolRenderer, ToolRenderers } from './chat/tool-renderers';
