import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import { withContainerUploads } from './files-api';
import type { RequestBody } from './request';

const body = (messages: RequestBody['messages']): RequestBody =>
  ({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages }) as RequestBody;

describe('withContainerUploads', () => {
  it('names each file at the start of the first user turn, which the API takes', () => {
    const out = withContainerUploads(
      body([
        { role: 'user', content: 'Chart the sales' },
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
        { role: 'user', content: [{ type: 'text', text: 'Again' }] },
      ]),
      ['file_a', 'file_b'],
    );
    expect(out.messages[0]?.content).toEqual([
      { type: 'container_upload', file_id: 'file_a' },
      { type: 'container_upload', file_id: 'file_b' },
      { type: 'text', text: 'Chart the sales' },
    ]);
    expect(out.messages[2]?.content).toEqual([{ type: 'text', text: 'Again' }]);
    expect(requestProblem(out)).toBeUndefined();
  });

  it('keeps tool results first in their turn', () => {
    const out = withContainerUploads(
      body([
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' },
            { type: 'text', text: 'Next' },
          ],
        },
      ]),
      ['file_a'],
    );
    const content = out.messages[0]?.content;
    expect(Array.isArray(content) ? content.map((b) => b.type) : content).toEqual([
      'tool_result',
      'container_upload',
      'text',
    ]);
  });

  it('leaves a request without files as it is', () => {
    const given = body([{ role: 'user', content: 'Hi' }]);
    expect(withContainerUploads(given, [])).toBe(given);
  });

  it('is refused by the fake API without a file id', () => {
    const bad = body([{ role: 'user', content: [{ type: 'container_upload', file_id: '' }] }]);
    expect(requestProblem(bad)).toContain('container_upload.file_id');
  });
});
