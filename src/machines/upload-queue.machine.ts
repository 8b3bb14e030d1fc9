import { assign, enqueueActions, fromCallback, setup, stopChild, type EventObject } from 'xstate';
import { toRequestError, type RequestError } from '../common/request-result';

// The server's limits (openapi.yaml TenderDocForm): refused here at once, checked again by content there.
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['pdf', 'docx', 'xlsx', 'odt', 'ods', 'zip', 'png', 'jpg', 'jpeg'];
export const UPLOAD_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/zip',
  'application/x-zip-compressed',
  'image/png',
  'image/jpeg',
];
/** For the file picker's `accept`. */
export const UPLOAD_ACCEPT = [...UPLOAD_EXTENSIONS.map((ext) => `.${ext}`), ...UPLOAD_TYPES].join(',');
/** Two files travel at once; the others wait their turn. */
export const UPLOAD_CONCURRENCY = 2;

/** What the machine needs to know of a file; a browser File fits. */
export type UploadFile = { readonly name: string; readonly type: string; readonly size: number };
export type UploadProblem = 'type' | 'size';

// Browsers give no MIME type, or a generic one, for some office files: the extension decides then.
const GENERIC_TYPES = ['', 'application/octet-stream'];

export function uploadProblem(file: UploadFile): UploadProblem | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!UPLOAD_EXTENSIONS.includes(extension)) return 'type';
  if (!GENERIC_TYPES.includes(file.type) && !UPLOAD_TYPES.includes(file.type)) return 'type';
  return file.size > UPLOAD_MAX_BYTES ? 'size' : null;
}

/** The catalogue key of a refusal, shown as a toast. */
export const problemMessage = (problem: UploadProblem) => (problem === 'size' ? 'common-invalid_file_size' : 'common-invalid_file_type');

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

/** One file of the queue and where it stands. */
export type UploadEntry = { id: string; file: UploadFile; status: UploadStatus; progress: number; error: RequestError | null };

export type UploadInput = { id: string; tenderId: string; companyId: string; file: UploadFile };

export type UploadQueueContext = { tenderId: string; companyId: string; entries: UploadEntry[]; nextId: number };

/** What an upload actor reports to the queue while its file travels. */
export type UploadReport =
  | { type: 'upload.progress'; id: string; progress: number }
  | { type: 'upload.done'; id: string; message: string }
  | { type: 'upload.failed'; id: string; error: RequestError };

export type UploadQueueEvent =
  | { type: 'queue.add'; files: UploadFile[] }
  | { type: 'queue.cancel'; id: string }
  | { type: 'queue.retry'; id: string }
  | { type: 'queue.dismiss'; id: string }
  | { type: 'queue.clear' }
  | UploadReport;

const childId = (id: string) => `upload-${id}`;
const entryOf = (context: UploadQueueContext, id: string) => context.entries.find((entry) => entry.id === id);
const setEntry = (context: UploadQueueContext, id: string, patch: Partial<UploadEntry>) =>
  context.entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry));
/**
 * The server refused the file itself (its type, its size, its content): sending the same bytes
 * again gets the same answer, so no retry is offered. Other failures (network, 5xx) may pass later.
 */
export const FILE_REFUSAL_STATUSES = [400, 413, 415] as const;
export const isFileRefusal = (error: RequestError | null) => error?.status !== undefined && (FILE_REFUSAL_STATUSES as readonly number[]).includes(error.status);
/** A failed or cancelled upload worth sending again. */
export const canRetryEntry = (entry: UploadEntry) => entry.status === 'cancelled' || (entry.status === 'failed' && !isFileRefusal(entry.error));

const isActive = (entry: UploadEntry) => entry.status === 'queued' || entry.status === 'uploading';
const isFinished = (entry: UploadEntry) => !isActive(entry);

/**
 * Tender documents sent several at once: each file is an entry queued → uploading (progress
 * 0–100 reported by its actor) → done | failed | cancelled. At most UPLOAD_CONCURRENCY upload at
 * once; cancelling stops the entry's actor, which aborts its request. Refused files never enter.
 */
export const uploadQueueMachine = setup({
  types: {
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
    input: {} as { tenderId: string; companyId: string },
  },
  actors: {
    // The upload of one file (operationId uploadTenderDoc); it sends UploadReport events back.
    uploadTenderDoc: fromCallback<EventObject, UploadInput>(({ sendBack, input }) => {
      sendBack({ type: 'upload.failed', id: input.id, error: { message: 'Actor "uploadTenderDoc" was not provided' } });
    }),
  },
  guards: {
    isBusy: ({ context }) => context.entries.some(isActive),
    isUploading: ({ context, event }) => 'id' in event && entryOf(context, event.id)?.status === 'uploading',
    canCancel: ({ context, event }) => 'id' in event && isActive(entryOf(context, event.id) ?? ({ status: 'done' } as UploadEntry)),
    canRetry: ({ context, event }) => {
      const entry = 'id' in event ? entryOf(context, event.id) : undefined;
      return entry !== undefined && canRetryEntry(entry);
    },
    canDismiss: ({ context, event }) => {
      const entry = 'id' in event ? entryOf(context, event.id) : undefined;
      return entry !== undefined && isFinished(entry);
    },
    hasFinished: ({ context }) => context.entries.some(isFinished),
  },
  actions: {
    // Provided by the app: a toast with common-invalid_file_type / common-invalid_file_size.
    notifyRefused: (_, _params: { name: string; problem: UploadProblem }) => {},
    // Provided by the app: a file is stored, the documents list is read again.
    notifyDone: (_, _params: { message: string }) => {},
    // Provided by the app: the server refused or failed an upload (a toast for the file's own problems).
    notifyFailed: (_, _params: { name: string; error: RequestError }) => {},
    // Starts queued entries, oldest first, while fewer than UPLOAD_CONCURRENCY are uploading.
    schedule: enqueueActions(({ context, enqueue }) => {
      let running = context.entries.filter((entry) => entry.status === 'uploading').length;
      const starting: UploadEntry[] = [];
      for (const entry of context.entries) {
        if (running >= UPLOAD_CONCURRENCY) break;
        if (entry.status !== 'queued') continue;
        starting.push(entry);
        running += 1;
      }
      if (starting.length === 0) return;
      const ids = starting.map((entry) => entry.id);
      enqueue.assign({
        entries: context.entries.map((entry) => (ids.includes(entry.id) ? { ...entry, status: 'uploading' as const, progress: 0, error: null } : entry)),
      });
      for (const entry of starting) {
        enqueue.spawnChild('uploadTenderDoc', {
          id: childId(entry.id),
          input: { id: entry.id, tenderId: context.tenderId, companyId: context.companyId, file: entry.file },
        });
      }
    }),
    stopUpload: stopChild(({ event }) => childId((event as { id: string }).id)),
  },
}).createMachine({
  id: 'uploadQueue',
  initial: 'idle',
  context: ({ input }) => ({ tenderId: input.tenderId, companyId: input.companyId, entries: [], nextId: 0 }),
  on: {
    'queue.add': {
      actions: [
        enqueueActions(({ context, event, enqueue }) => {
          if (event.type !== 'queue.add') return;
          const accepted: UploadEntry[] = [];
          let nextId = context.nextId;
          for (const file of event.files) {
            const problem = uploadProblem(file);
            if (problem) enqueue({ type: 'notifyRefused', params: { name: file.name, problem } });
            else accepted.push({ id: String((nextId += 1)), file, status: 'queued', progress: 0, error: null });
          }
          if (accepted.length > 0) enqueue.assign({ entries: [...context.entries, ...accepted], nextId });
        }),
        'schedule',
      ],
    },
    'queue.cancel': [
      { guard: 'isUploading', actions: ['stopUpload', assign({ entries: ({ context, event }) => setEntry(context, event.id, { status: 'cancelled' }) }), 'schedule'] },
      { guard: 'canCancel', actions: assign({ entries: ({ context, event }) => setEntry(context, event.id, { status: 'cancelled' }) }) },
    ],
    'queue.retry': { guard: 'canRetry', actions: [assign({ entries: ({ context, event }) => setEntry(context, event.id, { status: 'queued', progress: 0, error: null }) }), 'schedule'] },
    'queue.dismiss': { guard: 'canDismiss', actions: assign({ entries: ({ context, event }) => context.entries.filter((entry) => entry.id !== event.id) }) },
    'queue.clear': { guard: 'hasFinished', actions: assign({ entries: ({ context }) => context.entries.filter(isActive) }) },
    // Reports of an entry that is no longer uploading (cancelled meanwhile) are dropped.
    'upload.progress': {
      guard: 'isUploading',
      actions: assign({ entries: ({ context, event }) => setEntry(context, event.id, { progress: Math.max(0, Math.min(100, Math.round(event.progress))) }) }),
    },
    'upload.done': {
      guard: 'isUploading',
      actions: [
        'stopUpload',
        assign({ entries: ({ context, event }) => setEntry(context, event.id, { status: 'done', progress: 100 }) }),
        { type: 'notifyDone', params: ({ event }) => ({ message: event.message }) },
        'schedule',
      ],
    },
    'upload.failed': {
      guard: 'isUploading',
      actions: [
        'stopUpload',
        assign({ entries: ({ context, event }) => setEntry(context, event.id, { status: 'failed', error: toRequestError(event.error) }) }),
        { type: 'notifyFailed', params: ({ context, event }) => ({ name: context.entries.find((entry) => entry.id === event.id)?.file.name ?? '', error: toRequestError(event.error) }) },
        'schedule',
      ],
    },
  },
  states: {
    // Nothing waits nor travels (finished entries may still be listed).
    idle: { always: { guard: 'isBusy', target: 'working' } },
    working: { tags: ['loading'], always: { guard: ({ context }) => !context.entries.some(isActive), target: 'idle' } },
  },
});
