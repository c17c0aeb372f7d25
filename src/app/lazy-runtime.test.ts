import { describe, expect, it } from 'vitest';
import { deferred } from '../agent/test-support';
import type { SessionRuntime } from '../ui';
import { lazySessionRuntime } from './lazy-runtime';

/** A runtime's parts as the shell reads them (tests only look at identity). */
const parts = () => ({}) as unknown as SessionRuntime;

describe('lazySessionRuntime', () => {
  it('builds nothing until it is asked for, then builds once however often it is asked', async () => {
    let builds = 0;
    const ready = deferred<SessionRuntime>();
    const runtime = lazySessionRuntime(() => {
      builds++;
      return ready.promise;
    });
    expect(builds).toBe(0);
    const first = runtime.load();
    const second = runtime.load();
    expect(runtime.loaded).toBeUndefined();
    const built = parts();
    ready.resolve(built);
    expect(await first).toBe(built);
    expect(await second).toBe(built);
    expect(await runtime.load()).toBe(built);
    expect(runtime.loaded).toBe(built);
    expect(builds).toBe(1);
  });

  it('tells its listeners once it has loaded, and not a listener that left', async () => {
    const runtime = lazySessionRuntime(async () => parts());
    const heard: string[] = [];
    runtime.subscribe(() => heard.push('stays'));
    const leave = runtime.subscribe(() => heard.push('left'));
    leave();
    await runtime.load();
    await runtime.load();
    expect(heard).toEqual(['stays']);
  });

  it('says what to do when its code could not be loaded, and tries again at the next load', async () => {
    let attempts = 0;
    const built = parts();
    const runtime = lazySessionRuntime(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return built;
    });
    await expect(runtime.load()).rejects.toThrow(
      'Easel could not load what sends a message (Failed to fetch dynamically imported module). Check the connection and send again.',
    );
    expect(runtime.loaded).toBeUndefined();
    expect(await runtime.load()).toBe(built);
    expect(attempts).toBe(2);
  });
});
