import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { isDecision, tenderStatusMachine, type StatusChangedTender } from './tender-status.machine';
import { REOPEN_REASON_MAX, TENDER_STATUSES, type TenderStatus } from '../../rules/tender-lifecycle';
import type { RequestSuccess } from '../common/request-result';

describe('isDecision', () => {
  it('is true of the statuses nothing can follow', () => {
    expect(TENDER_STATUSES.filter(isDecision).sort()).toEqual(['lost', 'non_compliant', 'won']);
  });
});

// What a manager on the details page meets: every change asks first and can be cancelled; a
// submitted tender can be decided or reopened, and a reopening needs a reason; a refusal says why
// in the dialog and can be retried or cancelled; once decided, nothing more can be chosen.
const userModel = createMachine({
  id: 'tenderStatusModel',
  initial: 'working',
  states: {
    working: { on: { 'user.chooseSubmit': 'confirmingSubmit' } },
    confirmingSubmit: { on: { 'user.confirm': 'savingSubmit', 'user.cancel': 'working' } },
    savingSubmit: { on: { 'server.saved': 'submitted', 'server.refused': 'failureSubmit' } },
    failureSubmit: { on: { 'user.confirm': 'savingSubmit', 'user.cancel': 'working' } },
    submitted: { on: { 'user.chooseDecision': 'confirmingDecision', 'user.reopen': 'confirmingReopen' } },
    confirmingDecision: { on: { 'user.confirm': 'savingDecision', 'user.cancel': 'submitted' } },
    savingDecision: { on: { 'server.saved': 'decided', 'server.refused': 'failureDecision' } },
    failureDecision: { on: { 'user.confirm': 'savingDecision', 'user.cancel': 'submitted' } },
    confirmingReopen: { on: { 'user.confirmWithoutReason': 'reasonMissing', 'user.typeReason': 'reopenReady', 'user.cancel': 'submitted' } },
    reasonMissing: { on: { 'user.typeReason': 'reopenReady', 'user.cancel': 'submitted' } },
    reopenReady: { on: { 'user.confirm': 'savingReopen', 'user.cancel': 'submitted' } },
    savingReopen: { on: { 'server.saved': 'working', 'server.refused': 'failureReopen' } },
    failureReopen: { on: { 'user.confirm': 'savingReopen', 'user.cancel': 'submitted' } },
    decided: {},
  },
});

type MoveCall = { kind: 'move'; input: { id: string; patch: { status: TenderStatus } } };
type ReopenCall = { kind: 'reopen'; input: { id: string; reason: string } };
type Call = (MoveCall | ReopenCall) & { resolve: (r: RequestSuccess<StatusChangedTender>) => void; reject: (e: unknown) => void };

function start(status: TenderStatus, canReopen = true) {
  const calls: Call[] = [];
  const changed: { message: string; tender: StatusChangedTender }[] = [];
  const logic = tenderStatusMachine.provide({
    actors: {
      updateTender: fromPromise<RequestSuccess<StatusChangedTender>, MoveCall['input']>(({ input }) => new Promise((resolve, reject) => calls.push({ kind: 'move', input, resolve, reject }))),
      reopenTender: fromPromise<RequestSuccess<StatusChangedTender>, ReopenCall['input']>(({ input }) => new Promise((resolve, reject) => calls.push({ kind: 'reopen', input, resolve, reject }))),
    },
    actions: { statusChanged: (_, params) => changed.push(params) },
  });
  const actor = createActor(logic, { input: { id: 'tender-1', status, canReopen }, clock: new SimulatedClock() }).start();
  return { actor, calls, changed };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const REASON = 'Bordereau de prix à corriger.';
const REFUSAL = { message: "Ce changement de statut n'est pas possible.", status: 409 };

describe('tender status machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(Object.keys(userModel.config.states!).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, changed } = start('in_progress');
      // What the server holds, what the user asked for and typed, as the test drives them.
      let saved: TenderStatus = 'in_progress';
      let asked: TenderStatus | null = null;
      let reopen = false;
      let sent = 0;
      const accepted: TenderStatus[] = [];
      const snapshot = () => actor.getSnapshot();
      const nothingSent = () => expect(calls).toHaveLength(sent);
      const confirming = () => {
        expect(snapshot().value).toBe('confirming');
        expect(snapshot().context).toMatchObject({ status: saved, to: asked, kind: reopen ? 'reopen' : 'move', error: null });
        // Nothing is saved before the user confirms, and nothing else can be chosen meanwhile.
        nothingSent();
        expect(snapshot().can({ type: 'status.choose', to: 'non_compliant' })).toBe(false);
      };
      const saving = () => {
        expect(snapshot().hasTag('saving')).toBe(true);
        // Saved once, with what the user chose; no second change meanwhile.
        nothingSent();
        const last = calls.at(-1)!;
        if (reopen) expect(last).toMatchObject({ kind: 'reopen', input: { id: 'tender-1', reason: REASON } });
        else expect(last).toMatchObject({ kind: 'move', input: { id: 'tender-1', patch: { status: asked } } });
        expect(snapshot().can({ type: 'status.choose', to: 'non_compliant' })).toBe(false);
        expect(snapshot().can({ type: 'status.cancel' })).toBe(false);
      };
      const failure = () => {
        expect(snapshot().value).toBe('failure');
        expect(snapshot().context).toMatchObject({ status: saved, to: asked, error: REFUSAL });
      };
      const at = (status: TenderStatus) => {
        expect(snapshot().value).toBe('idle');
        expect(snapshot().context).toMatchObject({ status, to: null, reason: '', error: null });
        expect(saved).toBe(status);
        // The saved tender goes back to the page after each accepted change, and only then.
        expect(changed.map((c) => c.tender.status)).toEqual(accepted);
      };
      await path.test({
        events: {
          'user.chooseSubmit': () => {
            asked = 'submitted';
            reopen = false;
            actor.send({ type: 'status.choose', to: asked });
          },
          'user.chooseDecision': () => {
            asked = 'lost';
            reopen = false;
            actor.send({ type: 'status.choose', to: asked });
          },
          'user.reopen': () => {
            asked = 'in_progress';
            reopen = true;
            actor.send({ type: 'status.reopen' });
          },
          'user.typeReason': () => actor.send({ type: 'status.reason', reason: REASON }),
          'user.confirmWithoutReason': () => actor.send({ type: 'status.confirm' }),
          'user.confirm': () => {
            sent += 1;
            actor.send({ type: 'status.confirm' });
          },
          'user.cancel': () => {
            asked = null;
            reopen = false;
            actor.send({ type: 'status.cancel' });
          },
          'server.saved': async () => {
            const call = calls.at(-1)!;
            const status = call.kind === 'move' ? call.input.patch.status : 'in_progress';
            call.resolve({ message: 'Statut mis à jour.', data: { _id: call.input.id, status } });
            saved = status;
            accepted.push(status);
            asked = null;
            reopen = false;
            await flush();
          },
          'server.refused': async () => {
            calls.at(-1)!.reject(REFUSAL);
            await flush();
          },
        },
        states: {
          working: () => at('in_progress'),
          submitted: () => {
            at('submitted');
            expect(TENDER_STATUSES.filter((to) => snapshot().can({ type: 'status.choose', to })).sort()).toEqual(['lost', 'non_compliant', 'won']);
            expect(snapshot().can({ type: 'status.reopen' })).toBe(true);
          },
          confirmingSubmit: confirming,
          confirmingDecision: confirming,
          confirmingReopen: () => {
            confirming();
            expect(snapshot().context).toMatchObject({ reason: '', reasonError: null });
          },
          reasonMissing: () => {
            confirming();
            expect(snapshot().context.reasonError).toBe('required');
          },
          reopenReady: () => {
            confirming();
            expect(snapshot().context).toMatchObject({ reason: REASON, reasonError: null });
          },
          savingSubmit: saving,
          savingDecision: saving,
          savingReopen: saving,
          failureSubmit: failure,
          failureDecision: failure,
          failureReopen: () => {
            failure();
            // The reason stays, to try again.
            expect(snapshot().context.reason).toBe(REASON);
          },
          decided: () => {
            at('lost');
            expect(changed.at(-1)).toEqual({ message: 'Statut mis à jour.', tender: { _id: 'tender-1', status: 'lost' } });
            expect(TENDER_STATUSES.filter((to) => snapshot().can({ type: 'status.choose', to }))).toEqual([]);
            expect(snapshot().can({ type: 'status.reopen' })).toBe(false);
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

  it('reopens only a submitted tender, and only for a user allowed to', () => {
    expect(start('submitted').actor.getSnapshot().can({ type: 'status.reopen' })).toBe(true);
    expect(start('submitted', false).actor.getSnapshot().can({ type: 'status.reopen' })).toBe(false);
    for (const status of TENDER_STATUSES.filter((s) => s !== 'submitted')) expect(start(status).actor.getSnapshot().can({ type: 'status.reopen' })).toBe(false);
  });

  it('keeps a reason within the length the server accepts, and does not send a blank one', () => {
    const { actor, calls } = start('submitted');
    actor.send({ type: 'status.reopen' });
    actor.send({ type: 'status.reason', reason: '   ' });
    actor.send({ type: 'status.confirm' });
    expect(actor.getSnapshot().context.reasonError).toBe('required');
    actor.send({ type: 'status.reason', reason: 'x'.repeat(REOPEN_REASON_MAX + 20) });
    expect(actor.getSnapshot().context).toMatchObject({ reasonError: null });
    expect(actor.getSnapshot().context.reason).toHaveLength(REOPEN_REASON_MAX);
    expect(calls).toEqual([]);
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
