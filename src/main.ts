/**
 * Composition root: opens the database, builds the services and the agent, and hands them to <easel-app>.
 * The only place that constructs services.
 */
import './ui/styles/tokens.css';
import { Agent } from './agent';
import { createAnthropicProvider } from './llm';
import { openEaselDb, SettingsRepository, SettingsStore } from './storage';
import { EaselApp } from './ui';

const SYSTEM_PROMPT =
  'You are Claude, talking with a person through Easel, a chat app with a side panel for files. ' +
  'Answer in Markdown.';

async function main(): Promise<void> {
  const db = await openEaselDb();
  const settings = new SettingsStore(new SettingsRepository(db));
  await settings.load();
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const applyTheme = () => {
    const theme = settings.snapshot.theme;
    document.documentElement.dataset.theme =
      theme === 'system' ? (darkQuery.matches ? 'dark' : 'light') : theme;
  };
  applyTheme();
  settings.subscribe(applyTheme);
  darkQuery.addEventListener('change', applyTheme);

  const provider = createAnthropicProvider({ getSettings: () => ({ baseUrl: settings.snapshot.baseUrl }) });
  const agent = new Agent({
    streamFn: provider.streamFn,
    getApiKey: () => settings.snapshot.apiKey,
    initialState: { systemPrompt: SYSTEM_PROMPT },
  });

  const app = document.querySelector('easel-app') ?? document.body.appendChild(new EaselApp());
  app.settingsStore = settings;
  app.provider = provider;
  app.agent = agent;
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  document.body.textContent = '';
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.textContent = `Easel could not start: ${message}. If you are in a private window, storage may be disabled.`;
  document.body.append(p);
});
