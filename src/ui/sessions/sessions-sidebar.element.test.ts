import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locator, userEvent } from 'vitest/browser';
import { focusedElement, mount, recordEvents } from '../test-support';
import type { SessionSummary } from './types';
import './sessions-sidebar';

/** A row's action as a person reaches it: its `Actions for <title>` button clicked, then the item `name`. */
async function action(scope: Pick<Locator, 'getByRole'>, title: string, name: string): Promise<Locator> {
  await userEvent.click(scope.getByRole('button', { name: `Actions for ${title}`, exact: true }));
  return scope.getByRole('menuitem', { name, exact: true });
}

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(2026, 2, 18, 15, 0).getTime();
const sessions: SessionSummary[] = [
  { id: 's1', title: 'Tide tables', updated: NOW - 60_000, preview: 'When is high tide?' },
  { id: 's2', title: '', updated: NOW - 3 * 60 * 60_000 },
  { id: 's3', title: 'Bread recipe', updated: NOW - DAY },
  { id: 's4', title: 'Trip plan', updated: NOW - 4 * DAY },
  { id: 's5', title: 'Old notes', updated: NOW - 60 * DAY },
];

describe('<easel-sessions-sidebar>', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a navigation named Sessions with the sessions grouped by day, each a link to its route', async () => {
    const { screen } = await mount('easel-sessions-sidebar', { sessions, now: NOW, currentId: 's3' });
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    const headings = nav
      .getByRole('heading')
      .elements()
      .map((h) => h.textContent);
    expect(headings).toEqual(['Projects', 'Today', 'Yesterday', 'Previous 7 days', 'Older']);
    const today = nav.getByRole('list', { name: 'Today' });
    expect(
      today
        .getByRole('link')
        .elements()
        .map((a) => a.textContent),
    ).toEqual(['Tide tables', 'Untitled session']);
    await expect.element(nav.getByRole('link', { name: 'Tide tables' })).toHaveAttribute('href', '#/s/s1');
    await expect
      .element(nav.getByRole('link', { name: 'Bread recipe' }))
      .toHaveAttribute('aria-current', 'page');
    await expect.element(nav.getByRole('link', { name: 'Tide tables' })).not.toHaveAttribute('aria-current');
    await expect
      .element(nav.getByRole('list', { name: 'Older' }).getByRole('link', { name: 'Old notes' }))
      .toBeInTheDocument();
    await expect.element(nav.getByText('When is high tide?')).toBeInTheDocument();
  });

  it('says when there are no sessions, and when records could not be read', async () => {
    const { screen } = await mount('easel-sessions-sidebar', {
      problems: ['session x: bad date', 'session y'],
    });
    await expect.element(screen.getByText('No sessions yet.')).toBeVisible();
    await expect
      .element(screen.getByRole('status').first())
      .toHaveTextContent('2 saved records could not be read and were skipped: session x: bad date');
  });

  it('has no New chat button of its own: the header has it', async () => {
    const { screen } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    await expect.element(screen.getByRole('searchbox', { name: 'Search sessions' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'New chat' }).elements()).toHaveLength(0);
  });

  it('prepares search on first focus, then fires session-search once typing pauses', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const prepares = recordEvents(parent, 'session-search-prepare');
    const searches = recordEvents(parent, 'session-search');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.click(box);
    await userEvent.tab();
    await userEvent.click(box);
    expect(prepares).toHaveLength(1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await userEvent.fill(box, 'ti');
    await userEvent.fill(box, '  tide ');
    vi.advanceTimersByTime(149);
    expect(searches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(searches.map((e) => e.query)).toEqual(['tide']);
  });

  it('shows search results with their snippet, or says nothing matched', async () => {
    const { el, screen } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    await userEvent.fill(screen.getByRole('searchbox', { name: 'Search sessions' }), 'tide');
    el.searchResults = [{ session: sessions[0]!, snippet: '…high tide at 6…' }];
    const results = screen.getByRole('list', { name: 'Results' });
    await expect.element(results.getByRole('link', { name: 'Tide tables' })).toBeVisible();
    await expect.element(results.getByText('…high tide at 6…')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Today' }).elements()).toHaveLength(0);
    el.searchResults = [];
    await expect.element(screen.getByText('No sessions match “tide”.')).toBeVisible();
  });

  it('clears the search with Escape, firing an empty session-search at once', async () => {
    const { el, screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const searches = recordEvents(parent, 'session-search');
    const box = screen.getByRole('searchbox', { name: 'Search sessions' });
    await userEvent.fill(box, 'bread');
    el.searchResults = [{ session: sessions[2]!, snippet: '' }];
    await expect.element(screen.getByRole('list', { name: 'Results' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(box).toHaveValue('');
    expect(searches.at(-1)?.query).toBe('');
    await expect.element(screen.getByRole('heading', { name: 'Today' })).toBeVisible();
  });

  it('renames in place from the row menu: Enter saves the trimmed title and gives focus back to the menu button', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const renames = recordEvents(parent, 'session-rename');
    await userEvent.click(await action(screen, 'Tide tables', 'Rename Tide tables'));
    const box = screen.getByRole('textbox', { name: 'New title for Tide tables' });
    await expect.poll(focusedElement).toBe(box.element());
    await userEvent.fill(box, '  Tides of March  ');
    await userEvent.keyboard('{Enter}');
    expect(renames.map((e) => [e.id, e.title])).toEqual([['s1', 'Tides of March']]);
    await expect.element(box).not.toBeInTheDocument();
    await expect
      .poll(focusedElement)
      .toBe(screen.getByRole('button', { name: 'Actions for Tide tables' }).element());
  });

  it('cancels a rename with Escape, and saves nothing unchanged or empty', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const renames = recordEvents(parent, 'session-rename');
    await userEvent.click(await action(screen, 'Bread recipe', 'Rename Bread recipe'));
    await userEvent.fill(screen.getByRole('textbox', { name: 'New title for Bread recipe' }), 'Cake');
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('link', { name: 'Bread recipe' })).toBeVisible();
    await userEvent.click(await action(screen, 'Bread recipe', 'Rename Bread recipe'));
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await action(screen, 'Untitled session', 'Rename Untitled session'));
    await userEvent.fill(screen.getByRole('textbox', { name: 'New title for Untitled session' }), '   ');
    await userEvent.keyboard('{Enter}');
    expect(renames).toHaveLength(0);
  });

  it('fires session-export as an Easel file, as Markdown or as a zip with its files', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const exports = recordEvents(parent, 'session-export');
    await userEvent.click(await action(screen, 'Trip plan', 'Export Trip plan'));
    await userEvent.click(await action(screen, 'Trip plan', 'Export Trip plan as Markdown'));
    await userEvent.click(await action(screen, 'Trip plan', 'Export Trip plan with files'));
    expect(exports.map((e) => [e.id, e.format])).toEqual([
      ['s4', 'json'],
      ['s4', 'markdown'],
      ['s4', 'zip'],
    ]);
  });

  it('hides a deleted session at once and offers Undo, focused', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const deletes = recordEvents(parent, 'session-delete');
    const undos = recordEvents(parent, 'session-undo-delete');
    const purges = recordEvents(parent, 'session-purge');
    await userEvent.click(await action(screen, 'Trip plan', 'Delete Trip plan'));
    expect(deletes.map((e) => e.id)).toEqual(['s4']);
    await expect.element(screen.getByRole('link', { name: 'Trip plan' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Deleted “Trip plan”.');
    const undo = screen.getByRole('button', { name: 'Undo' });
    await expect.poll(focusedElement).toBe(undo.element());
    await userEvent.click(undo);
    expect(undos.map((e) => e.id)).toEqual(['s4']);
    await expect.element(screen.getByRole('link', { name: 'Trip plan' })).toBeVisible();
    expect(purges).toHaveLength(0);
  });

  it('purges a deleted session when Undo was not pressed within ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const purges = recordEvents(parent, 'session-purge');
    await userEvent.click(await action(screen, 'Old notes', 'Delete Old notes'));
    vi.advanceTimersByTime(9_999);
    expect(purges).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(purges.map((e) => e.id)).toEqual(['s5']);
    await expect.element(screen.getByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('purges the previous deletion when another session is deleted, and the pending one when removed', async () => {
    const { el, screen } = await mount('easel-sessions-sidebar', { sessions, now: NOW });
    const purges = recordEvents(el, 'session-purge');
    await userEvent.click(await action(screen, 'Old notes', 'Delete Old notes'));
    await userEvent.click(await action(screen, 'Trip plan', 'Delete Trip plan'));
    expect(purges.map((e) => e.id)).toEqual(['s5']);
    el.remove();
    expect(purges.map((e) => e.id)).toEqual(['s5', 's4']);
  });
  it("is one Tab stop: the open session's link, then the arrow keys move between rows and to their menu", async () => {
    const { screen } = await mount('easel-sessions-sidebar', { sessions, now: NOW, currentId: 's3' });
    const link = (name: string) => screen.getByRole('link', { name, exact: true }).element();
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search sessions' }));
    await userEvent.tab();
    // `New project` comes first (the projects are listed above the dates), then the list's one stop.
    await expect.poll(focusedElement).toBe(screen.getByRole('button', { name: 'New project' }).element());
    await userEvent.tab();
    await expect.poll(focusedElement).toBe(link('Bread recipe'));
    await userEvent.tab();
    expect(focusedElement()?.closest?.('li')).toBeFalsy();
    await userEvent.tab({ shift: true });
    await expect.poll(focusedElement).toBe(link('Bread recipe'));
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(focusedElement).toBe(link('Trip plan'));
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect.poll(focusedElement).toBe(link('Untitled session'));
    await userEvent.keyboard('{Home}');
    await expect.poll(focusedElement).toBe(link('Tide tables'));
    await userEvent.keyboard('{ArrowRight}');
    const menuButton = screen.getByRole('button', { name: 'Actions for Tide tables' });
    await expect.poll(focusedElement).toBe(menuButton.element());
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Actions for Tide tables' });
    await expect
      .poll(focusedElement)
      .toBe(menu.getByRole('menuitem', { name: 'Rename Tide tables' }).element());
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(focusedElement).toBe(menu.getByRole('menuitem', { name: 'Pin Tide tables' }).element());
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
    await expect.poll(focusedElement).toBe(menuButton.element());
    // The link last focused stays the list's Tab stop.
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    await expect.poll(focusedElement).toBe(link('Tide tables'));
  });

  it('shows snippets as plain text, without their Markdown', async () => {
    const { screen } = await mount('easel-sessions-sidebar', {
      sessions: [
        { id: 'm', title: 'Server', updated: NOW, preview: '# Fake **Anthropic** server with `tools`' },
      ],
      now: NOW,
    });
    await expect
      .element(screen.getByRole('navigation', { name: 'Sessions' }))
      .toHaveTextContent('Fake Anthropic server with tools');
  });
});
