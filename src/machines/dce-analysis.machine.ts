import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError } from '../common/request-result';

export type DceAnalysis = components['schemas']['DceAnalysis'];

export type DceAnalysisContext = {
  tenderId: string;
  /** The runs of the tender, newest first. */
  history: DceAnalysis[];
  /** The run shown: the newest, or one picked from the history. */
  current: DceAnalysis | null;
  error: RequestError | null;
  runError: RequestError | null;
  pollMs: number;
};

export type DceAnalysisEvent =
  | { type: 'analysis.run' }
  | { type: 'analysis.retry' }
  | { type: 'analysis.select'; id: string }
  /** A fact corrected or confirmed by the page: the answer replaces the run shown. */
  | { type: 'analysis.updated'; analysis: DceAnalysis };

const isRunning = (analysis: DceAnalysis | null | undefined) => analysis?.status === 'queued' || analysis?.status === 'running';
const withRun = (history: DceAnalysis[], analysis: DceAnalysis) => (history.some((a) => a._id === analysis._id) ? history.map((a) => (a._id === analysis._id ? analysis : a)) : [analysis, ...history]);

/**
 * The DCE analysis of a tender: loads its runs, shows the newest; a run is started as a job on the
 * server and followed (polled) with its progress until it is done or failed; facts corrected on the
 * page replace the run shown. Effects (`listDceAnalyses`, `createDceAnalysis`, `getDceAnalysis`)
 * are provided by the app.
 */
export const dceAnalysisMachine = setup({
  types: { context: {} as DceAnalysisContext, events: {} as DceAnalysisEvent, input: {} as { tenderId: string; pollMs?: number } },
  actors: {
    listDceAnalyses: fromPromise<DceAnalysis[], { tenderId: string }>(async () => {
      throw new Error('Actor "listDceAnalyses" was not provided');
    }),
    createDceAnalysis: fromPromise<DceAnalysis, { tenderId: string }>(async () => {
      throw new Error('Actor "createDceAnalysis" was not provided');
    }),
    getDceAnalysis: fromPromise<DceAnalysis, { id: string }>(async () => {
      throw new Error('Actor "getDceAnalysis" was not provided');
    }),
  },
  delays: { poll: ({ context }) => context.pollMs },
  actions: {
    showLoaded: assign(({ event }) => {
      const history = (event as unknown as { output: DceAnalysis[] }).output;
      return { history, current: history[0] ?? null, error: null };
    }),
    showPolled: assign(({ context, event }) => {
      const analysis = (event as unknown as { output: DceAnalysis }).output;
      return { current: analysis, history: withRun(context.history, analysis) };
    }),
    keepRunError: assign({ runError: ({ event }) => toRequestError((event as unknown as { error: unknown }).error) }),
  },
  guards: {
    none: ({ context }) => context.current === null,
    currentRunning: ({ context }) => isRunning(context.current),
  },
}).createMachine({
  id: 'dceAnalysis',
  context: ({ input }) => ({ tenderId: input.tenderId, history: [], current: null, error: null, runError: null, pollMs: input.pollMs ?? 1500 }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'listDceAnalyses',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: [
          { guard: ({ event }) => event.output.length === 0, target: 'empty', actions: 'showLoaded' },
          { guard: ({ event }) => isRunning(event.output[0]), target: 'running', actions: 'showLoaded' },
          { target: 'ready', actions: 'showLoaded' },
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
        src: 'createDceAnalysis',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: { target: 'running', actions: assign({ current: ({ event }) => event.output, history: ({ context, event }) => withRun(context.history, event.output) }) },
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
        src: 'getDceAnalysis',
        input: ({ context }) => ({ id: context.current!._id }),
        onDone: [
          { guard: ({ event }) => isRunning(event.output), target: 'running', actions: 'showPolled' },
          { target: 'ready', actions: 'showPolled' },
        ],
        // A missed poll is tried again at the next interval.
        onError: { target: 'running' },
      },
    },
    ready: {
      on: {
        'analysis.run': 'starting',
        'analysis.select': { actions: assign({ current: ({ context, event }) => context.history.find((a) => a._id === event.id) ?? context.current }) },
        'analysis.updated': { actions: assign({ current: ({ event }) => event.analysis, history: ({ context, event }) => withRun(context.history, event.analysis) }) },
      },
    },
  },
});
