/**
 * Hands the services to `<easel-app>`: the shell's as one object, the settings sections' through context; then,
 * right after the first paint, loads the session runtime.
 */
import { type EaselApp, provideMemory, provideModelFinder, provideSync, provideUploads } from '../ui';
import type { AppServices } from './create-services';

export function mountApp(app: EaselApp, services: AppServices): void {
  provideSync(app, services.sync);
  provideUploads(app, services.uploads);
  provideMemory(app, services.memory);
  provideModelFinder(app, services.modelFinder);
  app.services = services;
  services.sync.resume();
  services.backup.start().catch(console.error);
  // The session runtime (the artifacts, the preview host, the tools) loads once the first screen is painted: a
  // session with files shows its panel then, and a Send that comes sooner waits for it (`prepareRun`). A failed
  // load is said in the app's notice, and tried again with the next Send.
  afterFirstPaint(() => void services.runtime.load());
}

/** Runs `task` after the next frame is painted (a hidden tab paints none: it then loads with the first run). */
function afterFirstPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
