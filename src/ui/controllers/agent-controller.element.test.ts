/** Element tests of `AgentController`'s pacing while an answer streams, with a real agent in a real browser. */
import { html, LitElement } from 'lit';
import { live } from 'lit/directives/live.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent, type AssistantMessage, type StreamFn } from '../../agent';
import { mount } from '../test-support';
import { AgentController } from './agent-controller';

/** Shows the answer's text (streaming, then finished) through `AgentController`, counting its renders. */
class StreamFollower extends LitElement {
  agent: Agent | undefined;
  renders = 0;
  /** When each render ran (`performance.now()`). */
  readonly renderTimes: number[] = [];
  private readonly follower = new AgentController(this);

  override willUpdate(): void {
    this.follower.agent = this.agent;
  }

  override render() {
    this.renders++;
    this.renderTimes.push(performance.now());
    const state = this.follower.state;
    const message = state?.streamMessage ?? state?.messages.findLast((m) => m.role === 'assistant');
    const content = message?.role === 'assistant' ? message.content : [];
    const text = content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    return html`<p>${text}</p>`;
  }
}
customElements.define('test-stream-follower', StreamFollower);

declare global {
  interface HTMLElementTagNameMap {
    'test-stream-follower': StreamFollower;
  }
}

/**
 * Shows the streaming answer through a `StreamSink` (as the app hands it to the conversation) and the finished
 * one through its own render, counting both. Its template binds the streaming text with `live`, as the app
 * does: the sink changes it between renders.
 */
class SinkFollower extends LitElement {
  agent: Agent | undefined;
  renders = 0;
  /** What the sink was given, in order. */
  readonly sunk: (AssistantMessage | null)[] = [];
  /** Whether the sink can show the message (as the conversation, once it is in the page). */
  sinkReady = true;
  private readonly follower = new AgentController(this, (message) => {
    const live = this.renderRoot.querySelector('.live');
    if (!live || !this.sinkReady) return false;
    this.sunk.push(message);
    live.textContent = textOf(message);
    return true;
  });

  override willUpdate(): void {
    this.follower.agent = this.agent;
  }

  override render() {
    this.renders++;
    const state = this.follower.state;
    const answer = state?.messages.findLast((m) => m.role === 'assistant');
    return html`<p class="live" .textContent=${live(textOf(state?.streamMessage ?? null))}></p>
      <p class="done">${answer?.role === 'assistant' ? textOf(answer) : ''}</p>
      <p>${this.follower.queues?.followUp.length ?? 0} queued</p>`;
  }
}
customElements.define('test-sink-follower', SinkFollower);

function textOf(message: AssistantMessage | null): string {
  return (message?.content ?? []).map((block) => (block.type === 'text' ? block.text : '')).join('');
}

declare global {
  interface HTMLElementTagNameMap {
    'test-sink-follower': SinkFollower;
  }
}

/** The page's own `setTimeout`, for the scripted stream to wait with while a test counts everyone else's. */
const pageSetTimeout = window.setTimeout.bind(window);

/** An answer of `count` words, one every `everyMs` ms. */
function wordsStream(count: number, everyMs: number): StreamFn {
  return async function* (_context, options) {
    let partial: AssistantMessage = {
      role: 'assistant',
      content: [],
      provider: 'scripted',
      model: options.model,
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 },
      stopReason: 'stop',
      timestamp: Date.now(),
    };
    yield { type: 'start', partial };
    let text = '';
    partial = { ...partial, content: [{ type: 'text', text }] };
    yield { type: 'text_start', contentIndex: 0, partial };
    for (let i = 0; i < count; i++) {
      await new Promise((resolve) => pageSetTimeout(resolve, everyMs));
      text += `word${i} `;
      partial = { ...partial, content: [{ type: 'text', text }] };
      yield { type: 'text_delta', contentIndex: 0, delta: `word${i} `, partial };
    }
    yield { type: 'text_end', contentIndex: 0, partial };
    yield { type: 'done', message: partial };
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AgentController while an answer streams', () => {
  it('shows every piece of a slow answer', async () => {
    const agent = new Agent({ streamFn: wordsStream(24, 100) });
    const { el, screen } = await mount('test-stream-follower', { agent });
    const rendersBefore = el.renders;
    const done = agent.prompt('Hello');
    // Each word arrives 100 ms after the last, and the controller waits at most 58 ms and a frame: each is shown.
    for (const i of [0, 5, 11, 23])
      await expect.element(screen.getByText(new RegExp(`word${i} $`))).toBeInTheDocument();
    await done;
    expect(el.renders - rendersBefore).toBeGreaterThanOrEqual(24);
  });

  it('shows a fast answer about fifteen times a second, however many pieces arrive', async () => {
    const agent = new Agent({ streamFn: wordsStream(100, 10) });
    const { el, screen } = await mount('test-stream-follower', { agent });
    const first = el.renderTimes.length;
    await agent.prompt('Hello');
    await expect.element(screen.getByText(/word99 $/)).toBeInTheDocument();
    // Between the first update of the stream and the one that shows it ended, each waited 58 ms after the last
    // (a timer may fire up to a millisecond early), then for a frame.
    const times = el.renderTimes.slice(first + 1, -1);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
    expect(gaps.length).toBeGreaterThan(3);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(56);
  });

  it('waits for the next update of a fast answer with one timer, not a chain of them', async () => {
    const agent = new Agent({ streamFn: wordsStream(200, 4) });
    const { el, screen } = await mount('test-stream-follower', { agent });
    const timers = vi.spyOn(window, 'setTimeout');
    const rendersBefore = el.renders;
    await agent.prompt('Hello');
    await expect.element(screen.getByText(/word199 $/)).toBeInTheDocument();
    const renders = el.renders - rendersBefore;
    // Words come far faster than the controller updates: it waits between updates, once each.
    expect(renders).toBeLessThan(100);
    expect(timers.mock.calls.length).toBeGreaterThan(0);
    expect(timers.mock.calls.length).toBeLessThanOrEqual(renders + 1);
  });
});

describe('AgentController with a stream sink', () => {
  it('gives the sink the updates that change only the streaming message; the host renders for the rest', async () => {
    const agent = new Agent({ streamFn: wordsStream(24, 100) });
    const { el, screen } = await mount('test-sink-follower', { agent });
    const rendersBefore = el.renders;
    const done = agent.prompt('Hello');
    await expect.element(screen.getByText(/word11 $/)).toBeInTheDocument();
    await done;
    await expect.element(screen.getByText(/word23 $/)).toBeInTheDocument();
    const renders = el.renders - rendersBefore;
    // Every word arrives 100 ms after the last: each is an update, given to the sink (the first partial, with its
    // new streaming message, and the end, with the answer among the messages, are the host's).
    const shown = el.sunk.filter((m) => m !== null);
    expect(shown.length).toBeGreaterThanOrEqual(20);
    expect(renders).toBeLessThanOrEqual(6);
    // The sink was given each partial as it grew, never an older one after a newer.
    const lengths = shown.map((m) => textOf(m).length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // Finished, the host shows the answer and nothing streams.
    expect(el.renderRoot.querySelector('.live')?.textContent).toBe('');
    expect(el.renderRoot.querySelector('.done')?.textContent).toMatch(/word23 $/);
  });

  it('renders the host when the queues change while an answer streams', async () => {
    const agent = new Agent({ streamFn: wordsStream(60, 40) });
    const { el, screen } = await mount('test-sink-follower', { agent });
    const done = agent.prompt('Hello');
    await expect.element(screen.getByText(/word3 /)).toBeInTheDocument();
    const rendersBefore = el.renders;
    agent.followUp({ role: 'user', content: 'And then?', timestamp: Date.now() });
    await expect.element(screen.getByText('1 queued')).toBeInTheDocument();
    expect(el.renders).toBeGreaterThan(rendersBefore);
    agent.clearQueues();
    await done;
  });

  it('renders the host when the sink cannot show the message', async () => {
    const agent = new Agent({ streamFn: wordsStream(40, 60) });
    const { el, screen } = await mount('test-sink-follower', { agent });
    const done = agent.prompt('Hello');
    await expect.element(screen.getByText(/word2 /)).toBeInTheDocument();
    el.sinkReady = false;
    const rendersBefore = el.renders;
    const sunkBefore = el.sunk.length;
    // The host shows each update itself, while the answer still streams.
    await expect.element(screen.getByText(/word12 /)).toBeInTheDocument();
    expect(el.renderRoot.querySelector('.done')?.textContent).toBe('');
    expect(el.renders - rendersBefore).toBeGreaterThanOrEqual(5);
    expect(el.sunk.length).toBe(sunkBefore);
    await done;
  });
});
