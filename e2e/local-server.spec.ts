/**
 * A local or compatible server: the app against a fake of Ollama's Anthropic-compatible endpoint
 * (`e2e/fake-ollama`, built from Ollama's and llama.cpp's documentation), with no key at all.
 */
import { startFakeOllama } from './fake-ollama/server.mjs';
import { expect, send, test } from './support/test';

test('a chat against an Ollama-like server, with no key', async ({ page, network }) => {
  const ollama = await startFakeOllama();
  network.allow(ollama.url);
  try {
    await page.goto('./');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('radio', { name: 'Local or compatible server' }).check();
    // Ollama's button puts its usual address in; this test's server listens elsewhere.
    await dialog.getByRole('button', { name: 'Ollama' }).click();
    await expect(dialog.getByRole('textbox', { name: 'API base URL' })).toHaveValue('http://localhost:11434');
    await dialog.getByRole('textbox', { name: 'API base URL' }).fill(ollama.url);
    await dialog.getByRole('button', { name: 'Find models' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'models' })).toHaveText(
      '2 models: qwen3-coder:30b, gpt-oss:20b',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    ollama.reply('Hello from a local model.');
    await send(page, 'Hi there');
    await expect(page.getByRole('article', { name: 'Claude' })).toContainText('Hello from a local model.');
    const sent = ollama.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages');
    expect(sent).toHaveLength(1);
    const body = sent[0]?.body as Record<string, unknown>;
    expect(body.model).toBe('qwen3-coder:30b');
    // What the server does not support is left out rather than failing the request.
    expect(body.thinking).toBeUndefined();
    expect(body.output_config).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('cache_control');
    expect(JSON.stringify(body.tools ?? [])).not.toContain('memory_20250818');
    expect(sent[0]?.headers['anthropic-beta']).toBeUndefined();
    expect(String(sent[0]?.headers['x-api-key'])).not.toMatch(/^sk-/);
  } finally {
    await ollama.close();
  }
});

test('a server that refuses this page by its CORS rules is named with what to set', async ({
  page,
  network,
}) => {
  const ollama = await startFakeOllama({ localOrigins: false });
  network.allow(ollama.url);
  try {
    await page.goto('./');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('radio', { name: 'Local or compatible server' }).check();
    await dialog.getByRole('textbox', { name: 'API base URL' }).fill(ollama.url);
    await dialog.getByRole('button', { name: 'Find models' }).click();
    const origin = new URL(page.url()).origin;
    await expect(dialog.getByRole('alert')).toContainText(`set OLLAMA_ORIGINS=${origin}`);
    // The browser stopped at the preflight: the server never saw the request itself.
    expect(ollama.requests.filter((r) => r.method === 'GET')).toEqual([]);
  } finally {
    await ollama.close();
  }
});
