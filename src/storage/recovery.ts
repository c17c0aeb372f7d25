/**
 * Getting the open session saved again: after another tab deleted it (`restore`: undeleted, or written anew
 * under its id; `saveAsNew`: written under a new id), or after stored data was cleared (`saveAgain`). Each waits
 * for the writes under way, moves the session's files where they belong, and writes the history anew when its
 * record is gone.
 */

import type { AgentMessage } from '../agent';
import { type AttachmentsRepository, attachmentBlobIds } from './attachments-repo';
import type { DatabaseConnection } from './connection';
import type { EaselDatabase } from './db';
import type { ExportDownload } from './library';
import { exportFromMemory } from './memory-export';
import type { NoticeChannel } from './notices';
import type { OpenSession } from './open-session';
import type { SaverAgent } from './saver-types';
import type { SessionMirror } from './session-mirror';
import type { SessionWriter } from './session-writer';
import type { SessionsRepository } from './sessions-repo';
import { attachmentNames } from './transfer';
import type { WriteQueue } from './write-queue';

export interface RecoveryParts {
  readonly agent: SaverAgent;
  readonly session: OpenSession;
  readonly writes: SessionWriter;
  readonly queue: WriteQueue;
  readonly sessions: SessionsRepository;
  readonly attachments: AttachmentsRepository;
  readonly channel: NoticeChannel | undefined;
  readonly connection: DatabaseConnection | undefined;
  /** This tab's writer id. */
  readonly writer: string;
  /** The open session's stored title. */
  readonly title: () => string;
  /** Told the session was written anew (merges waiting for the old one are dropped). */
  readonly movedTo: (mirror: SessionMirror) => void;
  readonly db: EaselDatabase;
  readonly now: () => number;
}

export class SessionRecovery {
  constructor(private readonly parts: RecoveryParts) {}

  /** `SessionSaver.restore`. */
  async restore(): Promise<void> {
    const { writes, session, queue, sessions, attachments } = this.parts;
    const mirror = writes.open;
    if (!mirror || session.standing.kind !== 'deleted') return;
    const id = mirror.sessionId;
    await queue.settled();
    const back = await sessions.restore(id);
    if (writes.open !== mirror) return;
    await attachments.moveToSession(attachmentBlobIds(everyMessage(mirror)), id);
    if (writes.open !== mirror || session.standing.kind !== 'deleted') return;
    if (back) {
      this.parts.channel?.post({
        type: 'session',
        writer: this.parts.writer,
        sessionId: id,
        change: 'restored',
      });
      session.step({ kind: 'undeleted', here: true });
    } else {
      this.writeAnew(mirror, id);
    }
  }

  /** `SessionSaver.saveAsNew`. */
  async saveAsNew(id: string): Promise<string | undefined> {
    const { writes, queue, attachments } = this.parts;
    const mirror = writes.open;
    if (!mirror) return undefined;
    await queue.settled();
    await attachments.moveToSession(attachmentBlobIds(everyMessage(mirror)), id);
    if (writes.open !== mirror) return undefined;
    this.writeAnew(mirror, id);
    return id;
  }

  /** `SessionSaver.saveAgain`. */
  async saveAgain(): Promise<readonly string[]> {
    const { writes, session, queue, attachments } = this.parts;
    const cleared = () => session.standing.kind === 'lost' && session.standing.reason === 'cleared';
    const mirror = writes.open;
    if (!mirror || !cleared()) return [];
    await this.parts.connection?.ready();
    await queue.settled();
    if (writes.open !== mirror || !cleared()) return [];
    this.writeAnew(mirror, mirror.sessionId);
    const lostFiles: string[] = [];
    for (const [id, name] of attachmentNames(everyMessage(mirror))) {
      if (!(await attachments.exists(id))) lostFiles.push(name);
    }
    return lostFiles;
  }

  /** `SessionSaver.downloadOpen`: the open conversation as an export file, from memory. */
  download(): Promise<ExportDownload | undefined> {
    const { writes, session, agent, db } = this.parts;
    const mirror = writes.open;
    if (!mirror) return Promise.resolve(undefined);
    const cleared = session.standing.kind === 'lost' && session.standing.reason === 'cleared';
    const [state, title, now] = [agent.state, this.parts.title(), this.parts.now()];
    return exportFromMemory({ mirror, state, title, db, cleared, now });
  }

  /** Writes the whole history of `mirror` under `id` (a session not in storage) and saves into it from now on. */
  private writeAnew(mirror: SessionMirror, id: string): void {
    const { session, queue, writes } = this.parts;
    session.writeAnew(id, () => {
      queue.forget(id);
      const moved = mirror.movedTo(id);
      moved.writeAll(queue.batch(id), this.parts.agent.state, this.parts.title());
      writes.moveTo(moved);
      this.parts.movedTo(moved);
      queue.kick();
    });
  }
}

/** Every message of the session, on every branch: a branch not shown keeps its files too. */
function everyMessage(mirror: SessionMirror): AgentMessage[] {
  return mirror.branches.entries().map((e) => e.message);
}
