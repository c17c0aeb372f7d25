/** Keyboard shortcuts: what each is, how it is matched, and how it is written for people and for ARIA. */

/**
 * A key combination. `mod` is Ctrl, or ⌘ on a Mac. Letters are matched by `code` (the physical key), so a
 * combination with Alt works on a Mac, where Option+letter types a character, and on any layout. `key` matches
 * the character typed instead (`?`); `outsideText` keeps a shortcut without modifiers from firing while the
 * person types in a text field.
 */
export interface Shortcut {
  readonly mod?: boolean;
  readonly alt?: boolean;
  readonly shift?: boolean;
  readonly code?: string;
  readonly key?: string;
  readonly outsideText?: boolean;
}

/** The commands that have a shortcut, and theirs. None is a shortcut of Chromium or of the message box. */
export const SHORTCUTS = {
  palette: { mod: true, code: 'KeyK' },
  shortcuts: { key: '?', outsideText: true },
  'new-chat': { alt: true, shift: true, code: 'KeyN' },
  sessions: { alt: true, shift: true, code: 'KeyS' },
  artifacts: { alt: true, shift: true, code: 'KeyP' },
  'focus-composer': { alt: true, shift: true, code: 'KeyM' },
} as const satisfies Record<string, Shortcut>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** Whether the page runs on a Mac (⌘ instead of Ctrl). */
export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** Whether `e` is `shortcut`. `inText` says whether the key was pressed in a text field. */
export function matches(e: KeyboardEvent, shortcut: Shortcut, mac: boolean, inText: boolean): boolean {
  if (e.isComposing || e.repeat) return false;
  if (shortcut.outsideText && inText) return false;
  const mod = mac ? e.metaKey : e.ctrlKey;
  const other = mac ? e.ctrlKey : e.metaKey;
  if (other || mod !== Boolean(shortcut.mod) || e.altKey !== Boolean(shortcut.alt)) return false;
  if (shortcut.key !== undefined) return e.key === shortcut.key;
  return e.shiftKey === Boolean(shortcut.shift) && e.code === shortcut.code;
}

/** The id of the shortcut `e` is, if any. */
export function shortcutOf(e: KeyboardEvent, mac: boolean, inText: boolean): ShortcutId | undefined {
  for (const [id, shortcut] of Object.entries(SHORTCUTS) as [ShortcutId, Shortcut][]) {
    if (matches(e, shortcut, mac, inText)) return id;
  }
  return undefined;
}

/** "Ctrl+K", "⌘K", "Alt+Shift+N", "⌥⇧N", "?": the combination as the person reads it. */
export function describeShortcut(shortcut: Shortcut, mac: boolean): string {
  const key = keyName(shortcut);
  if (mac) {
    return `${shortcut.mod ? '⌘' : ''}${shortcut.alt ? '⌥' : ''}${shortcut.shift ? '⇧' : ''}${key}`;
  }
  return [shortcut.mod && 'Ctrl', shortcut.alt && 'Alt', shortcut.shift && 'Shift', key]
    .filter(Boolean)
    .join('+');
}

/** "Control+K", "Meta+K", "Alt+Shift+N": the combination as `aria-keyshortcuts` writes it. */
export function ariaShortcut(shortcut: Shortcut, mac: boolean): string {
  return [
    shortcut.mod && (mac ? 'Meta' : 'Control'),
    shortcut.alt && 'Alt',
    shortcut.shift && 'Shift',
    keyName(shortcut),
  ]
    .filter(Boolean)
    .join('+');
}

/** Whether the event started in a field where typing a character types it. */
export function inTextField(e: Event): boolean {
  const target = e.composedPath()[0];
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(target.type)
  );
}

function keyName(shortcut: Shortcut): string {
  if (shortcut.key !== undefined) return shortcut.key;
  const code = shortcut.code ?? '';
  return code.startsWith('Key') ? code.slice(3) : code.replace(/^Digit/, '');
}
