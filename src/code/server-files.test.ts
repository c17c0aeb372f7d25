import { describe, expect, it, vi } from 'vitest';
import type { AssistantContent, AssistantMessage } from '../agent';
import { ArtifactStore, bytesOfVersion } from '../artifacts';
import type { ArtifactMessage } from '../messages';
import { ServerFileDownloads, type ServerFilesDeps, serverFileRefs } from './server-files';

const opaque = (value: Record<string, unknown>): AssistantContent => ({
  type: 'opaque',
  provider: 'anthropic',
  value,
});
const answer = (content: readonly AssistantContent[]): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'anthropic',
  model: 'claude-opus-5-5',
  usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  stopReason: 'stop',
  timestamp: 1,
});
// The result shape of the official TypeScript SDK 1.14.0's `BashCodeExecutionToolResultBlock`.
const made = (toolUseId: string, ...ids: string[]) =>
  opaque({
    type: 'bash_code_execution_tool_result',
    tool_use_id: toolUseId,
    content: {
      type: 'bash_code_execution_result',
      stdout: '',
      stderr: '',
      return_code: 0,
      content: ids.map((file_id) => ({ type: 'bash_code_execution_output', file_id })),
    },
  });

const XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x80, 0x7f]);

function setup(
  download: ServerFilesDeps['download'] = vi.fn(async (id: string) => ({
    ok: true as const,
    filename: `/tmp/outputs/${id}.xlsx`,
    mimeType: '',
    bytes: XLSX,
  })),
) {
  const store = new ArtifactStore();
  const records: ArtifactMessage[] = [];
  const deps = { download, store, appendRecord: (r: ArtifactMessage) => records.push(r), now: () => 5 };
  return { store, records, deps, download, downloads: new ServerFileDownloads() };
}

describe('files the code execution tool made', () => {
  it('lists the file ids its results name, each once, with the call that made them', () => {
    const message = answer([
      made('srvtoolu_1', 'file_a', 'file_b'),
      made('srvtoolu_2', 'file_a'),
      opaque({ type: 'web_search_tool_result', tool_use_id: 'x', content: [] }),
    ]);
    expect(serverFileRefs(message)).toEqual([
      { fileId: 'file_a', toolUseId: 'srvtoolu_1' },
      { fileId: 'file_b', toolUseId: 'srvtoolu_1' },
    ]);
  });

  it('downloads each into the panel byte for byte, once, under its own name', async () => {
    const { store, records, deps, download, downloads } = setup();
    await downloads.collect(deps, answer([made('srvtoolu_1', 'file_a')]));
    await downloads.collect(deps, answer([made('srvtoolu_1', 'file_a')]));
    expect(download).toHaveBeenCalledTimes(1);
    const file = store.get('file_a.xlsx');
    expect(file && Array.from(bytesOfVersion(file.current))).toEqual(Array.from(XLSX));
    expect(records).toMatchObject([{ filename: 'file_a.xlsx', toolCallId: 'srvtoolu_1', action: 'create' }]);
    expect(downloads.get('file_a')).toEqual({ status: 'saved', filename: 'file_a.xlsx', version: 1 });
  });

  it('says why a file did not arrive, and puts nothing in the panel', async () => {
    const { store, deps, downloads } = setup(
      vi.fn(async () => ({ ok: false as const, problem: 'Not found.' })),
    );
    const seen: string[] = [];
    downloads.subscribe((id) => seen.push(`${id}:${downloads.get(id)?.status}`));
    await downloads.collect(deps, answer([made('srvtoolu_1', 'file_a')]));
    expect(seen).toEqual(['file_a:downloading', 'file_a:failed']);
    expect(downloads.get('file_a')).toEqual({
      status: 'failed',
      problem: 'The file could not be downloaded: Not found.',
    });
    expect(store.list()).toHaveLength(0);
  });
});
