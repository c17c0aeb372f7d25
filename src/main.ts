/** The page's start: builds the services (`src/app`), mounts `<easel-app>` with them, warms up while idle. */
// First: the Trusted Types default policy must exist before any module can reach a sink.
import './trusted-types';
import './ui/styles/tokens.css';
import { errorText } from './agent';
import { applyTheme, createServices, mountApp } from './app';
import { keepQueuesOnlyOnReload } from './storage';
import { applyLanguage, EaselApp, prepareMarkdown } from './ui';

async function main(): Promise<void> {
  const services = await createServices({ previewRoot: document.body, tabStorage: tabStorage() });
  applyTheme(services.settingsStore);
  // The interface's language, before the first render: its table loads only when it is not English.
  const settings = services.settingsStore;
  await applyLanguage(settings.snapshot.language);
  settings.subscribe(() => void applyLanguage(settings.snapshot.language));
  const app = document.querySelector('easel-app') ?? document.body.appendChild(new EaselApp());
  mountApp(app, services);
  // What the first answer needs, loaded while the page is idle rather than while that answer streams.
  prepareMarkdown();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(services.warmUp, { timeout: 5000 });
}

main().catch((error: unknown) => {
  const message = errorText(error);
  document.body.textContent = '';
  const p = document.createElement('p');
  p.setAttribute('role', 'alert');
  p.textContent = `Easel could not start: ${message}. If you are in a private window, storage may be disabled.`;
  document.body.append(p);
});

/**
 * The tab's session storage, where the browser gives one (it may refuse: storage turned off), with the queued
 * messages it holds kept only when the page was reloaded.
 */
function tabStorage(): Storage | undefined {
  try {
    const storage = window.sessionStorage;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    keepQueuesOnlyOnReload(storage, navigation?.type);
    return storage;
  } catch {
    return undefined;
  }
}
