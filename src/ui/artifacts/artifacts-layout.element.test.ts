import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ArtifactStore } from '../../artifacts';
import { artifactRecord, mount, recordEvents } from '../test-support';
import './artifacts-layout';

async function layout(store = new ArtifactStore()) {
  const chat = document.createElement('p');
  chat.textContent = 'The chat';
  const mounted = await mount(
    'easel-artifacts-layout',
    { store },
    { children: [chat], style: 'width: 1200px; height: 600px' },
  );
  const toggles = recordEvents(mounted.parent, 'artifacts-toggle');
  const available = recordEvents(mounted.parent, 'artifacts-available');
  return { ...mounted, store, toggles, available };
}

describe('<easel-artifacts-layout>', () => {
  it('shows only the chat while there are no files', async () => {
    const { el, screen } = await layout();
    await expect.element(screen.getByText('The chat')).toBeVisible();
    expect(el.open).toBe(false);
    expect(screen.getByRole('separator').elements()).toHaveLength(0);
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).not.toBeInTheDocument();
  });

  it('opens the panel when the model writes a file, and says so with artifacts-toggle', async () => {
    const { el, screen, store, toggles } = await layout();
    store.apply(artifactRecord('index.html', '<h1>Hi</h1>'));
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).toBeVisible();
    expect(el.open).toBe(true);
    expect(el.hasAttribute('open')).toBe(true);
    expect(toggles.map((e) => e.open)).toEqual([true]);
    await expect.element(screen.getByRole('tab', { name: /index\.html/ })).toBeVisible();
    await expect.element(screen.getByText('The chat')).toBeVisible();
  });

  it('opens the panel as soon as a call starts writing a file', async () => {
    const { el, screen, store } = await layout();
    store.beginStreaming('call-1', 'draft.md');
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).toBeVisible();
    expect(el.open).toBe(true);
  });

  it('stays closed for a file the person made, saying with artifacts-available there is one', async () => {
    const { el, screen, store, toggles, available } = await layout();
    store.apply(artifactRecord('mine.txt', 'hello', 1, { author: 'person' }));
    await expect.poll(() => available.map((e) => e.available)).toEqual([true]);
    expect(el.open).toBe(false);
    el.open = true;
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).toBeVisible();
    expect(toggles.map((e) => e.open)).toEqual([true]);
  });

  it('closes with Close artifacts and comes back when opened again', async () => {
    const { el, screen, store, toggles } = await layout();
    store.apply(artifactRecord('index.html', '<p>x</p>'));
    await userEvent.click(screen.getByRole('button', { name: 'Close artifacts' }));
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).not.toBeInTheDocument();
    expect(el.open).toBe(false);
    expect(screen.getByRole('separator').elements()).toHaveLength(0);
    el.open = true;
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).toBeVisible();
    expect(toggles.map((e) => e.open)).toEqual([true, false, true]);
  });

  it('closes by itself when no files are left', async () => {
    const { el, screen, store, toggles, available } = await layout();
    store.apply(artifactRecord('a.txt', 'a'));
    await expect.element(screen.getByRole('region', { name: 'Artifacts' })).toBeVisible();
    store.rebuild([]);
    await expect.poll(() => el.open).toBe(false);
    expect(toggles.map((e) => e.open)).toEqual([true, false]);
    expect(available.map((e) => e.available)).toEqual([true, false]);
  });

  it('shares the width through a separator moved with the arrow keys, between 20 % and 80 %', async () => {
    const { screen, store } = await layout();
    store.apply(artifactRecord('index.html', '<p>x</p>'));
    const separator = screen.getByRole('separator', { name: 'Resize artifacts' });
    await expect.element(separator).toHaveAttribute('aria-valuenow', '50');
    await expect.element(separator).toHaveAttribute('aria-orientation', 'vertical');
    const panel = screen.getByRole('region', { name: 'Artifacts' });
    const widthAt50 = panel.element().getBoundingClientRect().width;
    await userEvent.click(separator);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect.element(separator).toHaveAttribute('aria-valuenow', '60');
    await expect.poll(() => panel.element().getBoundingClientRect().width).toBeGreaterThan(widthAt50);
    await userEvent.keyboard('{ArrowLeft}'.repeat(10));
    await expect.element(separator).toHaveAttribute('aria-valuenow', '80');
    await userEvent.keyboard('{ArrowRight}'.repeat(20));
    await expect.element(separator).toHaveAttribute('aria-valuenow', '20');
  });

  it('resizes by dragging the separator', async () => {
    const { el, screen, store } = await layout();
    store.apply(artifactRecord('index.html', '<p>x</p>'));
    const separator = screen.getByRole('separator', { name: 'Resize artifacts' });
    await expect.element(separator).toBeVisible();
    const box = el.getBoundingClientRect();
    const target = box.left + box.width * 0.3; // the panel then takes the right 70 %
    await userEvent.dragAndDrop(separator, screen.getByText('The chat'), {
      targetPosition: {
        x: target - screen.getByText('The chat').element().getBoundingClientRect().left,
        y: 5,
      },
    });
    await expect.poll(() => Number(separator.element().getAttribute('aria-valuenow'))).toBeGreaterThan(60);
  });

  it('on a phone never opens by itself, and covers the window once opened, without a separator', async () => {
    await page.viewport(600, 800);
    try {
      const { el, screen, store, available } = await layout();
      store.beginStreaming('call-1', 'draft.html');
      store.apply(artifactRecord('index.html', '<p>x</p>'));
      await expect.poll(() => available.map((e) => e.available)).toEqual([true]);
      expect(el.open).toBe(false);
      el.open = true;
      const panel = screen.getByRole('region', { name: 'Artifacts' });
      await expect.element(panel).toBeVisible();
      expect(screen.getByRole('separator').elements()).toHaveLength(0);
      await expect.poll(() => panel.element().getBoundingClientRect().width).toBe(600);
    } finally {
      await page.viewport(1280, 720);
    }
  });

  it('opens on a file with showFile()', async () => {
    const { el, screen, store } = await layout();
    store.apply(artifactRecord('a.txt', 'first'));
    store.apply(artifactRecord('b.txt', 'second'));
    await userEvent.click(screen.getByRole('button', { name: 'Close artifacts' }));
    el.showFile('a.txt');
    await expect
      .element(screen.getByRole('tab', { name: /a\.txt/ }))
      .toHaveAttribute('aria-selected', 'true');
    expect(el.open).toBe(true);
  });
});
