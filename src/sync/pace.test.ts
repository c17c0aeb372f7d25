import { describe, expect, it } from 'vitest';
import { pacer, yieldToMain } from './pace';

/** Whether a task queued before `step` ran before `step` was done: whether `step` gave the thread back. */
async function yielded(step: () => Promise<void>): Promise<boolean> {
  let ran = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    ran = true;
    channel.port1.close();
  };
  channel.port2.postMessage(undefined);
  await step();
  const result = ran;
  // Let the queued task run before the next check.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return result;
}

describe('pacing sync work', () => {
  it('gives the thread back only once a slice has run, then starts a new slice', async () => {
    let clock = 0;
    const pace = pacer(8, () => clock);
    clock = 7;
    expect(await yielded(pace)).toBe(false);
    clock = 8;
    expect(await yielded(pace)).toBe(true);
    clock = 15;
    expect(await yielded(pace)).toBe(false);
    clock = 16;
    expect(await yielded(pace)).toBe(true);
  });

  it('yields to tasks already queued (here through a message: Node has no scheduler.yield)', async () => {
    expect(await yielded(yieldToMain)).toBe(true);
  });
});
