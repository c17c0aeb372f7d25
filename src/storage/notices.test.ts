import { describe, expect, it } from 'vitest';
import { BroadcastNoticeChannel, parseNotice, type StorageNotice } from './notices';

describe('notices', () => {
  it('accepts only well-formed notices from other tabs', () => {
    const ok: StorageNotice = { type: 'messages', writer: 'w', sessionId: 's', put: ['k'], deleted: [] };
    expect(parseNotice(ok)).toEqual(ok);
    expect(parseNotice({ type: 'session', writer: 'w', sessionId: 's', change: 'renamed' })).toMatchObject({
      change: 'renamed',
    });
    expect(parseNotice({ type: 'session', writer: 'w', sessionId: 's', change: 'exploded' })).toBeUndefined();
    expect(
      parseNotice({ type: 'messages', writer: 'w', sessionId: 's', put: [1], deleted: [] }),
    ).toBeUndefined();
    expect(parseNotice('hello')).toBeUndefined();
  });

  it('delivers a post to this tab at once and to another tab', async () => {
    const name = `notices-${Math.random()}`;
    const here = new BroadcastNoticeChannel(name);
    const there = new BroadcastNoticeChannel(name);
    const local: StorageNotice[] = [];
    here.subscribe((n) => local.push(n));
    const remote = new Promise<StorageNotice>((resolve) => there.subscribe(resolve));
    const notice: StorageNotice = { type: 'session', writer: 'w', sessionId: 's', change: 'deleted' };
    here.post(notice);
    expect(local).toEqual([notice]);
    expect(await remote).toEqual(notice);
    here.close();
    there.close();
  });
});
