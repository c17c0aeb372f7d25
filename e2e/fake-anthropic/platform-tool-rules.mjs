// @ts-check
/**
 * The Messages API's rules for its own tools in a request: the web search and web fetch server tools and the MCP
 * connector (`mcp_servers`, `mcp_toolset`, and the `mcp-client-2025-11-20` beta header they need). Kept apart
 * from `request-rules.mjs`, which calls `platformToolsProblem` first.
 *
 * Where each rule comes from:
 * - "Web search tool" (platform.claude.com/docs/en/agents-and-tools/tool-use/web-search-tool): `type`
 *   `web_search_20250305` (or a later version) with `name: "web_search"`; `allowed_domains` and `blocked_domains`
 *   cannot both be given; `max_uses` a positive integer; domains without a scheme.
 * - "Web fetch tool" (…/web-fetch-tool): `web_fetch_20250910` (or later) with `name: "web_fetch"`, the same domain
 *   and `max_uses` rules, `citations: { enabled }`.
 * - "MCP connector" (…/mcp-connector): beta header `anthropic-beta: mcp-client-2025-11-20`; each `mcp_servers`
 *   entry has `type: "url"`, an `https://` `url`, a unique `name` and an optional `authorization_token`; each
 *   server is named by exactly one `mcp_toolset` in `tools` (`mcp_server_name`) and every toolset names a server
 *   of the request. Without the beta header the API does not know the field ("Extra inputs are not permitted").
 *   `mcp_tool_use` blocks in the history need the beta too.
 * - "Code execution tool" (…/code-execution-tool) and `@anthropic-ai/sdk` 1.14.0's `CodeExecutionTool20250825`,
 *   `ContainerParams`, `BashCodeExecutionToolResultBlockParam`, `TextEditorCodeExecutionToolResultBlockParam`:
 *   `type: "code_execution_20250825"` with `name: "code_execution"`, and the beta header
 *   `anthropic-beta: code-execution-2025-08-25` (the documentation's; like the Files API's header, this fake holds
 *   requests to the beta's rule, which every server that implements the tool accepts); `container` is a container
 *   id (a string) or `{ id?, skills? }`, and goes only with a code execution tool. Result blocks resent in the
 *   history have the documented shapes: a `bash_code_execution_result` (`stdout`, `stderr`, `return_code`, and
 *   `content` listing `bash_code_execution_output` blocks with a `file_id`) or a `…_tool_result_error` with an
 *   `error_code`; a text editor result is a view, create or str_replace result or an error. The wording of these
 *   400s is this fake's (constructed), in the API's style.
 */

export const CODE_EXECUTION_BETA = 'code-execution-2025-08-25';
const CODE_EXECUTION = /^code_execution_\d{8}$/;

export const MCP_BETA = 'mcp-client-2025-11-20';
const WEB_SEARCH = /^web_search_\d{8}$/;
const WEB_FETCH = /^web_fetch_\d{8}$/;
const DOMAIN = /^[a-z0-9*]([a-z0-9.*-]*[a-z0-9])?(\/\S*)?$/i;

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `anthropic-beta` values of a request's headers (lower-case names, as Node gives them).
 * @param {Record<string, unknown> | undefined} headers
 * @returns {string[]}
 */
export function betasOf(headers) {
  const raw = headers?.['anthropic-beta'];
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return values
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * The first rule of the platform tools `body` breaks, or `undefined`.
 * @param {Record<string, unknown>} body
 * @param {Record<string, unknown> | undefined} headers
 * @returns {string | undefined}
 */
export function platformToolsProblem(body, headers) {
  const mcp = betasOf(headers).includes(MCP_BETA);
  const servers = body.mcp_servers;
  if (servers !== undefined && !mcp) return 'mcp_servers: Extra inputs are not permitted';
  const names = new Set();
  if (servers !== undefined) {
    if (!Array.isArray(servers)) return 'mcp_servers: Input should be a valid list';
    for (const [i, server] of servers.entries()) {
      const problem = serverProblem(server, `mcp_servers.${i}`, names);
      if (problem) return problem;
    }
  }
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const code = codeExecutionProblem(body, tools, betasOf(headers));
  if (code) return code;
  const toolsets = new Set();
  for (const [i, tool] of tools.entries()) {
    if (!isRecord(tool) || typeof tool.type !== 'string') continue;
    const at = `tools.${i}`;
    if (WEB_SEARCH.test(tool.type) || WEB_FETCH.test(tool.type)) {
      const problem = webToolProblem(tool, at, WEB_SEARCH.test(tool.type) ? 'web_search' : 'web_fetch');
      if (problem) return problem;
    } else if (tool.type === 'mcp_toolset') {
      if (!mcp)
        return `${at}.type: Input tag 'mcp_toolset' found using 'type' does not match any of the expected tags`;
      const name = tool.mcp_server_name;
      if (typeof name !== 'string' || !names.has(name))
        return `${at}.mcp_toolset: mcp_server_name '${String(name)}' does not match any server in mcp_servers`;
      if (toolsets.has(name))
        return `${at}.mcp_toolset: MCP server '${name}' is referenced by more than one toolset`;
      toolsets.add(name);
    }
  }
  for (const name of names) {
    if (!toolsets.has(name))
      return `mcp_servers: MCP server '${String(name)}' is not referenced by any mcp_toolset in tools`;
  }
  if (!mcp) {
    const problem = mcpHistoryProblem(body.messages);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The code execution tool's rules: the tool's name and beta, `container`, and its result blocks in the history.
 * @param {Record<string, unknown>} body @param {unknown[]} tools @param {string[]} betas
 */
function codeExecutionProblem(body, tools, betas) {
  let offered = false;
  for (const [i, tool] of tools.entries()) {
    if (!isRecord(tool) || typeof tool.type !== 'string' || !CODE_EXECUTION.test(tool.type)) continue;
    offered = true;
    if (tool.name !== 'code_execution')
      return `tools.${i}.${tool.type}.name: Input should be 'code_execution'`;
    if (tool.type === 'code_execution_20250825' && !betas.includes(CODE_EXECUTION_BETA))
      return `tools.${i}.type: the tool ${tool.type} needs the header anthropic-beta: ${CODE_EXECUTION_BETA}`;
  }
  const container = body.container;
  if (container != null) {
    if (typeof container !== 'string' && !isRecord(container))
      return 'container: Input should be a valid string or a valid dictionary';
    if (!offered) return 'container: a container can only be given with a code execution tool in tools';
  }
  if (!Array.isArray(body.messages)) return undefined;
  for (const [n, message] of body.messages.entries()) {
    if (!isRecord(message) || message.role !== 'assistant' || !Array.isArray(message.content)) continue;
    for (const [k, block] of message.content.entries()) {
      const problem = isRecord(block) ? codeResultProblem(block, `messages.${n}.content.${k}`) : undefined;
      if (problem) return problem;
    }
  }
  return undefined;
}

/** @param {Record<string, unknown>} block @param {string} at */
function codeResultProblem(block, at) {
  const content = block.content;
  if (block.type === 'bash_code_execution_tool_result') {
    if (!isRecord(content)) return `${at}.content: Field required`;
    if (content.type === 'bash_code_execution_tool_result_error')
      return typeof content.error_code === 'string' ? undefined : `${at}.content.error_code: Field required`;
    if (content.type !== 'bash_code_execution_result')
      return `${at}.content.type: Input tag '${String(content.type)}' does not match any of the expected tags`;
    if (typeof content.stdout !== 'string' || typeof content.stderr !== 'string')
      return `${at}.content.stdout: Field required`;
    if (!Number.isInteger(content.return_code)) return `${at}.content.return_code: Field required`;
    if (!Array.isArray(content.content)) return `${at}.content.content: Input should be a valid list`;
    for (const [j, out] of content.content.entries()) {
      if (!isRecord(out) || out.type !== 'bash_code_execution_output' || typeof out.file_id !== 'string')
        return `${at}.content.content.${j}: Input should be a bash_code_execution_output with a file_id`;
    }
    return undefined;
  }
  if (block.type === 'text_editor_code_execution_tool_result') {
    if (!isRecord(content)) return `${at}.content: Field required`;
    const kinds = [
      'text_editor_code_execution_view_result',
      'text_editor_code_execution_create_result',
      'text_editor_code_execution_str_replace_result',
      'text_editor_code_execution_tool_result_error',
    ];
    if (!kinds.includes(String(content.type)))
      return `${at}.content.type: Input tag '${String(content.type)}' does not match any of the expected tags`;
  }
  return undefined;
}

/** @param {unknown} server @param {string} at @param {Set<unknown>} names */
function serverProblem(server, at, names) {
  if (!isRecord(server)) return `${at}: Input should be a valid dictionary`;
  if (server.type !== 'url') return `${at}.type: Input should be 'url'`;
  if (typeof server.url !== 'string' || !server.url.startsWith('https://'))
    return `${at}.url: MCP server URL must start with https://`;
  if (typeof server.name !== 'string' || server.name.length === 0) return `${at}.name: Field required`;
  if (names.has(server.name)) return `mcp_servers: MCP server names must be unique: '${server.name}'`;
  names.add(server.name);
  if (server.authorization_token !== undefined && typeof server.authorization_token !== 'string')
    return `${at}.authorization_token: Input should be a valid string`;
  if ('tool_configuration' in server) return `${at}.tool_configuration: Extra inputs are not permitted`;
  return undefined;
}

/** @param {Record<string, unknown>} tool @param {string} at @param {string} name */
function webToolProblem(tool, at, name) {
  const tag = `${at}.${String(tool.type)}`;
  if (tool.name !== name) return `${tag}.name: Input should be '${name}'`;
  if (tool.allowed_domains != null && tool.blocked_domains != null)
    return `${tag}: Only one of allowed_domains or blocked_domains can be specified`;
  for (const key of ['allowed_domains', 'blocked_domains']) {
    const list = tool[key];
    if (list == null) continue;
    if (!Array.isArray(list)) return `${tag}.${key}: Input should be a valid list`;
    for (const domain of list) {
      if (typeof domain !== 'string' || !DOMAIN.test(domain) || domain.includes('://'))
        return `${tag}.${key}: Invalid domain '${String(domain)}': give a domain without a scheme, such as example.com`;
    }
  }
  if (tool.max_uses != null && (!Number.isInteger(tool.max_uses) || Number(tool.max_uses) < 1))
    return `${tag}.max_uses: Input should be greater than or equal to 1`;
  return undefined;
}

/** @param {unknown} messages */
function mcpHistoryProblem(messages) {
  if (!Array.isArray(messages)) return undefined;
  for (const [n, message] of messages.entries()) {
    const blocks = isRecord(message) && Array.isArray(message.content) ? message.content : [];
    for (const [k, block] of blocks.entries()) {
      if (isRecord(block) && (block.type === 'mcp_tool_use' || block.type === 'mcp_tool_result'))
        return `messages.${n}.content.${k}.type: Input tag '${block.type}' found using 'type' does not match any of the expected tags`;
    }
  }
  return undefined;
}
