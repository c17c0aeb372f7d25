import { describe, expect, it } from 'vitest';
import type { AgentState, AssistantMessage } from '../../agent';
import { onlyStreamChanged, streamingInterval } from './agent-controller';

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

describe('streamingInterval', () => {
  it('shows a fast stream about ten times a second while updates are cheap, as the formatted floor does', () => {
    expect(streamingInterval(0.5)).toBe(82.5);
    expect(streamingInterval(3)).toBe(80);
  });

  it('keeps frames 100 ms apart however costly an update was: the wait, a frame and the update fit', () => {
    expect(streamingInterval(6)).toBe(77);
    expect(streamingInterval(13)).toBe(70);
    expect(streamingInterval(40)).toBe(43);
  });

  it('never updates more often than every 40 ms, even when an update takes longer than a frame gap allows', () => {
    expect(streamingInterval(50)).toBe(40);
    expect(streamingInterval(Number.POSITIVE_INFINITY)).toBe(40);
  });
});
