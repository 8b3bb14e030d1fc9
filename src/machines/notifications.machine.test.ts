import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { notificationsMachine, TOAST_LOG_SIZE } from './notifications.machine';

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

  it('hovered or focused toasts wait, each getting its whole time again when resumed; a toast arriving meanwhile waits too', () => {
    const clock = new SimulatedClock();
    const actor = createActor(notificationsMachine, { clock }).start();
    const messages = () => actor.getSnapshot().context.toasts.map((t) => t.message);
    actor.send({ type: 'notify.show', toastType: 'success', message: 'Saved' });
    clock.increment(1500);
    actor.send({ type: 'notify.pause' });
    actor.send({ type: 'notify.show', toastType: 'error', message: 'Failed' });
    clock.increment(60_000);
    expect(messages()).toEqual(['Saved', 'Failed']);
    actor.send({ type: 'notify.resume' });
    clock.increment(1999);
    expect(messages()).toEqual(['Saved', 'Failed']);
    clock.increment(1);
    expect(messages()).toEqual(['Failed']);
    clock.increment(2000);
    expect(messages()).toEqual([]);
  });

  it('keeps the toasts that left in a log, the last ones only, until sign-out forgets them', () => {
    const clock = new SimulatedClock();
    const actor = createActor(notificationsMachine, { clock }).start();
    for (let i = 1; i <= TOAST_LOG_SIZE + 2; i++) actor.send({ type: 'notify.show', toastType: 'info', message: `Message ${i}` });
    actor.send({ type: 'notify.dismiss', id: 'toast-1' });
    expect(actor.getSnapshot().context.log.map((t) => t.message)).toEqual(['Message 1']);
    clock.increment(4000);
    const log = actor.getSnapshot().context.log.map((t) => t.message);
    expect(log).toHaveLength(TOAST_LOG_SIZE);
    expect(log.at(-1)).toBe(`Message ${TOAST_LOG_SIZE + 2}`);
    actor.send({ type: 'notify.announce', message: 'Réponse reçue : oui.' });
    actor.send({ type: 'notify.forget' });
    expect(actor.getSnapshot().context).toMatchObject({ log: [], announcement: null });
  });

  it('gives each announcement a new id, so the same words are said again', () => {
    const actor = createActor(notificationsMachine).start();
    actor.send({ type: 'notify.announce', message: 'Analyse du DCE terminée.' });
    actor.send({ type: 'notify.announce', message: 'Analyse du DCE terminée.' });
    expect(actor.getSnapshot().context.announcement).toEqual({ id: 2, message: 'Analyse du DCE terminée.' });
  });
});

