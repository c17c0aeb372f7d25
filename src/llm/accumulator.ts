/**
 * Folds a stream's raw server-sent events into one `AssistantMessage`, emitting the agent's events as it
 * goes.
 */
import type { AssistantContent, AssistantMessage, AssistantMessageEvent, ToolCall, Usage } from '../agent';
import { computeCost } from './catalog';
import { field, isRecord, numberField, stringField } from './guards';
import { createPartialJsonParser, type PartialJsonParser } from './partial-json';
import { CONTAINER_PART } from './request-messages';
import type { ModelPrice } from './types';

/** Server-side blocks kept opaque and resent verbatim (a paused turn needs them back). */
const OPAQUE_BLOCKS = new Set([
  'server_tool_use',
  'web_search_tool_result',
  'web_fetch_tool_result',
  'code_execution_tool_result',
  'bash_code_execution_tool_result',
  'text_editor_code_execution_tool_result',
  'tool_search_tool_result',
  'container_upload',
  'mcp_tool_use',
  'mcp_tool_result',
  // The API's summary of the conversation before it (server-side compaction); its content arrives whole in
  // one `compaction_delta`. Resent as received: the API drops what came before it.
  'compaction',
]);

/** Opaque blocks whose `input` streams as `input_json_delta`. */
const STREAMED_INPUT = new Set(['server_tool_use', 'mcp_tool_use']);

type Kind = 'text' | 'thinking' | 'redacted' | 'toolCall' | 'opaque';

interface BlockState {
  readonly kind: Kind;
  /** Position in the message's `content`. */
  readonly pos: number;
  open: boolean;
  readonly parser?: PartialJsonParser;
  /** The opaque block as it started (its `input` is rebuilt from the parser). */
  readonly start?: Readonly<Record<string, unknown>>;
}

type RawUsage = Omit<Usage, 'cost'>;

/** Tokens of the API's compaction step, which the top-level usage leaves out (`usage.iterations`). */
interface CompactionUsage {
  readonly input: number;
  readonly output: number;
}

const ZERO: RawUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/**
 * Folds the raw events of one Messages API response into an `AssistantMessage`, defensively: every event is
 * `unknown` until guarded, unknown block and delta types are skipped, and nothing here throws. Usage numbers
 * are cumulative: later values overwrite earlier ones. `base` carries the content and usage of earlier legs of
 * the same answer (a continued `pause_turn`), which this leg appends to.
 */
export interface StreamAccumulator {
  /** Applies one raw event and returns the events for the agent. */
  apply(event: unknown): AssistantMessageEvent[];
  /** Ends blocks the stream left open (each gets its `*_end` event). */
  closeOpenBlocks(): AssistantMessageEvent[];
  /** The message so far (a fresh immutable snapshot). */
  snapshot(): AssistantMessage;
  /** `stop_reason` as the API sent it. */
  readonly stopReason: string | undefined;
  readonly stopDetails: unknown;
  readonly sawMessageStop: boolean;
}

export function createAccumulator(base: AssistantMessage, price: ModelPrice | undefined): StreamAccumulator {
  const content: AssistantContent[] = [...base.content];
  const blocks = new Map<number, BlockState | 'ignored'>();
  let usage: RawUsage = ZERO;
  let compacting: CompactionUsage = { input: 0, output: 0 };
  let stopReason: string | undefined;
  let stopDetails: unknown;
  let sawMessageStop = false;
  let containerPos: number | undefined;

  // The code execution container the answer ran in, kept as the last opaque part (`CONTAINER_PART`, never resent
  // as a block) so the next request can reuse it while it lives.
  const readContainer = (raw: unknown): void => {
    const id = stringField(raw, 'id');
    const expires = stringField(raw, 'expires_at');
    if (!id || !expires) return;
    const part: AssistantContent = {
      type: 'opaque',
      provider: 'anthropic',
      value: { type: CONTAINER_PART, id, expires_at: expires },
    };
    if (containerPos === undefined) containerPos = content.push(part) - 1;
    else content[containerPos] = part;
  };

  const readUsage = (raw: unknown): void => {
    if (!isRecord(raw)) return;
    const server = field(raw, 'server_tool_use');
    const webSearches = numberField(server, 'web_search_requests') ?? usage.serverTools?.webSearches ?? 0;
    const webFetches = numberField(server, 'web_fetch_requests') ?? usage.serverTools?.webFetches ?? 0;
    usage = {
      input: numberField(raw, 'input_tokens') ?? usage.input,
      output: numberField(raw, 'output_tokens') ?? usage.output,
      cacheRead: numberField(raw, 'cache_read_input_tokens') ?? usage.cacheRead,
      cacheWrite: numberField(raw, 'cache_creation_input_tokens') ?? usage.cacheWrite,
      ...(webSearches > 0 || webFetches > 0 ? { serverTools: { webSearches, webFetches } } : {}),
    };
    const iterations = field(raw, 'iterations');
    if (Array.isArray(iterations)) {
      const steps = iterations.filter((it) => stringField(it, 'type') === 'compaction');
      compacting = {
        input: steps.reduce((n, it) => n + (numberField(it, 'input_tokens') ?? 0), 0),
        output: steps.reduce((n, it) => n + (numberField(it, 'output_tokens') ?? 0), 0),
      };
    }
  };

  const snapshot = (): AssistantMessage => {
    const webSearches = (base.usage.serverTools?.webSearches ?? 0) + (usage.serverTools?.webSearches ?? 0);
    const webFetches = (base.usage.serverTools?.webFetches ?? 0) + (usage.serverTools?.webFetches ?? 0);
    const total: RawUsage = {
      input: base.usage.input + usage.input,
      output: base.usage.output + usage.output,
      cacheRead: base.usage.cacheRead + usage.cacheRead,
      cacheWrite: base.usage.cacheWrite + usage.cacheWrite,
      ...(webSearches > 0 || webFetches > 0 ? { serverTools: { webSearches, webFetches } } : {}),
    };
    // The compaction step is billed like any sampling (its input and output tokens), but it is not the
    // conversation's size: it counts in the cost only.
    if (!price) return { ...base, content: [...content], usage: total };
    const billed = {
      ...total,
      input: total.input + compacting.input,
      output: total.output + compacting.output,
    };
    const cost = computeCost(billed, price);
    // What earlier legs' compaction cost, which their usage numbers leave out.
    const earlier = base.usage.cost ? base.usage.cost.total - computeCost(base.usage, price).total : 0;
    return {
      ...base,
      content: [...content],
      usage: { ...total, cost: { ...cost, total: cost.total + earlier } },
    };
  };

  const update = (pos: number, block: AssistantContent): void => {
    content[pos] = block;
  };

  const args = (parser: PartialJsonParser | undefined): Readonly<Record<string, unknown>> => {
    const value = parser?.value();
    return isRecord(value) ? value : {};
  };

  const start = (index: number, raw: unknown): AssistantMessageEvent[] => {
    const type = stringField(raw, 'type');
    const pos = content.length;
    const add = (kind: Kind, block: AssistantContent, extra: Partial<BlockState> = {}): void => {
      content.push(block);
      blocks.set(index, { kind, pos, open: true, ...extra });
    };
    switch (type) {
      case 'text': {
        const citations = field(raw, 'citations');
        const text = stringField(raw, 'text') ?? '';
        add('text', { type: 'text', text, ...(Array.isArray(citations) ? { citations } : {}) });
        const events: AssistantMessageEvent[] = [
          { type: 'text_start', contentIndex: pos, partial: snapshot() },
        ];
        if (text) events.push({ type: 'text_delta', contentIndex: pos, delta: text, partial: snapshot() });
        return events;
      }
      case 'thinking': {
        const thinking = stringField(raw, 'thinking') ?? '';
        const signature = stringField(raw, 'signature') || undefined;
        add('thinking', { type: 'thinking', thinking, ...(signature ? { signature } : {}) });
        const events: AssistantMessageEvent[] = [
          { type: 'thinking_start', contentIndex: pos, partial: snapshot() },
        ];
        if (thinking)
          events.push({ type: 'thinking_delta', contentIndex: pos, delta: thinking, partial: snapshot() });
        return events;
      }
      case 'redacted_thinking':
        add('redacted', { type: 'redactedThinking', data: stringField(raw, 'data') ?? '' });
        return [{ type: 'thinking_start', contentIndex: pos, partial: snapshot() }];
      case 'tool_use': {
        const input = field(raw, 'input');
        const call: ToolCall = {
          type: 'toolCall',
          id: stringField(raw, 'id') ?? '',
          name: stringField(raw, 'name') ?? '',
          arguments: isRecord(input) ? input : {},
        };
        add('toolCall', call, { parser: createPartialJsonParser() });
        return [{ type: 'toolcall_start', contentIndex: pos, partial: snapshot() }];
      }
      default:
        if (type && OPAQUE_BLOCKS.has(type) && isRecord(raw)) {
          add(
            'opaque',
            { type: 'opaque', provider: 'anthropic', value: raw },
            {
              start: raw,
              parser: STREAMED_INPUT.has(type) ? createPartialJsonParser() : undefined,
            },
          );
        } else {
          blocks.set(index, 'ignored');
        }
        return [];
    }
  };

  const delta = (block: BlockState, raw: unknown): AssistantMessageEvent[] => {
    const current = content[block.pos];
    const type = stringField(raw, 'type');
    const pos = block.pos;
    if (current?.type === 'text' && type === 'text_delta') {
      const text = stringField(raw, 'text') ?? '';
      if (!text) return [];
      update(pos, { ...current, text: current.text + text });
      return [{ type: 'text_delta', contentIndex: pos, delta: text, partial: snapshot() }];
    }
    if (current?.type === 'text' && type === 'citations_delta') {
      const citation = field(raw, 'citation');
      if (citation !== undefined)
        update(pos, { ...current, citations: [...(current.citations ?? []), citation] });
      return [];
    }
    if (current?.type === 'thinking' && type === 'thinking_delta') {
      const thinking = stringField(raw, 'thinking') ?? '';
      if (!thinking) return [];
      update(pos, { ...current, thinking: current.thinking + thinking });
      return [{ type: 'thinking_delta', contentIndex: pos, delta: thinking, partial: snapshot() }];
    }
    if (current?.type === 'thinking' && type === 'signature_delta') {
      const signature = stringField(raw, 'signature');
      if (signature) update(pos, { ...current, signature });
      return [];
    }
    if (current?.type === 'opaque' && type === 'compaction_delta' && isRecord(current.value)) {
      const piece = field(raw, 'content');
      const before = current.value.content;
      const encrypted = field(raw, 'encrypted_content');
      const text =
        typeof piece === 'string' ? (typeof before === 'string' ? before + piece : piece) : (before ?? null);
      update(pos, {
        ...current,
        value: {
          ...current.value,
          content: text,
          ...(typeof encrypted === 'string' ? { encrypted_content: encrypted } : {}),
        },
      });
      return [];
    }
    if (type === 'input_json_delta' && block.parser) {
      const json = stringField(raw, 'partial_json') ?? '';
      if (!json) return [];
      block.parser.push(json);
      if (current?.type === 'toolCall') {
        update(pos, { ...current, arguments: args(block.parser) });
        return [{ type: 'toolcall_delta', contentIndex: pos, delta: json, partial: snapshot() }];
      }
      if (current?.type === 'opaque' && block.start) {
        update(pos, { ...current, value: { ...block.start, input: args(block.parser) } });
      }
    }
    return [];
  };

  const stop = (block: BlockState): AssistantMessageEvent[] => {
    block.open = false;
    const pos = block.pos;
    const current = content[pos];
    switch (block.kind) {
      case 'text':
        return [{ type: 'text_end', contentIndex: pos, partial: snapshot() }];
      case 'thinking':
      case 'redacted':
        return [{ type: 'thinking_end', contentIndex: pos, partial: snapshot() }];
      case 'toolCall': {
        if (current?.type !== 'toolCall') return [];
        const toolCall: ToolCall = block.parser?.processedChars
          ? { ...current, arguments: args(block.parser) }
          : current;
        update(pos, toolCall);
        return [{ type: 'toolcall_end', contentIndex: pos, toolCall, partial: snapshot() }];
      }
      case 'opaque':
        return [];
    }
  };

  const apply = (event: unknown): AssistantMessageEvent[] => {
    const index = numberField(event, 'index');
    switch (stringField(event, 'type')) {
      case 'message_start':
        readUsage(field(field(event, 'message'), 'usage'));
        readContainer(field(field(event, 'message'), 'container'));
        return [];
      case 'content_block_start':
        return index === undefined || blocks.has(index) ? [] : start(index, field(event, 'content_block'));
      case 'content_block_delta': {
        const block = index === undefined ? undefined : blocks.get(index);
        return block && block !== 'ignored' && block.open ? delta(block, field(event, 'delta')) : [];
      }
      case 'content_block_stop': {
        const block = index === undefined ? undefined : blocks.get(index);
        return block && block !== 'ignored' && block.open ? stop(block) : [];
      }
      case 'message_delta': {
        const d = field(event, 'delta');
        stopReason = stringField(d, 'stop_reason') ?? stopReason;
        stopDetails = field(d, 'stop_details') ?? stopDetails;
        readContainer(field(d, 'container'));
        readUsage(field(event, 'usage'));
        return [];
      }
      case 'message_stop':
        sawMessageStop = true;
        return [];
      default:
        return [];
    }
  };

  const closeOpenBlocks = (): AssistantMessageEvent[] => {
    const events: AssistantMessageEvent[] = [];
    for (const block of blocks.values()) {
      if (block !== 'ignored' && block.open) events.push(...stop(block));
    }
    return events;
  };

  return {
    apply,
    closeOpenBlocks,
    snapshot,
    get stopReason() {
      return stopReason;
    },
    get stopDetails() {
      return stopDetails;
    },
    get sawMessageStop() {
      return sawMessageStop;
    },
  };
}
