import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reauthMachine } from './reauth.machine';

type Pending = { input: { email: string; password: string }; resolve: (v: { token: string; message: string }) => void; reject: (e: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const logins: Pending[] = [];
  const effects: string[] = [];
  const logic = reauthMachine.provide({
    actors: { loginUser: fromPromise(({ input }: { input: Pending['input'] }) => new Promise<{ token: string; message: string }>((resolve, reject) => logins.push({ input, resolve, reject }))) },
    actions: { renewed: (_, { token }) => void effects.push(`renewed ${token}`), gaveUp: () => void effects.push('gaveUp') },
  });
  return { actor: createActor(logic).start(), logins, effects };
}

describe('signing in again in place', () => {
  it('asks for the password of the same account, and hands the new token on', async () => {
    const { actor, logins, effects } = start();
    actor.send({ type: 'reauth.required', email: 'ann@example.com' });
    expect(actor.getSnapshot().value).toBe('prompting');
    expect(actor.getSnapshot().context.email).toBe('ann@example.com');
    // Other requests dying meanwhile change nothing.
    actor.send({ type: 'reauth.required', email: 'someone@example.com' });
    actor.send({ type: 'reauth.submit', password: 'secret' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(logins[0]!.input).toEqual({ email: 'ann@example.com', password: 'secret' });
    logins[0]!.resolve({ token: 'fresh', message: 'ok' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects).toEqual(['renewed fresh']);
  });

  it('a wrong password keeps the dialog open with the server message', async () => {
    const { actor, logins, effects } = start();
    actor.send({ type: 'reauth.required', email: 'ann@example.com' });
    actor.send({ type: 'reauth.submit', password: 'wrong' });
    logins[0]!.reject({ message: 'Identifiants incorrects', status: 401 });
    await flush();
    expect(actor.getSnapshot().value).toBe('prompting');
    expect(actor.getSnapshot().context.error?.message).toBe('Identifiants incorrects');
    expect(effects).toEqual([]);
  });

  it('giving up ends the session the usual way', () => {
    const { actor, effects } = start();
    actor.send({ type: 'reauth.required', email: 'ann@example.com' });
    actor.send({ type: 'reauth.giveUp' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(effects).toEqual(['gaveUp']);
  });

  it('without a known email there is nothing to sign in to', () => {
    const { actor, logins } = start();
    actor.send({ type: 'reauth.required', email: null });
    actor.send({ type: 'reauth.submit', password: 'secret' });
    expect(actor.getSnapshot().value).toBe('prompting');
    expect(logins).toEqual([]);
  });
});
