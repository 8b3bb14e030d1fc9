import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { callFeedbackMachine, reasonDialogOpen, REASON_MAX, type FeedbackAction, type FeedbackTarget } from './call-feedback.machine';
import type { RequestSuccess } from '../common/request-result';

// What a manager does with a potential call: press "Pertinent" (sent at once) or release it;
// "Pas pertinent" asks a reason (an empty one is not sent), the call is set aside and the banner
// offers to take it back; a hidden call is restored from the hidden list. Refusals say why; a
// refused reason can be sent again from its dialog.
const userModel = createMachine({
  id: 'callFeedbackModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.relevant': 'savingRelevant', 'user.release': 'removing', 'user.notRelevant': 'asking', 'user.restore': 'removing' } },
    asking: { on: { 'user.saveEmpty': 'asking', 'user.saveReason': 'savingReason', 'user.cancel': 'idle' } },
    savingRelevant: { on: { 'server.ok': 'done', 'server.refuses': 'failed' } },
    savingReason: { on: { 'server.ok': 'hidden', 'server.refuses': 'reasonRefused' } },
    removing: { on: { 'server.ok': 'done', 'server.refuses': 'failed' } },
    hidden: { on: { 'user.undo': 'removing', 'user.dismiss': 'idle' } },
    done: { on: { 'user.notRelevant': 'asking' } },
    failed: { on: { 'user.relevant': 'savingRelevant', 'user.dismiss': 'idle' } },
    reasonRefused: { on: { 'user.saveReason': 'savingReason', 'user.cancel': 'idle' } },
  },
});

const call: FeedbackTarget = { id: '0b7f3a52-8c1d-4e2f-9a3b-5c6d7e8f9a0b', title: 'Réhabilitation du groupe scolaire Jean Moulin' };
type Pending<I> = { input: I; resolve: (value: RequestSuccess<null>) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const puts: Pending<{ id: string; verdict: 'relevant' | 'not_relevant'; reason?: string }>[] = [];
  const deletes: Pending<{ id: string }>[] = [];
  const done: { action: FeedbackAction; message: string }[] = [];
  const pending = <I,>(list: Pending<I>[]) => fromPromise(({ input }: { input: I }) => new Promise<RequestSuccess<null>>((resolve, reject) => list.push({ input, resolve, reject })));
  const logic = callFeedbackMachine.provide({
    actors: { setTenderCallFeedback: pending(puts), deleteTenderCallFeedback: pending(deletes) },
    actions: { notifyDone: (_, { action, message }) => void done.push({ action, message }) },
  });
  return { actor: createActor(logic).start(), puts, deletes, done };
}

describe('call feedback machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 5)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  it('refuses a reason longer than the server takes', () => {
    const { actor, puts } = start();
    actor.send({ type: 'feedback.notRelevant', target: call });
    actor.send({ type: 'feedback.save', reason: 'x'.repeat(REASON_MAX + 1) });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(puts).toHaveLength(0);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, puts, deletes, done } = start();
      const snapshot = () => actor.getSnapshot();
      let putsBefore = 0;
      let deletesBefore = 0;
      const count = () => {
        putsBefore = puts.length;
        deletesBefore = deletes.length;
      };
      await path.test({
        events: {
          'user.relevant': () => {
            count();
            actor.send({ type: 'feedback.relevant', target: call });
          },
          'user.release': () => {
            count();
            actor.send({ type: 'feedback.clear', target: call });
          },
          'user.notRelevant': () => {
            count();
            actor.send({ type: 'feedback.notRelevant', target: call });
          },
          'user.saveEmpty': () => {
            count();
            actor.send({ type: 'feedback.save', reason: '   ' });
          },
          'user.saveReason': () => {
            count();
            actor.send({ type: 'feedback.save', reason: ' Hors de notre zone ' });
          },
          'user.cancel': () => actor.send({ type: 'feedback.cancel' }),
          'user.undo': () => {
            count();
            actor.send({ type: 'feedback.undo' });
          },
          'user.restore': () => {
            count();
            actor.send({ type: 'feedback.restore', target: call });
          },
          'user.dismiss': () => actor.send({ type: 'feedback.dismiss' }),
          'server.ok': async () => {
            const pendingCall = snapshot().matches('saving') ? puts.at(-1)! : deletes.at(-1)!;
            pendingCall.resolve({ message: 'Avis enregistré.', data: null });
            await flush();
          },
          'server.refuses': async () => {
            const pendingCall = snapshot().matches('saving') ? puts.at(-1)! : deletes.at(-1)!;
            pendingCall.reject({ message: 'La raison est obligatoire.', status: 400 });
            await flush();
          },
        },
        states: {
          idle: () => {
            expect(snapshot().matches({ ready: 'idle' })).toBe(true);
            expect(snapshot().context.target).toBeNull();
            expect(reasonDialogOpen(snapshot())).toBe(false);
          },
          asking: () => {
            expect(snapshot().value).toBe('asking');
            expect(reasonDialogOpen(snapshot())).toBe(true);
            expect(puts.length, 'nothing sent without a reason').toBe(putsBefore);
          },
          savingRelevant: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(puts.length).toBe(putsBefore + 1);
            expect(puts.at(-1)!.input).toEqual({ id: call.id, verdict: 'relevant', reason: undefined });
          },
          savingReason: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(reasonDialogOpen(snapshot()), 'the dialog waits for the answer').toBe(true);
            expect(puts.at(-1)!.input).toEqual({ id: call.id, verdict: 'not_relevant', reason: 'Hors de notre zone' });
          },
          removing: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(deletes.length).toBe(deletesBefore + 1);
            expect(deletes.at(-1)!.input).toEqual({ id: call.id });
          },
          hidden: () => {
            expect(snapshot().matches({ ready: 'done' })).toBe(true);
            expect(snapshot().context.action).toBe('hide');
            expect(done.at(-1)).toEqual({ action: 'hide', message: 'Avis enregistré.' });
            expect(reasonDialogOpen(snapshot())).toBe(false);
          },
          done: () => {
            expect(snapshot().matches({ ready: 'done' })).toBe(true);
            expect(['relevant', 'clear', 'undo', 'restore']).toContain(done.at(-1)!.action);
          },
          failed: () => {
            expect(snapshot().matches({ ready: 'failed' })).toBe(true);
            expect(snapshot().context.error?.message).toBe('La raison est obligatoire.');
            expect(reasonDialogOpen(snapshot())).toBe(false);
          },
          reasonRefused: () => {
            expect(snapshot().matches({ ready: 'failed' })).toBe(true);
            expect(snapshot().context.error?.message).toBe('La raison est obligatoire.');
            expect(reasonDialogOpen(snapshot()), 'the dialog stays to try again').toBe(true);
          },
        },
      });
    });
  }
});
