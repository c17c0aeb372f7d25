/** Tests for one tool call: lookup, argument validation, hooks and execution. */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTool, ok } from './test-support';
import { cutOffText, loadValidator, unknownToolText, validateToolArguments } from './tools';
import type { JsonSchema } from './types';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

const fileSchema: JsonSchema = deepFreeze({
  type: 'object',
  properties: {
    filename: { type: 'string', minLength: 1 },
    lines: { type: 'array', items: { type: 'integer' } },
  },
  required: ['filename'],
  additionalProperties: false,
});

const fileTool = makeTool('file', async () => ok('ok'), { parameters: fileSchema });

describe('validateToolArguments', () => {
  beforeAll(async () => {
    await loadValidator();
  });

  it('accepts arguments that match the schema', () => {
    const check = validateToolArguments(fileTool, { filename: 'a.html', lines: [1, 2] });
    expect(check).toEqual({ ok: true, args: { filename: 'a.html', lines: [1, 2] } });
  });

  it('lists every problem with its location, one per line', () => {
    const check = validateToolArguments(fileTool, { lines: [1, 'two'], extra: true });
    expect(check.ok).toBe(false);
    const message = check.ok ? '' : check.message;
    expect(message.split('\n')[0]).toBe('Invalid arguments for tool "file":');
    expect(message).toContain('- /: Instance does not have required property "filename".');
    expect(message).toContain('- /lines/1: Instance type "string" is invalid. Expected "integer".');
    expect(message).toContain('- /: Property "extra" does not match additional properties schema.');
    expect(message.split('\n')).toHaveLength(4);
  });

  it('validates against a frozen schema without changing it', () => {
    const before = JSON.stringify(fileSchema);
    validateToolArguments(fileTool, { filename: '' });
    validateToolArguments(fileTool, { filename: 'x' });
    expect(JSON.stringify(fileSchema)).toBe(before);
    expect(Object.getOwnPropertyNames(fileSchema)).toEqual([
      'type',
      'properties',
      'required',
      'additionalProperties',
    ]);
  });

  it('reports a schema it cannot use instead of throwing', () => {
    const broken = makeTool('broken', async () => ok('ok'), { parameters: { $ref: '#/$defs/missing' } });
    const check = validateToolArguments(broken, {});
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toMatch(/^Tool "broken" has an unusable parameters schema: /);
  });
});

describe('tool result texts', () => {
  it('names the available tools for an unknown one', () => {
    expect(unknownToolText('x', [fileTool])).toBe('Tool "x" not found. Available tools: file');
    expect(unknownToolText('x', [])).toBe('Tool "x" not found. Available tools: (none)');
  });

  it('tells the model a cut-off call was not run and how to retry', () => {
    const call = { type: 'toolCall', id: 'c', name: 'file', arguments: {} } as const;
    expect(cutOffText(call, 'length')).toBe(
      'Tool call "file" was not run: the output was cut off by the token limit before this call was complete, ' +
        'so its arguments may be incomplete. Retry with smaller output, for example by splitting large content ' +
        'across several calls.',
    );
  });
});
