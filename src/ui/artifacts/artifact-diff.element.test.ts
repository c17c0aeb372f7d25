import { describe, expect, it } from 'vitest';
import { mount } from '../test-support';
import './artifact-diff';

const lines = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `line ${i + from}`);

describe('<easel-artifact-diff>', () => {
  it('is a group named by its label, summing up what was added and removed', async () => {
    const { screen } = await mount('easel-artifact-diff', {
      older: 'a\nb\nc\n',
      newer: 'a\nB\nc\nd\n',
      label: 'Changes from version 1 to version 2',
    });
    const group = screen.getByRole('group', { name: 'Changes from version 1 to version 2' });
    await expect.element(group).toHaveTextContent('Changes from version 1 to version 2: 2 added, 1 removed');
  });

  it('marks each changed line, with its old and new line numbers', async () => {
    const { el } = await mount('easel-artifact-diff', { older: 'keep\nold', newer: 'keep\nnew' });
    const rows = [...el.shadowRoot!.querySelectorAll('.row')].map((row) =>
      [...row.children].map((cell) => cell.getAttribute('aria-label') ?? cell.textContent),
    );
    expect(rows).toEqual([
      ['1', '1', 'unchanged', 'keep'],
      ['2', '', 'removed', 'old'],
      ['', '2', 'added', 'new'],
    ]);
  });

  it('folds long unchanged stretches, keeping three lines of context', async () => {
    const older = lines(20).join('\n');
    const newer = [...lines(10), 'line 11 changed', ...lines(9, 12)].join('\n');
    const { screen } = await mount('easel-artifact-diff', { older, newer });
    await expect.element(screen.getByText('⋯ 7 unchanged lines')).toBeVisible();
    await expect.element(screen.getByText('⋯ 6 unchanged lines')).toBeVisible();
    await expect.element(screen.getByText('line 8', { exact: true })).toBeVisible();
    expect(screen.getByText('line 7', { exact: true }).elements()).toHaveLength(0);
  });

  it('follows new texts', async () => {
    const { el, screen } = await mount('easel-artifact-diff', { older: 'x', newer: 'x' });
    await expect
      .element(screen.getByRole('group', { name: 'Changes' }))
      .toHaveTextContent('0 added, 0 removed');
    el.newer = 'x\ny';
    await expect
      .element(screen.getByRole('group', { name: 'Changes' }))
      .toHaveTextContent('1 added, 0 removed');
  });
});
