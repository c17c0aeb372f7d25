/** Tests for the shared wording helpers and the thinking levels. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, formatBytes } from './text';
import { EFFORT_LEVELS, isThinkingLevel, THINKING_LEVELS } from './thinking';

describe('formatBytes', () => {
  it('shows sizes the way file managers do, in binary multiples', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(18)).toBe('18 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(30605)).toBe('29.9 KB');
    expect(formatBytes(521990)).toBe('510 KB');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(2 * 1024 ** 4)).toBe('2 TB');
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that end text or a quoted attribute value', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('plain text')).toBe('plain text');
  });
});

describe('thinking levels', () => {
  it('lists every level lowest first, and the effort levels without off', () => {
    expect(THINKING_LEVELS).toEqual(['off', 'low', 'medium', 'high', 'xhigh', 'max']);
    expect(EFFORT_LEVELS).toEqual(['low', 'medium', 'high', 'xhigh', 'max']);
  });

  it('accepts only those levels as a stored setting', () => {
    expect(THINKING_LEVELS.every(isThinkingLevel)).toBe(true);
    expect([undefined, 3, 'minimal', 'HIGH', ''].some(isThinkingLevel)).toBe(false);
  });
});
