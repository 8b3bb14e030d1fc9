import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type GoNoGo = components['schemas']['GoNoGo'];
export type GoNoGoCriterion = components['schemas']['GoNoGoCriterion'];
export type GoNoGoWeights = components['schemas']['GoNoGoWeights'];
export type GoNoGoDecision = 'go' | 'no_go';
export type GoNoGoDraft = Partial<Record<GoNoGoCriterion, { rating: number; note: string }>>;
export type GoNoGoSaveInput = { tenderId: string; ratings: { criterion: GoNoGoCriterion; rating: number; note: string }[]; version: number };
export type GoNoGoDecideInput = { tenderId: string; decision: GoNoGoDecision; reason?: string };

export const GO_NO_GO_CRITERIA: readonly GoNoGoCriterion[] = ['strategic_fit', 'capacity', 'technical_match', 'references', 'price', 'risk'];
export const GO_NO_GO_REASON_MAX = 2000;

/** The server's formula (server/domains/tenders/go-no-go.ts): Σ weight × rating ÷ (Σ weight × 4), in %. */
export function weightedScore(weights: GoNoGoWeights, ratings: Partial<Record<GoNoGoCriterion, number>>): number {
  let total = 0;
  let max = 0;
  for (const c of GO_NO_GO_CRITERIA) {
    total += weights[c] * (ratings[c] ?? 0);
    max += weights[c] * 4;
  }
  return max === 0 ? 0 : Math.round((100 * total) / max);
}

/** The grid as the user sees it: the saved ratings with their unsaved changes over them. */
export function ratingsShown(grid: GoNoGo, draft: GoNoGoDraft) {
  return grid.criteria.map((c) => ({ criterion: c.criterion, rating: draft[c.criterion]?.rating ?? c.rating, note: draft[c.criterion]?.note ?? c.note }));
}

export const liveScore = (grid: GoNoGo, draft: GoNoGoDraft) =>
  weightedScore(grid.weights, Object.fromEntries(ratingsShown(grid, draft).map((c) => [c.criterion, c.rating])));

export type GoNoGoContext = {
  tenderId: string;
  grid: GoNoGo | null;
  /** The criteria changed since the last save; only they are sent (the server keeps the others). */
  draft: GoNoGoDraft;
  /** The decision whose dialog is open, and its reason as typed. */
  choice: GoNoGoDecision | null;
  reason: string;
  error: RequestError | null;
  /** Set after a go on a tender the page may now offer to start. */
  decided: GoNoGoDecision | null;
};

export type GoNoGoEvent =
  | { type: 'grid.rate'; criterion: GoNoGoCriterion; rating: number }
  | { type: 'grid.note'; criterion: GoNoGoCriterion; note: string }
  | { type: 'grid.save' }
  | { type: 'grid.retry' }
  /** The company's weights were changed (by a manager, beside the grid): the score follows. */
  | { type: 'grid.weights'; weights: GoNoGoWeights }
  | { type: 'decision.open'; decision: GoNoGoDecision }
  | { type: 'decision.reason'; reason: string }
  | { type: 'decision.cancel' }
  | { type: 'decision.confirm' };

const placeholder = <O, I>(name: string) =>
  fromPromise<O, I>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });

const changed = (context: GoNoGoContext, criterion: GoNoGoCriterion, patch: Partial<{ rating: number; note: string }>): GoNoGoDraft => {
  const saved = context.grid!.criteria.find((c) => c.criterion === criterion)!;
  const current = context.draft[criterion] ?? { rating: saved.rating, note: saved.note };
  return { ...context.draft, [criterion]: { ...current, ...patch } };
};

/**
 * A tender's Go/No-Go card: the grid loaded, rated and saved with the version it was read at (a
 * 409 hands back the saved grid: the user's changes stay over it, to be saved again), and a
 * decision taken in a dialog (a no-go needs a reason). Roles are the server's business: the view
 * hides what the caller may not do.
 */
export const goNoGoMachine = setup({
  types: {
    context: {} as GoNoGoContext,
    events: {} as GoNoGoEvent,
    input: {} as { tenderId: string },
  },
  actors: {
    loadGoNoGo: placeholder<RequestSuccess<GoNoGo>, { tenderId: string }>('loadGoNoGo'),
    saveGoNoGo: placeholder<RequestSuccess<GoNoGo>, GoNoGoSaveInput>('saveGoNoGo'),
    decideGoNoGo: placeholder<RequestSuccess<GoNoGo>, GoNoGoDecideInput>('decideGoNoGo'),
  },
  actions: {
    // Provided by the page: a toast with the server's message.
    notify: (_, _params: { message: string }) => undefined,
  },
  guards: {
    dirty: ({ context }) => Object.keys(context.draft).length > 0,
    reasonOk: ({ context }) => context.choice === 'go' || (context.reason.trim().length > 0 && context.reason.length <= GO_NO_GO_REASON_MAX),
    isConflict: ({ event }) => {
      const error = toRequestError((event as { error?: unknown }).error);
      return error.status === 409 && typeof (error.details as Partial<GoNoGo> | undefined)?.version === 'number';
    },
  },
}).createMachine({
  id: 'goNoGo',
  initial: 'loading',
  context: ({ input }) => ({ tenderId: input.tenderId, grid: null, draft: {}, choice: null, reason: '', error: null, decided: null }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadGoNoGo',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: { target: 'ready', actions: assign({ grid: ({ event }) => event.output.data, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: { on: { 'grid.retry': 'loading' } },
    ready: {
      on: {
        'grid.rate': { actions: assign({ draft: ({ context, event }) => changed(context, event.criterion, { rating: event.rating }), decided: null }) },
        'grid.note': { actions: assign({ draft: ({ context, event }) => changed(context, event.criterion, { note: event.note }) }) },
        'grid.save': { guard: 'dirty', target: 'saving', actions: assign({ error: null }) },
        'grid.weights': { actions: assign({ grid: ({ context, event }) => ({ ...context.grid!, weights: event.weights }) }) },
        'decision.open': { target: 'choosing', actions: assign({ choice: ({ event }) => event.decision, reason: '', error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveGoNoGo',
        input: ({ context }) => ({
          tenderId: context.tenderId,
          version: context.grid!.version,
          ratings: Object.entries(context.draft).map(([criterion, r]) => ({ criterion: criterion as GoNoGoCriterion, rating: r.rating, note: r.note })),
        }),
        onDone: {
          target: 'ready',
          actions: [assign({ grid: ({ event }) => event.output.data, draft: {} }), { type: 'notify', params: ({ event }) => ({ message: event.output.message }) }],
        },
        onError: [
          {
            // Someone saved first: their grid comes in, the user's changes stay over it.
            guard: 'isConflict',
            target: 'ready',
            actions: assign({ grid: ({ event }) => toRequestError(event.error).details as GoNoGo, error: ({ event }) => toRequestError(event.error) }),
          },
          { target: 'ready', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
        ],
      },
    },
    choosing: {
      on: {
        'decision.reason': { actions: assign({ reason: ({ event }) => event.reason }) },
        'decision.cancel': { target: 'ready', actions: assign({ choice: null, reason: '', error: null }) },
        'decision.confirm': { guard: 'reasonOk', target: 'deciding' },
      },
    },
    deciding: {
      tags: ['busy'],
      invoke: {
        src: 'decideGoNoGo',
        input: ({ context }) => ({
          tenderId: context.tenderId,
          decision: context.choice!,
          ...(context.reason.trim() ? { reason: context.reason.trim() } : {}),
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ grid: ({ event }) => event.output.data, decided: ({ context }) => context.choice, choice: null, reason: '', error: null }),
            { type: 'notify', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
  },
});
