import { describe, expect, it } from 'vitest';
import type { LlmContext } from '../agent';
import { buildRequest, MEMORY_BETA, requestBetas } from './request';

const schema = { type: 'object', properties: {} } as const;
const base: LlmContext = {
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }], timestamp: 0 }],
};

describe('the memory tool in a request', () => {
  it('is sent as its type and name only, with the memory beta', () => {
    const body = buildRequest(
      {
        ...base,
        tools: [
          { name: 'artifacts', description: 'Files', parameters: schema },
          { name: 'memory', description: 'ours, not sent', parameters: schema, builtin: 'memory_20250818' },
        ],
      },
      { model: 'claude-sonnet-4-6', thinkingLevel: 'off' },
    );
    expect(body.tools?.[1]).toEqual({
      type: 'memory_20250818',
      name: 'memory',
      cache_control: { type: 'ephemeral' },
    });
    expect(body.tools?.[0]).toMatchObject({ name: 'artifacts', input_schema: schema });
    expect(requestBetas(body)).toEqual([MEMORY_BETA]);
  });

  it('sends no memory beta without the memory tool', () => {
    const body = buildRequest(
      { ...base, tools: [{ name: 'artifacts', description: 'Files', parameters: schema }] },
      { model: 'claude-sonnet-4-6', thinkingLevel: 'off' },
    );
    expect(requestBetas(body)).toEqual([]);
  });
});
