/**
 * The tab's folder backup (`services.backup`), provided by `<easel-app>` and consumed by the backup part of
 * the storage settings. `undefined` where there is none (an element mounted alone).
 */
import { createContext } from '@lit/context';
import type { FolderBackup } from '../../storage';

export const backupContext = createContext<FolderBackup | undefined>(Symbol('easel-backup'));
