import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { ArtifactStore } from '../../artifacts';
import { artifactRecord, focusedElement, mount, recordEvents } from '../test-support';
import './artifacts-panel';
import { PreviewHost } from './preview-host';

async function panel(...records: Parameters<typeof artifactRecord>[]) {
  const store = new ArtifactStore();
  for (const r of records) store.apply(artifactRecord(...r));
  const mounted = await mount(
    'easel-artifacts-panel',
    { store },
    { style: 'width: 900px; height: 600px; display: flex' },
  );
  return { ...mounted, store };
}

describe('<easel-artifacts-panel>', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is a region named Artifacts that says when there are no files', async () => {
    const { screen } = await panel();
    const region = screen.getByRole('region', { name: 'Artifacts' });
    await expect.element(region).toHaveTextContent('No files yet.');
    expect(region.getByRole('tab').elements()).toHaveLength(0);
  });

  it('downloads a binary file as its exact bytes, and offers no source, copy or edit for it', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const { screen } = await panel(['data.bin', '', 1, { bytes, mimeType: 'application/octet-stream' }]);
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) saved.push(blob);
      return 'blob:nothing';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const actions = screen.getByRole('toolbar', { name: 'File actions' });
    await userEvent.click(actions.getByRole('button', { name: 'Download' }));

    expect(saved).toHaveLength(1);
    expect(saved[0]?.type).toBe('application/octet-stream');
    expect([...new Uint8Array((await saved[0]?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([...bytes]);
    for (const name of ['Code', 'Copy', 'Edit'])
      expect(screen.getByRole('button', { name, exact: true }).elements()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'More file actions' }));
    expect(screen.getByRole('menuitem', { name: 'Open in new tab' }).elements()).toHaveLength(0);
  });

  it('shows a CSV file as a grid, with its text under Code', async () => {
    const { screen } = await panel(['sales.csv', 'region,total\nNord,12\nSüd,7\n']);
    const grid = screen.getByRole('grid', { name: 'Sheet1' });
    await expect.element(grid, { timeout: 30_000 }).toBeVisible();
    await expect.element(grid.getByRole('gridcell', { name: 'Süd' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Code' }));
    await expect.element(screen.getByText('region,total')).toBeVisible();
  });

  it('draws a Mermaid file in a sandboxed frame, its source under Code', async () => {
    const { screen } = await panel(['flow.mmd', 'graph TD\n  A --> B']);
    await expect
      .element(screen.getByTitle('flow.mmd preview'))
      .toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await userEvent.click(screen.getByRole('button', { name: 'Code' }));
    await expect.element(screen.getByText('graph TD')).toBeVisible();
  });

  it('shows a binary file in the viewer for its type', async () => {
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      ),
      (c) => c.charCodeAt(0),
    );
    const { screen } = await panel(['plot.png', '', 1, { bytes: png, mimeType: 'image/png' }]);
    const img = screen.getByRole('img', { name: 'plot.png' });
    await expect
      .poll(() => (img.elements()[0] as HTMLImageElement | undefined)?.naturalWidth, { timeout: 30_000 })
      .toBe(1);
  });

  it('has a tab per file, showing the file the model changed last', async () => {
    const { screen, store } = await panel(['notes.txt', 'first notes'], ['data.json', '{"a":1}']);
    const tabs = screen.getByRole('tablist', { name: 'Files' }).getByRole('tab');
    expect(tabs.elements().map((t) => t.textContent)).toEqual(['notes.txt', 'data.json']);
    await expect
      .element(screen.getByRole('tab', { name: 'data.json' }))
      .toHaveAttribute('aria-selected', 'true');
    store.apply(artifactRecord('notes.txt', 'second notes', 2));
    await expect
      .element(screen.getByRole('tab', { name: 'notes.txt' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByText('second notes')).toBeVisible();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const { screen } = await panel(['a.txt', 'A'], ['b.txt', 'B'], ['c.txt', 'C']);
    await userEvent.click(screen.getByRole('tab', { name: 'a.txt' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'b.txt' })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(focusedElement).toBe(screen.getByRole('tab', { name: 'b.txt' }).element());
    await userEvent.keyboard('{End}');
    await expect.element(screen.getByRole('tab', { name: 'c.txt' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(screen.getByRole('tab', { name: 'a.txt' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}{Home}');
    await expect.element(screen.getByRole('tab', { name: 'a.txt' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByText('A', { exact: true })).toBeVisible();
  });

  it('shows an HTML file in its sandboxed preview, and its source under Code', async () => {
    const { screen } = await panel(['index.html', '<h1>Hello</h1>']);
    const toolbar = screen.getByRole('group', { name: 'View' });
    await expect
      .element(toolbar.getByRole('button', { name: 'Preview' }))
      .toHaveAttribute('aria-pressed', 'true');
    const frame = screen.getByTitle('index.html preview');
    await expect.element(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await expect.element(screen.getByRole('region', { name: 'Console' })).toBeVisible();
    await userEvent.click(toolbar.getByRole('button', { name: 'Code' }));
    await expect
      .element(toolbar.getByRole('button', { name: 'Code' }))
      .toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByText('<h1>Hello</h1>')).toBeVisible();
    await expect.element(frame).not.toBeInTheDocument();
  });

  it('offers only Code for a text file', async () => {
    const { screen } = await panel(['notes.txt', 'plain words']);
    const toolbar = screen.getByRole('group', { name: 'View' });
    await expect
      .element(toolbar.getByRole('button', { name: 'Code' }))
      .toHaveAttribute('aria-pressed', 'true');
    expect(toolbar.getByRole('button', { name: 'Preview' }).elements()).toHaveLength(0);
    await expect.element(screen.getByText('plain words')).toBeVisible();
  });

  it('renders a Markdown file through the Markdown viewer', async () => {
    const { screen } = await panel(['README.md', '# Title\n\nSome *text*.']);
    await expect.element(screen.getByRole('heading', { name: 'Title' })).toBeVisible();
  });

  it('lists the versions; an older one can be restored with artifact-restore', async () => {
    const { screen, parent } = await panel(['notes.txt', 'one'], ['notes.txt', 'two', 2]);
    const restores = recordEvents(parent, 'artifact-restore');
    const version = screen.getByRole('combobox', { name: 'Version' });
    await expect.element(version).toHaveDisplayValue('Version 2 (latest)');
    expect(screen.getByRole('button', { name: 'Restore this version' }).elements()).toHaveLength(0);
    await userEvent.selectOptions(version, '1');
    await expect.element(screen.getByText('one', { exact: true })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    expect(restores.map((e) => [e.filename, e.version])).toEqual([['notes.txt', 1]]);
  });

  it('shows the changes of a version against the one before', async () => {
    const { screen } = await panel(['notes.txt', 'alpha\nbeta\n'], ['notes.txt', 'alpha\ngamma\n', 2]);
    await userEvent.click(screen.getByRole('button', { name: 'Changes' }));
    await expect
      .element(screen.getByRole('button', { name: 'Changes' }))
      .toHaveAttribute('aria-pressed', 'true');
    const changes = screen.getByRole('group', { name: 'Changes from version 1 to version 2' });
    await expect.element(changes).toHaveTextContent('1 added, 1 removed');
  });

  it('edits the newest version in Code view and sends it as artifact-edit', async () => {
    const { screen, parent } = await panel(['app.js', 'let a = 1;']);
    const edits = recordEvents(parent, 'artifact-edit');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit app.js' });
    await userEvent.fill(box, 'let a = 2;');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(edits.map((e) => [e.filename, e.content])).toEqual([['app.js', 'let a = 2;']]);
  });

  it('drops an edit with Cancel', async () => {
    const { screen, parent } = await panel(['app.js', 'let a = 1;']);
    const edits = recordEvents(parent, 'artifact-edit');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.fill(screen.getByRole('textbox', { name: 'Edit app.js' }), 'changed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.element(screen.getByRole('textbox', { name: 'Edit app.js' })).not.toBeInTheDocument();
    await expect.element(screen.getByText('let a = 1;')).toBeVisible();
    expect(edits).toHaveLength(0);
  });

  it('copies the file shown and says so', async () => {
    const writes: string[] = [];
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      writes.push(text);
    });
    const { screen } = await panel(['notes.txt', 'copy me']);
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writes).toEqual(['copy me']);
    await expect.element(screen.getByRole('button', { name: 'Copied' })).toBeVisible();
  });

  it('shows a file being written as Writing…, growing, with Download and Open in new tab waiting', async () => {
    const { screen, store } = await panel();
    store.beginStreaming('call-1', 'story.txt');
    store.updateStreaming('call-1', 'Once upon');
    await expect
      .element(screen.getByRole('tab', { name: 'story.txt' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(screen.getByText('Writing…')).toBeVisible();
    await expect.element(screen.getByText('Once upon')).toBeVisible();
    await expect.element(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'More file actions' }));
    await expect.element(screen.getByRole('menuitem', { name: 'Open in new tab' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();
    store.updateStreaming('call-1', 'Once upon a time');
    await expect.element(screen.getByText('Once upon a time')).toBeVisible();
  });

  it('goes full screen from the ⋯ menu and back with Escape', async () => {
    const { el, screen } = await panel(['notes.txt', 'x']);
    const more = screen.getByRole('button', { name: 'More file actions' });
    await userEvent.click(more);
    await expect.element(more).toHaveAttribute('aria-expanded', 'true');
    const full = screen.getByRole('menuitemcheckbox', { name: 'Full screen' });
    await expect.element(full).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(full);
    await expect.element(screen.getByRole('menu')).not.toBeInTheDocument();
    expect(el.hasAttribute('fullscreen')).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(el.fullscreen).toBe(false);
  });

  it('moves through the ⋯ menu with the arrow keys; Escape gives the focus back to ⋯', async () => {
    const { screen } = await panel(['index.html', '<p>x</p>']);
    const more = screen.getByRole('button', { name: 'More file actions' });
    await userEvent.click(more);
    const items = screen.getByRole('menu', { name: 'More file actions' });
    await expect.element(items).toBeVisible();
    expect(focusedElement()?.textContent).toBe('Download as app');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedElement()?.textContent).toBe('Open in new tab');
    await userEvent.keyboard('{End}');
    expect(focusedElement()?.textContent).toBe('Full screen');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedElement()?.textContent).toBe('Download as app');
    await userEvent.keyboard('{Escape}');
    await expect.element(items).not.toBeInTheDocument();
    await expect.poll(() => focusedElement()).toBe(more.element());
  });

  it('fires artifacts-close from Close artifacts', async () => {
    const { screen, parent } = await panel(['notes.txt', 'x']);
    const closes = recordEvents(parent, 'artifacts-close');
    await userEvent.click(screen.getByRole('button', { name: 'Close artifacts' }));
    expect(closes).toHaveLength(1);
  });

  it('shows a file with showFile(), and drops the tab of a deleted file', async () => {
    const { el, screen, store } = await panel(['a.txt', 'A'], ['b.txt', 'B']);
    el.showFile('a.txt');
    await expect.element(screen.getByRole('tab', { name: 'a.txt' })).toHaveAttribute('aria-selected', 'true');
    store.apply(artifactRecord('a.txt', '', 2, { action: 'delete' }));
    await expect.element(screen.getByRole('tab', { name: 'a.txt' })).not.toBeInTheDocument();
    await expect.element(screen.getByRole('tab', { name: 'b.txt' })).toHaveAttribute('aria-selected', 'true');
  });

  describe("the artifacts tool's console check", () => {
    const page = (line: string) =>
      `<!doctype html><html><body><p>page</p><script>console.log(${JSON.stringify(line)})</script></body></html>`;

    async function withHost() {
      const holder = document.createElement('div');
      document.body.append(holder);
      onTestFinished(() => holder.remove());
      const host = new PreviewHost(holder, { quietMs: 100 });
      const store = new ArtifactStore();
      store.apply(artifactRecord('first.html', page('first')));
      const mounted = await mount(
        'easel-artifacts-panel',
        { store, previewHost: host },
        { style: 'width: 900px; height: 600px; display: flex' },
      );
      await expect.element(mounted.screen.getByTitle('first.html preview')).toBeInTheDocument();
      return { ...mounted, store, host, holder };
    }

    it('reads the page the panel shows instead of running it a second time out of sight', async () => {
      const { screen, store, host, holder } = await withHost();
      const frames = recordFrames(holder);
      const content = page('written just now');
      store.apply(artifactRecord('made.html', content));
      const log = await host.runPreview('made.html', content, new AbortController().signal);
      expect(log.status).toBe('settled');
      expect(log.entries.map((e) => e.text)).toEqual(['written just now']);
      await expect.element(screen.getByTitle('made.html preview')).toBeInTheDocument();
      expect(frames.count).toBe(0);
    });

    it('runs its own preview when the panel shows the code, or is hidden', async () => {
      const { el, screen, store, host, holder } = await withHost();
      const frames = recordFrames(holder);
      await userEvent.click(
        screen.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Code' }),
      );
      const content = page('checked out of sight');
      store.apply(artifactRecord('code.html', content));
      const log = await host.runPreview('code.html', content, new AbortController().signal);
      expect(log.entries.map((e) => e.text)).toEqual(['checked out of sight']);
      expect(frames.count).toBe(1);
      await userEvent.click(
        screen.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Preview' }),
      );
      el.hidden = true;
      const hidden = page('hidden panel');
      store.apply(artifactRecord('hidden.html', hidden));
      const second = await host.runPreview('hidden.html', hidden, new AbortController().signal);
      expect(second.entries.map((e) => e.text)).toEqual(['hidden panel']);
      expect(frames.count).toBe(2);
    });
  });
});

/** Counts the frames ever made under `holder` (the console check's own previews). */
function recordFrames(holder: HTMLElement) {
  const seen = new Set<HTMLIFrameElement>();
  const look = () => {
    for (const preview of holder.querySelectorAll('easel-artifact-preview'))
      for (const frame of preview.shadowRoot?.querySelectorAll('iframe:not([title="Preview standby"])') ?? [])
        seen.add(frame as HTMLIFrameElement);
  };
  const observer = new MutationObserver(look);
  observer.observe(holder, { childList: true, subtree: true });
  const timer = setInterval(look, 10);
  onTestFinished(() => {
    observer.disconnect();
    clearInterval(timer);
  });
  return {
    get count() {
      look();
      return seen.size;
    },
  };
}
