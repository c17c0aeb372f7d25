import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isHostPing } from '../../artifacts';
import { PreviewWatchdog } from './preview-watchdog';

/** A port that records the pings sent; `answer()` replies to the latest one, as a free preview does. */
function fakePort() {
  const sent: number[] = [];
  const port = {
    postMessage(data: unknown) {
      if (!isHostPing(data)) throw new Error('not a ping');
      sent.push(data.n);
    },
  };
  return { port: port as unknown as MessagePort, sent };
}

describe('the preview watchdog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never stops a page that answers, however long it runs', async () => {
    const { port, sent } = fakePort();
    const onStall = vi.fn();
    const dog = new PreviewWatchdog(port, onStall, { intervalMs: 1000, stallMs: 4000 });
    for (let i = 0; i < 60; i++) {
      dog.pong(sent.at(-1) ?? 0);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(onStall).not.toHaveBeenCalled();
    expect(sent.length).toBeGreaterThan(50);
    dog.dispose();
  });

  it('stops a page whose ping waits unanswered past the limit, once, within five seconds', async () => {
    const { port, sent } = fakePort();
    const onStall = vi.fn();
    const dog = new PreviewWatchdog(port, onStall, { intervalMs: 1000, stallMs: 4000 });
    dog.pong(sent.at(-1) ?? 0);
    await vi.advanceTimersByTimeAsync(1000); // a new ping, never answered: the page is looping from here
    await vi.advanceTimersByTimeAsync(3000);
    expect(onStall).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onStall).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onStall).toHaveBeenCalledTimes(1);
    await expect(dog.responsive()).resolves.toBe(false);
  });

  it('ignores an answer to another ping', async () => {
    const { port } = fakePort();
    const onStall = vi.fn();
    const dog = new PreviewWatchdog(port, onStall, { intervalMs: 1000, stallMs: 2000 });
    dog.pong(999);
    await vi.advanceTimersByTimeAsync(3000);
    expect(onStall).toHaveBeenCalledTimes(1);
  });

  it('tells a page that answers from one that loops after loading', async () => {
    const { port, sent } = fakePort();
    const dog = new PreviewWatchdog(port, () => {}, { intervalMs: 1000, stallMs: 2000 });
    const answered = dog.responsive();
    dog.pong(sent.at(-1) ?? 0);
    await expect(answered).resolves.toBe(true);

    const stuck = dog.responsive();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(stuck).resolves.toBe(false);
  });

  it('does not count time between ticks: a throttled tab stops nothing that answered', async () => {
    const { port, sent } = fakePort();
    const onStall = vi.fn();
    const dog = new PreviewWatchdog(port, onStall, { intervalMs: 60_000, stallMs: 4000 });
    dog.pong(sent.at(-1) ?? 0);
    await vi.advanceTimersByTimeAsync(60_000);
    dog.pong(sent.at(-1) ?? 0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onStall).not.toHaveBeenCalled();
    dog.dispose();
  });
});
