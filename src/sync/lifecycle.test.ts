import { describe, expect, it } from 'vitest';
import { type Deferred, deferred } from '../agent/test-support';
import { type LifecyclePhase, STOPPED_WHILE_STARTING, SyncLifecycle } from './lifecycle';
import type { SyncConfig } from './types';

const config = (database = 'easel'): SyncConfig => ({
  url: 'https://couch.example.org',
  database,
  user: 'u',
  password: 'p',
  passphrase: 'a passphrase',
});

class FakeEngine {
  stopped: boolean | undefined;
  constructor(
    readonly name: string,
    private readonly log: string[],
  ) {}
  async stop(forget: boolean): Promise<void> {
    this.stopped = forget;
    this.log.push(`${this.name} stopped${forget ? ', mirror deleted' : ''}`);
  }
}

/** A lifecycle whose every step waits for the test to let it go on, and logs what it did. */
function harness() {
  const log: string[] = [];
  const phases: LifecyclePhase[] = [];
  const connects: Deferred<FakeEngine | { problem: string }>[] = [];
  const keeps: Deferred<void>[] = [];
  const currents: (() => boolean)[] = [];
  let autoKeep = true;
  const lifecycle = new SyncLifecycle<FakeEngine>({
    connect: (c, current) => {
      log.push(`connect ${c.database}`);
      currents.push(current);
      const d = deferred<FakeEngine | { problem: string }>();
      connects.push(d);
      return d.promise;
    },
    keep: async (c) => {
      log.push(`keep ${c.database}`);
      if (autoKeep) return;
      const d = deferred();
      keeps.push(d);
      await d.promise;
      log.push(`kept ${c.database}`);
    },
    forget: async () => {
      log.push('forget');
    },
    changed: (phase) => phases.push(phase),
  });
  return {
    lifecycle,
    log,
    phases,
    connects,
    keeps,
    currents,
    holdKeeps: () => {
      autoKeep = false;
    },
    engine: (name: string) => new FakeEngine(name, log),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('starting and stopping sync', () => {
  it('off → starting → running, keeping the config once connected', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    expect(h.lifecycle.phase).toBe('starting');
    await tick();
    h.connects[0]!.resolve(h.engine('e1'));
    expect(await started).toBeUndefined();
    expect(h.phases).toEqual(['starting', 'running']);
    expect(h.log).toEqual(['connect easel', 'keep easel']);
    expect(h.lifecycle.engine?.name).toBe('e1');
  });

  it('starting → off when refused: the sentence, and nothing kept', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    await tick();
    h.connects[0]!.resolve({ problem: 'Wrong passphrase.' });
    expect(await started).toBe('Wrong passphrase.');
    expect(h.phases).toEqual(['starting', 'off']);
    expect(h.log).toEqual(['connect easel']);
  });

  it('starting → off when connecting throws, with the reason', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    await tick();
    h.connects[0]!.reject(new Error('offline'));
    expect(await started).toBe('Sync could not start: offline.');
    expect(h.lifecycle.phase).toBe('off');
  });

  it('a stop while connecting wins: the start ends stopped, its config never kept, then the kept one forgotten', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    await tick();
    const stopped = h.lifecycle.stop();
    expect(h.lifecycle.phase).toBe('stopping');
    expect(h.currents[0]!()).toBe(false);
    // The server answers after the stop.
    h.connects[0]!.resolve(h.engine('late'));
    await stopped;
    expect(await started).toBe(STOPPED_WHILE_STARTING);
    expect(h.log).toEqual(['connect easel', 'late stopped, mirror deleted', 'forget']);
    expect(h.phases).toEqual(['starting', 'stopping', 'off']);
    expect(h.lifecycle.engine).toBeUndefined();
  });

  it('a stop while connecting that is then refused ends off, and forgets the kept config', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    await tick();
    const stopped = h.lifecycle.stop();
    h.connects[0]!.resolve({ problem: 'Unreachable.' });
    await stopped;
    expect(await started).toBe(STOPPED_WHILE_STARTING);
    expect(h.log).toEqual(['connect easel', 'forget']);
    expect(h.lifecycle.phase).toBe('off');
  });

  it('a stop while the config is being kept waits for that write, then forgets it', async () => {
    const h = harness();
    h.holdKeeps();
    const started = h.lifecycle.start(config());
    await tick();
    h.connects[0]!.resolve(h.engine('e1'));
    await tick();
    expect(h.log).toEqual(['connect easel', 'keep easel']);
    const stopped = h.lifecycle.stop();
    await tick();
    // Nothing is forgotten before the write ends (or the write would land after the delete).
    expect(h.log).not.toContain('forget');
    h.keeps[0]!.resolve();
    await stopped;
    expect(await started).toBe(STOPPED_WHILE_STARTING);
    expect(h.log).toEqual([
      'connect easel',
      'keep easel',
      'kept easel',
      'e1 stopped, mirror deleted',
      'forget',
    ]);
    expect(h.lifecycle.phase).toBe('off');
  });

  it('running → stopping → off: the engine stops and deletes its mirror, then the config is forgotten', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    await tick();
    h.connects[0]!.resolve(h.engine('e1'));
    await started;
    await h.lifecycle.stop();
    expect(h.log.slice(2)).toEqual(['e1 stopped, mirror deleted', 'forget']);
    expect(h.phases).toEqual(['starting', 'running', 'stopping', 'off']);
  });

  it('a stop while off still forgets a kept config', async () => {
    const h = harness();
    await h.lifecycle.stop();
    expect(h.log).toEqual(['forget']);
    expect(h.lifecycle.phase).toBe('off');
  });

  it('two stops at once are one stop', async () => {
    const h = harness();
    const started = h.lifecycle.start(config());
    await tick();
    h.connects[0]!.resolve(h.engine('e1'));
    await started;
    await Promise.all([h.lifecycle.stop(), h.lifecycle.stop()]);
    expect(h.log.filter((l) => l === 'forget')).toHaveLength(1);
  });

  it('a start while starting replaces it: the first one ends with its mirror kept, the second runs', async () => {
    const h = harness();
    const first = h.lifecycle.start(config('one'));
    await tick();
    const second = h.lifecycle.start(config('two'));
    h.connects[0]!.resolve(h.engine('e1'));
    expect(await first).toBe(STOPPED_WHILE_STARTING);
    await tick();
    h.connects[1]!.resolve(h.engine('e2'));
    expect(await second).toBeUndefined();
    expect(h.log).toEqual(['connect one', 'e1 stopped', 'connect two', 'keep two']);
    expect(h.lifecycle.engine?.name).toBe('e2');
  });

  it('a start while running stops the running engine (its mirror kept) and connects again', async () => {
    const h = harness();
    const first = h.lifecycle.start(config('one'));
    await tick();
    h.connects[0]!.resolve(h.engine('e1'));
    await first;
    const second = h.lifecycle.start(config('two'));
    await tick();
    h.connects[1]!.resolve(h.engine('e2'));
    expect(await second).toBeUndefined();
    expect(h.log).toEqual(['connect one', 'keep one', 'e1 stopped', 'connect two', 'keep two']);
  });

  it('a start while stopping waits for the stop to end', async () => {
    const h = harness();
    const first = h.lifecycle.start(config('one'));
    await tick();
    const stopped = h.lifecycle.stop();
    const second = h.lifecycle.start(config('two'));
    h.connects[0]!.resolve(h.engine('e1'));
    await stopped;
    await tick();
    h.connects[1]!.resolve(h.engine('e2'));
    expect(await first).toBe(STOPPED_WHILE_STARTING);
    expect(await second).toBeUndefined();
    expect(h.log).toEqual(['connect one', 'e1 stopped, mirror deleted', 'forget', 'connect two', 'keep two']);
  });
});
