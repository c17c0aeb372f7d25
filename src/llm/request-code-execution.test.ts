/**
 * Anthropic's code execution tool in the request: the tool and its beta header, the container reused while it
 * lives, and its blocks resent as they came (or as notes once the tool is off), held to the fake API's rules.
 */
import { describe, expect, it } from 'vitest';
import { requestProblem } from '../../e2e/fake-anthropic/request-rules.mjs';
import type { AssistantContent, AssistantMessage, LlmContext, Message } from '../agent';
import { createAccumulator } from './accumulator';
import {
  buildRequest,
  CODE_EXECUTION_BETA,
  plainRequest,
  type RequestSettings,
  requestBetas,
} from './request';

const MODEL = 'claude-opus-5-5';
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
const NOW = Date.parse('2026-12-07T12:00:00Z');

const opaque = (value: Record<string, unknown>): AssistantContent => ({
  type: 'opaque',
  provider: 'anthropic',
  value,
});
const assistant = (content: readonly AssistantContent[]): AssistantMessage => ({
  role: 'assistant',
  content,
  provider: 'anthropic',
  model: MODEL,
  usage,
  stopReason: 'stop',
  timestamp: 2,
});
const ask = (text: string): Message => ({ role: 'user', content: text, timestamp: 1 });

// Shapes from the code execution tool's documentation and `@anthropic-ai/sdk` 1.14.0's response types
// (`ServerToolUseBlock` with its `caller`, `BashCodeExecutionToolResultBlock`, `TextEditorCodeExecutionToolResultBlock`).
const BASH_USE = {
  type: 'server_tool_use',
  id: 'srvtoolu_01',
  name: 'bash_code_execution',
  input: { command: 'python make_chart.py' },
  caller: { type: 'direct' },
};
const BASH_RESULT = {
  type: 'bash_code_execution_tool_result',
  tool_use_id: 'srvtoolu_01',
  content: {
    type: 'bash_code_execution_result',
    stdout: 'saved chart.png\n',
    stderr: '',
    return_code: 0,
    content: [{ type: 'bash_code_execution_output', file_id: 'file_011CNha8iCJcU1wXNR6q4V8w' }],
  },
};
const EDIT_USE = {
  type: 'server_tool_use',
  id: 'srvtoolu_02',
  name: 'text_editor_code_execution',
  input: { command: 'view', path: '/tmp/missing.py' },
  caller: { type: 'direct' },
};
const EDIT_ERROR = {
  type: 'text_editor_code_execution_tool_result',
  tool_use_id: 'srvtoolu_02',
  content: {
    type: 'text_editor_code_execution_tool_result_error',
    error_code: 'file_not_found',
    error_message: null,
  },
};
const container = (expires: string) =>
  opaque({ type: 'container', id: 'container_011CN', expires_at: expires });

const history = (expires: string): Message[] => [
  ask('Make a chart'),
  assistant([
    opaque(BASH_USE),
    opaque(BASH_RESULT),
    opaque(EDIT_USE),
    opaque(EDIT_ERROR),
    { type: 'text', text: 'Done: chart.png' },
    container(expires),
  ]),
  ask('Now a bigger one'),
];

const context = (messages: Message[]): LlmContext => ({ systemPrompt: 'Be brief.', messages });
const settings = (extra: Partial<RequestSettings>): RequestSettings => ({
  model: MODEL,
  thinkingLevel: 'off',
  now: NOW,
  ...extra,
});
const headersOf = (betas: readonly string[]) => (betas.length ? { 'anthropic-beta': betas.join(',') } : {});

describe('the code execution tool in the request', () => {
  it('is offered with its beta header only when on', () => {
    const on = buildRequest(context([ask('Hi')]), settings({ codeExecution: true }));
    expect(on.tools).toContainEqual(
      expect.objectContaining({ type: 'code_execution_20250825', name: 'code_execution' }),
    );
    expect(requestBetas(on)).toContain(CODE_EXECUTION_BETA);
    expect(requestProblem(on, headersOf(requestBetas(on)))).toBeUndefined();
    const off = buildRequest(context([ask('Hi')]), settings({}));
    expect(JSON.stringify(off.tools ?? [])).not.toContain('code_execution');
    expect(requestBetas(off)).not.toContain(CODE_EXECUTION_BETA);
  });

  it('the fake API refuses the tool without its beta header', () => {
    const on = buildRequest(context([ask('Hi')]), settings({ codeExecution: true }));
    expect(requestProblem(on, {})).toMatch(/code-execution-2025-08-25/);
  });

  it('resends its blocks exactly as received and reuses the live container', () => {
    const body = buildRequest(context(history('2026-12-07T12:30:00Z')), settings({ codeExecution: true }));
    const turn = body.messages[1];
    expect(turn?.content).toEqual([
      BASH_USE,
      BASH_RESULT,
      EDIT_USE,
      EDIT_ERROR,
      { type: 'text', text: 'Done: chart.png' },
    ]);
    expect(body.container).toBe('container_011CN');
    expect(requestProblem(body, headersOf(requestBetas(body)))).toBeUndefined();
  });

  it('leaves an expired container out: the API starts a new one', () => {
    const body = buildRequest(context(history('2026-12-07T11:59:00Z')), settings({ codeExecution: true }));
    expect(body.container).toBeUndefined();
    expect(requestProblem(body, headersOf(requestBetas(body)))).toBeUndefined();
  });

  it('turned off, says what ran as notes and sends no container', () => {
    const body = buildRequest(context(history('2026-12-07T12:30:00Z')), settings({}));
    expect(body.container).toBeUndefined();
    const text = JSON.stringify(body.messages[1]?.content);
    expect(text).not.toContain('server_tool_use');
    expect(text).toContain('python make_chart.py');
    expect(text).toContain('saved chart.png');
    expect(text).toContain('file_not_found');
    expect(requestProblem(body, headersOf(requestBetas(body)))).toBeUndefined();
  });

  it('a local or compatible server gets neither the tool nor the container', () => {
    const body = plainRequest(
      buildRequest(context(history('2026-12-07T12:30:00Z')), settings({ codeExecution: true })),
    );
    expect(body.container).toBeUndefined();
    expect(JSON.stringify(body.tools ?? [])).not.toContain('code_execution_20250825');
  });

  it('keeps the container an answer ran in with the answer, never as a block of its own', () => {
    const acc = createAccumulator(assistant([]), undefined);
    acc.apply({ type: 'message_start', message: { usage: { input_tokens: 1, output_tokens: 1 } } });
    acc.apply({ type: 'content_block_start', index: 0, content_block: BASH_RESULT });
    acc.apply({ type: 'content_block_stop', index: 0 });
    acc.apply({
      type: 'message_delta',
      delta: {
        stop_reason: 'end_turn',
        container: { id: 'container_011CN', expires_at: '2026-12-07T12:30:00Z' },
      },
      usage: { output_tokens: 5 },
    });
    const message = acc.snapshot();
    expect(message.content[1]).toEqual(container('2026-12-07T12:30:00Z'));
    const body = buildRequest(context([ask('Hi'), message, ask('Again')]), settings({ codeExecution: true }));
    expect(JSON.stringify(body.messages)).not.toContain('"container"');
    expect(body.container).toBe('container_011CN');
  });
});
