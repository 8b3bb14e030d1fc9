import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { createAnalysisRunMachine, type RunSummary } from './analysis-run.machine';

// The user's view of an analysis page (DCE or CCTP): the runs load; a run is started, followed
// while its job runs, and ends done or failed; a refused start keeps what was shown; a past run
// can be opened.
const userModel = createMachine({
  id: 'analysisRunModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.none': 'empty', 'server.someDone': 'ready', 'server.failedLoad': 'failure' } },
    failure: { on: { 'user.retry': 'loading' } },
    empty: { on: { 'user.run': 'starting' } },
    starting: { on: { 'server.started': 'running', 'server.refused': 'refused' } },
    refused: { on: { 'user.run': 'starting' } },
    running: { on: { 'clock.poll': 'running', 'server.done': 'ready', 'server.jobFailed': 'ready' } },
    ready: { on: { 'user.run': 'starting', 'user.openPast': 'ready' } },
  },
});

type Run = RunSummary & { progress: number; label: string };
const machine = createAnalysisRunMachine<Run, Run>('analysisRunTest');
const POLL_MS = 1000;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const lists: { resolve: (v: { history: Run[]; current: Run | null }) => void; reject: (e: unknown) => void }[] = [];
  const creates: { resolve: (v: Run) => void; reject: (e: unknown) => void }[] = [];
  const gets: { id: string; resolve: (v: Run) => void }[] = [];
  const clock = new SimulatedClock();
  const logic = machine.provide({
    actors: {
      listRuns: fromPromise(() => new Promise<{ history: Run[]; current: Run | null }>((resolve, reject) => lists.push({ resolve, reject }))),
      createRun: fromPromise(() => new Promise<Run>((resolve, reject) => creates.push({ resolve, reject }))),
      getRun: fromPromise<Run, { id: string }>(({ input }) => new Promise<Run>((resolve) => gets.push({ id: input.id, resolve }))),
    },
  });
  const actor = createActor(logic, { input: { tenderId: 't1', pollMs: POLL_MS }, clock }).start();
  return { actor, lists, creates, gets, clock };
}

describe('analysis run machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['empty', 'failure', 'loading', 'ready', 'refused', 'running', 'starting']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, lists, creates, gets, clock } = start();
      const snapshot = () => actor.getSnapshot();
      const past: Run = { _id: 'past', status: 'done', progress: 100, label: 'past' };
      let runs = 0;
      let progress = 10;
      /** Answers a poll (or an opening) of the run shown with `run`. */
      const answerGet = async (run: Partial<Run>) => {
        const call = gets.at(-1)!;
        call.resolve({ ...(snapshot().context.current as Run), _id: call.id, ...run });
        await flush();
      };
      await path.test({
        events: {
          'server.none': async () => {
            lists.at(-1)!.resolve({ history: [], current: null });
            await flush();
          },
          'server.someDone': async () => {
            lists.at(-1)!.resolve({ history: [past], current: past });
            await flush();
          },
          'server.failedLoad': async () => {
            lists.at(-1)!.reject(new Error('Aucune réponse du serveur.'));
            await flush();
          },
          'user.retry': () => actor.send({ type: 'analysis.retry' }),
          'user.run': () => actor.send({ type: 'analysis.run' }),
          'server.started': async () => {
            runs += 1;
            creates.at(-1)!.resolve({ _id: `run${runs}`, status: 'queued', progress: 0, label: 'new' });
            await flush();
          },
          'server.refused': async () => {
            creates.at(-1)!.reject(Object.assign(new Error('Une analyse est déjà en cours.'), { status: 409 }));
            await flush();
          },
          'clock.poll': async () => {
            clock.increment(POLL_MS);
            progress += 10;
            await answerGet({ status: 'running', progress });
          },
          'server.done': async () => {
            clock.increment(POLL_MS);
            await answerGet({ status: 'done', progress: 100 });
          },
          'server.jobFailed': async () => {
            clock.increment(POLL_MS);
            await answerGet({ status: 'failed' });
          },
          'user.openPast': async () => {
            const other = snapshot().context.history.find((run) => run._id !== snapshot().context.current?._id);
            if (!other) return;
            actor.send({ type: 'analysis.select', id: other._id });
            expect(snapshot().value).toBe('opening');
            await answerGet({ status: other.status });
          },
        },
        states: {
          loading: () => expect(snapshot().value).toBe('loading'),
          failure: () => expect(snapshot().context.error?.message).toBe('Aucune réponse du serveur.'),
          empty: () => {
            expect(snapshot().value).toBe('empty');
            expect(snapshot().context.current).toBeNull();
          },
          starting: () => expect(snapshot().value).toBe('starting'),
          refused: () => {
            // Nothing started: the page keeps what it showed, with the server's reason.
            expect(snapshot().context.runError?.message).toBe('Une analyse est déjà en cours.');
            expect(['empty', 'ready']).toContain(snapshot().value);
          },
          running: () => {
            expect(['running', 'polling']).toContain(snapshot().value);
            expect(snapshot().context.current?._id).toBe(`run${runs}`);
            expect(snapshot().context.history[0]?._id).toBe(`run${runs}`);
          },
          ready: () => {
            expect(snapshot().value).toBe('ready');
            expect(['done', 'failed']).toContain(snapshot().context.current?.status);
            // A finished run is not polled any more.
            const polls = gets.length;
            clock.increment(POLL_MS * 5);
            expect(gets).toHaveLength(polls);
          },
        },
      });
    });
  }
});
