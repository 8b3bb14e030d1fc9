import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError } from '../common/request-result';

export type CheckoutPlan = components['schemas']['CheckoutBody']['plan'];
export type BillingCycle = components['schemas']['BillingCycle'];
export type CheckoutSession = components['schemas']['CheckoutSession'];
export type CheckoutStatus = components['schemas']['CheckoutStatus'];

/** Stripe's pace: the webhook usually lands within seconds. */
export const CHECKOUT_POLL_MS = 2000;
/** Past this, the return page stops asking and says the activation will come by email. */
export const CHECKOUT_TIMEOUT_MS = 60_000;

/**
 * Why a checkout ended in `failed`: the server refused to open it (`start`, with its msg: 503 card
 * payments not configured, 409, 502), the payment was refused (`refused`), the session expired
 * unpaid (`expired`), the status could not be read (`status`, with its msg), or the webhook had
 * not been applied in time (`timeout`: nothing is wrong yet, it may still come).
 */
export type CheckoutFailure = 'start' | 'refused' | 'expired' | 'status' | 'timeout';

export type CheckoutContext = {
  companyId: string;
  plan: CheckoutPlan | null;
  cycle: BillingCycle | null;
  sessionId: string | null;
  url: string | null;
  /** The last status read (plan, cycle and the company's billing once applied). */
  status: CheckoutStatus | null;
  /** Status readings while confirming (after the first one). */
  polls: number;
  failure: CheckoutFailure | null;
  error: RequestError | null;
  pollMs: number;
  timeoutMs: number;
};

export type CheckoutInput = { companyId: string; sessionId?: string | null; pollMs?: number; timeoutMs?: number };

export type CheckoutEvent =
  | { type: 'checkout.start'; plan: CheckoutPlan; cycle: BillingCycle }
  | { type: 'checkout.check' }
  | { type: 'checkout.reset' };

type StatusDone = { output: CheckoutStatus };

/**
 * A status read that cannot get better by asking again: unknown session, not allowed, signed out,
 * card payments not configured on this server (503). Stripe out of reach (502) or no answer is
 * asked again.
 */
const fatal = (error: RequestError) => error.status === 503 || (error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429);

// A status that ends the wait, and a status read that fails for good: the same in both readings.
const settled = [
  { guard: 'applied', target: '#checkout.active', actions: 'keepStatus' },
  { guard: 'refused', target: '#checkout.failed', actions: ['keepStatus', { type: 'fail', params: { failure: 'refused' } }] },
  { guard: 'expired', target: '#checkout.failed', actions: ['keepStatus', { type: 'fail', params: { failure: 'expired' } }] },
] as const;
const unreadable = [{ guard: 'fatalError', target: '#checkout.failed', actions: [{ type: 'fail', params: { failure: 'status' } }, 'keepError'] }] as const;

/**
 * Card checkout (issue 14). From the billing page: idle → redirecting (startCheckout opens a
 * Stripe session, then `redirect(url)` sends the browser there). Back on /billing/success with
 * the session id, the machine starts in `returned` (the first status read), then `confirming`
 * reads the status every `pollMs` until the webhook has applied the plan (`active`); an expired
 * or refused payment, an unreadable status or `timeoutMs` without news end in `failed`, each with
 * its own reason. `checkout.check` asks again after a timeout; `checkout.reset` goes back to idle.
 */
export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: {
    startCheckout: fromPromise<CheckoutSession, { companyId: string; plan: CheckoutPlan; cycle: BillingCycle }>(async () => {
      throw new Error('Actor "startCheckout" was not provided');
    }),
    getCheckoutStatus: fromPromise<CheckoutStatus, { companyId: string; sessionId: string }>(async () => {
      throw new Error('Actor "getCheckoutStatus" was not provided');
    }),
  },
  delays: { pollInterval: ({ context }) => context.pollMs, checkoutTimeout: ({ context }) => context.timeoutMs },
  guards: {
    applied: ({ event }) => (event as unknown as StatusDone).output.state === 'applied',
    refused: ({ event }) => (event as unknown as StatusDone).output.state === 'failed',
    expired: ({ event }) => (event as unknown as StatusDone).output.state === 'expired',
    fatalError: ({ event }) => fatal(toRequestError((event as unknown as { error: unknown }).error)),
  },
  actions: {
    // Provided by the app: send the browser to Stripe's page.
    redirect: (_, _params: { url: string }) => {},
    keepStatus: assign({ status: ({ event }) => (event as unknown as StatusDone).output }),
    fail: assign((_, params: { failure: CheckoutFailure }) => ({ failure: params.failure })),
    keepError: assign({ error: ({ event }) => toRequestError((event as unknown as { error: unknown }).error) }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    companyId: input.companyId,
    plan: null,
    cycle: null,
    sessionId: input.sessionId ?? null,
    url: null,
    status: null,
    polls: 0,
    failure: null,
    error: null,
    pollMs: input.pollMs ?? CHECKOUT_POLL_MS,
    timeoutMs: input.timeoutMs ?? CHECKOUT_TIMEOUT_MS,
  }),
  initial: 'idle',
  states: {
    // With a session id the browser is back from Stripe: straight to the status.
    idle: {
      always: { guard: ({ context }) => context.sessionId !== null, target: 'returned' },
      on: { 'checkout.start': { target: 'redirecting', actions: assign({ plan: ({ event }) => event.plan, cycle: ({ event }) => event.cycle, failure: null, error: null }) } },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'startCheckout',
        input: ({ context }) => ({ companyId: context.companyId, plan: context.plan!, cycle: context.cycle! }),
        // The browser leaves the page: the state stays until it has gone.
        onDone: {
          actions: [assign({ sessionId: ({ event }) => event.output.sessionId, url: ({ event }) => event.output.url }), { type: 'redirect', params: ({ event }) => ({ url: event.output.url }) }],
        },
        onError: { target: 'failed', actions: [{ type: 'fail', params: { failure: 'start' as const } }, 'keepError'] },
      },
    },
    // Back from Stripe: the first reading of the session's state.
    returned: {
      tags: ['waiting'],
      entry: assign({ polls: 0, failure: null, error: null }),
      invoke: {
        src: 'getCheckoutStatus',
        input: ({ context }) => ({ companyId: context.companyId, sessionId: context.sessionId! }),
        onDone: [...settled, { target: 'confirming', actions: 'keepStatus' }],
        onError: [...unreadable, { target: 'confirming' }],
      },
    },
    // Paid or not yet: the state is read again every pollInterval until the webhook has applied
    // it; past checkoutTimeout (counted from here) the page stops asking.
    confirming: {
      tags: ['waiting'],
      initial: 'waiting',
      after: { checkoutTimeout: { target: 'failed', actions: { type: 'fail', params: { failure: 'timeout' as const } } } },
      states: {
        waiting: { after: { pollInterval: 'reading' } },
        reading: {
          entry: assign({ polls: ({ context }) => context.polls + 1 }),
          invoke: {
            src: 'getCheckoutStatus',
            input: ({ context }) => ({ companyId: context.companyId, sessionId: context.sessionId! }),
            onDone: [...settled, { target: 'waiting', actions: 'keepStatus' }],
            onError: [...unreadable, { target: 'waiting' }],
          },
        },
      },
    },
    active: {},
    failed: {
      on: {
        // After a timeout (or an unreadable status), the return page can ask again.
        'checkout.check': { guard: ({ context }) => context.sessionId !== null && (context.failure === 'timeout' || context.failure === 'status'), target: 'returned' },
        // From the billing page, a refused start is tried again or put aside.
        'checkout.start': { target: 'redirecting', actions: assign({ plan: ({ event }) => event.plan, cycle: ({ event }) => event.cycle, failure: null, error: null }) },
        'checkout.reset': { target: 'idle', actions: assign({ failure: null, error: null }) },
      },
    },
  },
});
