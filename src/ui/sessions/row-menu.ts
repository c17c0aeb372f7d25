/**
 * A session row's `⋯` menu (Rename, Pin, Move, Export as JSON, Markdown or a zip, Delete) and its keys, drawn in
 * the sidebar's own tree. Not part of the first screen: the sidebar loads it while the page is idle, or when a
 * menu is first opened, and draws the menu as soon as it is here.
 */
import { html } from 'lit';
import { msg, str } from '../l10n';
import type { SessionExportEvent } from './events';
import type { SessionSummary } from './types';

/** What the menu does, in the sidebar. */
export interface RowMenuHost {
  /** The tree the menu is drawn in. */
  root(): ParentNode;
  /** Closes the menu (`refocus`: focus goes back to its `⋯` button). */
  close(id: string, refocus: boolean): void;
  rename(id: string): void;
  pin(session: SessionSummary): void;
  move(id: string): void;
  exportAs(id: string, format: SessionExportEvent['format']): void;
  remove(session: SessionSummary): void;
}

export function renderRowMenu(host: RowMenuHost, session: SessionSummary, title: string) {
  const pinned = session.pinnedAt !== undefined;
  const item = (label: string, name: string, run: () => void, danger = false) =>
    html`<button type="button" role="menuitem" tabindex="-1" class=${danger ? 'danger' : ''} aria-label=${name} @click=${() => {
      host.close(session.id, false);
      run();
    }}>${label}</button>`;
  return html`<div
    class="menu row-actions"
    role="menu"
    aria-label=${msg(str`Actions for ${title}`)}
    @keydown=${(e: KeyboardEvent) => menuKeydown(host, e, session.id)}
    @focusout=${(e: FocusEvent) => menuFocusout(host, e, session.id)}
  >
    ${item(msg('Rename'), msg(str`Rename ${title}`), () => host.rename(session.id))}
    ${item(pinned ? msg('Unpin') : msg('Pin'), pinned ? msg(str`Unpin ${title}`) : msg(str`Pin ${title}`), () => host.pin(session))}
    ${item(msg('Move to a project…'), msg(str`Move ${title} to a project`), () => host.move(session.id))}
    <div role="separator"></div>
    <div role="group" aria-label=${msg('Export')} class="export">
      <span class="menu-label" aria-hidden="true">${msg('Export')}</span>
      ${item('JSON', msg(str`Export ${title}`), () => host.exportAs(session.id, 'json'))}
      ${item('Markdown', msg(str`Export ${title} as Markdown`), () => host.exportAs(session.id, 'markdown'))}
      ${item(msg('Zip with files'), msg(str`Export ${title} with files`), () => host.exportAs(session.id, 'zip'))}
    </div>
    <div role="separator"></div>
    ${item(msg('Delete'), msg(str`Delete ${title}`), () => host.remove(session), true)}
  </div>`;
}

/** Arrow keys move through the menu; Escape (or Tab) closes it, focus back on its `⋯` button. */
function menuKeydown(host: RowMenuHost, e: KeyboardEvent, id: string) {
  const items = [...host.root().querySelectorAll<HTMLElement>('.row-actions [role="menuitem"]')];
  const at = items.indexOf(e.composedPath()[0] as HTMLElement);
  const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
  if (step !== undefined) {
    e.preventDefault();
    items[(at + step + items.length) % items.length]?.focus();
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    (e.key === 'Home' ? items[0] : items.at(-1))?.focus();
  } else if (e.key === 'Escape' || e.key === 'Tab') {
    if (e.key === 'Escape') e.preventDefault();
    e.stopPropagation();
    host.close(id, true);
  }
}

function menuFocusout(host: RowMenuHost, e: FocusEvent, id: string) {
  const to = e.relatedTarget as Node | null;
  const menu = e.currentTarget as HTMLElement;
  if (to && (menu.contains(to) || (to as HTMLElement).dataset?.menu === id)) return;
  host.close(id, false);
}
