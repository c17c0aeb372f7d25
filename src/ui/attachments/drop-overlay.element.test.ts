import { describe, expect, it } from 'vitest';
import { mount, recordEvents } from '../test-support';
import './drop-overlay';

function drag(type: string, target: EventTarget, transfer: DataTransfer): DragEvent {
  const event = new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer });
  target.dispatchEvent(event);
  return event;
}

function withFiles(...files: File[]): DataTransfer {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  return transfer;
}

describe('<easel-drop-overlay>', () => {
  it('shows "Drop files to attach" while files are dragged over its parent', async () => {
    const { el, screen, parent } = await mount('easel-drop-overlay');
    const transfer = withFiles(new File(['x'], 'x.txt'));
    await expect.element(screen.getByText('Drop files to attach')).not.toBeVisible();
    drag('dragenter', parent, transfer);
    await expect.element(screen.getByText('Drop files to attach')).toBeVisible();
    expect(el.hasAttribute('active')).toBe(true);
    drag('dragleave', parent, transfer);
    await expect.element(screen.getByText('Drop files to attach')).not.toBeVisible();
  });

  it('fires files-chosen with the dropped files and keeps the browser from opening them', async () => {
    const { screen, parent } = await mount('easel-drop-overlay');
    const chosen = recordEvents(parent, 'files-chosen');
    const transfer = withFiles(new File(['a'], 'a.txt'), new File(['b'], 'b.txt'));
    drag('dragenter', parent, transfer);
    expect(drag('dragover', parent, transfer).defaultPrevented).toBe(true);
    const drop = drag('drop', parent, transfer);
    expect(drop.defaultPrevented).toBe(true);
    expect(chosen).toHaveLength(1);
    expect(chosen[0]?.source).toBe('drop');
    expect(chosen[0]?.files.map((f) => f.name)).toEqual(['a.txt', 'b.txt']);
    await expect.element(screen.getByText('Drop files to attach')).not.toBeVisible();
  });

  it('leaves drags of text alone', async () => {
    const { screen, parent } = await mount('easel-drop-overlay');
    const chosen = recordEvents(parent, 'files-chosen');
    const transfer = new DataTransfer();
    transfer.setData('text/plain', 'just words');
    drag('dragenter', parent, transfer);
    expect(drag('dragover', parent, transfer).defaultPrevented).toBe(false);
    drag('drop', parent, transfer);
    expect(chosen).toHaveLength(0);
    await expect.element(screen.getByText('Drop files to attach')).not.toBeVisible();
  });

  it('watches the target it is given, and ignores files dropped elsewhere in the window', async () => {
    const target = document.createElement('section');
    document.body.append(target);
    try {
      const { parent } = await mount('easel-drop-overlay', { target });
      const chosen = recordEvents(parent, 'files-chosen');
      const fromTarget = recordEvents(target, 'files-chosen');
      const elsewhere = document.createElement('p');
      document.body.append(elsewhere);
      const stray = drag('drop', elsewhere, withFiles(new File(['s'], 'stray.txt')));
      elsewhere.remove();
      expect(stray.defaultPrevented).toBe(true);
      expect(chosen).toHaveLength(0);
      drag('drop', target, withFiles(new File(['t'], 'kept.txt')));
      // Dispatched by the overlay, which sits in `parent`, not in `target`.
      expect(chosen.map((e) => e.files[0]?.name)).toEqual(['kept.txt']);
      expect(fromTarget).toHaveLength(0);
    } finally {
      target.remove();
    }
  });
});
