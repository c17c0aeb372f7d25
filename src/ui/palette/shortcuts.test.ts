import { describe, expect, it } from 'vitest';
import { filterCommands } from './commands';
import { ariaShortcut, describeShortcut, matches, SHORTCUTS } from './shortcuts';

const key = (init: Partial<KeyboardEvent>) =>
  ({
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    isComposing: false,
    repeat: false,
    key: '',
    code: '',
    ...init,
  }) as KeyboardEvent;

describe('shortcuts', () => {
  it('match Ctrl+K elsewhere and ⌘K on a Mac, not the other way round', () => {
    expect(matches(key({ ctrlKey: true, code: 'KeyK', key: 'k' }), SHORTCUTS.palette, false, true)).toBe(
      true,
    );
    expect(matches(key({ metaKey: true, code: 'KeyK', key: 'k' }), SHORTCUTS.palette, true, true)).toBe(true);
    expect(matches(key({ ctrlKey: true, code: 'KeyK', key: 'k' }), SHORTCUTS.palette, true, true)).toBe(
      false,
    );
    expect(
      matches(key({ ctrlKey: true, shiftKey: true, code: 'KeyK' }), SHORTCUTS.palette, false, true),
    ).toBe(false);
  });

  it('match Alt+Shift+letter by the physical key, whatever character Option types', () => {
    expect(
      matches(
        key({ altKey: true, shiftKey: true, code: 'KeyN', key: '˜' }),
        SHORTCUTS['new-chat'],
        true,
        true,
      ),
    ).toBe(true);
  });

  it('leave ? to a text field, where it is typed', () => {
    expect(matches(key({ shiftKey: true, key: '?', code: 'Slash' }), SHORTCUTS.shortcuts, false, false)).toBe(
      true,
    );
    expect(matches(key({ shiftKey: true, key: '?', code: 'Slash' }), SHORTCUTS.shortcuts, false, true)).toBe(
      false,
    );
  });

  it('are written for people and for aria-keyshortcuts', () => {
    expect(describeShortcut(SHORTCUTS.palette, false)).toBe('Ctrl+K');
    expect(describeShortcut(SHORTCUTS.palette, true)).toBe('⌘K');
    expect(describeShortcut(SHORTCUTS['new-chat'], true)).toBe('⌥⇧N');
    expect(ariaShortcut(SHORTCUTS.palette, true)).toBe('Meta+K');
    expect(ariaShortcut(SHORTCUTS['new-chat'], false)).toBe('Alt+Shift+N');
  });
});

describe('filterCommands', () => {
  const commands = [
    { id: 'a', label: 'Export all sessions' },
    { id: 'b', label: 'New chat', keywords: 'start conversation' },
    { id: 'c', label: 'Show sessions', keywords: 'sidebar' },
  ];

  it('keeps the commands holding every word, label prefixes first', () => {
    expect(filterCommands(commands, 'sessions').map((c) => c.id)).toEqual(['a', 'c']);
    expect(filterCommands(commands, 'show sess').map((c) => c.id)).toEqual(['c']);
    expect(filterCommands(commands, 'START').map((c) => c.id)).toEqual(['b']);
  });

  it('keeps every command for an empty query', () => {
    expect(filterCommands(commands, '  ').map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});
