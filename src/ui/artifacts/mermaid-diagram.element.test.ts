import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import type { PreviewMessageEvent } from './events';
import './mermaid-diagram';

async function diagram(source: string) {
  const code = document.createElement('pre');
  code.textContent = source;
  const mounted = await mount('easel-mermaid-diagram', { source }, { children: [code] });
  const preview = mounted.el.shadowRoot?.querySelector('easel-artifact-preview');
  if (!preview) throw new Error('no preview');
  const messages = recordEvents(preview, 'preview-message') as PreviewMessageEvent[];
  const said = () =>
    messages.flatMap((e) => (e.message.kind === 'console' ? [`${e.message.level}: ${e.message.text}`] : []));
  return { ...mounted, said };
}

describe('<easel-mermaid-diagram>', () => {
  it('draws the diagram in a sandboxed frame, never in the page', async () => {
    const { screen, said, el } = await diagram('graph TD\n  A[Start] --> B{Sunny?}\n  B -->|yes| C[Walk]');
    const frame = screen.getByTitle('Mermaid diagram preview');
    await expect.element(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    // The first diagram of a run waits for the shelf's Mermaid to load in the frame.
    await expect.poll(said, { timeout: 30_000 }).toContain('info: The diagram was drawn.');
    expect(el.shadowRoot?.querySelector('svg')).toBeNull();
  });

  it('shows why in place when the source does not parse', async () => {
    const { said } = await diagram('graph TD\n  A -->');
    await expect
      .poll(() => said().find((line) => line.startsWith('error:')) ?? '', { timeout: 30_000 })
      .toMatch(/^error: The diagram could not be drawn: .+/);
  });

  it('keeps the source one click away', async () => {
    const { screen } = await diagram('graph LR\n  A --> B');
    const toggle = screen.getByRole('button', { name: 'Show source' });
    await expect.element(screen.getByText('graph LR')).not.toBeVisible();
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByText('graph LR')).toBeVisible();
    await expect.element(screen.getByTitle('Mermaid diagram preview')).not.toBeVisible();
  });
});
