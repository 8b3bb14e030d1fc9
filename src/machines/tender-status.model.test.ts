import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { needsConfirmation, tenderStatusMachine, type StatusChangedTender } from './tender-status.machine';
import { TENDER_STATUSES, type TenderStatus } from './tender-lifecycle';
import type { RequestSuccess } from '../shared/request-result';

describe('needsConfirmation', () => {
  it('asks before the decisions only, the statuses nothing can follow', () => {
    expect(TENDER_STATUSES.filter(needsConfirmation).sort()).toEqual(['lost', 'non_compliant', 'won']);
  });
});

// What a user of the details page meets: a step (start, submit, pending) is saved at once; a
// decision (won, lost, non compliant) asks first and can be cancelled; a refusal says why and can
// be dismissed; once decided, nothing more can be chosen.
const userModel = createMachine({
  id: 'tenderStatusModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.chooseStep': 'savingStep', 'user.chooseDecision': 'confirming' } },
    confirming: { on: { 'user.confirm': 'savingDecision', 'user.cancel': 'idle' } },
    savingStep: { on: { 'server.saved': 'idle', 'server.refused': 'failure' } },
    savingDecision: { on: { 'server.saved': 'decided', 'server.refused': 'failure' } },
    failure: { on: { 'user.dismiss': 'idle', 'user.chooseDecision': 'confirming' } },
    decided: {},
  },
});

type Call = { input: { id: string; patch: { status: TenderStatus } }; resolve: (r: RequestSuccess<StatusChangedTender>) => void; reject: (e: unknown) => void };

function start(status: TenderStatus) {
  const calls: Call[] = [];
  const changed: { message: string; tender: StatusChangedTender }[] = [];
  const logic = tenderStatusMachine.provide({
    actors: {
      updateTender: fromPromise<RequestSuccess<StatusChangedTender>, Call['input']>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject }))),
    },
    actions: { statusChanged: (_, params) => changed.push(params) },
  });
  const actor = createActor(logic, { input: { id: 'tender-1', status }, clock: new SimulatedClock() }).start();
  return { actor, calls, changed };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('tender status machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['confirming', 'decided', 'failure', 'idle', 'savingDecision', 'savingStep']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, changed } = start('in_progress');
      // What the server holds, and what the user asked for, as the test drives them.
      let saved: TenderStatus = 'in_progress';
      let asked: TenderStatus | null = null;
      let saves = 0;
      const accepted: TenderStatus[] = [];
      const snapshot = () => actor.getSnapshot();
      const saving = () => {
        expect(snapshot().hasTag('saving')).toBe(true);
        // Saved with the status the user chose, once; no second change meanwhile.
        expect(calls).toHaveLength(saves);
        expect(calls.at(-1)!.input).toEqual({ id: 'tender-1', patch: { status: asked } });
        expect(snapshot().can({ type: 'status.choose', to: 'pending' })).toBe(false);
      };
      await path.test({
        events: {
          'user.chooseStep': () => {
            // Back and forth between in progress and pending: steps that never end the lifecycle.
            asked = saved === 'pending' ? 'in_progress' : 'pending';
            saves += 1;
            actor.send({ type: 'status.choose', to: asked });
          },
          'user.chooseDecision': () => {
            asked = 'non_compliant';
            actor.send({ type: 'status.choose', to: asked });
          },
          'user.confirm': () => {
            saves += 1;
            actor.send({ type: 'status.confirm' });
          },
          'user.cancel': () => {
            asked = null;
            actor.send({ type: 'status.cancel' });
          },
          'user.dismiss': () => {
            asked = null;
            actor.send({ type: 'status.dismiss' });
          },
          'server.saved': async () => {
            const call = calls.at(-1)!;
            call.resolve({ message: 'Statut mis à jour.', data: { _id: call.input.id, status: call.input.patch.status } });
            saved = call.input.patch.status;
            accepted.push(saved);
            asked = null;
            await flush();
          },
          'server.refused': async () => {
            calls.at(-1)!.reject({ message: "Ce changement de statut n'est pas possible.", status: 409 });
            await flush();
          },
        },
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context).toMatchObject({ status: saved, to: null, error: null });
            // The saved tender goes back to the page after each accepted change, and only then.
            expect(changed.map((c) => c.tender.status)).toEqual(accepted);
          },
          confirming: () => {
            expect(snapshot().value).toBe('confirming');
            expect(snapshot().context.to).toBe(asked);
            // Nothing is saved before the user confirms.
            expect(calls).toHaveLength(saves);
            expect(snapshot().can({ type: 'status.choose', to: 'submitted' })).toBe(false);
          },
          savingStep: () => saving(),
          savingDecision: () => saving(),
          failure: () => {
            expect(snapshot().value).toBe('failure');
            expect(snapshot().context).toMatchObject({ status: saved, to: asked, error: { status: 409, message: "Ce changement de statut n'est pas possible." } });
          },
          decided: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.status).toBe('non_compliant');
            expect(changed.at(-1)).toEqual({ message: 'Statut mis à jour.', tender: { _id: 'tender-1', status: 'non_compliant' } });
            expect(TENDER_STATUSES.filter((to) => snapshot().can({ type: 'status.choose', to }))).toEqual([]);
          },
        },
      });
    });
  }
});

describe('tender status machine, the lifecycle', () => {
  it('offers only the statuses the lifecycle allows from the current one', () => {
    const { actor } = start('submitted');
    const can = (to: TenderStatus) => actor.getSnapshot().can({ type: 'status.choose', to });
    expect(TENDER_STATUSES.filter(can).sort()).toEqual(['lost', 'non_compliant', 'won']);
    const decided = start('won').actor;
    expect(TENDER_STATUSES.filter((to) => decided.getSnapshot().can({ type: 'status.choose', to }))).toEqual([]);
  });

  it('a reload brings the server status and drops a pending choice', () => {
    const { actor, calls } = start('submitted');
    actor.send({ type: 'status.choose', to: 'won' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'status.sync', status: 'lost' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ status: 'lost', to: null });
    expect(calls).toEqual([]);
  });
});
