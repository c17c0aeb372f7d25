import { describe, expect, it } from 'vitest';
import type { AgentState, AssistantMessage } from '../../agent';
import { onlyStreamChanged } from './agent-controller';

function partial(text: string): AssistantMessage {
  return {
    role: 'assistant',
    content: [{ type: 'text', text }],
    provider: 'scripted',
    model: 'm',
    usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'stop',
    timestamp: 1,
  };
}

const streaming: AgentState = {
  systemPrompt: '',
  model: 'm',
  thinkingLevel: 'off',
  tools: [],
  messages: [],
  isStreaming: true,
  streamMessage: partial('Hel'),
  pendingToolCalls: new Set(),
  error: undefined,
};

describe('onlyStreamChanged', () => {
  it('is true when the streaming message alone changed, from one partial or none to the next', () => {
    expect(onlyStreamChanged(streaming, { ...streaming, streamMessage: partial('Hello') })).toBe(true);
    expect(onlyStreamChanged({ ...streaming, streamMessage: null }, streaming)).toBe(true);
  });

  it('is false when anything else changed too, or nothing was rendered yet', () => {
    const next = { ...streaming, streamMessage: partial('Hello') };
    expect(onlyStreamChanged(streaming, { ...next, messages: [partial('Hi')] })).toBe(false);
    expect(onlyStreamChanged(streaming, { ...next, isStreaming: false })).toBe(false);
    expect(onlyStreamChanged(streaming, { ...next, pendingToolCalls: new Set(['call']) })).toBe(false);
    expect(onlyStreamChanged(streaming, { ...next, error: 'Overloaded' })).toBe(false);
    expect(onlyStreamChanged(undefined, next)).toBe(false);
  });
});
