import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { focusedElement, mount } from '../test-support';
import type { SessionSummary } from './types';
import './sessions-sidebar';

const NOW = new Date(2026, 2, 18, 15, 0).getTime();
const MANY = 300;
const many: SessionSummary[] = Array.from({ length: MANY }, (_, i) => ({
  id: `s${i}`,
  title: `Session ${i}`,
  updated: NOW - i * 60 * 60_000,
  preview: `Preview of session ${i}`,
}));

/** Whether the row of `link` is drawn: a row far out of view is skipped (no layout, no paint) until it is near. */
const drawn = (link: Element) => link.checkVisibility({ contentVisibilityAuto: true });

describe('<easel-sessions-sidebar> with many sessions', () => {
  it('draws the rows near the view only, while every session stays a link of its list', async () => {
    const { screen } = await mount(
      'easel-sessions-sidebar',
      { sessions: many, now: NOW },
      { style: 'height: 400px' },
    );
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    // Screen readers and find in page reach every session: all rows are in the document.
    expect(nav.getByRole('link').elements()).toHaveLength(MANY);
    const first = nav.getByRole('link', { name: 'Session 0', exact: true }).element();
    const last = nav.getByRole('link', { name: `Session ${MANY - 1}`, exact: true }).element();
    await expect.poll(() => drawn(first)).toBe(true);
    await expect.poll(() => drawn(last)).toBe(false);
  });

  it('draws a far row once the keyboard reaches it, and scrolls it into view', async () => {
    const { screen } = await mount(
      'easel-sessions-sidebar',
      { sessions: many, now: NOW },
      { style: 'height: 400px' },
    );
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    const before = nav
      .getByRole('link', { name: `Session ${MANY - 2}`, exact: true })
      .element() as HTMLElement;
    const last = nav.getByRole('link', { name: `Session ${MANY - 1}`, exact: true }).element();
    await expect.poll(() => drawn(last)).toBe(false);
    before.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.poll(focusedElement).toBe(last);
    await expect.poll(() => drawn(last)).toBe(true);
    const list = last.closest('.list');
    if (!list) throw new Error('no scrolling list');
    const box = last.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(view.top);
    expect(box.bottom).toBeLessThanOrEqual(view.bottom);
  });

  it('keeps the date groups while results show, and shows the same rows again when the search is cleared', async () => {
    const { el, screen } = await mount(
      'easel-sessions-sidebar',
      { sessions: many, now: NOW },
      { style: 'height: 400px' },
    );
    const nav = screen.getByRole('navigation', { name: 'Sessions' });
    const row = nav.getByRole('link', { name: 'Session 7', exact: true }).element();
    await userEvent.fill(screen.getByRole('searchbox', { name: 'Search sessions' }), 'session 7');
    el.searchResults = [{ session: many[7]!, snippet: '…session 7…' }];
    const results = screen.getByRole('list', { name: 'Results' });
    await expect.element(results.getByRole('link', { name: 'Session 7', exact: true })).toBeVisible();
    // The groups are out of sight and of the accessibility tree: only the result is a link now.
    expect(nav.getByRole('link').elements()).toHaveLength(1);
    expect(nav.getByRole('heading', { name: 'Older' }).elements()).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    await expect.element(nav.getByRole('heading', { name: 'Older' })).toBeVisible();
    expect(nav.getByRole('link', { name: 'Session 7', exact: true }).element()).toBe(row);
    expect(nav.getByRole('link').elements()).toHaveLength(MANY);
  });
});
