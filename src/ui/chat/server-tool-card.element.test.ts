import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount } from '../test-support';
import './server-tool-card';

const search = {
  type: 'server_tool_use',
  id: 'srvtoolu_1',
  name: 'web_search',
  input: { query: 'Oslo weather' },
};
const fetchCall = {
  type: 'server_tool_use',
  id: 'srvtoolu_2',
  name: 'web_fetch',
  input: { url: 'https://example.com/a' },
};

describe('<easel-server-tool-card>', () => {
  it('shows a web search as a group named after its query, working until its results come, then their titles and hosts', async () => {
    const { el, screen } = await mount('easel-server-tool-card', { use: search, streaming: true });
    const card = screen.getByRole('group', { name: 'Web search: Oslo weather' });
    await expect.element(card).toHaveTextContent('Searched the web: “Oslo weather” · working…');
    el.streaming = false;
    el.result = {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_1',
      content: [
        { type: 'web_search_result', title: 'Oslo forecast', url: 'https://www.yr.no/oslo' },
        { type: 'web_search_result', url: 'https://met.no/x' },
      ],
    };
    const results = screen.getByRole('list', { name: 'Search results' });
    await expect.element(results.getByRole('listitem').nth(0)).toHaveTextContent('Oslo forecast www.yr.no');
    await expect.element(results.getByRole('listitem').nth(1)).toHaveTextContent('https://met.no/x met.no');
    await expect.element(card).not.toHaveTextContent('working');
  });

  it('says why a search failed, in words, for the API’s error codes', async () => {
    const { screen } = await mount('easel-server-tool-card', {
      use: search,
      result: {
        type: 'web_search_tool_result',
        content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
      },
    });
    await expect
      .element(screen.getByRole('note'))
      .toHaveTextContent(
        'The search failed: the limit of searches for one answer was reached (Settings → Web).',
      );
  });

  it('shows a page fetch with its address and the page’s title, or why it could not be read', async () => {
    const { el, screen } = await mount('easel-server-tool-card', {
      use: fetchCall,
      result: {
        type: 'web_fetch_tool_result',
        content: {
          type: 'web_fetch_result',
          url: 'https://example.com/a',
          content: { type: 'document', title: 'Example page' },
        },
      },
    });
    const card = screen.getByRole('group', { name: 'Page fetch: https://example.com/a' });
    await expect.element(card).toHaveTextContent('Read a page: https://example.com/a Example page');
    el.result = {
      type: 'web_fetch_tool_result',
      content: { type: 'web_fetch_tool_error', error_code: 'url_not_accessible' },
    };
    await expect
      .element(screen.getByRole('note'))
      .toHaveTextContent('The page could not be read: the page could not be reached.');
  });

  it('shows a title from the page as text, never as markup', async () => {
    const { screen } = await mount('easel-server-tool-card', {
      use: search,
      result: {
        type: 'web_search_tool_result',
        content: [
          { type: 'web_search_result', title: '<img src=x onerror=alert(1)>Hi', url: 'https://a.example/' },
        ],
      },
    });
    const item = screen.getByRole('listitem');
    await expect.element(item).toHaveTextContent('<img src=x onerror=alert(1)>Hi a.example');
    expect(item.element().querySelector('img')).toBeNull();
  });

  it('shows an MCP call with its server, its input folded, and an error opened', async () => {
    const { screen } = await mount('easel-server-tool-card', {
      use: {
        type: 'mcp_tool_use',
        id: 'mcptoolu_1',
        name: 'lookup',
        server_name: 'docs',
        input: { q: 'lit' },
      },
      result: {
        type: 'mcp_tool_result',
        tool_use_id: 'mcptoolu_1',
        is_error: true,
        content: [{ type: 'text', text: 'Server said no' }],
      },
    });
    const card = screen.getByRole('group', { name: 'MCP tool lookup on docs' });
    await expect.element(card).toHaveTextContent(/lookup on docs · failed/);
    await expect.element(screen.getByText('Server said no')).toBeVisible();
    await expect.element(screen.getByText('"q": "lit"')).not.toBeVisible();
    await userEvent.click(screen.getByText('Input'));
    await expect.element(screen.getByText('"q": "lit"')).toBeVisible();
  });

  it('shows a step of Anthropic’s code execution in its own card, whose call and result it hands on', async () => {
    const { screen } = await mount('easel-server-tool-card', {
      use: {
        type: 'server_tool_use',
        id: 'srvtoolu_9',
        name: 'bash_code_execution',
        input: { command: 'ls -la' },
      },
      result: {
        type: 'bash_code_execution_tool_result',
        tool_use_id: 'srvtoolu_9',
        content: {
          type: 'bash_code_execution_result',
          stdout: 'total 0',
          stderr: '',
          return_code: 0,
          content: [],
        },
      },
    });
    const card = screen.getByRole('group', { name: "Code run on Anthropic's servers" });
    await expect.element(card).toBeVisible();
    await expect.element(card.getByLabelText('Output')).toHaveTextContent('total 0');
  });
});
