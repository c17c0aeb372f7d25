/**
 * The guard for messages from an import file (or another device): `parseAgentMessage` and the file-name rule.
 * Apart from `validate-message.ts`, so the first screen, which only reads this database back, does not carry it.
 */

import type { AgentMessage } from '../agent';
import { refusedCharacterProblem, visibleName } from './file-names';
import { bad, type Parsed } from './guards';
import { parseAgentMessage } from './validate-message';

/**
 * Checks a message from an import file (read back from JSON with `messageFromJson` first): everything
 * {@link parseAgentMessage} checks, and that its file names
 * (an artifact record's, each attachment's) hold no character that makes a name read as another — controls,
 * invisible format characters such as the bidi override U+202E, line separators. The problem quotes the name
 * with such characters written as `<U+202E>`. Messages read back from this app's own database are not held
 * to it, so a session saved before the rule keeps every message.
 */
export function parseImportedMessage(value: unknown): Parsed<AgentMessage> {
  const parsed = parseAgentMessage(value);
  if (!parsed.ok) return parsed;
  const problem = fileNameProblemOf(parsed.value);
  return problem === undefined ? parsed : bad(problem);
}

/** The first file name of `message` that is refused, as a sentence without a capital, or `undefined`. */
function fileNameProblemOf(message: AgentMessage): string | undefined {
  const named: { what: string; name: string }[] =
    message.role === 'artifact'
      ? [{ what: 'the artifact file name', name: message.filename }]
      : message.role === 'user-with-attachments'
        ? message.attachments.map((a) => ({ what: 'the attachment name', name: a.name }))
        : [];
  for (const { what, name } of named) {
    const problem = refusedCharacterProblem(name);
    if (problem !== undefined) return `${what} "${visibleName(name)}" ${problem}`;
  }
  return undefined;
}
