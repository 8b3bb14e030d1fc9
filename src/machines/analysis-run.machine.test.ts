import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dceAnalysisMachine, type DceAnalysis } from './dce-analysis.machine';

const analysis = (patch: Partial<DceAnalysis>): DceAnalysis => ({
  _id: 'a0000000-0000-4000-8000-000000000001',
  tenderId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  status: 'done',
  progress: 100,
  documents: [],
  missing: [],
  facts: [],
  redFlags: [],
  createdBy: null,
  createdAt: '2026-06-20T08:30:00.000Z',
  finishedAt: '2026-06-20T08:30:06.000Z',
  ...patch,
});
const doneAnalysis = analysis({ facts: [{ key: 'procedure', value: 'adapted', sources: [], confidence: 0.9, status: 'extracted', origin: 'rules' }] });
const runningAnalysis = analysis({ _id: 'a0000000-0000-4000-8000-000000000002', status: 'running', progress: 40, finishedAt: null });

const settle = () => vi.advanceTimersByTimeAsync(0);

/** `polls`: what getRun answers, in turn (a poll of the running run, or a run opened from the history). */
function start(options: { list?: DceAnalysis[] | Error; create?: DceAnalysis | Error; polls?: (DceAnalysis | Error)[] }) {
  const polls = [...(options.polls ?? [])];
  const calls = { list: 0, create: 0, get: 0 };
  const logic = dceAnalysisMachine.provide({
    actors: {
      listRuns: fromPromise(async () => {
        calls.list += 1;
        if (options.list instanceof Error) throw options.list;
        return { history: options.list ?? [], current: options.list?.[0] ?? null };
      }),
      createRun: fromPromise(async () => {
        calls.create += 1;
        if (options.create instanceof Error) throw options.create;
        return options.create!;
      }),
      getRun: fromPromise(async () => {
        calls.get += 1;
        const next = polls.shift()!;
        if (next instanceof Error) throw next;
        return next;
      }),
    },
  });
  const actor = createActor(logic, { input: { tenderId: doneAnalysis.tenderId, pollMs: 1000 } }).start();
  return { actor, calls };
}

describe('analysis run machine (the DCE analysis)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('no analysis yet: empty; a run is started, followed with its progress until done, and joins the history', async () => {
    const progressing = { ...runningAnalysis, progress: 70 };
    const finished = { ...doneAnalysis, _id: runningAnalysis._id };
    const { actor, calls } = start({ list: [], create: runningAnalysis, polls: [progressing, finished] });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'analysis.run' });
    await settle();
    expect(actor.getSnapshot().value).toBe('running');
    expect(actor.getSnapshot().context.current?.progress).toBe(40);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.current?.progress).toBe(70);
    expect(actor.getSnapshot().value).toBe('running');
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(calls.get).toBe(2);
    expect(actor.getSnapshot().context.history.map((a) => a._id)).toEqual([runningAnalysis._id]);
    // Nothing is polled once done.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.get).toBe(2);
  });

  it('opens on the newest run: a finished one is shown, a running one is followed', async () => {
    const ready = start({ list: [doneAnalysis] });
    await settle();
    expect(ready.actor.getSnapshot().value).toBe('ready');
    const following = start({ list: [runningAnalysis, doneAnalysis], polls: [{ ...runningAnalysis, status: 'done', progress: 100 }] });
    await settle();
    expect(following.actor.getSnapshot().value).toBe('running');
    await vi.advanceTimersByTimeAsync(1000);
    expect(following.actor.getSnapshot().value).toBe('ready');
  });

  it('a refused run keeps what was shown, with the refusal; a load failure offers a retry', async () => {
    const refused = start({ list: [doneAnalysis], create: Object.assign(new Error('Une analyse de ce DCE est déjà en cours.'), { status: 409 }) });
    await settle();
    refused.actor.send({ type: 'analysis.run' });
    await settle();
    expect(refused.actor.getSnapshot().value).toBe('ready');
    expect(refused.actor.getSnapshot().context.current?._id).toBe(doneAnalysis._id);
    expect(refused.actor.getSnapshot().context.runError?.message).toBe('Une analyse de ce DCE est déjà en cours.');

    const failing = start({ list: new Error('Aucune réponse du serveur.') });
    await settle();
    expect(failing.actor.getSnapshot().value).toBe('failure');
    failing.actor.send({ type: 'analysis.retry' });
    expect(failing.actor.getSnapshot().value).toBe('loading');
    expect(failing.calls.list).toBe(2);
  });

  it('opens a run from the history, and a corrected fact replaces the run shown', async () => {
    const older = { ...doneAnalysis, _id: 'a0000000-0000-4000-8000-000000000009' };
    const { actor, calls } = start({ list: [doneAnalysis, older], polls: [older, new Error('Aucune réponse du serveur.')] });
    await settle();
    actor.send({ type: 'analysis.select', id: older._id });
    expect(actor.getSnapshot().value).toBe('opening');
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.current?._id).toBe(older._id);
    // The run shown is not opened again.
    actor.send({ type: 'analysis.select', id: older._id });
    expect(calls.get).toBe(1);
    // A run that cannot be opened leaves the one shown, with the reason.
    actor.send({ type: 'analysis.select', id: doneAnalysis._id });
    await settle();
    expect(actor.getSnapshot().context.current?._id).toBe(older._id);
    expect(actor.getSnapshot().context.runError?.message).toBe('Aucune réponse du serveur.');
    const corrected = { ...older, facts: [] };
    actor.send({ type: 'analysis.updated', analysis: corrected });
    expect(actor.getSnapshot().context.current?.facts).toEqual([]);
    expect(actor.getSnapshot().context.history.find((a) => a._id === older._id)?.facts).toEqual([]);
  });
});
