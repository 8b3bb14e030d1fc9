import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  priceGridMachine,
  priceOf,
  PRICES_DEBOUNCE_MS,
  PRICES_RETRY_MS,
  type PriceFile,
  type PriceFileCheck,
  type PriceFileImport,
  type PriceFileImportInput,
  type PriceFileSave,
} from './price-grid.machine';
import type { RequestSuccess } from '../common/request-result';
import { bpuCheck, bpuFile, bpuImport, bpuTheirs, cleanCheck, dpgfFile, priceTenderId } from './price-grid.fixtures';

// What the user sees of a tender's price files: loading (failed and retried, or none found), the
// first file checked, prices typed waiting for a pause, a save on its way (prices typed meanwhile
// wait for the next), saved then checked again, a colleague saved first (take theirs, or keep mine
// on their version), a failed save retried (after 5 s or on demand), another file chosen and
// checked, a filled copy imported (what was taken and what differs, until done) or refused.
const userModel = createMachine({
  id: 'priceGridModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.lists': 'checking', 'server.listsNone': 'empty', 'server.failsToList': 'loadFailed' } },
    loadFailed: { on: { 'user.retriesLoad': 'loading' } },
    empty: {},
    checking: { on: { 'server.checks': 'idle', 'server.failsToCheck': 'checkFailed' } },
    checkFailed: { on: { 'user.types': 'dirty' } },
    idle: { on: { 'user.types': 'dirty', 'user.selectsOther': 'checking', 'user.uploads': 'uploading' } },
    dirty: { on: { 'user.types': 'dirty', 'clock.quiet': 'saving' } },
    saving: { on: { 'server.saves': 'saved', 'user.types': 'savingQueued', 'server.conflicts': 'conflict', 'server.fails': 'saveFailed' } },
    savingQueued: { on: { 'server.saves': 'dirty' } },
    saved: { on: { 'user.types': 'dirty' } },
    conflict: { on: { 'user.takesTheirs': 'saved', 'user.keepsMine': 'saving' } },
    saveFailed: { on: { 'clock.retry': 'saving', 'user.retries': 'saving' } },
    uploading: { on: { 'server.imports': 'review', 'server.refusesImport': 'importFailed' } },
    review: { on: { 'user.closesImport': 'idle' } },
    importFailed: { on: { 'user.closesImport': 'idle' } },
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

function start() {
  const lists = collector<{ tenderId: string }, PriceFile[]>();
  const saves = collector<PriceFileSave, RequestSuccess<PriceFile>>();
  const checks = collector<{ id: string }, PriceFileCheck>();
  const imports = collector<PriceFileImportInput, RequestSuccess<PriceFileImport>>();
  const notified: string[] = [];
  const logic = priceGridMachine.provide({
    actors: { listPriceFiles: lists.logic, updatePriceFile: saves.logic, checkPriceFile: checks.logic, importPriceFile: imports.logic },
    actions: { notify: (_, { message }) => void notified.push(message) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { input: { tenderId: priceTenderId }, clock }).start();
  return { actor, clock, lists, saves, checks, imports, notified };
}

/** The server's file after a save: the prices sent, one version up. */
function savedFile(save: PriceFileSave, base: PriceFile): PriceFile {
  const sent = new Map(save.body.lines.map((line) => [line._id, line.unitPrice]));
  return {
    ...base,
    version: save.body.version + 1,
    sheets: base.sheets.map((sheet) => ({ ...sheet, lines: sheet.lines.map((line) => (sent.has(line._id) ? { ...line, unitPrice: sent.get(line._id)! } : line)) })),
  };
}

describe('price grid machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 7)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, clock, lists, saves, checks, imports, notified } = start();
      const snapshot = () => actor.getSnapshot();
      const region = (name: 'save' | 'check' | 'import') => (snapshot().value as { ready: Record<string, string> }).ready[name];
      /** Every price typed, in order, per line: what the user expects the server to end up with. */
      let typed = 0;
      let lastLine = '';
      let lastPrice = 0;
      let savesBefore = 0;
      /** The version the next save must name. */
      let version = bpuFile.version;
      /** The prices the next save must carry (all typed since the last save left). */
      let expectedLines: Record<string, number | null> = {};
      const lineIds = bpuFile.sheets[0]!.lines.map((line) => line._id);
      const answerChecks = async () => {
        for (const check of checks.open()) check.resolve(check.input.id === bpuFile._id ? bpuCheck : cleanCheck);
        await flush();
      };
      const type = () => {
        lastLine = lineIds[typed % lineIds.length]!;
        lastPrice = 10 + typed++;
        savesBefore = saves.calls.length;
        expectedLines[lastLine] = lastPrice;
        actor.send({ type: 'price.change', lineId: lastLine, unitPrice: lastPrice });
      };
      await path.test({
        events: {
          'server.lists': async () => {
            lists.last().resolve([bpuFile, dpgfFile]);
            await flush();
          },
          'server.listsNone': async () => {
            lists.last().resolve([]);
            await flush();
          },
          'server.failsToList': async () => {
            lists.last().reject({ message: 'Aucune réponse du serveur.', status: 502 });
            await flush();
          },
          'user.retriesLoad': () => actor.send({ type: 'load.retry' }),
          'server.checks': answerChecks,
          'server.failsToCheck': async () => {
            checks.last().reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'user.types': type,
          'user.selectsOther': () => actor.send({ type: 'file.select', fileId: dpgfFile._id }),
          'clock.quiet': () => {
            savesBefore = saves.calls.length;
            clock.increment(PRICES_DEBOUNCE_MS - 1);
            expect(saves.calls.length, 'nothing sent before the pause').toBe(savesBefore);
            clock.increment(1);
          },
          'server.saves': async () => {
            const save = saves.last();
            version = save.input.body.version + 1;
            for (const line of save.input.body.lines) delete expectedLines[line._id];
            // Typed while saving: still to send, on top of what was sent.
            save.resolve({ message: 'Prix enregistrés.', data: savedFile(save.input, bpuFile) });
            await flush();
            await answerChecks();
          },
          'server.conflicts': async () => {
            saves.last().reject({ message: 'Ce bordereau a été modifié entre-temps.', msgType: 'prices-conflict', status: 409, details: bpuTheirs });
            await flush();
          },
          'server.fails': async () => {
            saves.last().reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
          'user.takesTheirs': async () => {
            version = bpuTheirs.version;
            expectedLines = {};
            actor.send({ type: 'conflict.takeTheirs' });
            await answerChecks();
          },
          'user.keepsMine': () => {
            version = bpuTheirs.version;
            savesBefore = saves.calls.length;
            actor.send({ type: 'conflict.keepMine' });
          },
          'clock.retry': () => {
            savesBefore = saves.calls.length;
            clock.increment(PRICES_RETRY_MS - 1);
            expect(saves.calls.length, 'no retry before 5 s').toBe(savesBefore);
            clock.increment(1);
          },
          'user.retries': () => {
            savesBefore = saves.calls.length;
            actor.send({ type: 'save.retry' });
          },
          'user.uploads': () => actor.send({ type: 'import.upload', file: { name: 'BPU rempli.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', size: 18_000 } }),
          'server.imports': async () => {
            imports.last().resolve({ message: 'Prix repris de votre copie : 3 ligne(s).', data: bpuImport });
            await flush();
            await answerChecks();
          },
          'server.refusesImport': async () => {
            imports.last().reject({ message: "Ce fichier n'est pas une copie lisible du bordereau : aucune ligne de prix n'y a été trouvée.", status: 400 });
            await flush();
          },
          'user.closesImport': () => actor.send({ type: 'import.done' }),
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(lists.last().input).toEqual({ tenderId: priceTenderId });
          },
          loadFailed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.loadError?.message).toBe('Aucune réponse du serveur.');
          },
          empty: () => {
            expect(snapshot().value).toBe('empty');
            expect(checks.calls, 'nothing to check').toHaveLength(0);
          },
          checking: () => {
            expect(region('check')).toBe('checking');
            const { selectedId } = snapshot().context;
            expect(checks.last().input, 'the file on screen is checked').toEqual({ id: selectedId });
          },
          checkFailed: () => {
            expect(region('check')).toBe('failed');
            expect(snapshot().context.checkError?.status).toBe(500);
          },
          idle: () => {
            expect(region('save')).toMatch(/idle|saved/);
            expect(region('check')).toBe('checked');
            expect(region('import')).toBe('idle');
            const { checks: done, selectedId } = snapshot().context;
            expect(done[selectedId!]).toEqual(selectedId === bpuFile._id ? bpuCheck : cleanCheck);
          },
          dirty: () => {
            expect(region('save')).toBe('dirty');
            expect(saves.calls.length, 'no save while prices wait').toBe(savesBefore);
            expect(priceOf(snapshot().context, bpuFile._id, bpuFile.sheets[0]!.lines.find((l) => l._id === lastLine)!), 'the cell shows the price typed').toBe(lastPrice);
          },
          saving: () => {
            expect(region('save')).toBe('saving');
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(saves.calls.length, 'one save sent').toBe(savesBefore + 1);
            const sent = saves.last().input;
            expect(sent.id).toBe(bpuFile._id);
            expect(sent.body.version, 'the version the prices were typed on').toBe(version);
            expect(Object.fromEntries(sent.body.lines.map((l) => [l._id, l.unitPrice])), 'only the lines changed').toEqual(expectedLines);
          },
          savingQueued: () => {
            expect(region('save')).toBe('saving');
            expect(snapshot().context.drafts[bpuFile._id]?.[lastLine], 'the price waits for the next save').toBe(lastPrice);
            expect(priceOf(snapshot().context, bpuFile._id, bpuFile.sheets[0]!.lines.find((l) => l._id === lastLine)!)).toBe(lastPrice);
          },
          saved: () => {
            expect(region('save')).toBe('saved');
            expect(snapshot().context.drafts).toEqual({});
            expect(snapshot().context.files[0]!.version).toBe(version);
            expect(checks.calls.at(-1)!.input, 'checked again after the save').toEqual({ id: bpuFile._id });
            expect(region('check')).toBe('checked');
          },
          conflict: () => {
            expect(region('save')).toBe('conflict');
            const { conflict, saveError } = snapshot().context;
            expect(conflict?.theirs).toEqual(bpuTheirs);
            expect(conflict?.mine, "the user's prices are kept").toEqual(expectedLines);
            expect(saveError?.msgType).toBe('prices-conflict');
          },
          saveFailed: () => {
            expect(region('save')).toBe('failed');
            expect(snapshot().context.saveError?.status).toBe(500);
            expect(snapshot().context.drafts[bpuFile._id], "the user's prices are kept").toEqual(expectedLines);
          },
          uploading: () => {
            expect(region('import')).toBe('uploading');
            expect(imports.last().input).toMatchObject({ id: snapshot().context.selectedId, version: snapshot().context.files.find((f) => f._id === snapshot().context.selectedId)!.version });
          },
          review: () => {
            expect(region('import')).toBe('review');
            expect(snapshot().context.imported).toEqual(bpuImport);
            expect(snapshot().context.files[0]!.version).toBe(bpuImport.priceFile.version);
            expect(notified.at(-1)).toBe('Prix repris de votre copie : 3 ligne(s).');
            expect(checks.calls.at(-1)!.input, 'checked again after the import').toEqual({ id: bpuFile._id });
          },
          importFailed: () => {
            expect(region('import')).toBe('failed');
            expect(snapshot().context.importError?.message).toMatch(/pas une copie lisible/);
          },
        },
      });
    });
  }
});

describe('price grid machine, cases the model leaves out', () => {
  async function ready() {
    const started = start();
    started.lists.last().resolve([bpuFile, dpgfFile]);
    await flush();
    return started;
  }

  it('keep mine re-sends the user’s prices, and those typed while choosing, on the version the server has', async () => {
    const { actor, clock, saves } = await ready();
    actor.send({ type: 'price.change', lineId: 'DQE!9', unitPrice: 80 });
    clock.increment(PRICES_DEBOUNCE_MS);
    saves.last().reject({ message: 'conflit', msgType: 'prices-conflict', status: 409, details: bpuTheirs });
    await flush();
    actor.send({ type: 'price.change', lineId: 'DQE!10', unitPrice: 40 });
    actor.send({ type: 'conflict.keepMine' });
    expect(saves.last().input).toEqual({ id: bpuFile._id, body: { version: 6, lines: [{ _id: 'DQE!9', unitPrice: 80 }, { _id: 'DQE!10', unitPrice: 40 }] } });
  });

  it('take theirs shows the server’s prices and drops the user’s for that file', async () => {
    const { actor, clock, saves } = await ready();
    actor.send({ type: 'price.change', lineId: 'DQE!9', unitPrice: 80 });
    clock.increment(PRICES_DEBOUNCE_MS);
    saves.last().reject({ message: 'conflit', msgType: 'prices-conflict', status: 409, details: bpuTheirs });
    await flush();
    actor.send({ type: 'conflict.takeTheirs' });
    const line = bpuTheirs.sheets[0]!.lines[1]!;
    expect(priceOf(actor.getSnapshot().context, bpuFile._id, line)).toBe(90);
    clock.increment(PRICES_DEBOUNCE_MS * 3);
    expect(saves.calls).toHaveLength(1);
  });

  it('a dead session (401) is not retried on a timer; signing in again resumes the save', async () => {
    const { actor, clock, saves } = await ready();
    actor.send({ type: 'price.change', lineId: 'DQE!8', unitPrice: 310 });
    clock.increment(PRICES_DEBOUNCE_MS);
    saves.last().reject({ message: 'Session expirée', status: 401, need2Logout: true });
    await flush();
    clock.increment(PRICES_RETRY_MS * 3);
    expect(saves.calls).toHaveLength(1);
    actor.send({ type: 'save.retry' });
    expect(saves.calls).toHaveLength(2);
    expect(saves.last().input.body.lines).toEqual([{ _id: 'DQE!8', unitPrice: 310 }]);
  });

  it('an import of the file whose prices wait drops them (the copy’s win) and nothing is sent', async () => {
    const { actor, clock, saves, imports } = await ready();
    actor.send({ type: 'price.change', lineId: 'DQE!8', unitPrice: 1 });
    actor.send({ type: 'import.upload', file: { name: 'copie.xlsx', type: '', size: 1 } });
    imports.last().resolve({ message: 'ok', data: bpuImport });
    await flush();
    clock.increment(PRICES_DEBOUNCE_MS);
    expect(saves.calls).toHaveLength(0);
    expect((actor.getSnapshot().value as { ready: { save: string } }).ready.save).toBe('saved');
    const { context } = actor.getSnapshot();
    expect(priceOf(context, bpuFile._id, context.files[0]!.sheets[0]!.lines[0]!)).toBe(310);
  });

  it('an import refused because the file was saved meanwhile takes the server’s file: the next upload names its version', async () => {
    const { actor, imports } = await ready();
    const file = { name: 'copie.xlsx', type: '', size: 1 };
    actor.send({ type: 'import.upload', file });
    imports.last().reject({ message: 'Ce bordereau a été modifié entre-temps.', msgType: 'prices-conflict', status: 409, details: bpuTheirs });
    await flush();
    expect(actor.getSnapshot().context.importError?.status).toBe(409);
    actor.send({ type: 'import.upload', file });
    expect(imports.last().input).toEqual({ id: bpuFile._id, version: bpuTheirs.version, file });
  });

  it('a check answered after another file was chosen is not shown for the new one', async () => {
    const { actor, checks } = await ready();
    const first = checks.calls[0]!;
    actor.send({ type: 'file.select', fileId: dpgfFile._id });
    expect(checks.calls.at(-1)!.input).toEqual({ id: dpgfFile._id });
    // The first file's check, asked before, answers late: it was dropped.
    first.resolve(bpuCheck);
    checks.calls.at(-1)!.resolve(cleanCheck);
    await flush();
    expect(actor.getSnapshot().context.checks).toEqual({ [dpgfFile._id]: cleanCheck });
  });
});
