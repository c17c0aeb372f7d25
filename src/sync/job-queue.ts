/**
 * One job at a time: the outbox's and the inbox's work runs in order, each after the one before. A failing job
 * is reported and the queue goes on; once stopped, jobs still queued are skipped.
 */
export class JobQueue {
  private tail: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Jobs queued or running. */
  busy = 0;

  constructor(
    private readonly onError: (error: unknown) => void,
    /** Told each change of `busy`. */
    private readonly changed: () => void = () => undefined,
  ) {}

  run(job: () => Promise<void>): void {
    this.busy += 1;
    this.changed();
    this.tail = this.tail
      .then(() => (this.stopped ? undefined : job()))
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.busy -= 1;
        this.changed();
      });
  }

  /** Skips the jobs not started yet. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves once every job queued so far has ended. */
  idle(): Promise<void> {
    return this.tail;
  }
}
