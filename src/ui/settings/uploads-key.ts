/**
 * The context Settings → Files API reads the uploaded files through, and its handle's shape. Apart from
 * `uploads-context.ts` (which `main.ts` loads to provide it) so the lazily loaded settings pull in no provider code.
 */
import { createContext } from '@lit/context';

/** One uploaded file, as Settings lists it. */
export interface UploadedFileInfo {
  readonly filename: string;
  readonly bytes: number;
}

/** The files this device uploaded, over the provider (for the current key and base URL). */
export interface UploadsHandle {
  /** The files uploaded with the current key and base URL. */
  list(): Promise<readonly UploadedFileInfo[]>;
  /** Deletes them from the server; how many were deleted, how many not and why. */
  deleteAll(): Promise<{ readonly deleted: number; readonly failed: number; readonly problem?: string }>;
}

export const uploadsContext = createContext<UploadsHandle | undefined>(Symbol('easel-uploads'));
