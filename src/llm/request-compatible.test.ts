import { describe, expect, it } from 'vitest';
import type { LlmContext } from '../agent';
import { compatibleServerError } from './errors';
import { buildRequest, plainRequest } from './request';

const context: LlmContext = {
  systemPrompt: 'Be brief.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }], timestamp: 0 }],
  tools: [
    { name: 'artifacts', description: 'Files', parameters: { type: 'object', properties: {} } },
    { name: 'memory', description: '', parameters: { type: 'object' }, builtin: 'memory_20250818' },
  ],
};

describe('requests to a local or compatible server', () => {
  it('leave out thinking, effort, cache breakpoints and API-defined tools', () => {
    const full = buildRequest(context, {
      model: 'qwen3-coder:30b',
      thinkingLevel: 'high',
      compaction: { trigger: 60_000 },
    });
    expect(full.thinking).toBeDefined();
    const plain = plainRequest(full);
    expect(plain.thinking).toBeUndefined();
    expect(plain.output_config).toBeUndefined();
    expect(plain.context_management).toBeUndefined();
    expect(JSON.stringify(plain)).not.toContain('cache_control');
    expect(plain.tools?.map((t) => ('name' in t ? t.name : t.type))).toEqual(['artifacts']);
    expect(plain.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
    expect(plain.system).toEqual([{ type: 'text', text: 'Be brief.' }]);
  });

  it('say what to set when the server cannot be reached, and keep other failures', () => {
    const network = { kind: 'network', message: 'Could not reach the API.', retryable: true } as const;
    const told = compatibleServerError(network, 'http://localhost:11434', 'http://127.0.0.1:5173');
    expect(told.message).toContain('Could not reach http://localhost:11434.');
    expect(told.message).toContain('set OLLAMA_ORIGINS=http://127.0.0.1:5173');
    expect(told.message).toContain('Enable CORS');
    const auth = { kind: 'auth', message: 'Bad key.', retryable: false } as const;
    expect(compatibleServerError(auth, 'http://localhost:11434')).toBe(auth);
  });
});
