/**
 * Starting and stopping sync, one state at a time, so that `Stop syncing` wins over a start in progress:
 *
 *     off ──start──▶ starting ──connected, config kept──▶ running
 *      ▲                │ └──refused──▶ off                   │
 *      │              stop                                   stop
 *      │                ▼                                     ▼
 *      └──config forgotten, mirror deleted──────────────── stopping
 *
 * A stop during `starting` marks that start cancelled and waits for it to end: a connection it still makes is
 * stopped (its mirror deleted), and its config is never kept; only then is the kept config forgotten, so no
 * write of the start can land after the stop's delete. A start during `starting` replaces the one before; a
 * start during `stopping` waits for the stop to end.
 */

import { errorText } from '../agent';
import type { SyncConfig } from './types';

export type LifecyclePhase = 'off' | 'starting' | 'running' | 'stopping';

/** What runs once connected: the engine. */
export interface Running {
  /** Stops; `forget` also deletes what it keeps on this device. */
  stop(forget: boolean): Promise<void>;
}

export interface LifecycleSteps<E extends Running> {
  /**
   * Connects (waiting for this tab's turn first, if need be). `current()` turns false once this start is
   * stopped or replaced: what it reports then is stale, and it may give up early.
   */
  connect(config: SyncConfig, current: () => boolean): Promise<E | { readonly problem: string }>;
  /** Keeps the config (the key vault), once connected. */
  keep(config: SyncConfig): Promise<void>;
  /** Forgets the kept config, wherever it is stored. */
  forget(): Promise<void>;
  /** Told each new phase. */
  changed(phase: LifecyclePhase): void;
}

/** What the start in progress is, and how it ends if it is called off. */
interface Start {
  readonly id: number;
  /** Why it was called off: a stop (forget everything) or a newer start (keep the mirror). */
  cancelled?: 'stop' | 'replace';
  done: Promise<unknown>;
}

/** A start that did not end connected: the sentence says why. */
export const STOPPED_WHILE_STARTING = 'Sync was stopped before it started.';

export class SyncLifecycle<E extends Running> {
  private state:
    | { readonly kind: 'off' }
    | { readonly kind: 'starting'; readonly start: Start }
    | { readonly kind: 'running'; readonly engine: E }
    | { readonly kind: 'stopping'; readonly done: Promise<void> } = { kind: 'off' };
  private starts = 0;

  constructor(private readonly steps: LifecycleSteps<E>) {}

  get phase(): LifecyclePhase {
    return this.state.kind;
  }

  /** The engine, while running. */
  get engine(): E | undefined {
    return this.state.kind === 'running' ? this.state.engine : undefined;
  }

  /**
   * Starts with `config`, replacing what runs or starts. Resolves to why it did not connect (nothing kept
   * then), or `undefined` once running with the config kept.
   */
  async start(config: SyncConfig): Promise<string | undefined> {
    while (this.state.kind === 'stopping') await this.state.done;
    if (this.state.kind === 'starting') {
      this.state.start.cancelled ??= 'replace';
      await this.state.start.done;
    }
    if (this.state.kind === 'running') {
      const { engine } = this.state;
      this.set({ kind: 'off' });
      await engine.stop(false);
    }
    // Another start or a stop may have begun while this one waited: the latest call wins.
    if (this.state.kind !== 'off') return this.start(config);
    const start: Start = { id: ++this.starts, done: Promise.resolve() };
    this.set({ kind: 'starting', start });
    const run = this.run(start, config);
    start.done = run;
    return run;
  }

  /** Stops what runs or starts, deletes the mirror and forgets the kept config. */
  async stop(): Promise<void> {
    if (this.state.kind === 'stopping') return this.state.done;
    const before = this.state;
    const done = (async () => {
      if (before.kind === 'starting') {
        before.start.cancelled = 'stop';
        await before.start.done;
      } else if (before.kind === 'running') await before.engine.stop(true);
      await this.steps.forget();
    })();
    this.set({ kind: 'stopping', done });
    try {
      await done;
    } finally {
      this.set({ kind: 'off' });
    }
  }

  private async run(start: Start, config: SyncConfig): Promise<string | undefined> {
    const current = () => start.cancelled === undefined;
    let result: E | { readonly problem: string };
    try {
      result = await this.steps.connect(config, current);
    } catch (error) {
      result = {
        problem: `Sync could not start: ${errorText(error)}.`,
      };
    }
    if ('problem' in result) {
      this.ended(start);
      return current() ? result.problem : STOPPED_WHILE_STARTING;
    }
    if (current()) {
      await this.steps.keep(config);
      // A stop that came while the config was written waits for this start and forgets it after.
      if (current()) {
        this.set({ kind: 'running', engine: result });
        return undefined;
      }
    }
    await result.stop(start.cancelled === 'stop');
    this.ended(start);
    return STOPPED_WHILE_STARTING;
  }

  /** A start that did not end running: off, unless a stop (or a newer start) has taken over. */
  private ended(start: Start): void {
    if (this.state.kind === 'starting' && this.state.start === start) this.set({ kind: 'off' });
  }

  private set(state: SyncLifecycle<E>['state']): void {
    this.state = state;
    this.steps.changed(state.kind);
  }
}
