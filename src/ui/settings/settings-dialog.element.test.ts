import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { type AppSettings, DEFAULT_SETTINGS } from '../../storage';
import { focusedElement, mount, recordEvents } from '../test-support';
import './settings-dialog';

const settings: AppSettings = { ...DEFAULT_SETTINGS, apiKey: 'sk-ant-old', baseUrl: '', theme: 'dark' };

describe('<easel-settings-dialog>', () => {
  it('opens as a modal dialog named Settings with the current settings, focus in the key', async () => {
    const { el, screen } = await mount('easel-settings-dialog', { settings });
    expect(el.isOpen).toBe(false);
    await el.show();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await expect.element(dialog).toBeVisible();
    expect(el.isOpen).toBe(true);
    const key = dialog.getByRole('textbox', { name: 'Anthropic API key' });
    await expect.element(key).toHaveValue('sk-ant-old');
    await expect.poll(focusedElement).toBe(key.element());
    await expect.element(dialog.getByRole('switch', { name: 'Remember on this device' })).toBeChecked();
    await userEvent.click(dialog.getByRole('tab', { name: 'Theme & limits' }));
    await expect.element(dialog.getByRole('combobox', { name: 'Theme' })).toHaveDisplayValue('Dark');
    await userEvent.click(dialog.getByRole('tab', { name: 'Sync & storage' }));
    await expect.element(dialog.getByRole('region', { name: 'Storage' })).toBeVisible();
  });

  it('has a tab per section, one Tab stop moved with the arrow keys, with Save and Cancel always in view', async () => {
    const { el, screen } = await mount('easel-settings-dialog', { settings });
    await el.show();
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const list = dialog.getByRole('tablist', { name: 'Settings sections' });
    const names = list
      .getByRole('tab')
      .elements()
      .map((a) => a.textContent);
    expect(names).toEqual([
      'Server & key',
      'Theme & limits',
      'Web, connectors & files',
      'Memory',
      'Sync & storage',
    ]);
    await expect
      .element(dialog.getByRole('tab', { name: 'Server & key' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(dialog.getByRole('tabpanel', { name: 'Server & key' })).toBeVisible();
    const box = dialog.element();
    const inView = (e: Element) => {
      const r = e.getBoundingClientRect();
      const d = box.getBoundingClientRect();
      return r.top >= d.top - 1 && r.bottom <= d.bottom + 1;
    };
    const save = dialog.getByRole('button', { name: 'Save', exact: true }).element();
    const cancel = dialog.getByRole('button', { name: 'Cancel' }).element();
    expect(inView(save) && inView(cancel)).toBe(true);
    // The dialog keeps one size whichever tab is shown.
    const height = box.getBoundingClientRect().height;
    (dialog.getByRole('tab', { name: 'Server & key' }).element() as HTMLElement).focus();
    await userEvent.keyboard('{End}');
    await expect.element(dialog.getByRole('tabpanel', { name: 'Sync & storage' })).toBeVisible();
    await expect.element(dialog.getByRole('region', { name: 'Storage' })).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'Anthropic API key' }).elements()).toHaveLength(0);
    expect(box.getBoundingClientRect().height).toBe(height);
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(dialog.getByRole('tabpanel', { name: 'Memory' })).toBeVisible();
    expect(inView(save) && inView(cancel)).toBe(true);
    expect(box.getBoundingClientRect().height).toBe(height);
    // Opened again, it starts on the first tab.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await el.show();
    await expect.element(dialog.getByRole('tabpanel', { name: 'Server & key' })).toBeVisible();
  });

  it('shows a notice given to show()', async () => {
    const { el, screen } = await mount('easel-settings-dialog', { settings: DEFAULT_SETTINGS });
    await el.show('Enter your Anthropic API key to send your message.');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Enter your Anthropic API key to send your message.');
  });

  it('masks the key until Show key is pressed', async () => {
    const { el, screen } = await mount('easel-settings-dialog', { settings });
    await el.show();
    const toggle = screen.getByRole('button', { name: 'Show key' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    const key = screen.getByRole('textbox', { name: 'Anthropic API key' }).element();
    expect(getComputedStyle(key).getPropertyValue('-webkit-text-security')).toBe('disc');
    await userEvent.click(toggle);
    await expect
      .element(screen.getByRole('button', { name: 'Hide key' }))
      .toHaveAttribute('aria-pressed', 'true');
    expect(getComputedStyle(key).getPropertyValue('-webkit-text-security')).toBe('none');
  });

  it('saves what was entered as settings-save, trimmed, and closes', async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    const closes = recordEvents(parent, 'settings-close');
    await el.show();
    await userEvent.fill(screen.getByRole('textbox', { name: 'Anthropic API key' }), '  sk-ant-new  ');
    await userEvent.click(screen.getByRole('switch', { name: 'Remember on this device' }));
    await userEvent.fill(screen.getByRole('textbox', { name: 'API base URL' }), 'http://127.0.0.1:4010/');
    await userEvent.click(screen.getByRole('tab', { name: 'Theme & limits' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'light');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-Hans');
    await userEvent.click(screen.getByRole('switch', { name: 'Compact long conversations automatically' }));
    const cap = screen.getByRole('spinbutton', {
      name: "Spending cap for each artifact's Claude calls (US dollars)",
    });
    await expect.element(cap).toHaveValue(0.5);
    await userEvent.fill(cap, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saves.map((e) => e.change)).toEqual([
      {
        apiKey: 'sk-ant-new',
        rememberKey: false,
        theme: 'light',
        language: 'zh-Hans',
        sendWithEnter: true,
        autoCompact: true,
        artifactCallCap: 2.5,
        codeTimeLimitSec: 30,
        serverCodeExecution: false,
        baseUrl: 'http://127.0.0.1:4010',
        server: 'anthropic',
        // Web, Connectors and Files API, unchanged: their part has loaded by the time `show()` resolves.
        web: { allowedDomains: [], blockedDomains: [] },
        connectors: [],
        filesApi: { enabled: false, minKb: 256 },
      },
    ]);
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(closes).toHaveLength(1);
  });

  it('shows Send with Enter on by default, says what off does, and saves it turned off', async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    await el.show();
    await userEvent.click(screen.getByRole('tab', { name: 'Theme & limits' }));
    const toggle = screen.getByRole('switch', { name: 'Send with Enter' });
    await expect.element(toggle).toBeChecked();
    await expect.element(toggle).toHaveAccessibleDescription(/Enter adds a line and Ctrl\+Enter/);
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saves.map((e) => e.change.sendWithEnter)).toEqual([false]);

    el.settings = { ...settings, sendWithEnter: false };
    await el.show();
    await userEvent.click(screen.getByRole('tab', { name: 'Theme & limits' }));
    await expect.element(screen.getByRole('switch', { name: 'Send with Enter' })).not.toBeChecked();
  });

  it('offers Automatic and each language by its own name, showing the one chosen', async () => {
    const { el, screen } = await mount('easel-settings-dialog', {
      settings: { ...settings, language: 'en' },
    });
    await el.show();
    await userEvent.click(screen.getByRole('tab', { name: 'Theme & limits' }));
    const language = screen.getByRole('combobox', { name: 'Language' });
    await expect.element(language).toHaveValue('en');
    const options = [...language.element().querySelectorAll('option')].map((o) => o.textContent?.trim());
    expect(options).toEqual(['Automatic', 'English', '简体中文']);
  });

  it('refuses a base URL that is not http(s), saying why, and stays open', async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    await el.show();
    const url = screen.getByRole('textbox', { name: 'API base URL' });
    await userEvent.fill(url, 'ftp://example.com');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent(
        'The API base URL must start with https:// (or http:// for a server on this computer).',
      );
    await expect.poll(focusedElement).toBe(url.element());
    // Text that is no URL at all is refused in words too (not by the browser's own check, which says nothing
    // of a field on a hidden tab).
    await userEvent.fill(url, 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.element(screen.getByRole('alert')).toHaveTextContent('"not a url" is not a URL.');
    expect(saves).toHaveLength(0);
    expect(el.isOpen).toBe(true);
  });

  it("Save sent from another tab shows the refused field's tab, says why beside the field and focuses it", async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    await el.show();
    const url = screen.getByRole('textbox', { name: 'API base URL' });
    await userEvent.fill(url, 'ftp://example.com');
    const field = url.element() as HTMLInputElement;
    await userEvent.click(screen.getByRole('tab', { name: 'Theme & limits' }));
    expect(field.checkVisibility()).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .element(screen.getByRole('tab', { name: 'Server & key' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(url).toBeVisible();
    await expect.element(url).toHaveAttribute('aria-invalid', 'true');
    await expect
      .element(url)
      .toHaveAccessibleDescription(
        'The API base URL must start with https:// (or http:// for a server on this computer).',
      );
    await expect.poll(focusedElement).toBe(url.element());
    // Typing in the field clears what was said about it; a good value saves.
    await userEvent.fill(url, 'https://proxy.example.com/');
    await expect.element(url).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saves.map((e) => e.change.baseUrl)).toEqual(['https://proxy.example.com']);
  });

  it('refuses a spending cap out of range, saying why, and stays open', async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    await el.show();
    await userEvent.click(screen.getByRole('tab', { name: 'Theme & limits' }));
    const cap = screen.getByRole('spinbutton', {
      name: "Spending cap for each artifact's Claude calls (US dollars)",
    });
    await userEvent.fill(cap, '');
    // Sent back from another tab: the field's tab is shown again, the focus in the field.
    await userEvent.click(screen.getByRole('tab', { name: 'Server & key' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('The spending cap must be a number of dollars from 0 to 100, such as 0.50.');
    await expect.poll(focusedElement).toBe(cap.element());
    expect(saves).toHaveLength(0);
    expect(el.isOpen).toBe(true);
  });

  it('forgets the key at once with Forget key', async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    await el.show();
    await userEvent.click(screen.getByRole('button', { name: 'Forget key' }));
    expect(saves.map((e) => e.change)).toEqual([{ apiKey: undefined }]);
    await expect.element(screen.getByRole('textbox', { name: 'Anthropic API key' })).toHaveValue('');
    await expect
      .poll(focusedElement)
      .toBe(screen.getByRole('textbox', { name: 'Anthropic API key' }).element());
  });

  it('closes without saving on Cancel and on Escape, firing settings-close', async () => {
    const { el, screen, parent } = await mount('easel-settings-dialog', { settings });
    const saves = recordEvents(parent, 'settings-save');
    const closes = recordEvents(parent, 'settings-close');
    await el.show();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    await el.show();
    await userEvent.keyboard('{Escape}');
    await expect.element(screen.getByRole('dialog')).not.toBeInTheDocument();
    expect(closes).toHaveLength(2);
    expect(saves).toHaveLength(0);
  });

  it('shows what was typed before a cancel replaced by the settings when opened again', async () => {
    const { el, screen } = await mount('easel-settings-dialog', { settings });
    await el.show();
    await userEvent.fill(screen.getByRole('textbox', { name: 'Anthropic API key' }), 'typed but not saved');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await el.show();
    await expect
      .element(screen.getByRole('textbox', { name: 'Anthropic API key' }))
      .toHaveValue('sk-ant-old');
  });
});
