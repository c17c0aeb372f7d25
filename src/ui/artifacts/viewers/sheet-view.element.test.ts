import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../../test-support';
import csvUrl from './__fixtures__/csv-comma-in-quotes.csv?url';
import workbookUrl from './__fixtures__/xlsx-issues-multisheet.xlsx?url';
import './sheet-view';

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

const box = 'width: 700px; height: 400px; display: flex; flex-direction: column';

describe('<easel-sheet-view>', () => {
  it('shows a real workbook with a tab per sheet, and the sheet chosen', async () => {
    const { screen } = await mount(
      'easel-sheet-view',
      { filename: 'issues.xlsx', bytes: await bytesAt(workbookUrl) },
      { style: box },
    );
    const tabs = screen.getByRole('tablist', { name: 'Sheets' }).getByRole('tab');
    await expect
      .poll(() => tabs.elements().map((t) => t.textContent))
      .toEqual(['datatypes', 'Sheet1', 'issue2', 'issue5', 'issue6', 'spc_chrs']);
    await expect.element(screen.getByRole('grid', { name: 'datatypes' })).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'issue2' }));
    await expect
      .element(screen.getByRole('tab', { name: 'issue2' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByRole('grid', { name: 'issue2' })).toBeVisible();
  });

  it('reads a quoted comma in a CSV as part of its cell, under a sticky header', async () => {
    const { screen } = await mount(
      'easel-sheet-view',
      { filename: 'people.csv', bytes: await bytesAt(csvUrl) },
      { style: box },
    );
    const grid = screen.getByRole('grid', { name: 'Sheet1' });
    await expect.element(grid.getByRole('columnheader', { name: 'city' })).toBeVisible();
    await expect.element(grid.getByRole('gridcell', { name: 'Anytown, WW' })).toBeVisible();
    expect(screen.getByRole('tablist').elements()).toHaveLength(0);
  });

  it('sorts by a column, numbers as numbers, and back', async () => {
    const csv = 'name,amount\nb,10\na,9\nc,100\n';
    const { screen } = await mount(
      'easel-sheet-view',
      { filename: 'n.csv', bytes: new TextEncoder().encode(csv) },
      { style: box },
    );
    const grid = screen.getByRole('grid', { name: 'Sheet1' });
    const firstColumn = () =>
      grid
        .getByRole('row')
        .elements()
        .slice(1)
        .map((row) => row.querySelectorAll('[role="gridcell"]')[0]?.textContent);
    await expect.poll(firstColumn).toEqual(['b', 'a', 'c']);
    await userEvent.click(grid.getByRole('button', { name: 'amount' }));
    await expect.poll(firstColumn).toEqual(['a', 'b', 'c']);
    await expect
      .element(grid.getByRole('columnheader', { name: /amount/ }))
      .toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(grid.getByRole('button', { name: /amount/ }));
    await expect.poll(firstColumn).toEqual(['c', 'b', 'a']);
    await userEvent.click(grid.getByRole('button', { name: /amount/ }));
    await expect.poll(firstColumn).toEqual(['b', 'a', 'c']);
  });

  it('keeps only the rows in sight in the page at 100,000 rows, and scrolls to the last', async () => {
    const lines = ['id,value'];
    for (let i = 1; i <= 100_000; i++) lines.push(`${i},${i * 2}`);
    const { screen, el } = await mount(
      'easel-sheet-view',
      { filename: 'big.csv', bytes: new TextEncoder().encode(lines.join('\n')) },
      { style: box },
    );
    const grid = screen.getByRole('grid', { name: 'Sheet1' });
    await expect.element(grid).toHaveAttribute('aria-rowcount', '100001');
    const rows = () => grid.getByRole('row').elements().length;
    await expect.poll(rows).toBeGreaterThan(5);
    expect(rows()).toBeLessThan(100);
    const scroller = el.shadowRoot?.querySelector<HTMLElement>('.grid');
    if (!scroller) throw new Error('no grid');
    scroller.scrollTop = scroller.scrollHeight;
    await expect.element(grid.getByRole('gridcell', { name: '200000' })).toBeVisible();
    expect(rows()).toBeLessThan(100);
    // The header stays in sight.
    await expect.element(grid.getByRole('columnheader', { name: 'value' })).toBeVisible();
  });

  it('says so when the file is not a spreadsheet', async () => {
    const { screen } = await mount(
      'easel-sheet-view',
      { filename: 'broken.xlsx', bytes: new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]) },
      { style: box },
    );
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/broken\.xlsx/);
  });
});
