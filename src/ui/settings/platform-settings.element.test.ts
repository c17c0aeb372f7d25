import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import './platform-settings';
import { provideUploads } from './uploads-context';
import type { UploadedFileInfo, UploadsHandle } from './uploads-key';

/** Uploads kept in memory, as the provider would list and delete them for the key `sk-ant-test`. */
function uploads(files: UploadedFileInfo[], failing = 0) {
  const keys: string[] = [];
  const handle: UploadsHandle & { keys: string[] } = {
    keys,
    apiKey: () => 'sk-ant-test',
    files: {
      uploadedFiles: async (key) => (key === 'sk-ant-test' ? [...files] : []),
      deleteUploadedFiles: async (key) => {
        keys.push(key);
        const failed = Math.min(failing, files.length);
        const deleted = files.length - failed;
        files.splice(0, deleted);
        return failed > 0
          ? { deleted, failed, problem: 'The API is overloaded right now. Try again in a minute.' }
          : { deleted, failed };
      },
    },
  };
  return handle;
}

const PDF = { filename: 'paper.pdf', bytes: 2 * 1024 * 1024 };

describe('<easel-platform-settings>: Files API', () => {
  it('is off by default, says what leaves the browser and what it costs, and reads the choice', async () => {
    const { el, screen } = await mount('easel-platform-settings');
    const toggle = screen.getByRole('switch', { name: 'Upload large files once (Files API)' });
    await expect.element(toggle).not.toBeChecked();
    const group = screen.getByRole('group', { name: 'Files API' });
    await expect.element(group).toHaveTextContent(/uploaded, with their names, to Anthropic's file storage/);
    await expect.element(group).toHaveTextContent(/kept there until deleted/);
    await expect.element(group).toHaveTextContent(/Storing and uploading cost nothing/);
    await expect.element(group).toHaveTextContent(/count as input each time/);
    await userEvent.click(toggle);
    await userEvent.fill(screen.getByRole('spinbutton', { name: 'Upload files of at least (KB)' }), '64');
    expect(el.read()).toMatchObject({ filesApi: { enabled: true, minKb: 64 } });
  });

  it('refuses a threshold that is not a whole number of KB, saying why', async () => {
    const { el, screen } = await mount('easel-platform-settings', {
      filesApi: { enabled: true, minKb: 256 },
    });
    const min = screen.getByRole('spinbutton', { name: 'Upload files of at least (KB)' });
    await expect.element(min).toHaveValue(256);
    await userEvent.fill(min, '0.5');
    expect(el.read()).toBe(
      'The smallest file to upload must be a whole number of KB from 1 to 32768, such as 256.',
    );
    // Said under the field, which takes the focus when asked; a value read() takes clears it.
    await expect
      .element(min)
      .toHaveAccessibleDescription(
        'The smallest file to upload must be a whole number of KB from 1 to 32768, such as 256.',
      );
    await el.focusProblem();
    expect(el.shadowRoot?.activeElement).toBe(min.element());
    await userEvent.fill(min, '64');
    expect(el.read()).toMatchObject({ filesApi: { minKb: 64 } });
    await expect.element(min).toHaveAttribute('aria-invalid', 'false');
  });

  it('lists the files uploaded with this key and deletes them from the server', async () => {
    const handle = uploads([PDF, { filename: 'image.png', bytes: 300 * 1024 }]);
    const { screen } = await mount(
      'easel-platform-settings',
      { filesApi: { enabled: true, minKb: 256 } },
      { setup: (parent) => provideUploads(parent, handle) },
    );
    const note = screen.getByRole('group', { name: 'Files API' }).getByRole('status');
    await expect.element(note).toHaveTextContent('2 files (2.3 MB) uploaded from this device with this key.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete uploaded files' }));
    await expect.element(note).toHaveTextContent("Deleted 2 files from Anthropic's file storage.");
    expect(handle.keys).toEqual(['sk-ant-test']);
    await expect
      .element(screen.getByRole('button', { name: 'Delete uploaded files' }))
      .not.toBeInTheDocument();
  });

  it('says which files could not be deleted and why, and offers to try again', async () => {
    const handle = uploads([PDF, { filename: 'b.pdf', bytes: 1024 }], 1);
    const { screen } = await mount(
      'easel-platform-settings',
      {},
      { setup: (parent) => provideUploads(parent, handle) },
    );
    const button = screen.getByRole('button', { name: 'Delete uploaded files' });
    await userEvent.click(button);
    await expect
      .element(screen.getByRole('group', { name: 'Files API' }).getByRole('status'))
      .toHaveTextContent(
        "Deleted 1 file from Anthropic's file storage. 1 could not be deleted. The API is overloaded right now. Try again in a minute. Press Delete uploaded files to try again.",
      );
    await expect.element(button).toBeEnabled();
  });
});
