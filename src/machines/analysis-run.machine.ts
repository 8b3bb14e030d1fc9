import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError } from '../common/request-result';

/** What every analysis run (DCE, CCTP) has: an id and the state of its job. */
export type RunSummary = { _id: string; status: components['schemas']['JobStatus'] };

export type AnalysisRunContext<Summary extends RunSummary, Run extends Summary> = {
  tenderId: string;
  /** The runs of the tender, newest first. */
  history: Summary[];
  /** The run shown: the newest, or one picked from the history. */
  current: Run | null;
  error: RequestError | null;
  runError: RequestError | null;
  pollMs: number;
};

export type AnalysisRunEvent<Run> =
  | { type: 'analysis.run' }
  | { type: 'analysis.retry' }
  | { type: 'analysis.select'; id: string }
  /** A change made on the page (a fact corrected, a requirement covered): the run shown is replaced. */
  | { type: 'analysis.updated'; analysis: Run };

const isRunning = (run: RunSummary | null | undefined) => run?.status === 'queued' || run?.status === 'running';
const withRun = <Summary extends RunSummary>(history: Summary[], run: Summary) =>
  history.some((r) => r._id === run._id) ? history.map((r) => (r._id === run._id ? run : r)) : [run, ...history];

/**
 * The analysis runs of a tender (DCE, CCTP): loads them and opens the newest; a run is started as
 * a job on the server and followed (polled) with its progress until it is done or failed; a run
 * of the history can be opened; changes made on the page replace the run shown. Effects are
 * provided by the app: `listRuns` (the history and the newest run in full), `createRun`, `getRun`,
 * and `announceFinished` when a run followed to its end is done or failed.
 */
export function createAnalysisRunMachine<Summary extends RunSummary, Run extends Summary>(id: string) {
  type Context = AnalysisRunContext<Summary, Run>;
  return setup({
    types: { context: {} as Context, events: {} as AnalysisRunEvent<Run>, input: {} as { tenderId: string; pollMs?: number } },
    actors: {
      listRuns: fromPromise<{ history: Summary[]; current: Run | null }, { tenderId: string }>(async () => {
        throw new Error('Actor "listRuns" was not provided');
      }),
      createRun: fromPromise<Run, { tenderId: string }>(async () => {
        throw new Error('Actor "createRun" was not provided');
      }),
      getRun: fromPromise<Run, { id: string }>(async () => {
        throw new Error('Actor "getRun" was not provided');
      }),
    },
    delays: { poll: ({ context }) => context.pollMs },
    actions: {
      showRun: assign(({ context, event }) => {
        const run = (event as unknown as { output: Run }).output;
        return { current: run, history: withRun<Summary>(context.history, run) };
      }),
      keepRunError: assign({ runError: ({ event }) => toRequestError((event as unknown as { error: unknown }).error) }),
      /** A run followed on the page has ended (done or failed): said by the app's live region. */
      announceFinished: (_, _params: { status: RunSummary['status'] }) => undefined,
    },
    guards: {
      none: ({ context }) => context.current === null,
      currentRunning: ({ context }) => isRunning(context.current),
    },
  }).createMachine({
    id,
    context: ({ input }) => ({ tenderId: input.tenderId, history: [], current: null, error: null, runError: null, pollMs: input.pollMs ?? 1500 }),
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'listRuns',
          input: ({ context }) => ({ tenderId: context.tenderId }),
          onDone: [
            { guard: ({ event }) => event.output.current === null, target: 'empty', actions: assign({ history: [], current: null, error: null }) },
            {
              guard: ({ event }) => isRunning(event.output.current),
              target: 'running',
              actions: assign(({ event }) => ({ history: event.output.history, current: event.output.current, error: null })),
            },
            { target: 'ready', actions: assign(({ event }) => ({ history: event.output.history, current: event.output.current, error: null })) },
          ],
          onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
        },
      },
      failure: {
        on: { 'analysis.retry': { target: 'loading', actions: assign({ error: null }) } },
      },
      empty: {
        on: { 'analysis.run': 'starting' },
      },
      starting: {
        entry: assign({ runError: null }),
        invoke: {
          src: 'createRun',
          input: ({ context }) => ({ tenderId: context.tenderId }),
          onDone: { target: 'running', actions: 'showRun' },
          onError: [
            { guard: 'none', target: 'empty', actions: 'keepRunError' },
            { guard: 'currentRunning', target: 'running', actions: 'keepRunError' },
            { target: 'ready', actions: 'keepRunError' },
          ],
        },
      },
      running: {
        after: { poll: 'polling' },
      },
      polling: {
        invoke: {
          src: 'getRun',
          input: ({ context }) => ({ id: context.current!._id }),
          onDone: [
            { guard: ({ event }) => isRunning(event.output), target: 'running', actions: 'showRun' },
            { target: 'ready', actions: ['showRun', { type: 'announceFinished', params: ({ event }) => ({ status: event.output.status }) }] },
          ],
          // A missed poll is tried again at the next interval.
          onError: { target: 'running' },
        },
      },
      opening: {
        invoke: {
          src: 'getRun',
          input: ({ event }) => ({ id: (event as { id: string }).id }),
          onDone: [
            { guard: ({ event }) => isRunning(event.output), target: 'running', actions: 'showRun' },
            { target: 'ready', actions: 'showRun' },
          ],
          onError: { target: 'ready', actions: 'keepRunError' },
        },
      },
      ready: {
        on: {
          'analysis.run': 'starting',
          'analysis.select': { guard: ({ context, event }) => event.id !== context.current?._id, target: 'opening', actions: assign({ runError: null }) },
          'analysis.updated': { actions: assign(({ context, event }) => ({ current: event.analysis, history: withRun<Summary>(context.history, event.analysis) })) },
        },
      },
    },
  });
}

/** What a page shows for a state: a poll is still running; a run being opened keeps the one shown. */
export function analysisStatus(state: string): 'loading' | 'failure' | 'empty' | 'starting' | 'running' | 'ready' {
  if (state === 'polling') return 'running';
  if (state === 'opening') return 'ready';
  return state as 'loading' | 'failure' | 'empty' | 'starting' | 'running' | 'ready';
}
