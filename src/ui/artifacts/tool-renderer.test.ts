import type { TemplateResult } from 'lit';
import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../agent';
import { artifactsToolRenderer } from './tool-renderer';

const call = (args: Record<string, unknown>): ToolCall => ({
  type: 'toolCall',
  id: 'c',
  name: 'artifacts',
  arguments: args,
});

describe('artifacts tool cards', () => {
  it('summarise a call by what it does to which file, while and after it streams', () => {
    const summary = artifactsToolRenderer.summary;
    expect(summary?.(call({ command: 'create', filename: 'index.html' }), true)).toBe('Creating index.html');
    expect(summary?.(call({ command: 'update', filename: 'a.md' }), false)).toBe('Updated a.md');
    expect(summary?.(call({ command: 'logs', filename: 'a.html' }), false)).toBe(
      'Read the console of a.html',
    );
    expect(summary?.(call({ command: 'create' }), true)).toBe('Creating a file');
    expect(summary?.(call({}), true)).toBe('Artifacts');
  });

  it('say that the page was closed before a whole call finished, not that it was stopped while written', () => {
    const closed = artifactsToolRenderer.closedSummary;
    expect(closed?.(call({ command: 'create', filename: 'live.html', content: 'x' }))).toBe(
      'Page closed before creating live.html finished',
    );
    expect(closed?.(call({ command: 'logs', filename: 'a.html' }))).toBe(
      'Page closed before reading the console of a.html finished',
    );
    expect(closed?.(call({}))).toBe('Page closed before the artifacts call finished');
  });

  it('give the size of the content: characters while it streams, and lines once it is complete', () => {
    const values = (result: TemplateResult | undefined) => result?.values;
    const args = call({ command: 'create', filename: 'a.html', content: '<p>\n1\n</p>' });
    expect(values(artifactsToolRenderer.renderArgs?.(args, true))).toEqual(['10 characters so far.']);
    expect(values(artifactsToolRenderer.renderArgs?.(args, false))).toEqual(['10 characters, 3 lines.']);
  });
});
