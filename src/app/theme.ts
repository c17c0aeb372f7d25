/** The page's theme: the setting, or the system's when it says `system`, kept as the two change. */
import type { SettingsStore } from '../storage';

export function applyTheme(settings: SettingsStore): void {
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const theme = settings.snapshot.theme;
    document.documentElement.dataset.theme =
      theme === 'system' ? (darkQuery.matches ? 'dark' : 'light') : theme;
  };
  apply();
  settings.subscribe(apply);
  darkQuery.addEventListener('change', apply);
}
