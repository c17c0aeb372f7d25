import { describe, expect, it } from 'vitest';
import { manualReply } from './manual.mjs';

/** The text, thinking and tool inputs a manual-mode reply streams, put back together. */
function streamed(body: string): {
  text: string;
  thinking: string;
  tools: { name: string; input: string }[];
} {
  let text = '';
  let thinking = '';
  const tools: { name: string; input: string }[] = [];
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice(6));
    if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
      tools.push({ name: event.content_block.name, input: '' });
    } else if (event.type === 'content_block_delta') {
      const d = event.delta;
      if (d.type === 'text_delta') text += d.text;
      if (d.type === 'thinking_delta') thinking += d.thinking;
      if (d.type === 'input_json_delta') {
        const tool = tools.at(-1);
        if (tool) tool.input += d.partial_json;
      }
    }
  }
  return { text, thinking, tools };
}

const ask = (text: string) =>
  manualReply({ model: 'claude-sonnet-4-6', messages: [{ role: 'user', content: text }] });

function sseBody(reply: ReturnType<typeof manualReply>): string {
  if (reply.kind !== 'sse') throw new Error(`expected a stream, got ${reply.kind}`);
  return reply.body;
}

describe('the manual-mode tour', () => {
  it('/tour lists every step with its command', () => {
    const { text } = streamed(sseBody(ask('/tour')));
    for (const command of [
      '/chart',
      '/page',
      '/tool-error',
      '/thinking',
      '/markdown',
      '/error 429',
      '/drop',
      '/hang',
    ]) {
      expect(text).toContain(`\`${command}\``);
    }
  });

  it('/chart writes a React component with a recharts chart through the artifacts tool', () => {
    const { text, tools } = streamed(sseBody(ask('/chart')));
    expect(text).toContain('chart');
    expect(tools.map((t) => t.name)).toEqual(['artifacts']);
    const input = JSON.parse(tools[0]?.input ?? '{}');
    expect(input).toMatchObject({ command: 'create', filename: 'Sunshine.tsx' });
    expect(input.content).toContain("from 'recharts'");
  });

  it('/page writes an HTML page with a script; /tool-error updates a file that does not exist', () => {
    const page = JSON.parse(streamed(sseBody(ask('/page'))).tools[0]?.input ?? '{}');
    expect(page).toMatchObject({ command: 'create', filename: 'tips.html' });
    expect(page.content).toContain('<script>');
    const failing = JSON.parse(streamed(sseBody(ask('/tool-error'))).tools[0]?.input ?? '{}');
    expect(failing).toMatchObject({ command: 'update', filename: 'missing.txt' });
  });

  it('/thinking thinks before it answers; /markdown has a table and code', () => {
    const thought = streamed(sseBody(ask('/thinking')));
    expect(thought.thinking).toContain('17 × 24');
    expect(thought.text).toContain('408');
    const { text } = streamed(sseBody(ask('/markdown')));
    expect(text).toContain('| Library |');
    expect(text).toContain('```ts');
  });

  it('after a tool ran, the turn ends with a text that quotes what the tool answered', () => {
    const reply = manualReply({
      messages: [
        { role: 'user', content: '/tool-error' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'artifacts', input: {} }] },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: true,
              content: 'missing.txt does not exist.',
            },
          ],
        },
      ],
    });
    const { text, tools } = streamed(sseBody(reply));
    expect(tools).toEqual([]);
    expect(text).toContain('> missing.txt does not exist.');
  });

  it('a message that is not a command is still quoted, with a pointer to the tour', () => {
    expect(streamed(sseBody(ask('Hello there'))).text).toContain('`/tour`');
    expect(ask('/error 429').kind).toBe('error');
  });
});
