import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { notificationsMachine } from './notifications.machine';

describe('notifications machine', () => {
  it('uses the spec durations and an explicit one when given', () => {
    const clock = new SimulatedClock();
    const actor = createActor(notificationsMachine, { clock }).start();
    actor.send({ type: 'notify.show', toastType: 'success', message: 'Saved' });
    actor.send({ type: 'notify.show', toastType: 'error', message: 'Failed' });
    actor.send({ type: 'notify.show', toastType: 'error', message: 'Session expired', duration: 7000 });
    expect(actor.getSnapshot().context.toasts.map((t) => t.duration)).toEqual([2000, 4000, 7000]);
    clock.increment(2000);
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['Failed', 'Session expired']);
    clock.increment(2000);
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['Session expired']);
    clock.increment(3000);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it('a dismissed toast leaves at once and its timer stops', () => {
    const clock = new SimulatedClock();
    const actor = createActor(notificationsMachine, { clock }).start();
    actor.send({ type: 'notify.show', toastType: 'info', message: 'Hello' });
    actor.send({ type: 'notify.dismiss', id: 'toast-1' });
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });
});
