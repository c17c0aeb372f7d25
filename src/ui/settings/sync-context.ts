/** How Settings → Sync reaches the tab's sync service: a context that `main.ts` provides on the app. */
import { ContextProvider, createContext } from '@lit/context';
import type { SyncHandle } from '../../sync';

export const syncContext = createContext<SyncHandle | undefined>(Symbol('easel-sync'));

/** Provides `sync` to every element under `host` (the app). */
export function provideSync(host: HTMLElement, sync: SyncHandle): void {
  new ContextProvider(host, { context: syncContext, initialValue: sync });
}
