import { sse } from './fake-anthropic/responses.mjs';
import { consent, modelWrites, preview } from './support/artifacts';
import { expect, messageRequests, test } from './support/test';

// Artifacts as apps, attacked the way a hostile artifact or a hostile answer would: each test is the attack,
// and what the app does about it (docs/artifact-apps-security.md).

/** A page that asks Claude when `Ask` is clicked and shows the answer or the refusal. */
const ASK = `<!DOCTYPE html>
<button id="ask">Ask</button>
<p id="out">Idle</p>
<script>
  const out = document.getElementById('out');
  document.getElementById('ask').onclick = async () => {
    try {
      out.textContent = 'Claude: ' + (await window.claude.complete('Say hi'));
    } catch (e) {
      out.textContent = 'Refused: ' + e.message;
    }
  };
</script>`;

test("an artifact's Claude call carries none of the chat's connectors, web tools or system prompt", async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  // The person has a connector with a token and Web on for this chat.
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Add connector' }).click();
  const connector = dialog.getByRole('group', { name: 'Connector 1' });
  await connector.getByRole('textbox', { name: 'Name' }).fill('example-mcp');
  await connector.getByRole('textbox', { name: 'Server URL' }).fill('https://mcp.example.com/mcp');
  await connector.getByLabel('Token (optional)').fill('mcp-secret-token');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await app.getByRole('button', { name: 'Web' }).click();
  await expect(app.getByRole('button', { name: 'Web' })).toHaveAttribute('aria-pressed', 'true');

  await modelWrites(app, anthropic, 'ask.html', ASK);
  const chat = await messageRequests(anthropic);
  expect(chat[0]?.body).toHaveProperty('mcp_servers');
  const frame = preview(app, 'ask.html');
  await anthropic.reply(sse.text('Hello from Claude.'));
  await frame.getByRole('button', { name: 'Ask' }).click();
  await consent(app, 'ask.html').getByRole('button', { name: 'Allow' }).click();
  await expect(frame.locator('#out')).toHaveText('Claude: Hello from Claude.');

  const requests = await messageRequests(anthropic);
  expect(requests).toHaveLength(3);
  const call = requests[2];
  expect(call?.headers['anthropic-beta']).toBeUndefined();
  // The whole request: the person's model, the artifact's message, and nothing of the chat.
  expect(call?.body).toEqual({
    model: chat[0]?.body.model,
    max_tokens: 4096,
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'Say hi', cache_control: { type: 'ephemeral' } }] },
    ],
    thinking: { type: 'disabled' },
    stream: true,
  });
});
