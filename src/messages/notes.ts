/**
 * The notes the model reads about changes the person made to artifacts. The model saw its own changes as tool
 * calls and results; a change made in the panel it would otherwise never learn of.
 */
import type { ArtifactMessage } from './types';

/** Content longer than this is not repeated in a note: the note gives its start and asks the model to `get` it. */
export const NOTE_CONTENT_LIMIT = 20_000;
/** How much of an over-long file a note shows. */
const NOTE_EXCERPT_LENGTH = 2_000;

/** A note telling the model what the person changed, with the file's new content (or its start, when huge). */
export function personChangeNote(record: ArtifactMessage): string {
  const name = record.filename;
  const lead = leadFor(record);
  if (record.action === 'delete') return lead;
  if (record.bytes !== undefined)
    return `${lead}; it is a binary file (${record.mimeType ?? 'application/octet-stream'}, ${record.bytes.byteLength.toLocaleString('en-US')} bytes), shown in the panel.`;
  const content = record.content;
  if (content.length <= NOTE_CONTENT_LIMIT) return `${lead}; its content is now:\n\n${fenced(content, name)}`;
  return (
    `${lead}; it is now ${content.length.toLocaleString('en-US')} characters long. ` +
    `Its first ${NOTE_EXCERPT_LENGTH.toLocaleString('en-US')} characters are below; ` +
    `use the artifacts tool's \`get\` command to read all of it.\n\n${fenced(content.slice(0, NOTE_EXCERPT_LENGTH), name)}`
  );
}

function leadFor(record: ArtifactMessage): string {
  const name = record.filename;
  switch (record.action) {
    case 'restore':
      return record.restoredFrom === undefined
        ? `The user restored an earlier version of ${name} (now version ${record.version})`
        : `The user restored version ${record.restoredFrom} of ${name} (now version ${record.version})`;
    case 'delete':
      return `The user deleted ${name}.`;
    case 'create':
      return `The user created ${name} (version ${record.version})`;
    default:
      return `The user edited ${name} (now version ${record.version})`;
  }
}

/** `content` in a Markdown code fence longer than any run of backticks inside it. */
function fenced(content: string, filename: string): string {
  let longest = 0;
  for (const run of content.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const dot = filename.lastIndexOf('.');
  const info = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  const body = content.endsWith('\n') ? content : `${content}\n`;
  return `${fence}${/^[a-z0-9+#-]+$/.test(info) ? info : ''}\n${body}${fence}`;
}
