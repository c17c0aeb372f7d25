/**
 * Branches written while something else writes: a record joining the path mid-answer, and Save as new chat with
 * files on a branch not shown.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AgentMessage, AgentState } from '../agent';
import { createAgentState, updateState } from '../agent/test-support';
import { AttachmentsRepository } from './attachments-repo';
import type { EaselDatabase } from './db';
import { loadSession } from './load';
import { BroadcastNoticeChannel } from './notices';
import { type SaverAgent, SessionSaver } from './saver';
import { SessionsRepository } from './sessions-repo';
import { SortKeyGenerator } from './sort-key';
import { assistant, freshDb, user } from './test-support';

class FakeAgent implements SaverAgent {
  state: AgentState = createAgentState({ model: 'm' });
  private ls = new Set<(s: AgentState) => void>();
  subscribeState(l: (s: AgentState) => void) {
    this.ls.add(l);
    return () => {
      this.ls.delete(l);
    };
  }
  set(p: Partial<AgentState>) {
    this.state = updateState(this.state, p);
    for (const l of [...this.ls]) l(this.state);
  }
  push(...m: AgentMessage[]) {
    this.set({ messages: Object.freeze([...this.state.messages, ...m]) });
  }
  replaceMessages(m: readonly AgentMessage[]) {
    this.set({ messages: Object.freeze([...m]) });
  }
  setModel() {}
  setThinkingLevel() {}
  abort() {}
  waitForIdle() {
    return Promise.resolve();
  }
}

let now = 1_000;
function tab(db: EaselDatabase, w: string, channelName?: string) {
  const agent = new FakeAgent();
  const channel = channelName ? new BroadcastNoticeChannel(channelName) : undefined;
  const saver = new SessionSaver({ db, agent, channel, keys: new SortKeyGenerator(w, () => now) });
  return { agent, saver };
}

function describePath(ms: readonly AgentMessage[]) {
  return ms.map((m) =>
    m.role === 'user'
      ? `u:${m.content}`
      : m.role === 'assistant'
        ? `a:${m.content.map((c) => (c.type === 'text' ? c.text : c.type === 'toolCall' ? `call ${c.id}` : c.type)).join('')}`
        : m.role === 'toolResult'
          ? `tr:${m.toolCallId}`
          : m.role,
  );
}

describe('branches written while something else writes', () => {
  it('an answer’s snapshot flushed after a record joined the path mid-answer follows that record', async () => {
    const db = await freshDb();
    const A = tab(db, 'aaaa');
    await A.saver.startNew('s2');
    now = 2_000;
    A.agent.push(user('q1'));
    now = 2_001;
    A.agent.set({ isStreaming: true, streamMessage: assistant('par') });
    await A.saver.flush();
    now = 2_002;
    A.agent.push({
      role: 'artifact',
      action: 'rewrite',
      filename: 'f',
      content: 'x',
      version: 2,
      author: 'person',
      timestamp: 3,
    } as AgentMessage);
    now = 2_003;
    A.agent.set({ streamMessage: assistant('partial more') });
    await A.saver.flush();
    // page closes here
    const loaded = await loadSession(db, 's2');
    if (loaded.kind !== 'found') throw new Error();
    expect(describePath(loaded.messages)).toEqual(['u:q1', 'artifact', 'a:partial more']);
  });

  it('Save as new chat keeps the files of branches not shown', async () => {
    const db = await freshDb();
    const agent = new FakeAgent();
    const saver = new SessionSaver({ db, agent });
    await saver.startNew('old');
    const repo = new AttachmentsRepository(db);
    await repo.put({ id: 'f1', sessionId: 'old', blob: new Blob(['x']), mimeType: 'text/plain', size: 1 });
    agent.push(user('q1'), assistant('a1'));
    agent.push(
      {
        role: 'user-with-attachments',
        text: 'see file',
        attachments: [{ id: 'f1', name: 'f.txt', mimeType: 'text/plain', size: 1, kind: 'text' }],
        timestamp: 1,
      } as AgentMessage,
      assistant('a2'),
    );
    await saver.flush();
    // edit q1: the branch with the file is kept, not shown
    saver.branch(() => agent.replaceMessages([]));
    agent.push(user('q1 edited'), assistant('b1'));
    await saver.flush();
    const newId = await saver.saveAsNew('new');
    await saver.flush();
    await new SessionsRepository(db).purge('old');
    const after = await repo.get('f1');
    expect(after.kind).toBe('found');
    expect(newId).toBe('new');
  });
});
