/**
 * The sidebar's list as one Tab stop (a roving tabindex): one row's link is in the tab order — the one last
 * focused, else the open session's, else the first — and the arrow keys move between rows (Up, Down, Home, End)
 * and between a row's link and its `⋯` button (Right, Left); Shift+F10 or the context-menu key opens the row's
 * menu. Plain functions over the sidebar's tree, which keeps the state (the row last focused).
 */

/** The row links shown (not in a hidden group), in order. */
export function rowLinks(root: ParentNode): HTMLAnchorElement[] {
  return [...root.querySelectorAll<HTMLAnchorElement>('a[data-row]')].filter((a) => !a.closest('[hidden]'));
}

/** Puts exactly one shown row link in the tab order: `activeRow`'s, else `currentId`'s, else the first. */
export function updateRoving(root: ParentNode, activeRow: string | undefined, currentId: string | undefined) {
  const links = rowLinks(root);
  const chosen =
    links.find((l) => l.dataset.row === activeRow) ??
    links.find((l) => l.dataset.row === currentId) ??
    links[0];
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-row]'))
    link.tabIndex = link === chosen ? 0 : -1;
}

/**
 * What a key pressed on a row's link or `⋯` button does: the element to focus, `{ menu: id }` to open that
 * row's menu, or `undefined` (the key is not the list's; a menu's items keep theirs).
 */
export function rowKeyTarget(
  e: KeyboardEvent,
  root: ParentNode,
): HTMLElement | { readonly menu: string } | undefined {
  const target = e.composedPath()[0] as HTMLElement;
  const id = target.dataset.row ?? target.dataset.menu;
  if (id === undefined || target.getAttribute('role') === 'menuitem') return undefined;
  const links = rowLinks(root);
  const at = links.findIndex((l) => l.dataset.row === id);
  if (e.key === 'ArrowDown') return links[Math.min(at + 1, links.length - 1)];
  if (e.key === 'ArrowUp') return links[Math.max(at - 1, 0)];
  if (e.key === 'Home') return links[0];
  if (e.key === 'End') return links.at(-1);
  if (e.key === 'ArrowRight' && target.dataset.row !== undefined)
    return target.parentElement?.querySelector<HTMLElement>('button[data-menu]') ?? undefined;
  if (e.key === 'ArrowLeft' && target.dataset.menu !== undefined) return links[at];
  if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') return { menu: id };
  return undefined;
}
