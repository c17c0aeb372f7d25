import { ContextProvider } from '@lit/context';
import { html } from 'lit';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ToolCall, ToolResultMessage } from '../../agent';
import { mount } from '../test-support';
import { type ToolRenderers, toolRenderersContext } from './tool-renderers';
import './tool-call-card';

const call: ToolCall = { type: 'toolCall', id: 'call-1', name: 'get_weather', arguments: { city: 'Oslo' } };

function result(text: string, isError = false): ToolResultMessage {
  return {
    role: 'toolResult',
    toolCallId: 'call-1',
    toolName: 'get_weather',
    content: [{ type: 'text', text }],
    isError,
    timestamp: 3,
  };
}

describe('<easel-tool-call-card>', () => {
  it('is a group named after the call, with its arguments and result inside', async () => {
    const { screen } = await mount('easel-tool-call-card', { call, result: result('Sunny, 21 °C') });
    const card = screen.getByRole('group', { name: 'Tool call: get_weather' });
    await expect.element(card).toHaveTextContent('done');
    await userEvent.click(screen.getByText('get_weather'));
    await expect.element(screen.getByRole('heading', { name: 'Arguments' })).toBeVisible();
    await expect.element(screen.getByText('"city": "Oslo"')).toBeVisible();
    await expect.element(screen.getByRole('heading', { name: 'Result' })).toBeVisible();
    await expect.element(screen.getByText('Sunny, 21 °C')).toBeVisible();
  });

  it('shows each stage of the call: writing, running, failed, not run, no result', async () => {
    const { el, screen } = await mount('easel-tool-call-card', { call, streaming: true });
    const card = screen.getByRole('group', { name: 'Tool call: get_weather' });
    await expect.element(card).toHaveTextContent('writing…');
    el.streaming = false;
    el.running = true;
    await expect.element(card).toHaveTextContent('running…');
    el.running = false;
    el.result = result('City not found', true);
    await expect.element(card).toHaveTextContent('failed');
    await userEvent.click(screen.getByText('get_weather'));
    await expect.element(screen.getByRole('heading', { name: 'Error' })).toBeVisible();
    el.result = undefined;
    el.unfinished = 'stopped';
    await expect
      .element(screen.getByRole('group', { name: 'Tool call: Stopped while writing a call to get_weather' }))
      .toHaveTextContent('not run');
    // The call had arrived whole: the page was closed before it finished, not while it was written.
    el.unfinished = 'closed';
    const closed = screen.getByRole('group', { name: 'Tool call: Page closed before get_weather finished' });
    await expect.element(closed).toHaveTextContent('no result');
    await expect.element(closed).not.toHaveTextContent('not run');
  });

  it('draws nothing without a call', async () => {
    const { el } = await mount('easel-tool-call-card');
    expect(el.shadowRoot?.querySelector('details')).toBeNull();
  });

  it('uses the renderer provided for its tool', async () => {
    const renderers: ToolRenderers = new Map([
      [
        'get_weather',
        {
          summary: (c) => `Weather for ${String(c.arguments.city)}`,
          renderArgs: (c) => html`<p>City: ${String(c.arguments.city)}</p>`,
          renderResult: () => html`<p>Forecast ready</p>`,
        },
      ],
    ]);
    const { screen } = await mount(
      'easel-tool-call-card',
      { call, result: result('Sunny') },
      {
        setup: (parent) =>
          new ContextProvider(parent, { context: toolRenderersContext, initialValue: renderers }),
      },
    );
    await expect
      .element(screen.getByRole('group', { name: 'Tool call: Weather for Oslo' }))
      .toBeInTheDocument();
    await userEvent.click(screen.getByText('Weather for Oslo'));
    await expect.element(screen.getByText('City: Oslo')).toBeVisible();
    await expect.element(screen.getByText('Forecast ready')).toBeVisible();
    expect(screen.getByText('"city": "Oslo"').elements()).toHaveLength(0);
  });
});
