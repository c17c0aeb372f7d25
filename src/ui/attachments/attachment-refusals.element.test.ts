import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { Refusal } from '../../attachments';
import { mount, recordEvents } from '../test-support';
import './attachment-refusals';

const refusals: Refusal[] = [
  { file: 'secret.pdf', reason: 'The PDF is password-protected (encrypted).' },
  { file: 'report.docx', reason: 'Word documents cannot be sent; save it as PDF.' },
];

describe('<easel-attachment-refusals>', () => {
  it('keeps an empty alert region so the first refusal is announced', async () => {
    const { el, screen } = await mount('easel-attachment-refusals');
    await expect.element(screen.getByRole('alert')).toHaveTextContent('');
    el.refusals = refusals.slice(0, 1);
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('secret.pdf was not attached. The PDF is password-protected (encrypted).');
  });

  it('lists every refusal with its own Dismiss, which fires dismiss-refusal with it', async () => {
    const { screen, parent } = await mount('easel-attachment-refusals', { refusals });
    const dismissed = recordEvents(parent, 'dismiss-refusal');
    const list = screen.getByRole('list', { name: 'Files not attached' });
    await expect
      .element(list.getByRole('listitem').nth(1))
      .toHaveTextContent('report.docx was not attached.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss notice about report.docx' }));
    expect(dismissed).toHaveLength(1);
    expect(dismissed[0]?.refusal).toBe(refusals[1]);
  });

  it('offers Attach as text for a PDF Claude cannot read as a document, firing send-pdf-as-text with the refusal', async () => {
    const locked: Refusal = {
      file: 'statement.pdf',
      reason: 'The PDF is password-protected (encrypted).',
      pdf: new Blob(['%PDF-']),
    };
    const { screen, parent } = await mount('easel-attachment-refusals', {
      refusals: [...refusals.slice(1), locked],
    });
    const asked = recordEvents(parent, 'send-pdf-as-text');
    await expect
      .element(screen.getByRole('listitem').nth(1))
      .toHaveTextContent(
        /statement\.pdf was not attached\. The PDF is password-protected \(encrypted\)\. Its text can be sent instead\./,
      );
    expect(screen.getByRole('button', { name: 'Attach the text of report.docx' }).elements()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Attach the text of statement.pdf' }));
    expect(asked.map((e) => e.from)).toEqual([locked]);
  });
});
