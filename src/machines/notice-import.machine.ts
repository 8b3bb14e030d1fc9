import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

// The server's limits (openapi.yaml ImportForm): refused here at once, checked again by content there.
export const IMPORT_MAX_BYTES = 1024 ** 3;
export const IMPORT_EXTENSIONS = ['json', 'jsonl', 'ndjson', 'xml', 'zip'];
/** For the file picker's `accept`. */
export const IMPORT_ACCEPT = IMPORT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** What the machine needs to know of a file; a browser File fits. */
export type ImportFile = { readonly name: string; readonly type: string; readonly size: number };
export type ImportProblem = 'type' | 'size' | 'empty';

export function importProblem(file: ImportFile): ImportProblem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!IMPORT_EXTENSIONS.includes(extension)) return 'type';
  if (file.size === 0) return 'empty';
  return file.size > IMPORT_MAX_BYTES ? 'size' : null;
}

/** The catalogue key of a file refused before it travels. */
export const importProblemMessage = (problem: ImportProblem) =>
  problem === 'size' ? 'common-invalid_file_size' : problem === 'empty' ? 'imports-file_empty' : 'import-invalid_file_type';

/** What the upload actor reports while the file travels. */
export type ImportReport =
  | { type: 'import.progress'; percent: number }
  | { type: 'import.sent'; message: string }
  | { type: 'import.failed'; error: RequestError };

export type NoticeImportEvent = { type: 'import.pick'; file: ImportFile } | { type: 'import.cancel' } | { type: 'import.retry' } | { type: 'import.dismiss' } | ImportReport;

/**
 * The server refused the file itself (no file, not an export by its content, too large): sending
 * the same bytes again gets the same answer, so no retry is offered. Others (network, 5xx) may pass later.
 */
export const isImportRefusal = (error: RequestError | null) => error?.status === 400 || error?.status === 413 || error?.status === 415;

export type NoticeImportContext = {
  file: ImportFile | null;
  progress: number;
  problem: ImportProblem | null;
  error: RequestError | null;
  message: string | null;
};

const fresh: NoticeImportContext = { file: null, progress: 0, problem: null, error: null, message: null };
const pickedFile = (event: NoticeImportEvent) => (event.type === 'import.pick' ? event.file : null);

/**
 * One export of notices sent by an admin: idle → uploading (progress 0–100) → sent | failed; a file
 * that cannot be an export (its name, empty, over 1 GB) stops at invalid without travelling.
 * Cancelling stops the upload actor, which aborts the request. The import itself then runs on the
 * server: the runs list follows it (list and poll statecharts).
 */
export const noticeImportMachine = setup({
  types: { context: {} as NoticeImportContext, events: {} as NoticeImportEvent },
  actors: {
    // The upload (operationId createImport); it sends ImportReport events back.
    createImport: fromCallback<EventObject, { file: ImportFile }>(({ sendBack }) => {
      sendBack({ type: 'import.failed', error: { message: 'Actor "createImport" was not provided' } });
    }),
  },
  guards: {
    isInvalid: ({ event }) => {
      const file = pickedFile(event);
      return file !== null && importProblem(file) !== null;
    },
  },
  actions: {
    // Provided by the app: the new run joins the list (read again) and a toast says so.
    notifySent: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'noticeImport',
  initial: 'idle',
  context: fresh,
  // A new file may be picked in every state but uploading.
  on: {
    'import.pick': [
      { guard: 'isInvalid', target: '.invalid', actions: assign(({ event }) => ({ ...fresh, file: pickedFile(event), problem: importProblem(pickedFile(event)!) })) },
      { target: '.uploading', actions: assign(({ event }) => ({ ...fresh, file: pickedFile(event) })) },
    ],
  },
  states: {
    idle: {},
    invalid: { on: { 'import.dismiss': { target: 'idle', actions: assign(fresh) } } },
    uploading: {
      tags: ['loading'],
      invoke: { src: 'createImport', input: ({ context }) => ({ file: context.file! }) },
      on: {
        'import.pick': {},
        'import.progress': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }) },
        'import.sent': { target: 'sent', actions: [assign({ progress: 100, message: ({ event }) => event.message }), { type: 'notifySent', params: ({ event }) => ({ message: event.message }) }] },
        'import.failed': { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
        'import.cancel': { target: 'idle', actions: assign(fresh) },
      },
    },
    sent: { on: { 'import.dismiss': { target: 'idle', actions: assign(fresh) } } },
    failed: {
      on: {
        'import.dismiss': { target: 'idle', actions: assign(fresh) },
        'import.retry': { guard: ({ context }) => !isImportRefusal(context.error), target: 'uploading', actions: assign({ progress: 0, error: null }) },
      },
    },
  },
});
