/** `<easel-sessions-sidebar>` with projects and pins: sections, disclosure, move and pin, focus after each. */
import { describe, expect, it } from 'vitest';
import { type Locator, userEvent } from 'vitest/browser';
import { focusedElement, mount, recordEvents } from '../test-support';
import type { ProjectSummary, SessionSummary } from './types';
import './sessions-sidebar';

/** A row's action as a person reaches it: its `Actions for <title>` button clicked, then the item `name`. */
async function action(scope: Pick<Locator, 'getByRole'>, title: string, name: string): Promise<Locator> {
  await userEvent.click(scope.getByRole('button', { name: `Actions for ${title}`, exact: true }));
  return scope.getByRole('menuitem', { name, exact: true });
}

const NOW = new Date(2026, 2, 18, 15, 0).getTime();
const projects: ProjectSummary[] = [
  { id: 'p1', name: 'Garden' },
  { id: 'p2', name: 'Taxes' },
];
const sessions: SessionSummary[] = [
  { id: 's1', title: 'Tomato beds', updated: NOW - 60_000, projectId: 'p1' },
  { id: 's2', title: 'Loose chat', updated: NOW - 120_000 },
  { id: 's3', title: 'Pinned plan', updated: NOW - 180_000, pinnedAt: NOW - 10, projectId: 'p2' },
  { id: 's4', title: 'From another device', updated: NOW - 240_000, projectId: 'gone' },
];

const names = (els: Element[]) => els.map((e) => e.textContent?.trim());

describe('<easel-sessions-sidebar> with projects', () => {
  it('lists pinned chats first, then each project, then the rest by date', async () => {
    const { screen } = await mount('easel-sessions-sidebar', { sessions, projects, now: NOW });
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    expect(names(nav.getByRole('heading').elements())).toEqual(['Pinned', 'Projects', 'Today']);
    expect(names(nav.getByRole('list', { name: 'Pinned' }).getByRole('link').elements())).toEqual([
      'Pinned plan',
    ]);
    // A chat of a project that is not listed (imported from elsewhere) is listed by date.
    expect(names(nav.getByRole('list', { name: 'Today' }).getByRole('link').elements())).toEqual([
      'Loose chat',
      'From another device',
    ]);
    // Projects start closed unless they hold the open chat; the count says how many chats each has.
    const garden = nav.getByRole('button', { name: 'Garden 1 chat' });
    await expect.element(garden).toHaveAttribute('aria-expanded', 'false');
    expect(nav.getByRole('list', { name: 'Chats in Garden' }).elements()).toHaveLength(0);
    await userEvent.click(garden);
    await expect.element(garden).toHaveAttribute('aria-expanded', 'true');
    expect(names(nav.getByRole('list', { name: 'Chats in Garden' }).getByRole('link').elements())).toEqual([
      'Tomato beds',
    ]);
    await expect
      .element(nav.getByRole('link', { name: 'New chat in Garden' }))
      .toHaveAttribute('href', '#/p/p1');
    // The pinned chat of Taxes is under Pinned only.
    await userEvent.click(nav.getByRole('button', { name: 'Taxes 0 chats' }));
    await expect
      .element(nav.getByRole('list', { name: 'Chats in Taxes' }))
      .toHaveTextContent('No chats yet.');
  });

  it('opens the project of the open chat, and says how to start when there is none', async () => {
    const { screen, el } = await mount('easel-sessions-sidebar', {
      sessions,
      projects,
      now: NOW,
      currentProjectId: 'p1',
    });
    await expect
      .element(screen.getByRole('button', { name: 'Garden 1 chat' }))
      .toHaveAttribute('aria-expanded', 'true');
    el.projects = [];
    await expect
      .element(screen.getByText('A project keeps instructions and files for all its chats.'))
      .toBeVisible();
  });

  it('asks for the project editor: New project, Edit project', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, projects, now: NOW });
    const edits = recordEvents(parent, 'project-edit');
    await userEvent.click(screen.getByRole('button', { name: 'New project' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit project Taxes' }));
    expect(edits.map((e) => e.id)).toEqual([undefined, 'p2']);
  });

  it('moves a chat by keyboard, and focus follows the row to its project', async () => {
    const { screen, parent, el } = await mount('easel-sessions-sidebar', { sessions, projects, now: NOW });
    const moves = recordEvents(parent, 'session-move');
    await userEvent.click(await action(screen, 'Loose chat', 'Move Loose chat to a project'));
    const group = screen.getByRole('group', { name: 'Move Loose chat to' });
    await expect
      .element(group.getByRole('button', { name: 'No project' }))
      .toHaveAttribute('aria-pressed', 'true');
    expect(focusedElement()?.textContent?.trim()).toBe('No project');
    await userEvent.keyboard('{Tab}{Enter}');
    expect(moves.map((e) => [e.id, e.projectId])).toEqual([['s2', 'p1']]);
    // The app stores the move and gives the new list: the row is now in Garden, opened for it, and focused.
    el.sessions = sessions.map((s) => (s.id === 's2' ? { ...s, projectId: 'p1' } : s));
    const chats = screen.getByRole('list', { name: 'Chats in Garden' });
    await expect.element(chats.getByRole('link', { name: 'Loose chat' })).toBeVisible();
    await expect.poll(() => focusedElement()?.getAttribute('aria-label')).toBe('Actions for Loose chat');
  });

  it('leaves a chat where it is with Escape or Cancel, focus back on the row menu', async () => {
    const { screen, parent } = await mount('easel-sessions-sidebar', { sessions, projects, now: NOW });
    const moves = recordEvents(parent, 'session-move');
    await userEvent.click(await action(screen, 'Loose chat', 'Move Loose chat to a project'));
    await userEvent.keyboard('{Escape}');
    expect(focusedElement()?.getAttribute('aria-label')).toBe('Actions for Loose chat');
    await userEvent.click(await action(screen, 'Loose chat', 'Move Loose chat to a project'));
    await userEvent.click(
      screen.getByRole('group', { name: 'Move Loose chat to' }).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.getByRole('group', { name: 'Move Loose chat to' }).elements()).toHaveLength(0);
    expect(moves).toHaveLength(0);
  });

  it('pins and unpins, focus following the row', async () => {
    const { screen, parent, el } = await mount('easel-sessions-sidebar', { sessions, projects, now: NOW });
    const pins = recordEvents(parent, 'session-pin');
    await userEvent.click(await action(screen, 'Loose chat', 'Pin Loose chat'));
    await userEvent.click(await action(screen, 'Pinned plan', 'Unpin Pinned plan'));
    expect(pins.map((e) => [e.id, e.pinned])).toEqual([
      ['s2', true],
      ['s3', false],
    ]);
    el.sessions = sessions.map((s) => (s.id === 's3' ? { ...s, pinnedAt: undefined } : s));
    // Unpinned, the chat goes back to its project, which opens for it.
    await expect
      .element(screen.getByRole('list', { name: 'Chats in Taxes' }))
      .toHaveTextContent('Pinned plan');
  });
});
