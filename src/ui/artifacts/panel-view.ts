/**
 * What the panel shows, worked out from a store snapshot and the person's choices. Plain functions (no DOM,
 * no Lit), so the rules are easy to test.
 */
import {
  type ArtifactFile,
  type ArtifactKind,
  type ArtifactsSnapshot,
  type ArtifactVersion,
  artifactKindOf,
  type IncompleteArtifact,
} from '../../artifacts';
import { msg, str } from '../l10n';

/** The panel's views: the rendered preview, the source, or the changes against the previous version. */
export type PanelMode = 'preview' | 'code' | 'changes';

/** The value of the version selector that shows a file's incomplete text. */
export const INCOMPLETE = 'incomplete';

/** The person's choice of what to show of a file: a version, its incomplete text, or the default. */
export type Selection = number | typeof INCOMPLETE | undefined;

export interface TabView {
  readonly filename: string;
  /** A call is writing this file now. */
  readonly streaming: boolean;
  /** A call left this file incomplete (its answer ended before it ran). */
  readonly incomplete: boolean;
}

/** The file on screen. */
export interface ShownFile {
  readonly filename: string;
  readonly kind: ArtifactKind;
  /** What is shown: the streaming content, or the selected version's (`''` for a binary version). */
  readonly content: string;
  /** The shown version's bytes and their type, when it is a binary file (nothing to read as text). */
  readonly binary?: { readonly bytes: Uint8Array; readonly mimeType: string };
  /** Undefined while the file is first being written. */
  readonly file: ArtifactFile | undefined;
  /** The version shown (undefined while streaming, and for incomplete text). */
  readonly version: ArtifactVersion | undefined;
  /** The version before `version`, for the changes view. */
  readonly previous: ArtifactVersion | undefined;
  readonly streaming: boolean;
  /** The file's newest version is on screen (not an older one, not a stream, not incomplete text). */
  readonly latest: boolean;
  /** The file's incomplete text, when that is what is shown: read it, never run it, never a version. */
  readonly incomplete: IncompleteArtifact | undefined;
  /** The file has incomplete text (shown or not), so the version selector offers it. */
  readonly hasIncomplete: boolean;
}

/** Tabs: existing files in order, then files being created by a streaming call, then incomplete ones. */
export function tabsOf(snapshot: ArtifactsSnapshot): TabView[] {
  const writing = new Set(snapshot.streaming.map((s) => s.filename));
  const left = new Set(snapshot.incomplete.map((s) => s.filename));
  const tab = (filename: string): TabView => ({
    filename,
    streaming: writing.has(filename),
    incomplete: left.has(filename),
  });
  const tabs: TabView[] = snapshot.files.map((f) => tab(f.filename));
  const seen = new Set(tabs.map((t) => t.filename));
  for (const { filename } of [...snapshot.streaming, ...snapshot.incomplete]) {
    if (seen.has(filename)) continue;
    seen.add(filename);
    tabs.push(tab(filename));
  }
  return tabs;
}

/** The file to show when the one shown is gone: the one changed last. */
export function fallbackTab(snapshot: ArtifactsSnapshot): string | undefined {
  let best: ArtifactFile | undefined;
  for (const file of snapshot.files) {
    if (!best || file.current.timestamp >= best.current.timestamp) best = file;
  }
  return best?.filename ?? snapshot.streaming.at(-1)?.filename ?? snapshot.incomplete.at(-1)?.filename;
}

/**
 * What to show of `filename`: the text a call is writing now; else its incomplete text unless a version is
 * selected (it is the newest thing written to the file); else the selected version, or the newest.
 */
export function shownFile(
  snapshot: ArtifactsSnapshot,
  filename: string,
  selection: Selection,
): ShownFile | undefined {
  const file = snapshot.files.find((f) => f.filename === filename);
  const stream = findLast(snapshot.streaming, (s) => s.filename === filename);
  const left = snapshot.incomplete.find((s) => s.filename === filename);
  if (!file && !stream && !left) return undefined;
  const kind = artifactKindOf(filename);
  const hasIncomplete = left !== undefined;
  if (stream) {
    return {
      filename,
      kind,
      content: stream.content ?? file?.current.content ?? '',
      file,
      version: undefined,
      previous: undefined,
      streaming: true,
      latest: false,
      incomplete: undefined,
      hasIncomplete,
    };
  }
  if (left && (!file || typeof selection !== 'number')) {
    return {
      filename,
      kind,
      content: left.content,
      file,
      version: undefined,
      previous: file?.current,
      streaming: false,
      latest: false,
      incomplete: left,
      hasIncomplete,
    };
  }
  if (!file) return undefined;
  const selectedVersion = typeof selection === 'number' ? selection : undefined;
  const selected =
    selectedVersion === undefined ? -1 : file.versions.findIndex((v) => v.version === selectedVersion);
  const at = selected >= 0 ? selected : file.versions.length - 1;
  const version = file.versions[at] ?? file.current;
  return {
    filename,
    kind,
    content: version.content,
    ...(version.bytes === undefined
      ? {}
      : { binary: { bytes: version.bytes, mimeType: version.mimeType ?? 'application/octet-stream' } }),
    file,
    version,
    previous: file.versions[at - 1],
    streaming: false,
    latest: version === file.current,
    incomplete: undefined,
    hasIncomplete,
  };
}

/**
 * The label of incomplete text: what it is, how it was left, and that it was not saved, e.g.
 * `live.html — incomplete: Claude was stopped while writing it. Not saved.`
 */
export function incompleteLabel(left: IncompleteArtifact, file: ArtifactFile | undefined): string {
  const saved = file ? msg(str` Version ${file.current.version} is the latest saved one.`) : '';
  return msg(str`${left.filename} — incomplete: ${incompleteWhy(left)}. Not saved.${saved}`);
}

function incompleteWhy(left: IncompleteArtifact): string {
  switch (left.reason) {
    case 'stopped':
      return msg('Claude was stopped while writing it');
    case 'failed':
      return msg('the answer failed while Claude was writing it');
    case 'cutOff':
      return msg('the answer was cut off at its length limit while Claude was writing it');
    case 'refused':
      return msg('the answer ended in a refusal while Claude was writing it');
    case 'closed':
      return msg('the page was closed before the call that wrote it finished');
    default:
      return left.reason satisfies never;
  }
}

/**
 * The tab a key moves to in the `tablist` (arrows wrap around, `Home` and `End` go to the ends), or `undefined`
 * when the key does not move between tabs.
 */
export function tabForKey(
  tabs: readonly TabView[],
  active: string | undefined,
  key: string,
): string | undefined {
  const at = tabs.findIndex((t) => t.filename === active);
  const to =
    key === 'ArrowRight'
      ? at + 1
      : key === 'ArrowLeft'
        ? at - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? -1
            : undefined;
  if (to === undefined || tabs.length === 0) return undefined;
  return tabs[(to + tabs.length) % tabs.length]?.filename;
}

/**
 * The view shown of a file: the one the person chose, unless the file cannot show it (no preview for code or
 * text, no changes while it is first written); always the code while editing and for incomplete text.
 */
export function modeShown(shown: ShownFile, chosen: PanelMode, editing: boolean): PanelMode {
  if (shown.binary) return chosen === 'changes' ? 'changes' : 'preview';
  if (editing || shown.incomplete) return 'code';
  if (chosen === 'changes' && !shown.file) return 'preview';
  if (chosen === 'preview' && !hasPreview(shown.kind)) return 'code';
  return chosen;
}

/** Kinds with a rendered view besides their source. */
export function hasPreview(kind: ArtifactKind): boolean {
  return kind !== 'code' && kind !== 'text';
}

/** The label of a version in the selector. */
export function versionLabel(version: ArtifactVersion, latest: boolean): string {
  const notes: string[] = [];
  if (latest) notes.push(msg('latest'));
  if (version.author === 'person')
    notes.push(version.action === 'restore' ? msg('restored by you') : msg('edited by you'));
  return notes.length > 0
    ? msg(str`Version ${version.version} (${notes.join(msg(', '))})`)
    : msg(str`Version ${version.version}`);
}

function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item !== undefined && test(item)) return item;
  }
  return undefined;
}
