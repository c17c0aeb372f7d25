/** How `main.ts` gives Settings → Files API the files this device uploaded: a context provided on the app. */
import { ContextProvider } from '@lit/context';
import { type UploadsHandle, uploadsContext } from './uploads-key';

/** Provides `uploads` to every element under `host` (the app). */
export function provideUploads(host: HTMLElement, uploads: UploadsHandle): void {
  new ContextProvider(host, { context: uploadsContext, initialValue: uploads });
}
