/** Tests for the model catalog: prices, the default model, costs and models read from the API. */
import { describe, expect, it } from 'vitest';
import { BUILTIN_MODELS, computeCost, modelInfoFromApi, pickDefaultModel, priceFor } from './catalog';
import type { ModelInfo } from './types';

const yes = { supported: true };
const no = { supported: false };

/** A `GET /v1/models` entry in the shape SDK 1.14.0 declares. */
function apiModel(id: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'model',
    id,
    display_name: `Display ${id}`,
    created_at: '2026-10-01T00:00:00Z',
    lifecycle: 'active',
    max_input_tokens: 1_000_000,
    max_tokens: 128_000,
    capabilities: {
      image_input: yes,
      pdf_input: no,
      thinking: { supported: true, types: { adaptive: yes, disabled: no, enabled: no, between_tools: yes } },
      effort: { supported: true, low: yes, medium: yes, high: yes, xhigh: null, max: yes },
    },
    ...overrides,
  };
}

describe('modelInfoFromApi', () => {
  it('reads limits and capabilities, and merges the built-in price', () => {
    expect(modelInfoFromApi(apiModel('claude-sonnet-5-5'))).toEqual({
      id: 'claude-sonnet-5-5',
      displayName: 'Display claude-sonnet-5-5',
      contextWindow: 1_000_000,
      maxOutput: 128_000,
      supportsImages: true,
      supportsPdf: false,
      supportsThinking: true,
      effortLevels: ['low', 'medium', 'high', 'max'],
      deprecated: undefined,
      price: priceFor('claude-sonnet-5-5'),
    });
  });

  it('offers off when thinking can be disabled, and only off without thinking', () => {
    const canDisable = apiModel('claude-x', {
      capabilities: {
        thinking: { supported: true, types: { adaptive: yes, disabled: yes } },
        effort: { supported: true, low: yes, medium: no, high: yes, max: no },
      },
    });
    expect(modelInfoFromApi(canDisable)?.effortLevels).toEqual(['off', 'low', 'high']);
    const noThinking = apiModel('claude-y', { capabilities: { thinking: { supported: false, types: {} } } });
    expect(modelInfoFromApi(noThinking)).toMatchObject({ supportsThinking: false, effortLevels: ['off'] });
  });

  it('still works for an unknown model without capabilities: cost unknown', () => {
    const info = modelInfoFromApi({
      id: 'claude-future-9',
      display_name: 'Claude Future 9',
      capabilities: null,
    });
    expect(info).toMatchObject({
      id: 'claude-future-9',
      displayName: 'Claude Future 9',
      effortLevels: ['off'],
    });
    expect(info?.price).toBeUndefined();
    expect(modelInfoFromApi({ display_name: 'no id' })).toBeUndefined();
  });

  it('marks deprecated models', () => {
    expect(modelInfoFromApi(apiModel('claude-opus-4-5', { lifecycle: 'deprecated' }))?.deprecated).toBe(true);
  });
});

describe('prices and cost', () => {
  it('prices dated snapshots like their alias', () => {
    expect(priceFor('claude-haiku-4-5-20251001')).toEqual(priceFor('claude-haiku-4-5'));
    expect(priceFor('claude-haiku-4-5')).toMatchObject({
      input: 1,
      output: 5,
      cacheWrite: 1.25,
      cacheRead: 0.1,
    });
    expect(priceFor('claude-haiku-4-5')?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('computes cost per token kind in dollars', () => {
    const price = priceFor('claude-opus-5-5');
    if (!price) throw new Error('missing price');
    expect(
      computeCost({ input: 1_000_000, output: 500_000, cacheRead: 2_000_000, cacheWrite: 100_000 }, price),
    ).toEqual({
      input: 4,
      output: 10,
      cacheRead: 0.4,
      cacheWrite: 0.5,
      total: 14.9,
    });
  });
});

describe('pickDefaultModel', () => {
  const model = (id: string, extra: Partial<ModelInfo> = {}): ModelInfo => ({
    id,
    displayName: id,
    supportsImages: true,
    supportsPdf: true,
    supportsThinking: false,
    effortLevels: ['off'],
    ...extra,
  });

  it('prefers the recommended model when the key can see it', () => {
    expect(pickDefaultModel([model('claude-haiku-5-5'), model('claude-opus-5-5')])?.id).toBe(
      'claude-opus-5-5',
    );
    expect(pickDefaultModel(BUILTIN_MODELS)?.id).toBe('claude-opus-5-5');
  });

  it('falls back to the first non-deprecated model, and to nothing for an empty list', () => {
    expect(pickDefaultModel([model('claude-opus-5-5', { deprecated: true }), model('claude-z')])?.id).toBe(
      'claude-z',
    );
    expect(pickDefaultModel([])).toBeUndefined();
  });

  it('has a price and limits for every built-in model', () => {
    for (const m of BUILTIN_MODELS) {
      expect(m.price, m.id).toBeDefined();
      expect(m.effortLevels.length, m.id).toBeGreaterThan(0);
    }
  });
});
