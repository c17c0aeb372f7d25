/** Small factories for this folder's tests. */
import type { ArtifactMessage } from '../messages';
import { ArtifactStore } from './store';
import { type ArtifactsToolArgs, type ArtifactsToolDeps, createArtifactsTool } from './tool';

export function record(
  filename: string,
  version: number,
  content: string,
  extra: Partial<ArtifactMessage> = {},
): ArtifactMessage {
  return {
    role: 'artifact',
    action: version === 1 ? 'create' : 'rewrite',
    filename,
    content,
    version,
    author: 'model',
    toolCallId: `call-${filename}-${version}`,
    timestamp: 1_000 + version,
    ...extra,
  };
}

/** A tool over a fresh store, recording what it appends. */
export function toolHarness(extra: Partial<ArtifactsToolDeps> = {}) {
  const store = extra.store ?? new ArtifactStore();
  const records: ArtifactMessage[] = [];
  let clock = 10_000;
  const tool = createArtifactsTool({
    store,
    appendRecord: (r) => records.push(r),
    now: () => clock++,
    ...extra,
  });
  let calls = 0;
  const run = async (args: ArtifactsToolArgs, signal = new AbortController().signal) => {
    calls++;
    const result = await tool.execute(`call-${calls}`, args, signal, () => {});
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    return { ...result, text };
  };
  return { store, records, tool, run };
}

// Network by consent itself, for tests of what shows its grants (the app loads it lazily: `lazy-network.ts`).
export { ArtifactNetwork, GRANTS_KEY } from './artifact-network';
