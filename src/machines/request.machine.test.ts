import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { createRequestMachine } from './request.machine';

const machine = createRequestMachine<{ n: number }, number>('getDouble');

function run(impl: (input: { n: number }) => Promise<{ message: string; data: number }>) {
  return createActor(machine.provide({ actors: { getDouble: fromPromise(({ input }) => impl(input as { n: number })) } })).start();
}

describe('request machine', () => {
  it('idle → loading (tagged) → success with message and data → reset', async () => {
    const actor = run(async ({ n }) => ({ message: 'ok', data: n * 2 }));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'request.submit', input: { n: 21 } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('success'));
    expect(done.context).toMatchObject({ message: 'ok', data: 42, error: null });
    actor.send({ type: 'request.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({ input: null, message: null, data: null, error: null });
  });

  it('failure keeps message, details, msgType and status; a new submit retries', async () => {
    let fail = true;
    const actor = run(async ({ n }) => {
      if (fail) throw { message: 'Refusé', details: { field: 'n' }, msgType: 'validation-invalid', status: 400 };
      return { message: 'ok', data: n };
    });
    actor.send({ type: 'request.submit', input: { n: 1 } });
    const failed = await waitFor(actor, (s) => s.matches('failure'));
    expect(failed.context.error).toEqual({ message: 'Refusé', details: { field: 'n' }, msgType: 'validation-invalid', status: 400 });
    expect(failed.can({ type: 'request.reset' })).toBe(true);
    fail = false;
    actor.send({ type: 'request.submit', input: { n: 5 } });
    expect((await waitFor(actor, (s) => s.matches('success'))).context.error).toBeNull();
  });

  it('ignores a second submit while loading', () => {
    const actor = run(() => new Promise(() => {}));
    actor.send({ type: 'request.submit', input: { n: 1 } });
    expect(actor.getSnapshot().can({ type: 'request.submit', input: { n: 2 } })).toBe(false);
  });
});
