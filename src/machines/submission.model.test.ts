import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { submissionMachine, SUBMISSION_DEPOSITED, type ClearPieceInput, type DepositInput, type Groupement, type SetPieceInput, type Submission, type VaultDocument, type VaultInput } from './submission.machine';
import type { RequestSuccess } from '../common/request-result';
import { depositedSubmission, insuranceDocument, preparingSubmission, readySubmission, submissionCompanyId, submissionTenderId, vaultDocuments, withInsurance } from './submission.fixtures';

// What a manager sees of a tender's submission folder: loading (failed and retried), the folder
// preparing (pieces missing, checks failing), a file uploaded or a vault document chosen for a
// piece or its file forgotten, the change accepted (the new folder shown, still preparing or now
// ready) or refused (its message, then dismissed or tried again), the deposit's dialog once ready
// (closed, sent, refused and sent again), and the folder deposited.
const userModel = createMachine({
  id: 'submissionModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loadsPreparing': 'preparing', 'server.loadsReady': 'ready', 'server.loadsDeposited': 'deposited', 'server.failsToLoad': 'loadFailed' } },
    loadFailed: { on: { 'user.retriesLoad': 'loading' } },
    preparing: { on: { 'user.uploads': 'sending', 'user.choosesFromVault': 'sending', 'user.clears': 'clearing' } },
    sending: { on: { 'server.acceptsStillPreparing': 'pieceDone', 'server.acceptsNowReady': 'pieceDoneReady', 'server.refusesPiece': 'pieceFailed' } },
    clearing: { on: { 'server.acceptsStillPreparing': 'pieceDone', 'server.refusesPiece': 'pieceFailed' } },
    pieceDone: { on: { 'user.dismisses': 'preparing', 'user.uploads': 'sending' } },
    pieceDoneReady: { on: { 'user.opensDeposit': 'depositOpen' } },
    pieceFailed: { on: { 'user.dismisses': 'preparing', 'user.uploads': 'sending' } },
    ready: { on: { 'user.opensDeposit': 'depositOpen' } },
    depositOpen: { on: { 'user.closesDeposit': 'ready', 'user.sendsDeposit': 'depositSending' } },
    depositSending: { on: { 'server.records': 'deposited', 'server.refusesDeposit': 'depositFailed' } },
    depositFailed: { on: { 'user.sendsDeposit': 'depositSending', 'user.closesDeposit': 'ready' } },
    deposited: { on: { 'user.uploads': 'deposited' } },
  },
});

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void; settled: boolean };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function collector<I, O>() {
  const calls: Pending<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input }) =>
      new Promise<O>((resolve, reject) => {
        const call: Pending<I, O> = { input, settled: false, resolve: (v) => ((call.settled = true), resolve(v)), reject: (e) => ((call.settled = true), reject(e)) };
        calls.push(call);
      }),
  );
  const open = () => calls.filter((c) => !c.settled);
  return { calls, logic, open, last: () => open().at(-1)! };
}

function start({ canDeposit = true } = {}) {
  const loads = collector<{ tenderId: string }, Submission>();
  const sets = collector<SetPieceInput, RequestSuccess<Submission>>();
  const clears = collector<ClearPieceInput, RequestSuccess<Submission>>();
  const deposits = collector<DepositInput, RequestSuccess<Submission>>();
  const vaults = collector<VaultInput, VaultDocument[]>();
  const logic = submissionMachine.provide({
    actors: {
      getSubmission: loads.logic,
      setSubmissionPiece: sets.logic,
      clearSubmissionPiece: clears.logic,
      depositSubmission: deposits.logic,
      listVaultDocuments: vaults.logic,
      // The groupement has its own model (submission-groupement.model.test.ts): alone here.
      getSubmissionGroupement: fromPromise<Groupement | null, { tenderId: string }>(async () => null),
    },
  });
  const actor = createActor(logic, { input: { tenderId: submissionTenderId, companyId: submissionCompanyId, canDeposit } }).start();
  return { actor, loads, sets, clears, deposits, vaults };
}

const acknowledgement = { name: 'Accusé de réception PLACE.pdf', type: 'application/pdf', size: 40_960 };
const insuranceFile = { name: 'Décennale 2026.pdf', type: 'application/pdf', size: 120_000 };

describe('submission machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 6)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, loads, sets, clears, deposits, vaults } = start();
      const snapshot = () => actor.getSnapshot();
      const region = (name: 'folder' | 'piece' | 'deposit' | 'vault' | 'refresh') => (snapshot().value as { open: Record<string, string> }).open[name];
      /** The change the user asked for last: what the server must have been sent. */
      let asked: { call: 'set' | 'clear'; input: SetPieceInput | ClearPieceInput } | null = null;
      let pending: 'set' | 'clear' = 'set';
      const load = async (folder: Submission) => {
        loads.last().resolve(folder);
        await flush();
        if (vaults.open().length) vaults.last().resolve(vaultDocuments);
        await flush();
      };
      const answer = async (folder: Submission, message: string) => {
        (pending === 'set' ? sets : clears).last().resolve({ message, data: folder });
        await flush();
      };
      await path.test({
        events: {
          'server.loadsPreparing': () => load(preparingSubmission),
          'server.loadsReady': () => load(readySubmission),
          'server.loadsDeposited': () => load(depositedSubmission),
          'server.failsToLoad': async () => {
            loads.last().reject({ message: 'Aucune réponse du serveur.', status: 502 });
            await flush();
          },
          'user.retriesLoad': () => actor.send({ type: 'load.retry' }),
          'user.uploads': () => {
            pending = 'set';
            asked = { call: 'set', input: { tenderId: submissionTenderId, code: 'INSURANCE', file: insuranceFile } };
            actor.send({ type: 'piece.upload', code: 'INSURANCE', file: insuranceFile });
          },
          'user.choosesFromVault': () => {
            pending = 'set';
            asked = { call: 'set', input: { tenderId: submissionTenderId, code: 'INSURANCE', companyDocumentId: insuranceDocument._id } };
            actor.send({ type: 'piece.choose', code: 'INSURANCE', companyDocumentId: insuranceDocument._id });
          },
          'user.clears': () => {
            pending = 'clear';
            asked = { call: 'clear', input: { tenderId: submissionTenderId, code: 'DC1' } };
            actor.send({ type: 'piece.clear', code: 'DC1' });
          },
          'server.acceptsStillPreparing': () => answer(withInsurance, 'Pièce enregistrée.'),
          'server.acceptsNowReady': () => answer(readySubmission, 'Pièce enregistrée : le dossier est prêt.'),
          'server.refusesPiece': async () => {
            (pending === 'set' ? sets : clears).last().reject({ message: 'Ce type de fichier n’est pas accepté.', status: 400 });
            await flush();
          },
          'user.dismisses': () => actor.send({ type: 'piece.dismiss' }),
          'user.opensDeposit': () => actor.send({ type: 'deposit.open' }),
          'user.closesDeposit': () => actor.send({ type: 'deposit.close' }),
          'user.sendsDeposit': () => actor.send({ type: 'deposit.send', depositedAt: '2026-12-14T09:42:00.000Z', acknowledgement }),
          'server.records': async () => {
            deposits.last().resolve({ message: 'Dépôt enregistré.', data: depositedSubmission });
            await flush();
          },
          'server.refusesDeposit': async () => {
            deposits.last().reject({ message: "L'accusé de réception est requis.", status: 400 });
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(loads.last().input).toEqual({ tenderId: submissionTenderId });
          },
          loadFailed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.loadError?.message).toBe('Aucune réponse du serveur.');
          },
          preparing: () => {
            expect(region('folder')).toBe('preparing');
            expect(region('piece')).toBe('idle');
            expect(snapshot().context.submission?.ready).toBe(false);
            expect(vaults.calls[0]!.input, 'the vault asked for the kinds the pieces take').toEqual({ companyId: submissionCompanyId, kinds: ['kbis', 'urssaf', 'insurance'] });
            expect(snapshot().context.vault).toEqual(vaultDocuments);
          },
          sending: () => {
            expect(region('piece')).toBe('sending');
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(sets.last().input, 'the file or the vault document the user chose').toEqual(asked!.input);
          },
          clearing: () => {
            expect(region('piece')).toBe('clearing');
            expect(clears.last().input).toEqual(asked!.input);
          },
          pieceDone: () => {
            expect(region('piece')).toBe('done');
            expect(region('folder')).toBe('preparing');
            expect(snapshot().context.submission, 'the folder the server answered replaces the one shown').toBe(withInsurance);
            expect(snapshot().context.announcement).toBe('Pièce enregistrée.');
          },
          pieceDoneReady: () => {
            expect(region('piece')).toBe('done');
            expect(region('folder')).toBe('ready');
            expect(snapshot().context.announcement).toBe('Pièce enregistrée : le dossier est prêt.');
          },
          pieceFailed: () => {
            expect(region('piece')).toBe('failed');
            expect(snapshot().context.changeError?.message).toBe('Ce type de fichier n’est pas accepté.');
            expect(snapshot().context.change?.code, 'the piece the failure is about').toBe(asked!.input.code);
          },
          ready: () => {
            expect(region('folder')).toBe('ready');
            expect(region('deposit')).toBe('closed');
          },
          depositOpen: () => {
            expect(region('deposit')).toBe('open');
            expect(snapshot().context.depositError).toBeNull();
          },
          depositSending: () => {
            expect(region('deposit')).toBe('sending');
            expect(deposits.last().input).toEqual({ tenderId: submissionTenderId, depositedAt: '2026-12-14T09:42:00.000Z', acknowledgement });
          },
          depositFailed: () => {
            expect(region('deposit')).toBe('failed');
            expect(snapshot().context.depositError?.message).toBe("L'accusé de réception est requis.");
          },
          deposited: () => {
            expect(region('folder')).toBe('deposited');
            expect(snapshot().context.submission?.deposit).toEqual(depositedSubmission.deposit);
            // A deposited folder is frozen: a change asked now is not sent.
            const sent = sets.calls.length;
            actor.send({ type: 'piece.upload', code: 'AE', file: insuranceFile });
            expect(sets.calls).toHaveLength(sent);
            expect(region('piece')).not.toBe('sending');
          },
        },
      });
    });
  }
});

describe('submission machine, cases the model leaves out', () => {
  async function loaded(folder: Submission, options?: { canDeposit?: boolean }) {
    const started = start(options);
    started.loads.last().resolve(folder);
    await flush();
    return started;
  }
  const region = (actor: ReturnType<typeof start>['actor'], name: string) => (actor.getSnapshot().value as { open: Record<string, string> }).open[name];

  it('an employee cannot open the deposit', async () => {
    const { actor, deposits } = await loaded(readySubmission, { canDeposit: false });
    actor.send({ type: 'deposit.open' });
    expect(region(actor, 'deposit')).toBe('closed');
    actor.send({ type: 'deposit.send', depositedAt: '2026-12-14T09:42:00.000Z', acknowledgement });
    expect(deposits.calls).toHaveLength(0);
  });

  it('a manager may record a deposit made while the folder was not ready (the platform took it)', async () => {
    const { actor, deposits } = await loaded(preparingSubmission);
    actor.send({ type: 'deposit.open' });
    actor.send({ type: 'deposit.send', depositedAt: '2026-12-14T09:42:00.000Z', acknowledgement });
    expect(deposits.calls).toHaveLength(1);
  });

  it('a change refused because a colleague recorded the deposit meanwhile reads the folder again, now deposited', async () => {
    const { actor, sets, loads } = await loaded(preparingSubmission);
    actor.send({ type: 'piece.upload', code: 'AE', file: insuranceFile });
    sets.last().reject({ message: 'Le dossier a été déposé : il ne change plus.', msgType: SUBMISSION_DEPOSITED, status: 409 });
    await flush();
    expect(region(actor, 'refresh')).toBe('refreshing');
    loads.last().resolve(depositedSubmission);
    await flush();
    expect(region(actor, 'folder')).toBe('deposited');
    expect(actor.getSnapshot().context.changeError?.status).toBe(409);
  });

  it('the vault that failed to load is asked again on demand; the folder stays usable', async () => {
    const { actor, vaults } = await loaded(preparingSubmission);
    vaults.last().reject({ message: 'Erreur interne du serveur.', status: 500 });
    await flush();
    expect(region(actor, 'vault')).toBe('failed');
    expect(region(actor, 'folder')).toBe('preparing');
    actor.send({ type: 'vault.retry' });
    expect(region(actor, 'vault')).toBe('loading');
    vaults.last().resolve([insuranceDocument]);
    await flush();
    expect(actor.getSnapshot().context.vault).toEqual([insuranceDocument]);
  });

  it('a piece change during another is not sent twice (one at a time)', async () => {
    const { actor, sets, clears } = await loaded(preparingSubmission);
    actor.send({ type: 'piece.upload', code: 'AE', file: insuranceFile });
    actor.send({ type: 'piece.clear', code: 'DC1' });
    expect(sets.calls).toHaveLength(1);
    expect(clears.calls).toHaveLength(0);
  });

  it('a refresh that fails keeps the folder shown and can be asked again', async () => {
    const { actor, loads } = await loaded(preparingSubmission);
    actor.send({ type: 'folder.refresh' });
    loads.last().reject({ message: 'Aucune réponse du serveur.', status: 502 });
    await flush();
    expect(region(actor, 'refresh')).toBe('failed');
    expect(actor.getSnapshot().context.submission).toBe(preparingSubmission);
    actor.send({ type: 'folder.refresh' });
    loads.last().resolve(readySubmission);
    await flush();
    expect(region(actor, 'folder')).toBe('ready');
  });
});
