import type { AppDataRepository } from './app-data-repo';
import type { EaselDatabase } from './db';

/** What artifacts' `window.storage` needs of the repository. */
export type AppDataAccess = Pick<AppDataRepository, 'get' | 'set' | 'delete' | 'list' | 'usage' | 'clear'>;

/**
 * An `AppDataRepository` on `db` that loads with its first call: the first screen does not carry the
 * repository, its limits and their sentences (most conversations have no artifact that stores anything).
 */
export function lazyAppData(db: EaselDatabase): AppDataAccess {
  let loading: Promise<AppDataRepository> | undefined;
  const repo = () => {
    loading ??= import('./app-data-repo').then((module) => new module.AppDataRepository(db));
    return loading;
  };
  return {
    get: (...args) => repo().then((r) => r.get(...args)),
    set: (...args) => repo().then((r) => r.set(...args)),
    delete: (...args) => repo().then((r) => r.delete(...args)),
    list: (...args) => repo().then((r) => r.list(...args)),
    usage: (...args) => repo().then((r) => r.usage(...args)),
    clear: (...args) => repo().then((r) => r.clear(...args)),
  };
}
