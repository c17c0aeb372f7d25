import { sse } from './fake-anthropic/responses.mjs';
import { consent, modelWrites, panel, preview } from './support/artifacts';
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

/** Loopback and private addresses in the forms a name check alone would miss. */
const DISGUISED = [
  'https://[::7f00:1]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[2002:7f00:1::]/',
  'https://[::ffff:7f00:1]/',
  'https://0x7f.0.0.2/',
  'https://2130706434/',
  'https://localtest.me/',
  'https://127.0.0.1.nip.io/',
  'https://10-0-0-1.sslip.io/',
];

const PROBE = `<!DOCTYPE html>
<pre id="out"></pre>
<script>
  const urls = ${JSON.stringify(DISGUISED)};
  Promise.allSettled(urls.map((u) => fetch(u))).then((results) => {
    document.getElementById('out').textContent = results
      .map((r, i) => urls[i] + ' ' + (r.status === 'rejected' ? r.reason.message : 'reached'))
      .join('\\n') + '\\ndone';
  });
  document.addEventListener('click', () => fetch('https://api.weather.example/v1').catch(() => {}));
</script>`;

test('loopback and private addresses in IPv6, numeric and wildcard-DNS forms are refused, never offered', async ({
  app,
  anthropic,
}) => {
  test.setTimeout(90_000);
  await modelWrites(app, anthropic, 'probe.html', PROBE);
  const out = preview(app, 'probe.html').locator('#out');
  await expect(out).toContainText('done');
  for (const url of DISGUISED)
    await expect(out).toContainText(
      new RegExp(
        `${url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} Failed to fetch .*is a local or private address; a preview can never reach it\\.`,
      ),
    );
  await expect(panel(app).getByRole('alertdialog', { name: /tried to reach/ })).toHaveCount(0);

  // A public name is offered, and the offer says what the name check cannot see.
  await preview(app, 'probe.html').locator('body').click();
  const offer = panel(app).getByRole('alertdialog', {
    name: 'probe.html tried to reach api.weather.example',
  });
  await expect(offer).toContainText('a public name can still point to an address on your own network');
  await expect(offer).toContainText("Chrome's Local Network Access");
});
