/**
 * The context Settings → Files API reads the uploaded files through, and its handle's shape. Apart from
 * `uploads-context.ts` (which `main.ts` loads to provide it) so the lazily loaded settings pull in nothing of the
 * first screen, and the first screen holds nothing of what the section does.
 */
import { createContext } from '@lit/context';

/** One uploaded file, as Settings lists it. */
export interface UploadedFileInfo {
  readonly filename: string;
  readonly bytes: number;
}

/** The files this device uploaded: the provider's, for the key in use (and the current base URL). */
export interface UploadsHandle {
  readonly files: {
    uploadedFiles(apiKey: string): Promise<readonly UploadedFileInfo[]>;
    /** Deletes them from the server; how many were deleted, how many not and why. */
    deleteUploadedFiles(
      apiKey: string,
    ): Promise<{ readonly deleted: number; readonly failed: number; readonly problem?: string }>;
  };
  /** The key in use, if any. */
  apiKey(): string | undefined;
}

export const uploadsContext = createContext<UploadsHandle | undefined>(Symbol('easel-uploads'));
