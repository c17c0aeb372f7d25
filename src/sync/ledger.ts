/**
 * The title ledger: what this device remembers about each session (local documents of the mirror, never
 * replicated): whether it was sent and up to when, the winning title and the titles seen, the latest
 * deletion state. The losing titles stay here so a person can take one back (`renamed`).
 */

import type { SessionsRepository } from '../storage';
import { opaqueId, type SyncKeys } from './crypto';
import type { Stamp, TitleEdit } from './merge';
import type { Mirror } from './mirror';
import type { RenamedSession } from './types';

/** What this device remembers about one session. */
export interface SessionMeta {
  readonly sent: boolean;
  /** `updated` of the session when its messages were last all sent. */
  readonly sentUpdated: number;
  readonly title?: TitleEdit;
  /** The titles seen, winner first: the losing ones can be taken back from here. */
  readonly titles: readonly TitleEdit[];
  readonly state?: Stamp & { readonly deleted: boolean };
}

export const EMPTY_META: SessionMeta = { sent: false, sentUpdated: -1, titles: [] };
/** How many sessions renamed on more than one device are listed (the latest). */
export const KEPT_RENAMED = 200;
const RENAMED_ID = '_local/renamed';

export class TitleLedger {
  constructor(
    private readonly mirror: Mirror,
    private readonly keys: SyncKeys,
  ) {}

  async meta(sessionId: string): Promise<SessionMeta> {
    const doc = await this.mirror.local(await this.idOf(sessionId));
    return doc ? { ...EMPTY_META, ...(doc.meta as Partial<SessionMeta>) } : EMPTY_META;
  }

  /** Changes one session's notes from their current value; resolves to the new notes. */
  async setMeta(sessionId: string, change: (meta: SessionMeta) => SessionMeta): Promise<SessionMeta> {
    let next = EMPTY_META;
    await this.mirror.upsert(await this.idOf(sessionId), (doc) => {
      next = change({ ...EMPTY_META, ...((doc?.meta as Partial<SessionMeta> | undefined) ?? {}) });
      return { meta: next };
    });
    return next;
  }

  /** Lists the session as renamed once its titles come from two devices or more and differ. */
  async noteRenamed(sessionId: string, meta: SessionMeta): Promise<void> {
    const devices = new Set(meta.titles.map((t) => t.device));
    const titles = new Set(meta.titles.map((t) => t.title));
    if (devices.size < 2 || titles.size < 2) return;
    await this.mirror.upsert(RENAMED_ID, (doc) => {
      const ids = stringsOf(doc?.ids);
      return { ids: [...ids.filter((id) => id !== sessionId), sessionId].slice(-KEPT_RENAMED) };
    });
  }

  /**
   * Sessions given titles on more than one device, with the titles that lost (each one's latest event kept by
   * `withTitle`): what a person can take back with `restoreTitle`.
   */
  async renamed(sessions: SessionsRepository): Promise<readonly RenamedSession[]> {
    const ids = stringsOf((await this.mirror.local(RENAMED_ID))?.ids);
    const list: RenamedSession[] = [];
    for (const sessionId of ids) {
      const found = await sessions.get(sessionId);
      if (found.kind !== 'found' || found.session.deletedAt !== undefined) continue;
      const { titles } = await this.meta(sessionId);
      const title = found.session.title;
      const others = [...new Set(titles.map((t) => t.title))].filter((t) => t !== title);
      if (others.length > 0) list.push({ sessionId, title, others });
    }
    return list;
  }

  private async idOf(sessionId: string): Promise<`_local/${string}`> {
    return `_local/s-${await opaqueId(this.keys, 'session', sessionId)}`;
  }
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? (value as unknown[]).filter((id) => typeof id === 'string') : [];
}
