/**
 * `Compact`: makes a long conversation fit again. Where the model supports it, the API compacts the conversation
 * with the next message (server-side compaction); elsewhere Easel asks the model for a summary of its own and
 * appends it as a `compaction` record, which the model then reads in place of the messages before it. The
 * messages themselves stay in the session. Loaded with the first `Compact`.
 */
import type { AgentMessage, AssistantMessage } from '../../agent';
import type { CompactionMessage } from '../../messages';
import { latestCompaction } from '../../messages/convert';
import { requestKey } from '../../storage';
import { formatNumber } from '../format';
import { msg, str } from '../l10n';
import type { EaselServices } from './services';

/** How Easel's own summary turn is asked for. */
const SUMMARY_SYSTEM =
  'You summarise conversations between a person and Claude so the conversation can continue from the summary ' +
  'alone. Write plain text.';
const SUMMARY_REQUEST =
  'Write a summary of the conversation above. The purpose of this summary is to provide continuity so the ' +
  'conversation can go on in a new context where the messages above are replaced with this summary. Write down ' +
  'anything that would be helpful: what the person wants, decisions made, facts, files written and their state, ' +
  'open questions and next steps. Answer with the summary only.';
/** Longest transcript sent for a summary, in characters (about 150,000 tokens); older text is left out first. */
const MAX_TRANSCRIPT = 600_000;
const SUMMARY_TOKENS = 8_000;

/** Compacts the open conversation and returns a sentence for the person saying what happened. Never throws. */
export async function compactConversation(services: EaselServices): Promise<string> {
  const { agent, provider } = services;
  const state = agent.state;
  if (state.isStreaming) return msg('Claude is still answering: compact when the answer is done.');
  if (state.messages.length === 0) return msg('There is nothing to compact yet.');
  if (provider.compactNext(state.model))
    return msg('The API will compact the conversation before it answers your next message.');
  const messages = state.messages;
  const final = await summaryTurn(services, transcriptOf(messages.slice(latestCompaction(messages))));
  if (final.stopReason === 'error' || final.stopReason === 'aborted')
    return msg(
      str`Compaction failed: ${final.errorMessage ?? msg('the summary could not be written')}. Nothing was changed.`,
    );
  const summary = final.content
    .flatMap((c) => (c.type === 'text' ? [c.text] : []))
    .join('\n')
    .trim();
  if (!summary) return msg('Compaction failed: Claude wrote no summary. Nothing was changed.');
  const record: CompactionMessage = {
    role: 'compaction',
    summary,
    compacted: messages.length,
    model: state.model,
    usage: final.usage,
    timestamp: Date.now(),
  };
  agent.appendMessage(record);
  return msg(
    str`Compacted: Claude now reads a summary in place of the ${formatNumber(messages.length)} earlier messages, which stay in this session.`,
  );
}

async function summaryTurn(services: EaselServices, transcript: string): Promise<AssistantMessage> {
  const { agent, provider, settingsStore } = services;
  let final: AssistantMessage | undefined;
  const events = provider.streamFn(
    {
      systemPrompt: SUMMARY_SYSTEM,
      messages: [{ role: 'user', content: `${transcript}\n\n${SUMMARY_REQUEST}`, timestamp: Date.now() }],
    },
    {
      model: agent.state.model,
      thinkingLevel: 'off',
      apiKey: requestKey(settingsStore.snapshot),
      signal: new AbortController().signal,
      maxTokens: SUMMARY_TOKENS,
    },
  );
  for await (const event of events) {
    if (event.type === 'done' || event.type === 'error') final = event.message;
  }
  // A StreamFn always ends with `done` or `error`; the fallback only keeps the types honest.
  return final ?? { ...emptyAnswer(agent.state.model), stopReason: 'error' };
}

function emptyAnswer(model: string): AssistantMessage {
  return {
    role: 'assistant',
    content: [],
    provider: 'anthropic',
    model,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    stopReason: 'stop',
    timestamp: Date.now(),
  };
}

/** The conversation as plain text, newest kept when it is too long. */
export function transcriptOf(messages: readonly AgentMessage[]): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = messages.length - 1; i >= 0 && size < MAX_TRANSCRIPT; i--) {
    const line = lineOf(messages[i] as AgentMessage);
    if (!line) continue;
    lines.push(line);
    size += line.length;
  }
  const text = lines.reverse().join('\n\n');
  return text.length > MAX_TRANSCRIPT ? text.slice(text.length - MAX_TRANSCRIPT) : text;
}

function lineOf(m: AgentMessage): string {
  switch (m.role) {
    case 'user':
      return `Person: ${typeof m.content === 'string' ? m.content : m.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join('\n')}`;
    case 'user-with-attachments':
      return `Person: ${m.text}${m.attachments.length > 0 ? `\n[attached: ${m.attachments.map((a) => a.name).join(', ')}]` : ''}`;
    case 'assistant':
      return `Claude: ${m.content
        .map((c) => (c.type === 'text' ? c.text : c.type === 'toolCall' ? `[called ${c.name}]` : ''))
        .filter(Boolean)
        .join('\n')}`;
    case 'toolResult':
      return `[${m.toolName} ${m.isError ? 'failed' : 'returned'}: ${m.content
        .map((c) => (c.type === 'text' ? c.text.slice(0, 2_000) : '[image]'))
        .join('\n')}]`;
    case 'artifact':
      return `[${m.author === 'person' ? 'The person' : 'Claude'}: ${m.action} ${m.filename}, now version ${m.version}]`;
    case 'compaction':
      return `Summary of the conversation before this point:\n${m.summary}`;
    default:
      return '';
  }
}
