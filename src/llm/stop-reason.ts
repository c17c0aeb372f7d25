/**
 * The API's `stop_reason` mapped to the agent's `StopReason`, with a sentence for the person where the stop
 * needs one.
 */
import type { StopReason } from '../agent';
import { stringField } from './guards';

export interface MappedStop {
  readonly stopReason: StopReason;
  /** A sentence for the person, when the stop needs explaining. */
  readonly stopDetails?: string;
}

export const CONTEXT_OVERFLOW_DETAILS =
  "The conversation is too long for this model's context window, so the answer was cut off. Start a new " +
  'conversation, remove large attachments, or choose a model with a larger context window.';

const LENGTH_DETAILS = 'The answer reached the output token limit and was cut off.';

export const PAUSE_LIMIT_DETAILS =
  'The model paused its turn several times in a row. Send a message to let it continue.';

function refusalDetails(details: unknown): string {
  const explanation = stringField(details, 'explanation');
  const category = stringField(details, 'category');
  const base = explanation ?? 'Claude declined to answer this request.';
  return category ? `${base} (category: ${category})` : base;
}

/**
 * Maps the API's `stop_reason` (and `stop_details`) to the agent's `StopReason`. `pause_turn` is continued by
 * the provider; it reaches this function only when the continuation limit is spent. An unknown or missing
 * reason on a finished message counts as a normal stop.
 */
export function mapStopReason(raw: string | undefined, details: unknown): MappedStop {
  switch (raw) {
    case 'max_tokens':
      return { stopReason: 'length', stopDetails: LENGTH_DETAILS };
    case 'tool_use':
      return { stopReason: 'toolUse' };
    case 'refusal':
      return { stopReason: 'refusal', stopDetails: refusalDetails(details) };
    case 'model_context_window_exceeded':
      return { stopReason: 'contextOverflow', stopDetails: CONTEXT_OVERFLOW_DETAILS };
    case 'pause_turn':
      return { stopReason: 'stop', stopDetails: PAUSE_LIMIT_DETAILS };
    default:
      return { stopReason: 'stop' };
  }
}
