/**
 * The key range of every `[sessionId, key]` record of one session: `[id]` sorts before `[id, anyString]`,
 * and `[id, []]` after it (arrays sort after strings), so the range holds exactly that session, in key order.
 */
export function sessionRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId], [sessionId, []]);
}
