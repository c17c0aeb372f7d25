/** Element tests of the subscription lifecycle: an element taken out and put back keeps listening. */
import { html, LitElement } from 'lit';
import { describe, expect, it } from 'vitest';
import { Agent, type StreamFn } from '../../agent';
import { ArtifactStore } from '../../artifacts';
import { ArtifactStoreController } from '../artifacts/store-controller';
import { artifactRecord, mount, settled, userMessage } from '../test-support';
import { AgentController } from './agent-controller';
import { listen, SubscriptionController } from './subscriptions';
import { Task } from './task';

/** Never called: these tests change the agent's history, they never ask for an answer. */
const noStream: StreamFn = () => {
  throw new Error('no answer was asked for');
};

/** Shows how many messages the agent holds, through `AgentController`. */
class AgentFollower extends LitElement {
  agent: Agent | undefined;
  private readonly follower = new AgentController(this);

  override willUpdate(): void {
    this.follower.agent = this.agent;
  }

  override render() {
    return html`<p>Messages: ${this.follower.state?.messages.length ?? 0}</p>`;
  }
}

/** Shows how many files the store holds, through `ArtifactStoreController`. */
class StoreFollower extends LitElement {
  store: ArtifactStore | undefined;
  private readonly follower = new ArtifactStoreController(this);

  override willUpdate(): void {
    this.follower.store = this.store;
  }

  override render() {
    return html`<p>Files: ${this.follower.snapshot.files.length}</p>`;
  }
}

/** Counts the `ping` events of `source`, through `SubscriptionController`. */
class PingCounter extends LitElement {
  source: EventTarget | undefined;
  pings = 0;
  constructor() {
    super();
    // `source` is read on connect (it is set before).
    new SubscriptionController(this, () => [
      this.source &&
        listen(this.source, 'ping', () => {
          this.pings++;
          this.requestUpdate();
        }),
    ]);
  }

  override render() {
    return html`<p>Pings: ${this.pings}</p>`;
  }
}

/** Loads `label` with a `Task`, keeping every load's signal so a test can see which were aborted. */
class LabelLoader extends LitElement {
  label = '';
  loaded = '';
  readonly signals: AbortSignal[] = [];
  private readonly releases: (() => void)[] = [];

  constructor() {
    super();
    new Task(this, {
      args: () => (this.label ? ([this.label] as const) : undefined),
      task: ([label], { signal }) => {
        this.signals.push(signal);
        return new Promise<string>((resolve) => this.releases.push(() => resolve(label)));
      },
      onComplete: (value) => {
        this.loaded = value;
        this.requestUpdate();
      },
    });
  }

  /** Lets every load under way finish. */
  finishLoads(): void {
    for (const release of this.releases.splice(0)) release();
  }

  override render() {
    return html`<p>Loaded: ${this.loaded}</p>`;
  }
}

customElements.define('test-agent-follower', AgentFollower);
customElements.define('test-store-follower', StoreFollower);
customElements.define('test-ping-counter', PingCounter);
customElements.define('test-label-loader', LabelLoader);

declare global {
  interface HTMLElementTagNameMap {
    'test-agent-follower': AgentFollower;
    'test-store-follower': StoreFollower;
    'test-ping-counter': PingCounter;
    'test-label-loader': LabelLoader;
  }
}

/** Takes `el` out of the page and puts it back where it was, as moving it in the DOM does. */
async function reattach(el: HTMLElement): Promise<void> {
  const parent = el.parentElement;
  if (!parent) throw new Error('not on the page');
  el.remove();
  parent.append(el);
  await settled(el);
}

describe('one subscription lifecycle', () => {
  it('an element following the agent still re-renders after it is taken out and put back', async () => {
    const agent = new Agent({ streamFn: noStream });
    const { el, screen } = await mount('test-agent-follower', { agent });
    await expect.element(screen.getByText('Messages: 0')).toBeInTheDocument();
    await reattach(el);
    agent.appendMessage(userMessage('Hello'));
    await expect.element(screen.getByText('Messages: 1')).toBeInTheDocument();
  });

  it('an element taken out of the page stops following the agent until it is put back', async () => {
    const agent = new Agent({ streamFn: noStream });
    const { el, screen, parent } = await mount('test-agent-follower', { agent });
    el.remove();
    agent.appendMessage(userMessage('While away'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(el.shadowRoot?.textContent).toContain('Messages: 0');
    parent.append(el);
    // Put back, it catches up at once (subscribing schedules an update) and follows what comes next.
    await expect.element(screen.getByText('Messages: 1')).toBeInTheDocument();
    agent.appendMessage(userMessage('Back again'));
    await expect.element(screen.getByText('Messages: 2')).toBeInTheDocument();
  });

  it('an element following the artifact store still re-renders after it is taken out and put back', async () => {
    const store = new ArtifactStore();
    const { el, screen } = await mount('test-store-follower', { store });
    await reattach(el);
    store.sync([artifactRecord('index.html', '<p>Hi</p>')]);
    await expect.element(screen.getByText('Files: 1')).toBeInTheDocument();
  });

  it('listens once, never twice, however often the element is put back', async () => {
    const source = new EventTarget();
    const { el, screen } = await mount('test-ping-counter', { source });
    await reattach(el);
    await reattach(el);
    source.dispatchEvent(new Event('ping'));
    await expect.element(screen.getByText('Pings: 1')).toBeInTheDocument();
    el.remove();
    source.dispatchEvent(new Event('ping'));
    expect(el.pings).toBe(1);
  });

  it('a task aborts the load under way when its arguments change, and only the newest load counts', async () => {
    const { el, screen } = await mount('test-label-loader', { label: 'first' });
    el.label = 'second';
    el.requestUpdate();
    await settled(el);
    expect(el.signals.map((s) => s.aborted)).toEqual([true, false]);
    el.finishLoads();
    await expect.element(screen.getByText('Loaded: second')).toBeInTheDocument();
    expect(el.loaded).toBe('second');
  });

  it('a task aborts its load when the element leaves the page, and loads again when it is put back', async () => {
    const { el, screen } = await mount('test-label-loader', { label: 'first' });
    await reattach(el);
    expect(el.signals.map((s) => s.aborted)).toEqual([true, false]);
    el.finishLoads();
    await expect.element(screen.getByText('Loaded: first')).toBeInTheDocument();
  });
});
