/**
 * The model catalog: built-in models and prices, the default pick, cost from usage, and models read from
 * `GET /v1/models`.
 */
import { EFFORT_LEVELS, type ThinkingLevel, type Usage, type UsageCost } from '../agent';
import { booleanField, field, isRecord, numberField, stringField } from './guards';
import type { ModelInfo, ModelPrice } from './types';

/**
 * Built-in prices, US dollars per million tokens (input, output, 5-minute cache write, cache read).
 * Source: Anthropic's pricing page and per-model overview pages (platform.claude.com/docs/en/about-claude/pricing,
 * …/models/<model>/overview), read 2026-11-24. Claude Haiku 5.5 is billed in two bands; these are the rates
 * for prompts up to 100K tokens. Claude Sonnet 5.5's cache-read rate is the one in force from 2026-10-07.
 */
const PRICE_SOURCE = 'https://platform.claude.com/docs/en/about-claude/pricing';
const PRICE_DATE = '2026-11-24';

function price(input: number, output: number, cacheWrite: number, cacheRead: number): ModelPrice {
  return { input, output, cacheWrite, cacheRead, source: PRICE_SOURCE, asOf: PRICE_DATE };
}

const PRICES: Readonly<Record<string, ModelPrice>> = {
  'claude-fable-5-1': price(10, 50, 12.5, 0.25),
  'claude-mythos-5-1': price(10, 50, 12.5, 0.25),
  'claude-fable-5': price(10, 50, 12.5, 1),
  'claude-mythos-5': price(10, 50, 12.5, 1),
  'claude-opus-5-5': price(4, 20, 5, 0.2),
  'claude-opus-5': price(5, 25, 6.25, 0.5),
  'claude-opus-4-8': price(5, 25, 6.25, 0.5),
  'claude-opus-4-7': price(5, 25, 6.25, 0.5),
  'claude-opus-4-6': price(5, 25, 6.25, 0.5),
  'claude-opus-4-5': price(5, 25, 6.25, 0.5),
  'claude-sonnet-5-5': price(2, 10, 2.5, 0.1),
  'claude-sonnet-5': price(2, 10, 2.5, 0.2),
  'claude-sonnet-4-6': price(3, 15, 3.75, 0.3),
  'claude-sonnet-4-5': price(3, 15, 3.75, 0.3),
  'claude-haiku-5-5': price(0.1, 0.5, 0.125, 0.01),
  'claude-haiku-4-5': price(1, 5, 1.25, 0.1),
};

/** The price of a model id, also for dated snapshots (`claude-haiku-4-5-20251001` → `claude-haiku-4-5`). */
export function priceFor(modelId: string): ModelPrice | undefined {
  return PRICES[modelId] ?? PRICES[modelId.replace(/-\d{8}$/, '')];
}

function builtin(
  id: string,
  displayName: string,
  contextWindow: number,
  maxOutput: number,
  effortLevels: readonly ThinkingLevel[],
): ModelInfo {
  return {
    id,
    displayName,
    contextWindow,
    maxOutput,
    supportsImages: true,
    supportsPdf: true,
    supportsThinking: effortLevels.some((level) => level !== 'off'),
    effortLevels,
    price: priceFor(id),
  };
}

/**
 * The fallback catalog when `GET /v1/models` is unavailable (no key yet, or a server without it). Limits and
 * levels come from the models' overview pages (read 2026-11-24); `/v1/models` overrides them when it answers.
 * Models whose thinking cannot be turned off (or where that is not documented) do not offer `off`.
 */
export const BUILTIN_MODELS: readonly ModelInfo[] = [
  builtin('claude-opus-5-5', 'Claude Opus 5.5', 1_000_000, 128_000, EFFORT_LEVELS),
  builtin('claude-sonnet-5-5', 'Claude Sonnet 5.5', 1_000_000, 128_000, EFFORT_LEVELS),
  builtin('claude-haiku-5-5', 'Claude Haiku 5.5', 1_000_000, 128_000, EFFORT_LEVELS),
  builtin('claude-fable-5-1', 'Claude Fable 5.1', 1_000_000, 128_000, EFFORT_LEVELS),
  builtin('claude-opus-5', 'Claude Opus 5', 1_000_000, 128_000, ['off', ...EFFORT_LEVELS]),
  builtin('claude-sonnet-5', 'Claude Sonnet 5', 1_000_000, 128_000, ['off', ...EFFORT_LEVELS]),
  builtin('claude-opus-4-8', 'Claude Opus 4.8', 1_000_000, 128_000, ['off', ...EFFORT_LEVELS]),
  {
    // Compaction's supported models (platform.claude.com/docs/en/build-with-claude/compaction) list it.
    ...builtin('claude-sonnet-4-6', 'Claude Sonnet 4.6', 1_000_000, 64_000, ['off', 'low', 'medium', 'high']),
    supportsCompaction: true,
  },
  builtin('claude-haiku-4-5', 'Claude Haiku 4.5', 200_000, 64_000, ['off']),
];

/** Preferred defaults, best first (Anthropic's docs suggest starting with Opus 5.5). */
const DEFAULT_ORDER = [
  'claude-opus-5-5',
  'claude-sonnet-5-5',
  'claude-opus-5',
  'claude-sonnet-5',
  'claude-opus-4-8',
  'claude-sonnet-4-6',
  'claude-haiku-5-5',
  'claude-haiku-4-5',
];

/** A sensible default among the models the key can see; `undefined` for an empty list. */
export function pickDefaultModel(models: readonly ModelInfo[]): ModelInfo | undefined {
  for (const id of DEFAULT_ORDER) {
    const found = models.find((m) => m.id === id && !m.deprecated);
    if (found) return found;
  }
  return models.find((m) => !m.deprecated) ?? models[0];
}

/**
 * US dollars per web search: $10 per 1,000 searches, on top of the tokens its results add
 * (platform.claude.com/docs/en/about-claude/pricing, "Web search tool"). Page fetches cost only their tokens.
 */
export const WEB_SEARCH_PRICE = 0.01;

/** Cost in US dollars of `usage` at `price`. */
export function computeCost(usage: Omit<Usage, 'cost'>, price: ModelPrice): UsageCost {
  const input = (usage.input * price.input) / 1e6;
  const output = (usage.output * price.output) / 1e6;
  const cacheRead = (usage.cacheRead * price.cacheRead) / 1e6;
  const cacheWrite = (usage.cacheWrite * price.cacheWrite) / 1e6;
  const searches = usage.serverTools?.webSearches ?? 0;
  const webSearch = searches * WEB_SEARCH_PRICE;
  const tokens = input + output + cacheRead + cacheWrite;
  return searches > 0
    ? { input, output, cacheRead, cacheWrite, webSearch, total: tokens + webSearch }
    : { input, output, cacheRead, cacheWrite, total: tokens };
}

function supported(capabilities: unknown, ...path: string[]): boolean | undefined {
  let node: unknown = capabilities;
  for (const key of path) node = field(node, key);
  return booleanField(node, 'supported');
}

/**
 * Turns one entry of `GET /v1/models` into a `ModelInfo`, or `undefined` when it has no id. Capabilities the
 * API leaves out fall back to the built-in entry of the same id, then to permissive defaults.
 */
export function modelInfoFromApi(raw: unknown): ModelInfo | undefined {
  const id = stringField(raw, 'id');
  if (!id) return undefined;
  const known = BUILTIN_MODELS.find((m) => m.id === id);
  const caps = field(raw, 'capabilities');
  const hasCaps = isRecord(caps);
  const adaptive =
    supported(caps, 'thinking') === true && supported(caps, 'thinking', 'types', 'adaptive') === true;
  const canDisable = supported(caps, 'thinking', 'types', 'disabled') !== false;
  const effort = field(caps, 'effort');
  const levels = booleanField(effort, 'supported')
    ? EFFORT_LEVELS.filter((level) => supported(effort, level) === true)
    : [];
  const supportsThinking = hasCaps ? adaptive : (known?.supportsThinking ?? false);
  const effortLevels: ThinkingLevel[] = hasCaps
    ? [...(canDisable || !supportsThinking ? (['off'] as const) : []), ...(supportsThinking ? levels : [])]
    : [...(known?.effortLevels ?? ['off'])];
  return {
    id,
    displayName: stringField(raw, 'display_name') ?? known?.displayName ?? id,
    contextWindow: numberField(raw, 'max_input_tokens') ?? known?.contextWindow,
    maxOutput: numberField(raw, 'max_tokens') ?? known?.maxOutput,
    supportsImages: supported(caps, 'image_input') ?? known?.supportsImages ?? true,
    supportsPdf: supported(caps, 'pdf_input') ?? known?.supportsPdf ?? true,
    supportsThinking,
    effortLevels: effortLevels.length > 0 ? effortLevels : ['off'],
    ...((supported(caps, 'context_management', 'compact_20260112') ?? known?.supportsCompaction)
      ? { supportsCompaction: true }
      : {}),
    deprecated: stringField(raw, 'lifecycle') === 'deprecated' || undefined,
    price: priceFor(id),
  };
}

/** Whether a `GET /v1/models` entry is retired (no longer callable). */
export function isRetired(raw: unknown): boolean {
  return stringField(raw, 'lifecycle') === 'retired';
}
