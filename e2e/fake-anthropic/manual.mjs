// @ts-check
/**
 * Replies for a person trying the app by hand (`npm run fake-api`): with nothing scripted, the default namespace
 * streams a short Markdown answer quoting the user's last message. `/tour` lists a tour of the app's parts
 * (`tour.mjs`: artifacts, thinking, Markdown), and a few slash commands play the other kinds of response, so
 * error and timeout handling can be tried without a test.
 */
/** @import { ResponseSpec } from './types.js' */

import { drop, fixture, fixtureNames, hang, httpError, sse } from './responses.mjs';
import { afterToolReply, TOUR_COMMANDS, tourReply } from './tour.mjs';
import { isRecord } from './transcript.mjs';

/** Slow enough to watch the answer grow. */
const PACE = { deltaSize: 8, delayMs: 12 };

const HELP = [
  'Commands: `/tour` shows what Easel can do, `/fixture NAME` plays a recorded stream, `/error STATUS` answers with an HTTP error',
  '(e.g. `/error 429`), `/hang` never answers, `/drop` cuts the stream halfway, `/help` lists the streams.',
].join(' ');

/**
 * The text of the last user message: its string content, or its text blocks joined.
 * @param {unknown} body
 * @returns {{ text: string, toolResults: number, resultText: string }}
 */
function lastUserTurn(body) {
  const messages = isRecord(body) && Array.isArray(body.messages) ? body.messages : [];
  const last = messages.findLast((message) => isRecord(message) && message.role === 'user');
  const content = isRecord(last) ? last.content : undefined;
  if (typeof content === 'string') return { text: content, toolResults: 0, resultText: '' };
  const blocks = Array.isArray(content) ? content.filter(isRecord) : [];
  const results = blocks.filter((block) => block.type === 'tool_result');
  return {
    resultText: results
      .flatMap((block) =>
        typeof block.content === 'string'
          ? [block.content]
          : Array.isArray(block.content)
            ? block.content.filter(isRecord).map((part) => (typeof part.text === 'string' ? part.text : ''))
            : [],
      )
      .join('\n')
      .trim(),
    text: blocks
      .filter((block) => block.type === 'text' && typeof block.text === 'string')
      .map((block) => String(block.text))
      .join('\n'),
    toolResults: results.length,
  };
}

/**
 * The answer to a request the person made.
 * @param {unknown} body The request body.
 * @returns {ResponseSpec}
 */
export function manualReply(body) {
  const model = isRecord(body) && typeof body.model === 'string' ? body.model : undefined;
  const options = { ...PACE, ...(model && { model }) };
  const { text, toolResults, resultText } = lastUserTurn(body);
  if (toolResults > 0 && text.trim() === '') return afterToolReply(resultText, model ? { model } : {});
  const command = /^\/([a-z-]+)\b\s*(.*)$/s.exec(text.trim());
  const name = command?.[1] ?? '';
  if (TOUR_COMMANDS.includes(name)) {
    const reply = tourReply(name, model ? { model } : {});
    if (reply) return reply;
  }
  switch (name) {
    case 'fixture':
      try {
        return fixture(command?.[2]?.trim() ?? '', { delayMs: 25 });
      } catch (error) {
        return sse.text(`${error instanceof Error ? error.message : String(error)}`, options);
      }
    case 'error': {
      const status = Number.parseInt(command?.[2] ?? '', 10) || 500;
      return httpError(status, undefined, status === 429 || status === 529 ? { 'retry-after': '2' } : {});
    }
    case 'hang':
      return hang();
    case 'drop':
      return drop(
        600,
        sse.text('This answer is cut off in the middle, as a dropped connection would. '.repeat(8), PACE),
      );
    case 'help': {
      const names = fixtureNames().map((name) => `- \`${name}\``);
      return sse.text(`${HELP}\n\nRecorded streams:\n\n${names.join('\n')}\n`, { ...options, delayMs: 0 });
    }
    default:
      break;
  }
  const quoted =
    text === ''
      ? '> (no text)'
      : text
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n');
  const intro =
    toolResults > 0
      ? `**Fake Anthropic server**: received ${toolResults} tool result(s). Your last words were:`
      : '**Fake Anthropic server**: no model was called. You said:';
  return sse.text(
    `${intro}\n\n${quoted}\n\nType \`/tour\` to see what Easel can do, or \`/help\` for commands that play errors and recorded streams.\n`,
    options,
  );
}
