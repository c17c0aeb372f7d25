import { describe, expect, it } from 'vitest';
import { mount, recordEvents } from '../test-support';
import type { PreviewMessageEvent } from './events';
import './mermaid-view';

async function view(source: string) {
  const mounted = await mount('easel-mermaid-view', { filename: 'flow.mmd', source });
  const preview = mounted.el.shadowRoot?.querySelector('easel-artifact-preview');
  if (!preview) throw new Error('no preview');
  const messages = recordEvents(preview, 'preview-message') as PreviewMessageEvent[];
  const said = () =>
    messages.flatMap((e) => (e.message.kind === 'console' ? [`${e.message.level}: ${e.message.text}`] : []));
  return { ...mounted, said };
}

describe('<easel-mermaid-view>', () => {
  it('draws a Mermaid file in the sandboxed preview, named after the file, never in the page', async () => {
    const { screen, said, el } = await view('sequenceDiagram\n  Alice->>Bob: Hello');
    const frame = screen.getByTitle('flow.mmd preview');
    await expect.element(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await expect.poll(said, { timeout: 30_000 }).toContain('info: The diagram was drawn.');
    expect(el.shadowRoot?.querySelector('svg')).toBeNull();
  });

  it('says why in place when the file does not parse', async () => {
    const { said } = await view('graph TD\n  A -->');
    await expect
      .poll(() => said().find((line) => line.startsWith('error:')) ?? '', { timeout: 30_000 })
      .toMatch(/^error: The diagram could not be drawn: .+/);
  });
});
