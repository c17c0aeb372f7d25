import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, recordEvents } from '../test-support';
import { provideModelFinder } from './model-finder-context';
import { type EaselServerSettings, ServerAddressEvent } from './server-settings';
import './server-settings';

async function mountWith(answer: readonly string[] | string, url = 'http://127.0.0.1:11434') {
  const asked: string[] = [];
  const mounted = await mount(
    'easel-server-settings',
    { baseUrl: () => url },
    {
      setup: (p) =>
        provideModelFinder(p, {
          find: async (baseUrl) => {
            asked.push(baseUrl);
            return answer;
          },
        }),
    },
  );
  return { ...mounted, asked };
}

describe('<easel-server-settings>', () => {
  it('offers Anthropic or a local server, and a local server’s usual addresses', async () => {
    const { el, screen, parent } = await mountWith([]);
    const events = recordEvents(parent, ServerAddressEvent.type);
    await expect.element(screen.getByRole('radio', { name: 'Anthropic' })).toBeChecked();
    await expect.element(screen.getByRole('button', { name: 'Ollama' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Local or compatible server' }));
    expect((el as EaselServerSettings).value).toBe('compatible');
    await expect.element(screen.getByText(/No\s+key is needed/)).toBeInTheDocument();
    for (const name of ['Ollama', 'LM Studio', 'llama.cpp', 'vLLM']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }
    expect(events.map((e) => (e as ServerAddressEvent).url)).toEqual([
      'http://localhost:11434',
      'http://localhost:1234',
      'http://localhost:8080',
      'http://localhost:8000',
    ]);
  });

  it('finds the server’s models with the address typed', async () => {
    const { screen, asked } = await mountWith(['qwen3-coder:30b', 'gpt-oss:20b'], 'http://127.0.0.1:11434/');
    await userEvent.click(screen.getByRole('radio', { name: 'Local or compatible server' }));
    await userEvent.click(screen.getByRole('button', { name: 'Find models' }));
    await expect
      .element(screen.getByRole('status'))
      .toHaveTextContent('2 models: qwen3-coder:30b, gpt-oss:20b');
    expect(asked).toEqual(['http://127.0.0.1:11434']);
  });

  it('says why the models could not be found', async () => {
    const { screen } = await mountWith('Could not reach http://127.0.0.1:11434. … set OLLAMA_ORIGINS=…');
    await userEvent.click(screen.getByRole('radio', { name: 'Local or compatible server' }));
    await userEvent.click(screen.getByRole('button', { name: 'Find models' }));
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/OLLAMA_ORIGINS/);
  });

  it('asks for an address before looking', async () => {
    const { screen, asked } = await mountWith([], '');
    await userEvent.click(screen.getByRole('radio', { name: 'Local or compatible server' }));
    await userEvent.click(screen.getByRole('button', { name: 'Find models' }));
    await expect.element(screen.getByRole('alert')).toHaveTextContent(/Enter the server’s address/);
    expect(asked).toEqual([]);
  });
});
