import { assign, fromPromise, not, raise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

export type PriceFile = components['schemas']['PriceFile'];
export type PriceLine = components['schemas']['PriceLine'];
export type PriceIssue = components['schemas']['PriceIssue'];
export type PriceFileCheck = components['schemas']['PriceFileCheck'];
export type PriceFileImport = components['schemas']['PriceFileImportResult']['details'];
export type PriceFileSave = { id: string; body: components['schemas']['PriceFilePatch'] };
/** The filled copy as the import sends it (a File in the browser). */
export type PriceFileImportInput = { id: string; version: number; file: { name: string; type: string; size: number } };

/** Unit prices typed and not yet saved, by line id (null empties the price). */
export type PriceEdits = Record<string, number | null>;

/** The server's answer to a save made from an older version: details carry the current file. */
export const PRICES_CONFLICT = 'prices-conflict';
/** A save starts this long after the last price typed. */
export const PRICES_DEBOUNCE_MS = 1000;
/** A failed save is tried again after this long (or at once on demand). */
export const PRICES_RETRY_MS = 5000;

export type PriceGridContext = {
  tenderId: string;
  /** The files as the server last gave them (each save and import replaces its file). */
  files: PriceFile[];
  selectedId: string | null;
  loadError: RequestError | null;
  /** Prices typed and not sent yet, by file then line: a change while a save is on its way waits here. */
  drafts: Record<string, PriceEdits>;
  /** The prices on their way to the server. */
  sending: { fileId: string; lines: PriceEdits } | null;
  saveError: RequestError | null;
  /** A save refused because the file changed meanwhile: the server's file and the user's prices. */
  conflict: { theirs: PriceFile; mine: PriceEdits } | null;
  /** The last check of each file, issues on their lines and cells. */
  checks: Record<string, PriceFileCheck>;
  /** The file the running check is about. */
  checkingId: string | null;
  checkError: RequestError | null;
  /** The filled copy read back: how many prices were taken, the lines that differ from the buyer's. */
  imported: PriceFileImport | null;
  importError: RequestError | null;
};

export type PriceGridEvent =
  | { type: 'load.retry' }
  | { type: 'file.select'; fileId: string }
  /** A price cell left with a new value (Enter, Tab, arrows, another cell), or a suggestion taken. */
  | { type: 'price.change'; lineId: string; unitPrice: number | null }
  | { type: 'save.flush' }
  | { type: 'save.retry' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'conflict.keepMine' }
  | { type: 'check.run'; fileId: string }
  | { type: 'import.upload'; file: PriceFileImportInput['file'] }
  | { type: 'import.done' };

type Ctx = { context: PriceGridContext };
const errorOf = (event: unknown) => toRequestError((event as { error?: unknown }).error);
const withFile = (files: PriceFile[], file: PriceFile) => files.map((f) => (f._id === file._id ? file : f));
const without = (drafts: Record<string, PriceEdits>, fileId: string) => Object.fromEntries(Object.entries(drafts).filter(([id]) => id !== fileId));
const hasDrafts = ({ context }: Ctx) => Object.keys(context.drafts).length > 0;
/** The file a save sends: the one on screen when it has edits waiting, else the first that has. */
const nextToSave = (context: PriceGridContext) => (context.selectedId && context.drafts[context.selectedId] ? context.selectedId : Object.keys(context.drafts)[0]!);
/**
 * The price files of a tender (issue 25): loaded, one chosen, its unit prices typed in a grid.
 * Three regions once loaded:
 * - save: a price typed waits 1 s of quiet, then the changed lines are sent (PATCH) with the
 *   version of the file they were typed on; prices typed meanwhile wait for the next save. A 409
 *   keeps the user's prices and offers the server's file (take theirs) or the user's prices sent
 *   again on its version (keep mine). A failure is retried after 5 s or on demand.
 * - check: the file's issues (GET check), asked again after each save and import.
 * - import: the user's filled copy read back, what was taken and what differs shown until done.
 */
export const priceGridMachine = setup({
  types: {
    context: {} as PriceGridContext,
    events: {} as PriceGridEvent,
    input: {} as { tenderId: string },
  },
  actors: {
    listPriceFiles: fromPromise<PriceFile[], { tenderId: string }>(async () => {
      throw new Error('Actor "listPriceFiles" was not provided');
    }),
    updatePriceFile: fromPromise<RequestSuccess<PriceFile>, PriceFileSave>(async () => {
      throw new Error('Actor "updatePriceFile" was not provided');
    }),
    checkPriceFile: fromPromise<PriceFileCheck, { id: string }>(async () => {
      throw new Error('Actor "checkPriceFile" was not provided');
    }),
    importPriceFile: fromPromise<RequestSuccess<PriceFileImport>, PriceFileImportInput>(async () => {
      throw new Error('Actor "importPriceFile" was not provided');
    }),
  },
  actions: {
    // A price typed in the file on screen waits for the next save.
    addEdit: assign(({ context, event }) => {
      if (event.type !== 'price.change' || !context.selectedId) return {};
      const fileId = context.selectedId;
      return { drafts: { ...context.drafts, [fileId]: { ...context.drafts[fileId], [event.lineId]: event.unitPrice } } };
    }),
    checkFile: assign({ checkingId: ({ event }) => (event.type === 'check.run' ? event.fileId : null) }),
    // Provided by the app: the server's msg of a save or an import, as a toast.
    notify: (_, _params: { message: string }) => undefined,
  },
  delays: { debounce: PRICES_DEBOUNCE_MS, retry: PRICES_RETRY_MS },
  guards: {
    hasFiles: ({ event }) => ((event as { output?: PriceFile[] }).output ?? []).length > 0,
    hasDrafts,
    isConflict: ({ event }) => {
      const error = errorOf(event);
      return error.msgType === PRICES_CONFLICT && typeof (error.details as Partial<PriceFile> | undefined)?.version === 'number';
    },
    // A dead session (401): retrying is useless until the user signs in again.
    retryable: ({ context }) => context.saveError?.need2Logout !== true,
    knownFile: ({ context, event }) => event.type === 'file.select' && context.files.some((f) => f._id === event.fileId),
    uncheckedFile: ({ context, event }) => event.type === 'file.select' && !context.checks[event.fileId],
  },
}).createMachine({
  id: 'priceGrid',
  initial: 'loading',
  context: ({ input }) => ({
    tenderId: input.tenderId,
    files: [],
    selectedId: null,
    loadError: null,
    drafts: {},
    sending: null,
    saveError: null,
    conflict: null,
    checks: {},
    checkingId: null,
    checkError: null,
    imported: null,
    importError: null,
  }),
  states: {
    loading: {
      invoke: {
        src: 'listPriceFiles',
        input: ({ context }) => ({ tenderId: context.tenderId }),
        onDone: [
          {
            guard: 'hasFiles',
            target: 'ready',
            actions: assign(({ event }) => ({ files: event.output, selectedId: event.output[0]!._id, checkingId: event.output[0]!._id, loadError: null })),
          },
          { target: 'empty', actions: assign({ files: [], loadError: null }) },
        ],
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => toRequestError(event.error) }) },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
    // The DCE analysis classified no document of the tender as a price file.
    empty: { on: { 'load.retry': 'loading' } },
    ready: {
      type: 'parallel',
      on: {
        'file.select': [
          {
            guard: 'uncheckedFile',
            actions: [assign({ selectedId: ({ event }) => event.fileId }), raise(({ event }) => ({ type: 'check.run' as const, fileId: event.fileId }))],
          },
          { guard: 'knownFile', actions: assign({ selectedId: ({ event }) => event.fileId }) },
        ],
      },
      states: {
        save: {
          initial: 'idle',
          states: {
            idle: { on: { 'price.change': { target: 'dirty', actions: 'addEdit' } } },
            dirty: {
              // An import took the file's prices meanwhile: nothing left to send.
              always: { guard: not('hasDrafts'), target: 'saved' },
              after: { debounce: 'saving' },
              on: {
                // Each price typed starts the wait again.
                'price.change': { target: 'dirty', reenter: true, actions: 'addEdit' },
                'save.flush': 'saving',
              },
            },
            saving: {
              tags: ['busy'],
              entry: assign(({ context }) => {
                const fileId = nextToSave(context);
                return { sending: { fileId, lines: context.drafts[fileId]! }, drafts: without(context.drafts, fileId), saveError: null };
              }),
              on: { 'price.change': { actions: 'addEdit' } },
              invoke: {
                src: 'updatePriceFile',
                input: ({ context }) => {
                  const { fileId, lines } = context.sending!;
                  const file = context.files.find((f) => f._id === fileId)!;
                  return { id: fileId, body: { version: file.version, lines: Object.entries(lines).map(([_id, unitPrice]) => ({ _id, unitPrice })) } };
                },
                onDone: [
                  {
                    guard: 'hasDrafts',
                    target: 'dirty',
                    actions: [
                      assign(({ context, event }) => ({ files: withFile(context.files, event.output.data), sending: null })),
                      raise(({ event }) => ({ type: 'check.run' as const, fileId: event.output.data._id })),
                    ],
                  },
                  {
                    target: 'saved',
                    actions: [
                      assign(({ context, event }) => ({ files: withFile(context.files, event.output.data), sending: null })),
                      raise(({ event }) => ({ type: 'check.run' as const, fileId: event.output.data._id })),
                    ],
                  },
                ],
                onError: [
                  {
                    guard: 'isConflict',
                    target: 'conflict',
                    actions: assign(({ context, event }) => {
                      const { fileId, lines } = context.sending!;
                      // The prices typed since the save left are the user's too, on top of those sent.
                      const mine = { ...lines, ...context.drafts[fileId] };
                      return { conflict: { theirs: errorOf(event).details as PriceFile, mine }, drafts: without(context.drafts, fileId), sending: null, saveError: errorOf(event) };
                    }),
                  },
                  {
                    target: 'failed',
                    // The prices not saved go back with those typed since (the latest win).
                    actions: assign(({ context, event }) => {
                      const { fileId, lines } = context.sending!;
                      return { drafts: { ...context.drafts, [fileId]: { ...lines, ...context.drafts[fileId] } }, sending: null, saveError: errorOf(event) };
                    }),
                  },
                ],
              },
            },
            saved: { on: { 'price.change': { target: 'dirty', actions: 'addEdit' } } },
            failed: {
              always: { guard: not('hasDrafts'), target: 'saved', actions: assign({ saveError: null }) },
              after: { retry: { guard: 'retryable', target: 'saving' } },
              on: { 'price.change': { actions: 'addEdit' }, 'save.retry': 'saving', 'save.flush': 'saving' },
            },
            conflict: {
              on: {
                // Prices typed while choosing are the user's too.
                'price.change': { actions: 'addEdit' },
                'conflict.takeTheirs': [
                  {
                    guard: ({ context }) => Object.keys(without(context.drafts, context.conflict!.theirs._id)).length > 0,
                    target: 'dirty',
                    actions: [
                      raise(({ context }) => ({ type: 'check.run' as const, fileId: context.conflict!.theirs._id })),
                      assign(({ context }) => {
                        const theirs = context.conflict!.theirs;
                        return { files: withFile(context.files, theirs), drafts: without(context.drafts, theirs._id), conflict: null, saveError: null };
                      }),
                    ],
                  },
                  {
                    target: 'saved',
                    actions: [
                      raise(({ context }) => ({ type: 'check.run' as const, fileId: context.conflict!.theirs._id })),
                      assign(({ context }) => {
                        const theirs = context.conflict!.theirs;
                        return { files: withFile(context.files, theirs), drafts: without(context.drafts, theirs._id), conflict: null, saveError: null };
                      }),
                    ],
                  },
                ],
                // The user's prices, sent again on the version the server has now.
                'conflict.keepMine': {
                  target: 'saving',
                  actions: assign(({ context }) => {
                    const { theirs, mine } = context.conflict!;
                    return { files: withFile(context.files, theirs), drafts: { ...context.drafts, [theirs._id]: { ...mine, ...context.drafts[theirs._id] } }, conflict: null, saveError: null };
                  }),
                },
              },
            },
          },
        },
        check: {
          initial: 'checking',
          // On each state, not on the region: a region's own reentering transition would restart its siblings too.
          states: {
            checking: {
              // A new check replaces the one running (its answer would be stale).
              on: { 'check.run': { target: 'checking', reenter: true, actions: 'checkFile' } },
              invoke: {
                src: 'checkPriceFile',
                input: ({ context }) => ({ id: context.checkingId! }),
                onDone: { target: 'checked', actions: assign(({ context, event }) => ({ checks: { ...context.checks, [context.checkingId!]: event.output }, checkError: null })) },
                onError: { target: 'failed', actions: assign({ checkError: ({ event }) => toRequestError(event.error) }) },
              },
            },
            checked: { on: { 'check.run': { target: 'checking', actions: 'checkFile' } } },
            failed: { on: { 'check.run': { target: 'checking', actions: 'checkFile' } } },
          },
        },
        import: {
          initial: 'idle',
          states: {
            idle: { on: { 'import.upload': 'uploading' } },
            uploading: {
              tags: ['busy'],
              invoke: {
                src: 'importPriceFile',
                input: ({ context, event }) => {
                  const file = context.files.find((f) => f._id === context.selectedId)!;
                  return { id: file._id, version: file.version, file: (event as Extract<PriceGridEvent, { type: 'import.upload' }>).file };
                },
                onDone: {
                  target: 'review',
                  actions: [
                    // The copy's prices replace those of the file; edits not sent for it are dropped.
                    assign(({ context, event }) => {
                      const file = event.output.data.priceFile;
                      return { files: withFile(context.files, file), drafts: without(context.drafts, file._id), imported: event.output.data, importError: null };
                    }),
                    { type: 'notify', params: ({ event }) => ({ message: event.output.message }) },
                    raise(({ event }) => ({ type: 'check.run' as const, fileId: event.output.data.priceFile._id })),
                  ],
                },
                onError: {
                  target: 'failed',
                  actions: assign(({ context, event }) => {
                    const error = toRequestError(event.error);
                    // Saved meanwhile (409): the server's file is taken, so that the next upload names its version.
                    const current = error.msgType === PRICES_CONFLICT && typeof (error.details as Partial<PriceFile> | undefined)?.version === 'number' ? (error.details as PriceFile) : null;
                    return { importError: error, files: current ? withFile(context.files, current) : context.files };
                  }),
                },
              },
            },
            review: { on: { 'import.done': { target: 'idle', actions: assign({ imported: null }) }, 'import.upload': 'uploading' } },
            failed: { on: { 'import.done': { target: 'idle', actions: assign({ importError: null }) }, 'import.upload': 'uploading' } },
          },
        },
      },
    },
  },
});

/** The unit price a line shows: the latest typed (waiting, on its way, or kept in a conflict), else the server's. */
export function priceOf(context: PriceGridContext, fileId: string, line: PriceLine): number | null {
  const waiting = context.drafts[fileId];
  if (waiting && line._id in waiting) return waiting[line._id]!;
  if (context.conflict?.theirs._id === fileId && line._id in context.conflict.mine) return context.conflict.mine[line._id]!;
  if (context.sending?.fileId === fileId && line._id in context.sending.lines) return context.sending.lines[line._id]!;
  return line.unitPrice;
}
