/**
 * How Settings → Files API reaches the files this device uploaded: a context that `main.ts` provides on the app,
 * over the provider (which lists them for the current key and base URL and deletes them from where requests go).
 */
import { ContextProvider, createContext } from '@lit/context';

/** One uploaded file, as Settings lists it. */
export interface UploadedFileInfo {
  readonly filename: string;
  readonly bytes: number;
}

export interface UploadsHandle {
  /** The files uploaded with the current key and base URL. */
  list(): Promise<readonly UploadedFileInfo[]>;
  /** Deletes them from the server; how many were deleted, how many not and why. */
  deleteAll(): Promise<{ readonly deleted: number; readonly failed: number; readonly problem?: string }>;
}

export const uploadsContext = createContext<UploadsHandle | undefined>(Symbol('easel-uploads'));

/** Provides `uploads` to every element under `host` (the app). */
export function provideUploads(host: HTMLElement, uploads: UploadsHandle): void {
  new ContextProvider(host, { context: uploadsContext, initialValue: uploads });
}
