import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import { Task } from './task';

/** A host that runs its controllers' update hooks when the test says so. */
function host() {
  const controllers: ReactiveController[] = [];
  const value: ReactiveControllerHost & { update(): void } = {
    addController: (c) => controllers.push(c),
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
    update: () => {
      for (const c of controllers) c.hostUpdate?.();
    },
  };
  return value;
}

const tick = () => new Promise((resolve) => setTimeout(resolve));

describe('Task', () => {
  it('keeps a failed load in error, tells onError, and keeps what the last success gave', async () => {
    const h = host();
    let arg = 'good';
    const loaded: string[] = [];
    const failures: unknown[] = [];
    const task = new Task(h, {
      args: () => [arg] as const,
      task: ([a]) => (a === 'good' ? Promise.resolve(a) : Promise.reject(new Error(`no ${a}`))),
      onComplete: (v) => loaded.push(v),
      onError: (e) => failures.push(e),
    });
    h.update();
    await tick();
    expect(loaded).toEqual(['good']);
    expect(task.error).toBeUndefined();

    arg = 'bad';
    h.update();
    await tick();
    expect(loaded).toEqual(['good']);
    expect(failures).toEqual([new Error('no bad')]);
    expect(task.error).toEqual(new Error('no bad'));

    arg = 'good';
    h.update();
    await tick();
    expect(task.error).toBeUndefined();
  });

  it('does not count a load aborted by newer arguments as a failure', async () => {
    const h = host();
    let arg = 'first';
    const failures: unknown[] = [];
    const task = new Task(h, {
      args: () => [arg] as const,
      task: (_args, { signal }) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
      onComplete: () => undefined,
      onError: (e) => failures.push(e),
    });
    h.update();
    arg = 'second';
    h.update();
    await tick();
    expect(failures).toEqual([]);
    expect(task.error).toBeUndefined();
  });
});
