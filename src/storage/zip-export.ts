/**
 * One session as a zip with its files (`Export with files`): `session.json`, the export file `Import` reads
 * back (the source of truth), `session.md` to read, every file Claude wrote (its latest version under
 * `artifacts/`, each version under `artifacts/versions/<name>/`) and the attached files' bytes under
 * `attachments/`. Loaded, with jszip, only when such an export is made.
 */

import JSZip from 'jszip';
import type { AgentMessage } from '../agent';
import { base64ToBytes } from './base64';
import { sessionToMarkdown } from './markdown-export';
import {
  type ExportedMessage,
  type ExportedSession,
  type ExportFile,
  openBranch,
  serializeExport,
} from './transfer';
import { SESSION_JSON } from './zip-import';

type ArtifactMessage = Extract<AgentMessage, { role: 'artifact' }>;

const README = `This is one Easel session with its files.

session.json      The session as Easel's export file: Settings → Import reads this zip (or this file)
                  back, with its messages, attached files, the files Claude wrote and what they stored.
session.md        The conversation to read: each message with its role and time.
artifacts/        The latest version of every file Claude wrote (a deleted file is not here).
artifacts/versions/<name>/v<N>.<ext>
                  Every version of each file.
attachments/      The files attached to the conversation, as stored.

Only session.json is read back on import; the other files are copies for people.
`;

/**
 * The zip of the file's one session. Entry names are made safe (no folders of their own, no control
 * characters) and unique; a binary file is written as its bytes, and so is an image file Claude wrote as
 * base64.
 */
export async function sessionZip(file: ExportFile): Promise<Uint8Array> {
  const only = file.sessions[0];
  if (!only || file.sessions.length !== 1) throw new Error('A zip export holds exactly one session.');
  const date = new Date(file.exportedAt);
  const zip = new JSZip();
  const add = (name: string, data: string | Uint8Array) => zip.file(name, data, { date });
  add('README.txt', README);
  add('session.md', sessionToMarkdown(only.session, openBranch(only)));
  add(SESSION_JSON, serializeExport(file));

  const artifactsOf = (messages: readonly ExportedMessage[]) =>
    messages.flatMap(({ message }) => (message.role === 'artifact' ? [message] : []));
  // Every version of every branch is kept; the latest file is the open branch's.
  const artifacts = artifactsOf(only.messages);
  const latest = new Map<string, ArtifactMessage>();
  for (const message of artifactsOf(openBranch(only))) latest.set(message.filename, message);
  for (const message of artifacts) if (!latest.has(message.filename)) latest.set(message.filename, message);
  // `versions` is the folder of versions: no file of that name may stand beside it.
  const artifactNames = new UniqueNames(['versions']);
  const folders = new Map<string, { readonly folder: string; readonly names: UniqueNames }>();
  for (const [filename, message] of latest) {
    const name = artifactNames.take(safeName(filename));
    folders.set(filename, { folder: name, names: new UniqueNames() });
    if (message.action !== 'delete') add(`artifacts/${name}`, artifactBytes(message));
  }
  for (const message of artifacts) {
    const place = folders.get(message.filename);
    if (!place || message.action === 'delete') continue;
    const ext = safeName(extensionOf(message.filename));
    const version = place.names.take(`v${message.version}${ext ? `.${ext}` : ''}`);
    add(`artifacts/versions/${place.folder}/${version}`, artifactBytes(message));
  }

  const attachmentNames = new UniqueNames();
  for (const { name, base64 } of attachmentFiles(only)) {
    const bytes = base64ToBytes(base64);
    if (bytes) add(`attachments/${attachmentNames.take(safeName(name))}`, bytes);
  }
  return zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
}

/**
 * Each attached file under its name, as attached: the bytes the person gave (`sourceId`) where the stored
 * file is a conversion of them (an office file's Markdown, a downscaled image), else the stored file. Bytes no
 * message names (none, unless the file was edited by hand) follow as `file-<n>`.
 */
function attachmentFiles(session: ExportedSession): { name: string; base64: string }[] {
  const byId = new Map(session.attachments.map((a) => [a.id, a]));
  const files: { name: string; base64: string }[] = [];
  const used = new Set<string>();
  for (const { message } of session.messages) {
    if (message.role !== 'user-with-attachments') continue;
    for (const a of message.attachments) {
      const source = a.sourceId === undefined ? undefined : byId.get(a.sourceId);
      const file = source ?? byId.get(a.id);
      if (!file || used.has(a.id)) continue;
      used.add(a.id);
      if (source) used.add(source.id);
      files.push({ name: a.name, base64: file.base64 });
    }
  }
  for (const a of session.attachments) {
    if (!used.has(a.id)) files.push({ name: a.name ?? `file-${files.length + 1}`, base64: a.base64 });
  }
  return files;
}

/** Names made unique by a counter before the extension: `cat.png`, `cat (2).png`, `cat (3).png`. */
class UniqueNames {
  private readonly taken: Set<string>;

  constructor(reserved: readonly string[] = []) {
    this.taken = new Set(reserved.map((n) => n.toLowerCase()));
  }

  /** `name`, or the first free variant of it (compared without case, as most file systems do). */
  take(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

/** One path segment: no slashes, controls or characters Windows refuses; never `.`, `..` or empty. */
function safeName(name: string): string {
  const cleaned = name
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029/\\:*?"<>|]/gu, '_')
    .trim()
    .slice(0, 120);
  return cleaned === '' || /^\.+$/.test(cleaned) ? '_' : cleaned;
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,/;

/**
 * What the file holds as written to disk: its text, or for a raster image written as base64 (or a
 * `data:image/…;base64,` URL, as the panel shows them) the image's bytes.
 */
function artifactBytes(message: ArtifactMessage): string | Uint8Array {
  if (message.bytes !== undefined) return message.bytes;
  if (!IMAGE_EXTENSIONS.has(extensionOf(message.filename))) return message.content;
  const base64 = message.content.trim().replace(DATA_IMAGE, '').replace(/\s+/g, '');
  return (/^[A-Za-z0-9+/]+=*$/.test(base64) && base64ToBytes(base64)) || message.content;
}
