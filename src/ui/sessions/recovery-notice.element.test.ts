import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import './recovery-notice';

describe('<easel-recovery-notice>', () => {
  it('draws nothing while the conversation is being saved', async () => {
    const { screen } = await mount('easel-recovery-notice');
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
  });

  it('offers Restore and Save as new chat for a conversation deleted in another tab', async () => {
    const { screen, parent } = await mount('easel-recovery-notice', { deleted: true });
    const choices = recordEvents(parent, 'session-recover');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('This conversation was deleted in another tab.');
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as new chat' }));
    expect(choices.map((e) => e.action)).toEqual(['restore', 'save-as-new']);
  });

  it('offers Download and Save it again when stored data was cleared, before anything about a deletion', async () => {
    const { screen, parent } = await mount('easel-recovery-notice', { deleted: true, lost: 'cleared' });
    const choices = recordEvents(parent, 'session-recover');
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/stored data was cleared/);
    expect(screen.getByRole('button', { name: 'Restore' }).elements()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Download this conversation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save it again' }));
    expect(choices.map((e) => e.action)).toEqual(['download', 'save-again']);
  });

  it('offers Download and Reload when Easel was updated in another tab', async () => {
    const { screen, parent } = await mount('easel-recovery-notice', { lost: 'replaced' });
    const choices = recordEvents(parent, 'session-recover');
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/updated in another tab/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(choices.map((e) => e.action)).toEqual(['reload']);
  });

  it('makes the choices wait while one is under way', async () => {
    const { screen } = await mount('easel-recovery-notice', { deleted: true, busy: true });
    await expect.element(screen.getByRole('button', { name: 'Restore' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Save as new chat' })).toBeDisabled();
  });
});
