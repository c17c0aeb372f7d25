/** The API's own tools in the request: web search and fetch, the MCP connector, and their beta header. */
import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import type { AssistantContent, AssistantMessage, LlmContext, Message } from '../agent';
import { buildRequest, MCP_BETA, type RequestSettings, requestBetas } from './request';
import type { McpConnector, WebToolSettings } from './types';

const MODEL = 'claude-opus-5-5';
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const WEB: WebToolSettings = { allowedDomains: [], blockedDomains: [] };
const ECHO: McpConnector = { name: 'example-mcp', url: 'https://mcp.example.com/mcp', tools: [] };

const assistant = (content: readonly AssistantContent[]): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'anthropic',
  model: MODEL,
  usage,
  stopReason: 'stop',
  timestamp: 2,
});
const opaque = (value: Record<string, unknown>): AssistantContent => ({
  type: 'opaque',
  provider: 'anthropic',
  value,
});
const ask = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });

const SEARCH_USE = {
  type: 'server_tool_use',
  id: 'srvtoolu_01',
  name: 'web_search',
  input: { query: 'claude shannon' },
};
const SEARCH_RESULT = {
  type: 'web_search_tool_result',
  tool_use_id: 'srvtoolu_01',
  content: [
    {
      type: 'web_search_result',
      url: 'https://en.wikipedia.org/wiki/Claude_Shannon',
      title: 'Claude Shannon - Wikipedia',
      encrypted_content: 'EqgfCioIARgBIiQ3YTAw',
      page_age: 'April 30, 2025',
    },
  ],
};
const CITATION = {
  type: 'web_search_result_location',
  url: 'https://en.wikipedia.org/wiki/Claude_Shannon',
  title: 'Claude Shannon - Wikipedia',
  encrypted_index: 'Eo8BCioIAhgB',
  cited_text: 'Claude Elwood Shannon (April 30, 1916 – February 24, 2001)',
};
const MCP_USE = {
  type: 'mcp_tool_use',
  id: 'mcptoolu_01',
  name: 'echo',
  server_name: 'example-mcp',
  input: {},
};
const MCP_RESULT = {
  type: 'mcp_tool_result',
  tool_use_id: 'mcptoolu_01',
  is_error: false,
  content: [{ type: 'text', text: 'hello' }],
};

function build(messages: Message[], extra: Partial<RequestSettings> = {}) {
  const context: LlmContext = { systemPrompt: 'Be brief.', messages };
  const body = buildRequest(context, { model: MODEL, thinkingLevel: 'off', ...extra });
  const betas = requestBetas(body);
  const headers = betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : {};
  return { body, betas, problem: requestProblem(JSON.parse(JSON.stringify(body)), headers) };
}

describe('web tools in the request', () => {
  it('sends no server tools, MCP servers or beta header when web and connectors are off', () => {
    const { body, betas, problem } = build([ask('Hi')]);
    expect(body.tools).toBeUndefined();
    expect(body).not.toHaveProperty('mcp_servers');
    expect(betas).toEqual([]);
    expect(problem).toBeUndefined();
  });

  it('adds web search and web fetch with one domain list and the use limit, and no beta header', () => {
    const { body, betas, problem } = build([ask('News?')], {
      web: { allowedDomains: ['example.com'], blockedDomains: ['ignored.example'], maxUses: 3 },
    });
    expect(body.tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', allowed_domains: ['example.com'], max_uses: 3 },
      {
        type: 'web_fetch_20250910',
        name: 'web_fetch',
        allowed_domains: ['example.com'],
        max_uses: 3,
        citations: { enabled: true },
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(betas).toEqual([]);
    expect(problem).toBeUndefined();
    const blocked = build([ask('News?')], { web: { ...WEB, blockedDomains: ['spam.example'] } }).body;
    expect(blocked.tools?.[0]).toEqual({
      type: 'web_search_20250305',
      name: 'web_search',
      blocked_domains: ['spam.example'],
    });
  });

  it('resends a search, its encrypted results and the cited answer exactly as received', () => {
    const history = [
      ask('When was Claude Shannon born?'),
      assistant([
        opaque(SEARCH_USE),
        opaque(SEARCH_RESULT),
        { type: 'text', text: 'On April 30, 1916.', citations: [CITATION] },
      ]),
      ask('Where?'),
    ];
    const { body, problem } = build(history, { web: WEB });
    expect(body.messages[1]).toEqual({
      role: 'assistant',
      content: [
        SEARCH_USE,
        SEARCH_RESULT,
        { type: 'text', text: 'On April 30, 1916.', citations: [CITATION] },
      ],
    });
    expect(problem).toBeUndefined();
  });

  it('continues a paused turn whose last search has no result yet', () => {
    const { body, problem } = build([ask('Search')], { web: WEB, continuation: [opaque(SEARCH_USE)] });
    expect(body.messages[1]).toEqual({ role: 'assistant', content: [SEARCH_USE] });
    expect(problem).toBeUndefined();
  });
});

describe('MCP connectors in the request', () => {
  it('names each server once with its toolset and sends the beta header', () => {
    const { body, betas, problem } = build([ask('Echo hello')], {
      connectors: [{ ...ECHO, token: 'secret-token' }],
    });
    expect(body.mcp_servers).toEqual([
      {
        type: 'url',
        url: 'https://mcp.example.com/mcp',
        name: 'example-mcp',
        authorization_token: 'secret-token',
      },
    ]);
    expect(body.tools).toEqual([
      { type: 'mcp_toolset', mcp_server_name: 'example-mcp', cache_control: { type: 'ephemeral' } },
    ]);
    expect(betas).toEqual([MCP_BETA]);
    expect(problem).toBeUndefined();
  });

  it('enables only the allowed tools when the connector lists some', () => {
    const { body } = build([ask('Echo')], { connectors: [{ ...ECHO, tools: ['echo', 'lookup'] }] });
    expect(body.tools?.[0]).toMatchObject({
      type: 'mcp_toolset',
      default_config: { enabled: false },
      configs: { echo: { enabled: true }, lookup: { enabled: true } },
    });
  });

  it('resends MCP calls verbatim while their server is connected, and as a note once it is not', () => {
    const history = [
      ask('Echo'),
      assistant([opaque(MCP_USE), opaque(MCP_RESULT), { type: 'text', text: 'Done.' }]),
    ];
    const connected = build([...history, ask('Again')], { connectors: [ECHO] });
    expect(connected.body.messages[1]?.content).toEqual([
      MCP_USE,
      MCP_RESULT,
      { type: 'text', text: 'Done.' },
    ]);
    expect(connected.problem).toBeUndefined();
    const removed = build([...history, ask('Again')]);
    expect(removed.body.messages[1]?.content).toEqual([
      {
        type: 'text',
        text: '(Called echo of the MCP server example-mcp, which is not connected now, with {}.)',
      },
      { type: 'text', text: '(It returned: hello)' },
      { type: 'text', text: 'Done.' },
    ]);
    expect(removed.problem).toBeUndefined();
  });
});

describe('the fake API holds platform tools to the API rules', () => {
  const base = { model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] };
  const server = { type: 'url', url: 'https://mcp.example.com/mcp', name: 'example-mcp' };
  const toolset = { type: 'mcp_toolset', mcp_server_name: 'example-mcp' };
  const beta = { 'anthropic-beta': MCP_BETA };

  it('refuses mcp_servers without the beta header, and accepts them with it', () => {
    const body = { ...base, mcp_servers: [server], tools: [toolset] };
    expect(requestProblem(body)).toBe('mcp_servers: Extra inputs are not permitted');
    expect(requestProblem(body, { 'anthropic-beta': `files-api-2025-04-14, ${MCP_BETA}` })).toBeUndefined();
  });

  it('refuses a server that is not https, unnamed twice, or without a toolset', () => {
    const http = { ...base, mcp_servers: [{ ...server, url: 'http://mcp.example.com' }], tools: [toolset] };
    expect(requestProblem(http, beta)).toMatch(/must start with https:\/\//);
    const twice = { ...base, mcp_servers: [server, server], tools: [toolset] };
    expect(requestProblem(twice, beta)).toMatch(/names must be unique/);
    expect(requestProblem({ ...base, mcp_servers: [server] }, beta)).toMatch(
      /not referenced by any mcp_toolset/,
    );
    expect(requestProblem({ ...base, tools: [toolset] }, beta)).toMatch(/does not match any server/);
  });

  it('refuses both domain lists, a wrong tool name and a zero use limit', () => {
    const web = { type: 'web_search_20250305', name: 'web_search' };
    expect(
      requestProblem({
        ...base,
        tools: [{ ...web, allowed_domains: ['a.com'], blocked_domains: ['b.com'] }],
      }),
    ).toMatch(/Only one of allowed_domains or blocked_domains/);
    expect(requestProblem({ ...base, tools: [{ ...web, name: 'search' }] })).toMatch(/name: Input should be/);
    expect(requestProblem({ ...base, tools: [{ ...web, max_uses: 0 }] })).toMatch(/max_uses/);
    expect(requestProblem({ ...base, tools: [{ ...web, allowed_domains: ['https://a.com'] }] })).toMatch(
      /without a scheme/,
    );
  });

  it('refuses MCP blocks in the history without the beta header', () => {
    const messages = [
      { role: 'user', content: 'Echo' },
      { role: 'assistant', content: [MCP_USE, MCP_RESULT] },
      { role: 'user', content: 'Again' },
    ];
    expect(requestProblem({ ...base, messages })).toMatch(/Input tag 'mcp_tool_use'/);
  });
});
