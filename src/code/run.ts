/**
 * What a `run_code` call does, loaded with the first run (the tool's definition, in `tool.ts`, is in the app's
 * first load; this is not): runs the code, puts the files it wrote into the panel, and makes the result.
 */
import type { AgentMessage, AgentToolResult, ImageContent, ToolUpdateCallback } from '../agent';
import { type ArtifactStore, bytesOfVersion, recordFile } from '../artifacts';
import {
  type AttachedFile,
  type CodeFile,
  type CodeLanguage,
  type CodeRunner,
  RUN_CODE_TOOL_NAME,
  type RunCodeArgs,
  type RunCodeDetails,
  type RunCodeToolDeps,
  type RunEvent,
  type RunOutcome,
} from './types';

/** Most characters of output a result carries (the start and the end are kept). */
export const MAX_OUTPUT_CHARS = 20_000;
/** Most characters of the last value and of the error. */
export const MAX_VALUE_CHARS = 8_000;
/** Most images one result carries. */
export const MAX_IMAGES = 8;
/** Largest image (bytes) sent to Claude. */
const MAX_IMAGE_BYTES = 3_750_000;

/** Per tool: the calls this page ran, and the sessions and languages already told their state is gone. */
export interface RunMemory {
  readonly ranHere: Set<string>;
  readonly toldReload: Set<string>;
}

export async function executeRun(
  deps: RunCodeToolDeps,
  memory: RunMemory,
  toolCallId: string,
  args: RunCodeArgs,
  signal: AbortSignal,
  onUpdate: ToolUpdateCallback<RunCodeDetails>,
): Promise<AgentToolResult<RunCodeDetails>> {
  const now = deps.now ?? (() => Date.now());
  memory.ranHere.add(toolCallId);
  const session = deps.session();
  const started = now();
  const stop = new AbortController();
  const abort = () => stop.abort();
  signal.addEventListener('abort', abort, { once: true });
  let unregister: (() => void) | undefined;
  let details: RunCodeDetails = { language: args.language, output: [], images: [], files: [] };
  const publish = (next: RunCodeDetails) => {
    details = next;
    runner?.live?.update(toolCallId, next);
    onUpdate({ content: [], details: next });
  };
  const notes: string[] = [];
  let runner: CodeRunner | undefined;
  try {
    runner = await deps.runner();
    unregister = runner.live?.start(toolCallId, () => stop.abort());
    const lost = runner.takeStateLost(session);
    const told = `${session}\n${args.language}`;
    if (lost) notes.push(lost);
    else if (!memory.toldReload.has(told) && reloadedSince(deps.history(), memory.ranHere, args.language))
      notes.push(
        `The state of earlier ${languageName(args.language)} runs is gone (the page was reloaded or the conversation reopened): define the variables and imports you need again.`,
      );
    memory.toldReload.add(told);
    const outcome = await runner.run(
      session,
      {
        language: args.language,
        code: args.code,
        files: await loadFiles(deps.files()),
        outputs: panelFiles(deps.store),
        timeLimitMs: deps.timeLimitMs(),
      },
      stop.signal,
      (event) => publish(withEvent(details, event)),
    );
    const files = outcome.kind === 'done' ? writeFiles(deps, toolCallId, outcome.files, now) : [];
    const { status: _status, ...rest } = details;
    publish({
      ...rest,
      ...(outcome.kind === 'done' && outcome.value !== undefined ? { value: outcome.value } : {}),
      ...(outcome.kind === 'done' && outcome.error !== undefined ? { error: outcome.error } : {}),
      files,
      ending: endingOf(outcome),
      elapsedMs: now() - started,
    });
    return resultOf(details, outcome, notes);
  } finally {
    signal.removeEventListener('abort', abort);
    unregister?.();
  }
}

function languageName(language: CodeLanguage): string {
  return language === 'python' ? 'Python' : 'JavaScript';
}

/** Whether the conversation has `language` runs this page did not make (their state is gone). */
function reloadedSince(
  messages: readonly AgentMessage[],
  ranHere: ReadonlySet<string>,
  language: CodeLanguage,
): boolean {
  return messages.some(
    (m) =>
      m.role === 'assistant' &&
      m.content.some(
        (c) =>
          c.type === 'toolCall' &&
          c.name === RUN_CODE_TOOL_NAME &&
          c.arguments.language === language &&
          !ranHere.has(c.id),
      ),
  );
}

/**
 * The most output a run keeps (characters of stdout and stderr together): a run that prints more keeps its first
 * part and one line saying the rest was left out, so a print loop cannot grow the card, the saved session or the
 * tab's memory without bound (the time limit ends it).
 */
export const MAX_KEPT_OUTPUT = 1_000_000;
/** The most images one run keeps. */
export const MAX_KEPT_IMAGES = 20;
const OUTPUT_CUT_NOTE = `\n[Output past ${MAX_KEPT_OUTPUT.toLocaleString('en-US')} characters was left out.]\n`;

function keptOutput(details: RunCodeDetails): number {
  return details.output.reduce((sum, o) => sum + o.text.length, 0);
}

export function withEvent(details: RunCodeDetails, event: RunEvent): RunCodeDetails {
  switch (event.kind) {
    case 'output': {
      const kept = keptOutput(details);
      if (kept >= MAX_KEPT_OUTPUT) return details;
      if (kept + event.text.length > MAX_KEPT_OUTPUT) {
        const room = MAX_KEPT_OUTPUT - kept;
        const cut = { stream: 'stderr' as const, text: OUTPUT_CUT_NOTE };
        const head = withEvent(details, { ...event, text: event.text.slice(0, room) });
        // The note itself stands past the limit, so nothing more is added after it.
        return { ...head, output: [...head.output, cut] };
      }
      const last = details.output.at(-1);
      const output =
        last?.stream === event.stream
          ? [...details.output.slice(0, -1), { stream: event.stream, text: last.text + event.text }]
          : [...details.output, { stream: event.stream, text: event.text }];
      return { ...details, output, status: undefined };
    }
    case 'image':
      if (details.images.length >= MAX_KEPT_IMAGES) return details;
      return {
        ...details,
        images: [...details.images, { mediaType: event.mediaType, data: base64(event.bytes) }],
      };
    case 'status':
      return { ...details, status: event.text };
    default:
      return event satisfies never;
  }
}

function endingOf(outcome: RunOutcome): RunCodeDetails['ending'] {
  switch (outcome.kind) {
    case 'done':
      return outcome.ok ? 'done' : 'error';
    case 'timeout':
    case 'stopped':
    case 'failed':
      return outcome.kind;
    default:
      return outcome satisfies never;
  }
}

/** The panel's files as bytes (text as UTF-8, binary files as they are), for the code to read and change. */
function panelFiles(store: ArtifactStore): CodeFile[] {
  return store.list().map((f) => ({ name: f.filename, bytes: new Uint8Array(bytesOfVersion(f.current)) }));
}

/**
 * Puts the files a run wrote into the panel, each as a new version (`recordFile`: text files as text, others
 * as their exact bytes).
 */
function writeFiles(
  deps: RunCodeToolDeps,
  toolCallId: string,
  files: readonly CodeFile[],
  now: () => number,
): RunCodeDetails['files'] {
  return files.map((file) => {
    const result = recordFile(
      { store: deps.store, appendRecord: deps.appendRecord, now },
      { filename: file.name, bytes: file.bytes, mimeType: '', toolCallId },
    );
    if (!result.ok) return { name: file.name, note: `not put in the panel: ${result.reason}` };
    return { name: file.name, version: result.changed ? result.record.version : result.version };
  });
}

/** `text` cut to `max` characters (its start and its end), saying how much was left out. */
export function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.8);
  const tail = max - head;
  const left = text.length - head - tail;
  return `${text.slice(0, head)}\n… [${left.toLocaleString('en')} characters left out] …\n${text.slice(-tail)}`;
}

function resultOf(
  details: RunCodeDetails,
  outcome: RunOutcome,
  notes: readonly string[],
): AgentToolResult<RunCodeDetails> {
  const parts: string[] = [...notes];
  const output = details.output.map((o) => (o.stream === 'stderr' ? `[stderr] ${o.text}` : o.text)).join('');
  switch (outcome.kind) {
    case 'timeout':
      parts.push(
        `The run was ended after ${outcome.limitMs / 1000} s, the time limit, and its state (variables, imports) is gone. Make the code faster, or split the work into smaller runs.`,
      );
      break;
    case 'stopped':
      parts.push('The run was stopped by the person, and its state (variables, imports) is gone.');
      break;
    case 'failed':
      parts.push(`The code could not run: ${outcome.message}`);
      break;
    case 'done':
      break;
    default:
      outcome satisfies never;
  }
  parts.push(output ? `Output:\n${bounded(output, MAX_OUTPUT_CHARS)}` : 'Output: (nothing printed)');
  if (details.value !== undefined) parts.push(`Value:\n${bounded(details.value, MAX_VALUE_CHARS)}`);
  if (details.error !== undefined) parts.push(`Error:\n${bounded(details.error, MAX_VALUE_CHARS)}`);
  if (details.files.length > 0)
    parts.push(
      `Files written:\n${details.files
        .map(
          (f) =>
            `- ${f.name}${f.version !== undefined ? ` (version ${f.version}, in the panel)` : ''}${f.note ? ` (${f.note})` : ''}`,
        )
        .join('\n')}`,
    );
  const images: ImageContent[] = [];
  for (const image of details.images) {
    if (images.length >= MAX_IMAGES) break;
    const mimeType = imageType(image.mediaType);
    if (mimeType && image.data.length * 0.75 <= MAX_IMAGE_BYTES)
      images.push({ type: 'image', mimeType, data: image.data });
  }
  if (details.images.length > images.length)
    parts.push(
      `${details.images.length - images.length} of ${details.images.length} images were left out (too many or too large).`,
    );
  if (images.length > 0)
    parts.push(`${images.length === 1 ? 'The image' : `The ${images.length} images`} shown follow.`);
  return {
    content: [{ type: 'text', text: parts.join('\n\n') }, ...images],
    details,
    ...(outcome.kind !== 'done' || !outcome.ok ? { isError: true } : {}),
  };
}

function imageType(type: string): ImageContent['mimeType'] | undefined {
  return type === 'image/png' || type === 'image/jpeg' || type === 'image/gif' || type === 'image/webp'
    ? type
    : undefined;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The attached files' bytes as attached (files no longer stored are left out; a name attached twice: the later). */
async function loadFiles(files: readonly AttachedFile[]): Promise<CodeFile[]> {
  const loaded = await Promise.all(
    files
      .filter((f) => f.notKept === undefined)
      .map(async (f) => {
        const blob = await f.load().catch(() => undefined);
        return blob ? { name: f.name, bytes: new Uint8Array(await blob.arrayBuffer()) } : undefined;
      }),
  );
  const byName = new Map<string, CodeFile>();
  for (const f of loaded) if (f) byName.set(f.name, f);
  return [...byName.values()];
}
