/**
 * Keeping the keyboard's place when the control holding focus leaves the page: the browser would drop focus
 * to `<body>`, and a keyboard or screen reader user would start again from the top.
 */

/** Whether focus is on `target` or inside it, its shadow roots included. */
export function holdsFocus(target: EventTarget | null | undefined): boolean {
  return target instanceof Element && target.matches(':focus-within');
}

/**
 * Which item of a list takes focus when `gone`, the one that had it, leaves: the first after it that is still
 * there, else the last before it that is; `undefined` when none is. `before` and `after` are the list's ids.
 */
export function heirOf(
  before: readonly string[],
  after: readonly string[],
  gone: string,
): string | undefined {
  const stays = new Set(after);
  const at = before.indexOf(gone);
  return (
    before.slice(at + 1).find((id) => stays.has(id)) ?? before.slice(0, at).findLast((id) => stays.has(id))
  );
}
