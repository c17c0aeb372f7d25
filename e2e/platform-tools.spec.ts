/** Claude's platform tools: web search and fetch with cards, sources and costs; remote MCP servers. */
import { fixture } from './fake-anthropic/responses.mjs';
import { expect, messageRequests, send, test } from './support/test';

const MCP_BETA = 'mcp-client-2025-11-20';

test('with Web on, a search and its results show as a card, the answer lists its sources and the search cost', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(fixture('text_basic_ts_sdk'));
  await anthropic.reply(fixture('web_search_citations_constructed'));

  // Web is off by default: no tools of the API's own go with the request.
  await send(app, 'Hi');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Hello there!');
  const web = app.getByRole('button', { name: 'Web' });
  await expect(web).toHaveAttribute('aria-pressed', 'false');
  await web.click();
  await expect(web).toHaveAttribute('aria-pressed', 'true');

  await send(app, 'When was Claude Shannon born?');
  const answer = app.getByRole('article', { name: 'Claude' }).last();
  const card = answer.getByRole('group', { name: 'Web search: claude shannon birth date' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveText([
    /Claude Shannon - Wikipedia\s+en\.wikipedia\.org/,
    /Claude Shannon \| American engineer \| Britannica\s+www\.britannica\.com/,
  ]);
  await expect(answer).toContainText('Claude Shannon was born on April 30, 1916, in Petoskey, Michigan.');

  const sources = answer.getByRole('region', { name: 'Sources' });
  const first = sources.getByRole('link', { name: 'Claude Shannon - Wikipedia' });
  await expect(first).toHaveAttribute('href', 'https://en.wikipedia.org/wiki/Claude_Shannon');
  await expect(first).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(first).toHaveAttribute('target', '_blank');
  await expect(sources.getByRole('listitem')).toHaveCount(2);
  await expect(answer).toContainText('1 web search ($0.01)');

  const [plain, searched] = await messageRequests(anthropic);
  expect(plain?.body.tools).toEqual([
    expect.objectContaining({ name: 'artifacts' }),
    expect.objectContaining({ name: 'run_code' }),
  ]);
  expect(plain?.headers['anthropic-beta']).toBeUndefined();
  expect(searched?.body.tools).toEqual([
    expect.objectContaining({ name: 'artifacts' }),
    expect.objectContaining({ name: 'run_code' }),
    { type: 'web_search_20250305', name: 'web_search' },
    expect.objectContaining({ type: 'web_fetch_20250910', name: 'web_fetch', citations: { enabled: true } }),
  ]);
  expect(searched?.body).not.toHaveProperty('mcp_servers');
  expect(searched?.headers['anthropic-beta']).toBeUndefined();

  // The toggle belongs to this session: it is still on after a reload.
  await app.reload();
  await expect(app.getByRole('button', { name: 'Web' })).toHaveAttribute('aria-pressed', 'true');
});

test('the next request resends the search with its encrypted results and the cited text unchanged', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(fixture('web_search_citations_constructed'));
  await anthropic.reply(fixture('text_basic_ts_sdk'));
  await app.getByRole('button', { name: 'Web' }).click();
  await send(app, 'When was Claude Shannon born?');
  await expect(app.getByRole('region', { name: 'Sources' })).toBeVisible();
  await send(app, 'And where did he die?');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Hello there!');

  const [, second] = await messageRequests(anthropic);
  const messages = (second?.body.messages ?? []) as { role: string; content: Record<string, unknown>[] }[];
  const history = messages[1];
  expect(history?.content.map((b) => b.type)).toEqual([
    'text',
    'server_tool_use',
    'web_search_tool_result',
    'text',
    'text',
  ]);
  expect(history?.content[2]).toMatchObject({
    content: [{ encrypted_content: expect.stringMatching(/^EqgfCioI/) }, { page_age: null }],
  });
  expect(history?.content[3]).toMatchObject({
    citations: [
      { type: 'web_search_result_location', encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm..' },
      {},
    ],
  });
});

test('failed searches and fetches say why in their cards', async ({ app, anthropic }) => {
  await anthropic.reply(fixture('web_search_error_constructed'));
  await anthropic.reply(fixture('web_fetch_constructed'));
  await app.getByRole('button', { name: 'Web' }).click();

  await send(app, 'Search again');
  const search = app.getByRole('group', { name: 'Web search: easel release notes' });
  await expect(search.getByRole('note')).toHaveText(
    'The search failed: the limit of searches for one answer was reached (Settings → Web).',
  );

  await send(app, 'Read these pages');
  const answer = app.getByRole('article', { name: 'Claude' }).last();
  await expect(answer.getByRole('group', { name: 'Page fetch: https://example.com/article' })).toContainText(
    'Example Domain',
  );
  await expect(answer.getByRole('group', { name: 'Page fetch: https://example.org/private' })).toContainText(
    'The page could not be read: the page could not be reached.',
  );
  await expect(answer).toContainText('2 pages read');
});

test('Settings restricts the web tools to allowed domains and a number of uses', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(fixture('text_basic_ts_sdk'));
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  await dialog.getByRole('textbox', { name: 'Allowed domains' }).fill('wikipedia.org\nhttps://bad.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('"https://bad.example" is not a domain');
  await dialog.getByRole('textbox', { name: 'Allowed domains' }).fill('wikipedia.org\nbritannica.com');
  await dialog.getByRole('spinbutton', { name: 'Most searches per answer' }).fill('2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await app.getByRole('button', { name: 'Web' }).click();
  await send(app, 'Look it up');
  await expect(app.getByRole('article', { name: 'Claude' })).toContainText('Hello there!');
  const [request] = await messageRequests(anthropic);
  const tools = request?.body.tools as Record<string, unknown>[];
  expect(tools[2]).toEqual({
    type: 'web_search_20250305',
    name: 'web_search',
    allowed_domains: ['wikipedia.org', 'britannica.com'],
    max_uses: 2,
  });
  expect(tools[3]).toMatchObject({ allowed_domains: ['wikipedia.org', 'britannica.com'], max_uses: 2 });
});

test('an enabled connector sends mcp_servers with the beta header, and its calls show as tool cards', async ({
  app,
  anthropic,
}) => {
  await anthropic.reply(fixture('mcp_tool_use_constructed'));
  await anthropic.reply(fixture('text_basic_ts_sdk'));
  await app.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  await dialog.getByRole('button', { name: 'Add connector' }).click();
  const connector = dialog.getByRole('group', { name: 'Connector 1' });
  await connector.getByRole('textbox', { name: 'Name' }).fill('example-mcp');
  await connector.getByRole('textbox', { name: 'Server URL' }).fill('http://mcp.example.com/mcp');
  await connector.getByRole('textbox', { name: 'Allowed tools' }).fill('echo, lookup');
  await connector.getByLabel('Token (optional)').fill('mcp-secret-token');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The server URL of example-mcp must be an https:// address.',
  );
  await connector.getByRole('textbox', { name: 'Server URL' }).fill('https://mcp.example.com/mcp');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await send(app, 'Echo hello');
  const answer = app.getByRole('article', { name: 'Claude' });
  const echo = answer.getByRole('group', { name: 'MCP tool echo on example-mcp' });
  await echo.getByText('Result', { exact: true }).click();
  await expect(echo).toContainText('Tool result: hello');
  const lookup = answer.getByRole('group', { name: 'MCP tool lookup on example-mcp' });
  await expect(lookup).toContainText('failed');
  await expect(lookup).toContainText('Error: record 42 not found');

  const [request] = await messageRequests(anthropic);
  expect(request?.headers['anthropic-beta']).toBe(MCP_BETA);
  expect(request?.body.mcp_servers).toEqual([
    {
      type: 'url',
      url: 'https://mcp.example.com/mcp',
      name: 'example-mcp',
      authorization_token: 'mcp-secret-token',
    },
  ]);
  expect(((request?.body.tools ?? []) as unknown[]).at(-1)).toMatchObject({
    type: 'mcp_toolset',
    mcp_server_name: 'example-mcp',
    default_config: { enabled: false },
    configs: { echo: { enabled: true }, lookup: { enabled: true } },
  });

  // Turned off, the connector leaves the request and its header, and its calls go back as notes.
  await app.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('tab', { name: 'Web, connectors & files' }).click();
  await connector.getByRole('checkbox', { name: 'Enabled' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await send(app, 'Thanks');
  await expect(app.getByRole('article', { name: 'Claude' }).last()).toContainText('Hello there!');
  const [, after] = await messageRequests(anthropic);
  expect(after?.headers['anthropic-beta']).toBeUndefined();
  expect(after?.body).not.toHaveProperty('mcp_servers');
});

test('the fake API refuses MCP servers sent without the beta header, as the API does', async ({
  anthropic,
}) => {
  const response = await fetch(`${anthropic.baseUrl}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'claude-opus-4-6',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi' }],
      mcp_servers: [{ type: 'url', url: 'https://mcp.example.com/mcp', name: 'x' }],
      tools: [{ type: 'mcp_toolset', mcp_server_name: 'x' }],
    }),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    error: { type: 'invalid_request_error', message: 'mcp_servers: Extra inputs are not permitted' },
  });
});
