/** Hands the services to `<easel-app>`: the shell's as one object, the settings sections' through context. */
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
}
