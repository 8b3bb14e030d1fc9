import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { RequestSuccess } from '../common/request-result';
import { goNoGoMachine, liveScore, weightedScore, type GoNoGo, type GoNoGoDecideInput, type GoNoGoSaveInput } from './go-no-go.machine';

// What a member sees of a tender's Go/No-Go card: the grid loads (or fails and is retried), a
// rating changes the score at once and is saved; a stale save brings the colleague's grid in and
// keeps the member's change over it; a no-go cannot be confirmed without a reason; a refused
// decision leaves the dialog open with the message; a decision shows who took it.
const userModel = createMachine({
  id: 'goNoGoModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loaded': 'ready', 'server.loadFailed': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: { on: { 'user.rate': 'dirty', 'user.openGo': 'choosingGo', 'user.openNoGo': 'choosingNoGo' } },
    dirty: { on: { 'user.save': 'saving' } },
    saving: { on: { 'server.saved': 'saved', 'server.conflict': 'conflict' } },
    saved: {},
    conflict: { on: { 'user.save': 'saving' } },
    choosingGo: { on: { 'user.confirm': 'deciding', 'user.cancel': 'ready' } },
    choosingNoGo: { on: { 'user.confirmEmpty': 'choosingNoGo', 'user.typeReason': 'reasoned', 'user.cancel': 'ready' } },
    reasoned: { on: { 'user.confirm': 'deciding' } },
    deciding: { on: { 'server.decided': 'decided', 'server.refused': 'refused' } },
    decided: {},
    refused: { on: { 'user.cancel': 'ready' } },
  },
});

const WEIGHTS = { strategic_fit: 3, capacity: 2, technical_match: 5, references: 1, price: 4, risk: 0 };
const grid = (patch: Partial<GoNoGo> = {}, price = 0): GoNoGo => ({
  criteria: ['strategic_fit', 'capacity', 'technical_match', 'references', 'price', 'risk'].map((criterion) => ({
    criterion: criterion as GoNoGo['criteria'][number]['criterion'],
    rating: criterion === 'price' ? price : 0,
    note: '',
  })),
  weights: WEIGHTS,
  score: 0,
  decision: null,
  reason: null,
  decidedBy: null,
  decidedAt: null,
  version: 1,
  ...patch,
});

type Deferred<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

function start() {
  const loads: Deferred<{ tenderId: string }, unknown>[] = [];
  const saves: Deferred<GoNoGoSaveInput, unknown>[] = [];
  const decisions: Deferred<GoNoGoDecideInput, unknown>[] = [];
  const notified: string[] = [];
  const deferred = <I>(list: Deferred<I, unknown>[]) =>
    fromPromise<RequestSuccess<GoNoGo>, I>(({ input }) => new Promise((resolve, reject) => list.push({ input, resolve: resolve as (v: unknown) => void, reject })));
  const actor = createActor(
    goNoGoMachine.provide({
      actors: { loadGoNoGo: deferred(loads), saveGoNoGo: deferred(saves), decideGoNoGo: deferred(decisions) },
      actions: { notify: (_, { message }) => void notified.push(message) },
    }),
    { input: { tenderId: 't1' } },
  ).start();
  return { actor, loads, saves, decisions, notified };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('go/no-go machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.config.states!).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const m = start();
      const snap = () => m.actor.getSnapshot();
      await path.test({
        events: {
          'server.loaded': async () => {
            m.loads.at(-1)!.resolve({ message: '', data: grid() });
            await flush();
          },
          'server.loadFailed': async () => {
            m.loads.at(-1)!.reject({ message: 'Service indisponible.', status: 503 });
            await flush();
          },
          'user.retry': () => m.actor.send({ type: 'grid.retry' }),
          // Price 0 → 4 with weight 4: 16 / 60 → 27 %.
          'user.rate': () => m.actor.send({ type: 'grid.rate', criterion: 'price', rating: 4 }),
          'user.save': () => m.actor.send({ type: 'grid.save' }),
          'server.saved': async () => {
            m.saves.at(-1)!.resolve({ message: 'Grille enregistrée.', data: grid({ version: 2, score: 27 }, 4) });
            await flush();
          },
          'server.conflict': async () => {
            m.saves.at(-1)!.reject({ message: 'Quelqu’un a modifié la grille.', status: 409, details: grid({ version: 5, score: 7 }, 1) });
            await flush();
          },
          'user.openGo': () => m.actor.send({ type: 'decision.open', decision: 'go' }),
          'user.openNoGo': () => m.actor.send({ type: 'decision.open', decision: 'no_go' }),
          'user.confirmEmpty': () => {
            const sent = m.decisions.length;
            m.actor.send({ type: 'decision.reason', reason: '   ' });
            m.actor.send({ type: 'decision.confirm' });
            // A blank reason: nothing sent.
            expect(m.decisions).toHaveLength(sent);
          },
          'user.typeReason': () => m.actor.send({ type: 'decision.reason', reason: ' Hors zone ' }),
          'user.confirm': () => m.actor.send({ type: 'decision.confirm' }),
          'user.cancel': () => m.actor.send({ type: 'decision.cancel' }),
          'server.decided': async () => {
            const input = m.decisions.at(-1)!.input;
            m.decisions.at(-1)!.resolve({ message: 'Décision enregistrée.', data: grid({ decision: input.decision, reason: input.reason ?? null, decidedBy: { _id: 'u1', username: 'Camille' }, decidedAt: '2026-11-24T10:00:00.000Z', version: 2 }) });
            await flush();
          },
          'server.refused': async () => {
            m.decisions.at(-1)!.reject({ message: 'La décision n’est plus possible.', status: 409 });
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snap().value).toBe('loading');
            expect(snap().hasTag('loading')).toBe(true);
          },
          failed: () => {
            expect(snap().value).toBe('failed');
            expect(snap().context.error?.status).toBe(503);
          },
          ready: () => {
            expect(snap().value).toBe('ready');
            expect(snap().context.choice).toBeNull();
            // Nothing changed: nothing to save.
            expect(snap().can({ type: 'grid.save' })).toBe(false);
          },
          dirty: () => {
            expect(liveScore(snap().context.grid!, snap().context.draft)).toBe(27);
            expect(snap().can({ type: 'grid.save' })).toBe(true);
          },
          saving: () => {
            expect(snap().hasTag('busy')).toBe(true);
            // Only the changed criterion travels, with the version the grid was read at.
            const input = m.saves.at(-1)!.input;
            expect(input.ratings).toEqual([{ criterion: 'price', rating: 4, note: '' }]);
            expect(input.version).toBe(m.saves.length === 1 ? 1 : 5);
          },
          saved: () => {
            expect(snap().value).toBe('ready');
            expect(snap().context).toMatchObject({ draft: {}, error: null });
            expect(snap().context.grid!.version).toBe(2);
            expect(m.notified).toContain('Grille enregistrée.');
          },
          conflict: () => {
            expect(snap().value).toBe('ready');
            // The colleague's grid (version 5, price 1) with the member's change (price 4) over it.
            expect(snap().context.grid!.version).toBe(5);
            expect(snap().context.error?.status).toBe(409);
            expect(liveScore(snap().context.grid!, snap().context.draft)).toBe(27);
          },
          choosingGo: () => {
            expect(snap().value).toBe('choosing');
            expect(snap().context.choice).toBe('go');
            expect(snap().can({ type: 'decision.confirm' })).toBe(true);
          },
          choosingNoGo: () => {
            expect(snap().value).toBe('choosing');
            expect(snap().context.choice).toBe('no_go');
            expect(snap().can({ type: 'decision.confirm' })).toBe(false);
          },
          reasoned: () => {
            expect(snap().can({ type: 'decision.confirm' })).toBe(true);
          },
          deciding: () => {
            expect(snap().hasTag('busy')).toBe(true);
            const input = m.decisions.at(-1)!.input;
            if (input.decision === 'no_go') expect(input.reason).toBe('Hors zone');
            else expect(input.reason).toBeUndefined();
          },
          decided: () => {
            expect(snap().value).toBe('ready');
            expect(snap().context.grid!.decidedBy?.username).toBe('Camille');
            expect(snap().context.decided).toBe(snap().context.grid!.decision);
            expect(m.notified).toContain('Décision enregistrée.');
          },
          refused: () => {
            expect(snap().value).toBe('choosing');
            expect(snap().context.error?.message).toBe('La décision n’est plus possible.');
          },
        },
      });
    });
  }
});

describe('weights changed beside the grid', () => {
  it('re-weigh the score shown at once', async () => {
    const m = start();
    m.loads[0]!.resolve({ message: '', data: grid({}, 4) });
    await flush();
    // Price 4 alone: 4·4 / 60 → 27 %; with only price weighing, 100 %.
    expect(liveScore(m.actor.getSnapshot().context.grid!, {})).toBe(27);
    m.actor.send({ type: 'grid.weights', weights: { strategic_fit: 0, capacity: 0, technical_match: 0, references: 0, price: 3, risk: 0 } });
    expect(liveScore(m.actor.getSnapshot().context.grid!, {})).toBe(100);
  });
});

describe('weightedScore', () => {
  it('weighs the ratings as the server does', () => {
    expect(weightedScore(WEIGHTS, { strategic_fit: 4, capacity: 2, technical_match: 3, references: 1, price: 2, risk: 0 })).toBe(67);
    expect(weightedScore({ ...WEIGHTS, strategic_fit: 0, capacity: 0, technical_match: 0, references: 0, price: 0 }, { risk: 4 })).toBe(0);
    expect(weightedScore({ strategic_fit: 1, capacity: 1, technical_match: 1, references: 1, price: 1, risk: 1 }, { strategic_fit: 4, capacity: 4, technical_match: 4, references: 4, price: 4, risk: 4 })).toBe(100);
  });
});
