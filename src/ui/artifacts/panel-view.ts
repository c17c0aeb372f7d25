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
} from '../../artifacts';

/** The panel's views: the rendered preview, the source, or the changes against the previous version. */
export type PanelMode = 'preview' | 'code' | 'changes';

export interface TabView {
  readonly filename: string;
  /** A call is writing this file now. */
  readonly streaming: boolean;
}

/** The file on screen. */
export interface ShownFile {
  readonly filename: string;
  readonly kind: ArtifactKind;
  /** What is shown: the streaming content, or the selected version's. */
  readonly content: string;
  /** Undefined while the file is first being written. */
  readonly file: ArtifactFile | undefined;
  /** The version shown (undefined while streaming). */
  readonly version: ArtifactVersion | undefined;
  /** The version before `version`, for the changes view. */
  readonly previous: ArtifactVersion | undefined;
  readonly streaming: boolean;
  /** The file's newest version is on screen (not an older one, not a stream). */
  readonly latest: boolean;
}

/** Tabs: existing files in order, then files being created by a streaming call. */
export function tabsOf(snapshot: ArtifactsSnapshot): TabView[] {
  const writing = new Set(snapshot.streaming.map((s) => s.filename));
  const tabs: TabView[] = snapshot.files.map((f) => ({
    filename: f.filename,
    streaming: writing.has(f.filename),
  }));
  const seen = new Set(tabs.map((t) => t.filename));
  for (const s of snapshot.streaming) {
    if (seen.has(s.filename)) continue;
    seen.add(s.filename);
    tabs.push({ filename: s.filename, streaming: true });
  }
  return tabs;
}

/** The file to show when the one shown is gone: the one changed last. */
export function fallbackTab(snapshot: ArtifactsSnapshot): string | undefined {
  let best: ArtifactFile | undefined;
  for (const file of snapshot.files) {
    if (!best || file.current.timestamp >= best.current.timestamp) best = file;
  }
  return best?.filename ?? snapshot.streaming.at(-1)?.filename;
}

export function shownFile(
  snapshot: ArtifactsSnapshot,
  filename: string,
  selectedVersion: number | undefined,
): ShownFile | undefined {
  const file = snapshot.files.find((f) => f.filename === filename);
  const stream = findLast(snapshot.streaming, (s) => s.filename === filename);
  if (!file && !stream) return undefined;
  const kind = artifactKindOf(filename);
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
    };
  }
  if (!file) return undefined;
  const selected =
    selectedVersion === undefined ? -1 : file.versions.findIndex((v) => v.version === selectedVersion);
  const at = selected >= 0 ? selected : file.versions.length - 1;
  const version = file.versions[at] ?? file.current;
  return {
    filename,
    kind,
    content: version.content,
    file,
    version,
    previous: file.versions[at - 1],
    streaming: false,
    latest: version === file.current,
  };
}

/** Kinds with a rendered view besides their source. */
export function hasPreview(kind: ArtifactKind): boolean {
  return kind !== 'code' && kind !== 'text';
}

/** The label of a version in the selector. */
export function versionLabel(version: ArtifactVersion, latest: boolean): string {
  const notes: string[] = [];
  if (latest) notes.push('latest');
  if (version.author === 'person')
    notes.push(version.action === 'restore' ? 'restored by you' : 'edited by you');
  return notes.length > 0 ? `Version ${version.version} (${notes.join(', ')})` : `Version ${version.version}`;
}

function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item !== undefined && test(item)) return item;
  }
  return undefined;
}
