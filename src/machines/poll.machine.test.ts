import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { pollMachine } from './poll.machine';

describe('poll machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const refresh = vi.fn();
    const actor = createActor(pollMachine.provide({ actions: { refresh } }), { input: { intervalMs: 1000 } }).start();
    return { actor, refresh };
  };

  it('refreshes once per interval while the page reports pending work, and stops when it is done', () => {
    const { actor, refresh } = start();
    actor.send({ type: 'poll.watch', pending: true });
    expect(actor.getSnapshot().value).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    // The reload shows work still pending: one more round.
    actor.send({ type: 'poll.watch', pending: true });
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
    // Then everything is done: no further refresh.
    actor.send({ type: 'poll.watch', pending: false });
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a report of pending work while waiting does not restart the clock; one of none cancels it', () => {
    const { actor, refresh } = start();
    actor.send({ type: 'poll.watch', pending: true });
    vi.advanceTimersByTime(600);
    actor.send({ type: 'poll.watch', pending: true });
    vi.advanceTimersByTime(400);
    expect(refresh).toHaveBeenCalledTimes(1);
    actor.send({ type: 'poll.watch', pending: true });
    vi.advanceTimersByTime(500);
    actor.send({ type: 'poll.watch', pending: false });
    vi.advanceTimersByTime(2000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('nothing pending from the start: never refreshes', () => {
    const { actor, refresh } = start();
    actor.send({ type: 'poll.watch', pending: false });
    vi.advanceTimersByTime(10_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
