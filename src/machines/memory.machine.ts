import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type Memory = components['schemas']['Memory'];
export type MemorySummary = components['schemas']['MemorySummary'];
export type MemorySection = components['schemas']['MemorySection'];
export type MemoryVersion = components['schemas']['MemoryVersion'];
export type MemoryAnalysis = components['schemas']['MemoryAnalysis'];
export type MemoryCreateFrom = 'analysis' | 'blank' | 'memory' | 'frame';
export type ResponseFrameRef = components['schemas']['ResponseFrameRef'];
export type MemoryListing = { memories: MemorySummary[]; frames: ResponseFrameRef[] };
export type MemoryCreate = { tenderId: string; body: components['schemas']['MemoryCreate'] };

/** Creating from the DCE analysis when none has finished: the page links to the analysis. */
export const MEMORY_NO_ANALYSIS = 'memory-no_analysis';

export type MemoryContext = {
  tenderId: string;
  memories: MemorySummary[];
  /** The buyer's response frames the DCE analysis found: a memory is offered from them first. */
  frames: ResponseFrameRef[];
  /** The memory opened (the newest first). */
  memoryId: string | null;
  memory: Memory | null;
  selectedSectionId: string | null;
  analysis: MemoryAnalysis | null;
  versions: MemoryVersion[] | null;
  /** The last refusal, shown until the next request or memory.dismiss. */
  error: RequestError | null;
  /** The server's message after a write (refresh, version kept, restored). */
  notice: string | null;
  /** Grows each time the sections' text is replaced from the server (refresh, restore): editors reload. */
  revision: number;
  refreshingId: string | null;
};

export type MemoryEvent =
  | { type: 'memory.retry' }
  | { type: 'memory.create'; from: MemoryCreateFrom; memoryId?: string; title?: string; frame?: ResponseFrameRef }
  | { type: 'memory.open'; memoryId: string }
  | { type: 'memory.select'; sectionId: string }
  | { type: 'memory.section.saved'; section: MemorySection }
  | { type: 'memory.section.added'; section: MemorySection }
  | { type: 'memory.section.removed'; sectionId: string }
  | { type: 'memory.requirement.saved'; requirementId: string; status: Memory['requirements'][number]['status'] }
  | { type: 'memory.analyse' }
  | { type: 'memory.refresh'; sectionId: string }
  | { type: 'memory.versions.open' }
  | { type: 'memory.versions.close' }
  | { type: 'memory.version.create' }
  | { type: 'memory.version.restore'; versionId: string }
  | { type: 'memory.dismiss' };

/** The section opened first: the first one with a criterion, else the first. */
export function firstSection(memory: Memory): string | null {
  return (memory.sections.find((s) => s.criterion && s.level === 2) ?? memory.sections.find((s) => s.criterion) ?? memory.sections[0])?._id ?? null;
}
/** The list's line for a memory just made. */
const summaryOf = (memory: Memory): MemorySummary => ({
  _id: memory._id,
  tenderId: memory.tenderId,
  title: memory.title,
  status: memory.status,
  sectionsCount: memory.sections.length,
  words: memory.sections.reduce((n, s) => n + (s.text.match(/\S+/g)?.length ?? 0), 0),
  score: memory.score,
  updatedAt: memory.updatedAt,
  version: memory.version,
});
const keepSelection = (memory: Memory, selected: string | null) => (selected && memory.sections.some((s) => s._id === selected) ? selected : firstSection(memory));

const placeholder = <O, I>(name: string) =>
  fromPromise<O, I>(async () => {
    throw new Error(`Actor "${name}" was not provided`);
  });

/**
 * A tender's technical memory in the editor: its memories loaded (none: create one from the DCE
 * analysis's criteria or blank; a missing analysis is refused with 409 memory-no_analysis), one
 * opened, a section selected. Once open, three regions: the work on the memory (refresh a stale
 * resource section, keep a version, restore one), the analysis (score per criterion), and the
 * versions' list. Each section's text saves itself (section-autosave.machine); a saved section
 * comes back here with memory.section.saved.
 */
export const memoryMachine = setup({
  types: {
    context: {} as MemoryContext,
    events: {} as MemoryEvent,
    input: {} as { tenderId: string },
  },
  actors: {
    listMemories: placeholder<MemoryListing, { tenderId: string }>('listMemories'),
    createMemory: placeholder<RequestSuccess<Memory>, MemoryCreate>('createMemory'),
    getMemory: placeholder<Memory, { id: string }>('getMemory'),
    refreshMemorySection: placeholder<RequestSuccess<MemorySection>, { memoryId: string; sectionId: string }>('refreshMemorySection'),
    listMemoryVersions: placeholder<MemoryVersion[], { memoryId: string }>('listMemoryVersions'),
    createMemoryVersion: placeholder<RequestSuccess<MemoryVersion>, { memoryId: string }>('createMemoryVersion'),
    restoreMemoryVersion: placeholder<RequestSuccess<Memory>, { memoryId: string; versionId: string }>('restoreMemoryVersion'),
    analyseMemory: placeholder<{ summary: MemorySummary; analysis: MemoryAnalysis }, { memoryId: string }>('analyseMemory'),
  },
  guards: {
    hasMemories: ({ event }) => (event as { output?: MemoryListing }).output!.memories.length > 0,
  },
  actions: {
    fail: assign({ error: (_, params: { error: unknown }) => toRequestError(params.error), notice: null }),
  },
}).createMachine({
  id: 'memory',
  initial: 'loadingList',
  context: ({ input }) => ({
    tenderId: input.tenderId,
    memories: [],
    frames: [],
    memoryId: null,
    memory: null,
    selectedSectionId: null,
    analysis: null,
    versions: null,
    error: null,
    notice: null,
    revision: 0,
    refreshingId: null,
  }),
  states: {
    loadingList: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'listMemories',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: [
          {
            guard: 'hasMemories',
            target: 'loadingMemory',
            actions: assign(({ event }) => ({ memories: event.output.memories, frames: event.output.frames, memoryId: event.output.memories[0]!._id, memory: null, selectedSectionId: null })),
          },
          { target: 'empty', actions: assign(({ event }) => ({ memories: [], frames: event.output.frames })) },
        ],
        onError: { target: 'listFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    listFailed: { on: { 'memory.retry': 'loadingList' } },
    empty: {
      on: { 'memory.create': { target: 'creating', actions: assign({ error: null }) } },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        src: 'createMemory',
        input: ({ context, event }) => {
          const { from, memoryId, title, frame } = event as Extract<MemoryEvent, { type: 'memory.create' }>;
          const framed = frame ? { documentId: frame.documentId, ...(frame.entry ? { entry: frame.entry } : {}) } : {};
          return { tenderId: context.tenderId, body: { from, ...(memoryId ? { memoryId } : {}), ...framed, ...(title ? { title } : {}) } };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            memory: event.output.data,
            memoryId: event.output.data._id,
            memories: [summaryOf(event.output.data), ...context.memories],
            selectedSectionId: firstSection(event.output.data),
            notice: event.output.message,
            analysis: null,
            versions: null,
            revision: context.revision + 1,
          })),
        },
        // Another memory refused: the one opened stays.
        onError: [
          { guard: ({ context }) => !!context.memory, target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          { target: 'empty', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadingMemory: {
      tags: ['loading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'getMemory',
        input: ({ context }) => ({ id: context.memoryId! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            memory: event.output,
            selectedSectionId: keepSelection(event.output, context.selectedSectionId),
            analysis: null,
            versions: null,
            revision: context.revision + 1,
          })),
        },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'memory.retry': 'loadingMemory' } },
    ready: {
      type: 'parallel',
      on: {
        'memory.select': { guard: ({ context, event }) => !!context.memory?.sections.some((s) => s._id === event.sectionId), actions: assign({ selectedSectionId: ({ event }) => event.sectionId }) },
        'memory.section.saved': {
          actions: assign({
            memory: ({ context, event }) => ({ ...context.memory!, sections: context.memory!.sections.map((s) => (s._id === event.section._id ? event.section : s)) }),
          }),
        },
        'memory.section.added': {
          actions: assign(({ context, event }) => {
            const sections = [...context.memory!.sections];
            sections.splice(Math.min(event.section.order, sections.length), 0, event.section);
            return { memory: { ...context.memory!, sections: sections.map((s, order) => ({ ...s, order })) }, selectedSectionId: event.section._id };
          }),
        },
        'memory.section.removed': {
          actions: assign(({ context, event }) => {
            const at = context.memory!.sections.findIndex((s) => s._id === event.sectionId);
            const sections = context.memory!.sections.filter((s) => s._id !== event.sectionId).map((s, order) => ({ ...s, order }));
            const selected = context.selectedSectionId === event.sectionId ? (sections[Math.max(0, at - 1)]?._id ?? null) : context.selectedSectionId;
            return { memory: { ...context.memory!, sections, stale: context.memory!.stale.filter((s) => s.sectionId !== event.sectionId) }, selectedSectionId: selected };
          }),
        },
        'memory.requirement.saved': {
          actions: assign({
            memory: ({ context, event }) => ({ ...context.memory!, requirements: context.memory!.requirements.map((r) => (r._id === event.requirementId ? { ...r, status: event.status } : r)) }),
          }),
        },
        // Another memory of the tender: blank, from the DCE analysis or from a past memory.
        'memory.create': { target: 'creating', actions: assign({ error: null, notice: null }) },
        'memory.open': {
          guard: ({ context, event }) => event.memoryId !== context.memory?._id,
          target: 'loadingMemory',
          actions: assign(({ event }) => ({ memoryId: event.memoryId, selectedSectionId: null })),
        },
        'memory.dismiss': { actions: assign({ error: null, notice: null }) },
      },
      states: {
        work: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'memory.refresh': { target: 'refreshing', actions: assign({ refreshingId: ({ event }) => event.sectionId, error: null, notice: null }) },
              },
            },
            refreshing: {
              tags: ['busy'],
              invoke: {
                src: 'refreshMemorySection',
                input: ({ context }) => ({ memoryId: context.memory!._id, sectionId: context.refreshingId! }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    memory: {
                      ...context.memory!,
                      sections: context.memory!.sections.map((s) => (s._id === event.output.data._id ? event.output.data : s)),
                      stale: context.memory!.stale.filter((s) => s.sectionId !== event.output.data._id),
                    },
                    notice: event.output.message,
                    refreshingId: null,
                    revision: context.revision + 1,
                  })),
                },
                onError: { target: 'idle', actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, assign({ refreshingId: null })] },
              },
            },
          },
        },
        analysis: {
          initial: 'idle',
          states: {
            idle: { on: { 'memory.analyse': { target: 'running', actions: assign({ error: null, notice: null }) } } },
            running: {
              tags: ['analysing'],
              invoke: {
                src: 'analyseMemory',
                input: ({ context }) => ({ memoryId: context.memory!._id }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    analysis: event.output.analysis,
                    memory: { ...context.memory!, score: event.output.summary.score, analysedAt: event.output.analysis.analysedAt },
                  })),
                },
                onError: { target: 'idle', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        versions: {
          initial: 'closed',
          states: {
            closed: { on: { 'memory.versions.open': 'loading' } },
            loading: {
              tags: ['loading'],
              invoke: {
                src: 'listMemoryVersions',
                input: ({ context }) => ({ memoryId: context.memory!._id }),
                onDone: { target: 'open', actions: assign({ versions: ({ event }) => event.output }) },
                onError: { target: 'closed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
              on: { 'memory.versions.close': 'closed' },
            },
            open: {
              on: {
                'memory.versions.close': 'closed',
                'memory.version.create': { target: 'keeping', actions: assign({ error: null, notice: null }) },
                'memory.version.restore': { target: 'restoring', actions: assign({ error: null, notice: null }) },
              },
            },
            keeping: {
              tags: ['busy'],
              invoke: {
                src: 'createMemoryVersion',
                input: ({ context }) => ({ memoryId: context.memory!._id }),
                onDone: { target: 'open', actions: assign(({ context, event }) => ({ notice: event.output.message, versions: [event.output.data, ...(context.versions ?? [])] })) },
                onError: { target: 'open', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            restoring: {
              tags: ['busy'],
              invoke: {
                src: 'restoreMemoryVersion',
                input: ({ context, event }) => ({ memoryId: context.memory!._id, versionId: (event as Extract<MemoryEvent, { type: 'memory.version.restore' }>).versionId }),
                onDone: {
                  // The list has a new entry (the state before the restore): asked again.
                  target: 'loading',
                  actions: assign(({ context, event }) => ({
                    memory: event.output.data,
                    selectedSectionId: keepSelection(event.output.data, context.selectedSectionId),
                    notice: event.output.message,
                    revision: context.revision + 1,
                  })),
                },
                onError: { target: 'open', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
  },
});
