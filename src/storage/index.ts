export { type EaselDatabase, type OpenOptions, openEaselDb } from './db';
export { DB_NAME, DB_VERSION, type EaselDB } from './schema';
export { SettingsRepository } from './settings-repo';
export { type AppSettings, DEFAULT_SETTINGS, SettingsStore, type Theme } from './settings-store';
