/** The composition root: every service of a tab, built in one place, and how they reach `<easel-app>`. */
export { type AppServices, createServices, type ServiceOptions, SYSTEM_PROMPT } from './create-services';
export { mountApp } from './mount';
export { newChatToggles, type SessionToggles } from './new-chat-toggles';
export { applyTheme } from './theme';
