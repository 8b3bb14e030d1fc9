import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type Actor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { checkoutMachine, CHECKOUT_POLL_MS, CHECKOUT_TIMEOUT_MS, type CheckoutStatus } from './checkout.machine';

// A manager's card checkout as they live it: on the billing page they choose a plan and are sent
// to Stripe (or told why not); back on /billing/success the page reads the session's state,
// waits for the webhook every 2 s and ends with the active plan, a refusal, an expiry, a session
// it cannot read, or — after a minute — the message that the activation will come later (they
// can ask again).
const userModel = createMachine({
  id: 'checkoutModel',
  initial: 'start',
  states: {
    start: { on: { 'user.opensBilling': 'idle', 'user.comesBack': 'returned' } },
    idle: { on: { 'user.choosesPlan': 'redirecting' } },
    redirecting: { on: { 'server.sessionOpened': 'redirected', 'server.refusesStart': 'startFailed' } },
    redirected: {},
    startFailed: { on: { 'user.choosesPlan': 'redirecting', 'user.reset': 'idle' } },
    returned: {
      on: { 'server.applied': 'active', 'server.pending': 'confirming', 'server.down': 'confirming', 'server.refusedPayment': 'refused', 'server.expired': 'expired', 'server.unknownSession': 'unreadable' },
    },
    confirming: { on: { 'clock.poll': 'reading', 'clock.timeout': 'timedOut' } },
    reading: {
      on: { 'server.applied': 'active', 'server.pending': 'confirming', 'server.down': 'confirming', 'server.refusedPayment': 'refused', 'server.unknownSession': 'unreadable' },
    },
    active: {},
    refused: {},
    expired: {},
    unreadable: { on: { 'user.check': 'returned' } },
    timedOut: { on: { 'user.check': 'returned' } },
  },
});

const COMPANY = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const SESSION = 'cs_test_a1B2c3D4';
const URL = 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4';
type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const billing = { companyId: COMPANY } as CheckoutStatus['billing'];
const status = (state: CheckoutStatus['state']): CheckoutStatus => ({ sessionId: SESSION, state, plan: 'pro', cycle: 'monthly', billing });

function harness() {
  const starts: Pending<{ companyId: string; plan: string; cycle: string }, { sessionId: string; url: string }>[] = [];
  const reads: Pending<{ companyId: string; sessionId: string }, CheckoutStatus>[] = [];
  const redirects: string[] = [];
  const clock = new SimulatedClock();
  const logic = checkoutMachine.provide({
    actors: {
      startCheckout: fromPromise(({ input }) => new Promise((resolve, reject) => starts.push({ input, resolve, reject }))),
      getCheckoutStatus: fromPromise(({ input }) => new Promise((resolve, reject) => reads.push({ input, resolve, reject }))),
    },
    actions: { redirect: (_, { url }) => void redirects.push(url) },
  });
  let actor: Actor<typeof logic> | null = null;
  const open = (sessionId: string | null) => {
    actor = createActor(logic, { input: { companyId: COMPANY, sessionId }, clock }).start();
  };
  return { starts, reads, redirects, clock, open, actor: () => actor! };
}

describe('checkout machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 6)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  it('waits 2 s between readings and gives up after 60 s', () => {
    expect(CHECKOUT_POLL_MS).toBe(2000);
    expect(CHECKOUT_TIMEOUT_MS).toBe(60_000);
  });

  it('a 503 (card payments not configured) ends the wait; a 502 (Stripe out of reach) is asked again', async () => {
    const h = harness();
    h.open(SESSION);
    h.reads.at(-1)!.reject({ message: 'Stripe ne répond pas.', status: 502 });
    await flush();
    expect(h.actor().getSnapshot().matches({ confirming: 'waiting' })).toBe(true);
    h.clock.increment(CHECKOUT_POLL_MS);
    h.reads.at(-1)!.reject({ message: "Le paiement par carte n'est pas disponible sur ce serveur.", status: 503 });
    await flush();
    expect(h.actor().getSnapshot().value).toBe('failed');
    expect(h.actor().getSnapshot().context.failure).toBe('status');
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = harness();
      const snapshot = () => h.actor().getSnapshot();
      let readsBefore = 0;
      const answer = async (value: CheckoutStatus) => {
        readsBefore = h.reads.length;
        h.reads.at(-1)!.resolve(value);
        await flush();
      };
      const refuse = async (error: unknown) => {
        readsBefore = h.reads.length;
        h.reads.at(-1)!.reject(error);
        await flush();
      };
      await path.test({
        events: {
          'user.opensBilling': () => h.open(null),
          'user.comesBack': () => h.open(SESSION),
          'user.choosesPlan': () => h.actor().send({ type: 'checkout.start', plan: 'pro', cycle: 'yearly' }),
          'user.reset': () => h.actor().send({ type: 'checkout.reset' }),
          'user.check': () => {
            readsBefore = h.reads.length;
            h.actor().send({ type: 'checkout.check' });
          },
          'server.sessionOpened': async () => {
            h.starts.at(-1)!.resolve({ sessionId: SESSION, url: URL });
            await flush();
          },
          'server.refusesStart': async () => {
            h.starts.at(-1)!.reject({ message: "Le paiement par carte n'est pas disponible sur ce serveur.", status: 503 });
            await flush();
          },
          'server.applied': () => answer(status('applied')),
          'server.pending': () => answer(status('paid')),
          'server.refusedPayment': () => answer(status('failed')),
          'server.expired': () => answer(status('expired')),
          'server.down': () => refuse({ message: 'Aucune réponse du serveur.' }),
          'server.unknownSession': () => refuse({ message: "Cette session de paiement n'existe pas.", status: 404 }),
          'clock.poll': () => {
            h.clock.increment(CHECKOUT_POLL_MS - 1);
            expect(snapshot().matches({ confirming: 'waiting' }), 'not before 2 s').toBe(true);
            expect(h.reads.length).toBe(readsBefore);
            h.clock.increment(1);
          },
          'clock.timeout': () => h.clock.increment(CHECKOUT_TIMEOUT_MS),
        },
        states: {
          start: () => undefined,
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.failure).toBeNull();
            expect(h.reads, 'nothing read without a session').toHaveLength(0);
          },
          redirecting: () => {
            expect(snapshot().value).toBe('redirecting');
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(h.starts.at(-1)!.input).toEqual({ companyId: COMPANY, plan: 'pro', cycle: 'yearly' });
            expect(h.redirects).toHaveLength(0);
          },
          redirected: () => {
            expect(snapshot().value, 'the page stays busy while the browser leaves').toBe('redirecting');
            expect(h.redirects).toEqual([URL]);
            expect(snapshot().context.sessionId).toBe(SESSION);
          },
          startFailed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.failure).toBe('start');
            expect(snapshot().context.error).toEqual({ message: "Le paiement par carte n'est pas disponible sur ce serveur.", status: 503 });
            expect(h.redirects).toHaveLength(0);
          },
          returned: () => {
            expect(snapshot().value).toBe('returned');
            expect(snapshot().hasTag('waiting')).toBe(true);
            expect(h.reads.length, 'reads the session at once').toBe(readsBefore + 1);
            expect(h.reads.at(-1)!.input).toEqual({ companyId: COMPANY, sessionId: SESSION });
          },
          confirming: () => {
            expect(snapshot().matches({ confirming: 'waiting' })).toBe(true);
            expect(snapshot().hasTag('waiting')).toBe(true);
            expect(snapshot().context.failure).toBeNull();
          },
          reading: () => {
            expect(snapshot().matches({ confirming: 'reading' })).toBe(true);
            expect(h.reads.length).toBe(readsBefore + 1);
            expect(h.reads.at(-1)!.input).toEqual({ companyId: COMPANY, sessionId: SESSION });
          },
          active: () => {
            expect(snapshot().value).toBe('active');
            expect(snapshot().context.status?.state).toBe('applied');
            expect(snapshot().context.status?.plan).toBe('pro');
          },
          refused: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.failure).toBe('refused');
          },
          expired: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.failure).toBe('expired');
          },
          unreadable: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.failure).toBe('status');
            expect(snapshot().context.error?.message).toBe("Cette session de paiement n'existe pas.");
          },
          timedOut: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.failure, 'a timeout is no refusal').toBe('timeout');
            expect(snapshot().context.error).toBeNull();
          },
        },
      });
    });
  }
});
