import type { LiveRunSink, RunCodeDetails } from './types';

/** A run going on now: what it has produced so far, and how to stop it. */
export interface LiveRun {
  readonly details: RunCodeDetails | undefined;
  readonly startedAt: number;
  readonly stop: () => void;
}

/**
 * The `run_code` calls running now, by tool call id: the tool writes what each run produces, the card reads
 * it (live output, `Stop`). A run leaves when it ends; its result carries the rest.
 */
export class LiveRuns implements LiveRunSink {
  private readonly runs = new Map<string, LiveRun>();
  private readonly listeners = new Set<(id: string) => void>();

  /** A run of `id` started; returns the function that ends it here. */
  start(id: string, stop: () => void): () => void {
    this.runs.set(id, { details: undefined, startedAt: Date.now(), stop });
    this.emit(id);
    return () => {
      this.runs.delete(id);
      this.emit(id);
    };
  }

  update(id: string, details: RunCodeDetails): void {
    const run = this.runs.get(id);
    if (!run) return;
    this.runs.set(id, { ...run, details });
    this.emit(id);
  }

  get(id: string): LiveRun | undefined {
    return this.runs.get(id);
  }

  /** Stops the run of `id`, if it goes on. */
  stop(id: string): void {
    this.runs.get(id)?.stop();
  }

  /** Listens to every change of any run (with its id). Returns the function that stops listening. */
  subscribe(listener: (id: string) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(id: string): void {
    for (const listener of this.listeners) listener(id);
  }
}
