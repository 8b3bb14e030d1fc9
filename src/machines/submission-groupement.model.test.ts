import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { submissionMachine, SUBMISSION_DEPOSITED, type Groupement, type GroupementWritten, type SetGroupementInput, type Submission, type VaultDocument, type VaultInput } from './submission.machine';
import type { RequestSuccess } from '../common/request-result';
import { depositedSubmission, preparingSubmission, submissionCompanyId, submissionTenderId } from './submission.fixtures';
import { twoMemberGroupement } from './groupement.fixtures';

// The submission folder's groupement region (issue 26), as a manager lives it: loaded (or failed
// and retried), alone by default, the form opened and left or saved (accepted: the groupement and
// the folder with its co-contractors' pieces shown; refused: the form kept with the refusal), and
// answering alone again after confirming.
const userModel = createMachine({
  id: 'groupementModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loadsAlone': 'alone', 'server.failsToLoad': 'loadFailed' } },
    loadFailed: { on: { 'user.retries': 'loading' } },
    alone: { on: { 'user.answersGrouped': 'editing' } },
    editing: { on: { 'user.cancels': 'alone', 'user.saves': 'saving' } },
    saving: { on: { 'server.accepts': 'grouped', 'server.refuses': 'saveFailed' } },
    saveFailed: { on: { 'user.saves': 'saving', 'user.cancels': 'alone' } },
    grouped: { on: { 'user.answersAlone': 'confirmingClear' } },
    confirmingClear: { on: { 'user.cancels': 'grouped', 'user.confirms': 'clearing' } },
    clearing: { on: { 'server.clears': 'alone' } },
  },
});

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
function collector<I, O>() {
  const calls: Pending<I, O>[] = [];
  const logic = fromPromise<O, I>(({ input }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })));
  return { calls, logic, last: () => calls.at(-1)! };
}
const withMembers: Submission = { ...preparingSubmission, pieces: [...preparingSubmission.pieces, { code: 'DC2_1', label: 'DC2 de Alpes Maintenance Industrielle (cotraitant)', part: 'candidature', required: false, source: 'missing', status: 'missing', checks: [], asked: null, file: null }] };

function start({ canDeposit = true, folder = preparingSubmission } = {}) {
  const loads = collector<{ tenderId: string }, Submission>();
  const groupements = collector<{ tenderId: string }, Groupement | null>();
  const saves = collector<SetGroupementInput, RequestSuccess<GroupementWritten>>();
  const clears = collector<{ tenderId: string }, RequestSuccess<GroupementWritten>>();
  const logic = submissionMachine.provide({
    actors: {
      getSubmission: loads.logic,
      listVaultDocuments: fromPromise<VaultDocument[], VaultInput>(async () => []),
      getSubmissionGroupement: groupements.logic,
      setSubmissionGroupement: saves.logic,
      clearSubmissionGroupement: clears.logic,
    },
  });
  const actor = createActor(logic, { input: { tenderId: submissionTenderId, companyId: submissionCompanyId, canDeposit } }).start();
  loads.last().resolve(folder);
  return { actor, loads, groupements, saves, clears };
}
const region = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { open?: Record<string, string> }).open?.groupement;

describe('submission machine, the groupement, model-based', () => {
  const model = createTestModel(userModel);
  const paths = model.getShortestPaths();

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, groupements, saves, clears } = start();
      await flush();
      await path.test({
        events: {
          'server.loadsAlone': async () => {
            groupements.last().resolve(null);
            await flush();
          },
          'server.failsToLoad': async () => {
            groupements.last().reject({ message: 'Aucune réponse du serveur.', status: 502 });
            await flush();
          },
          'user.retries': () => actor.send({ type: 'groupement.retry' }),
          'user.answersGrouped': () => actor.send({ type: 'groupement.edit' }),
          'user.cancels': () => actor.send({ type: 'groupement.cancel' }),
          'user.saves': () => actor.send({ type: 'groupement.save', groupement: twoMemberGroupement }),
          'server.accepts': async () => {
            saves.last().resolve({ message: 'Groupement enregistré.', data: { groupement: twoMemberGroupement, submission: withMembers } });
            await flush();
          },
          'server.refuses': async () => {
            saves.last().reject({ message: 'SIRET invalide.', status: 400, details: [{ field: 'members.1.siret', msg: 'SIRET invalide.' }] });
            await flush();
          },
          'user.answersAlone': () => actor.send({ type: 'groupement.clear' }),
          'user.confirms': () => actor.send({ type: 'groupement.confirmClear' }),
          'server.clears': async () => {
            clears.last().resolve({ message: "L'entreprise répond seule.", data: { groupement: null, submission: preparingSubmission } });
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(region(actor)).toBe('loading');
            expect(groupements.last().input).toEqual({ tenderId: submissionTenderId });
          },
          loadFailed: () => {
            expect(region(actor)).toBe('failed');
            expect(actor.getSnapshot().context.groupementError?.message).toBe('Aucune réponse du serveur.');
          },
          alone: () => {
            expect(region(actor)).toBe('shown');
            expect(actor.getSnapshot().context.groupement).toBeNull();
          },
          editing: () => expect(region(actor)).toBe('editing'),
          saving: () => {
            expect(region(actor)).toBe('saving');
            expect(saves.last().input).toEqual({ tenderId: submissionTenderId, groupement: twoMemberGroupement });
          },
          saveFailed: () => {
            expect(region(actor)).toBe('saveFailed');
            expect(actor.getSnapshot().context.groupementError?.details).toEqual([{ field: 'members.1.siret', msg: 'SIRET invalide.' }]);
          },
          grouped: () => {
            expect(region(actor)).toBe('shown');
            expect(actor.getSnapshot().context.groupement).toBe(twoMemberGroupement);
            expect(actor.getSnapshot().context.submission, 'the folder with the co-contractors’ pieces').toBe(withMembers);
            expect(actor.getSnapshot().context.announcement).toBe('Groupement enregistré.');
          },
          confirmingClear: () => expect(region(actor)).toBe('confirmingClear'),
          clearing: () => expect(clears.last().input).toEqual({ tenderId: submissionTenderId }),
        },
      });
    });
  }
});

describe('submission machine, the groupement, cases the model leaves out', () => {
  it('an employee reads the groupement but cannot open the form nor clear it', async () => {
    const { actor, groupements } = start({ canDeposit: false });
    await flush();
    groupements.last().resolve(twoMemberGroupement);
    await flush();
    actor.send({ type: 'groupement.edit' });
    actor.send({ type: 'groupement.clear' });
    expect(region(actor)).toBe('shown');
  });

  it('nothing changes once the folder is deposited', async () => {
    const { actor, groupements } = start({ folder: depositedSubmission });
    await flush();
    groupements.last().resolve(twoMemberGroupement);
    await flush();
    actor.send({ type: 'groupement.edit' });
    expect(region(actor)).toBe('shown');
  });

  it('alone, there is nothing to clear', async () => {
    const { actor, groupements } = start();
    await flush();
    groupements.last().resolve(null);
    await flush();
    actor.send({ type: 'groupement.clear' });
    expect(region(actor)).toBe('shown');
  });

  it('a save refused because a colleague deposited meanwhile reads the folder again', async () => {
    const { actor, groupements, saves, loads } = start();
    await flush();
    groupements.last().resolve(null);
    await flush();
    actor.send({ type: 'groupement.edit' });
    actor.send({ type: 'groupement.save', groupement: twoMemberGroupement });
    saves.last().reject({ message: 'Le dossier est déposé.', msgType: SUBMISSION_DEPOSITED, status: 409 });
    await flush();
    expect(region(actor)).toBe('shown');
    expect(loads.calls).toHaveLength(2);
  });
});
