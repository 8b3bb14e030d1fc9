import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';
import type { PictureFile, PictureProblem } from './picture-upload.machine';

type Company = components['schemas']['Company'];

// Same limits as the server (openapi.yaml CompanyLogoForm): what a Word document embeds, 2 MB.
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'];

export function logoProblem(file: Pick<PictureFile, 'type' | 'size'>): PictureProblem | null {
  if (!LOGO_TYPES.includes(file.type)) return 'type';
  return file.size > LOGO_MAX_BYTES ? 'size' : null;
}

export type CompanyLogoContext = {
  companyId: string;
  file: PictureFile | null;
  problem: PictureProblem | null;
  error: RequestError | null;
  /** What failed: the upload keeps its file to retry, the removal is asked again. */
  failedAction: 'upload' | 'remove' | null;
};

export type CompanyLogoEvent =
  | { type: 'logo.select'; file: PictureFile }
  | { type: 'logo.upload' }
  | { type: 'logo.remove' }
  | { type: 'logo.confirm' }
  | { type: 'logo.cancel' };

/**
 * A company's logo (managers of the company and admins): a chosen file is checked here, previewed
 * (selected), then sent (uploading); removing asks first (confirming). Either refusal stops at
 * failed with the server's message; the saved company is handed to the page.
 */
export const companyLogoMachine = setup({
  types: {
    context: {} as CompanyLogoContext,
    events: {} as CompanyLogoEvent,
    input: {} as { companyId: string },
  },
  actors: {
    uploadCompanyLogo: fromPromise<RequestSuccess<Company>, { id: string; logo: PictureFile }>(async () => {
      throw new Error('Actor "uploadCompanyLogo" was not provided');
    }),
    deleteCompanyLogo: fromPromise<RequestSuccess<Company>, { id: string }>(async () => {
      throw new Error('Actor "deleteCompanyLogo" was not provided');
    }),
  },
  guards: {
    isRefused: ({ event }) => event.type === 'logo.select' && logoProblem(event.file) !== null,
    canRetryUpload: ({ context }) => context.failedAction === 'upload' && context.file !== null,
  },
  actions: {
    // Provided by the app: the success toast and the saved company on the page.
    notifyDone: (_, _params: { message: string; data: Company }) => {},
  },
}).createMachine({
  id: 'companyLogo',
  initial: 'idle',
  context: ({ input }) => ({ companyId: input.companyId, file: null, problem: null, error: null, failedAction: null }),
  states: {
    idle: {
      on: {
        'logo.select': [
          { guard: 'isRefused', target: 'invalid', actions: assign({ problem: ({ event }) => logoProblem(event.file) }) },
          { target: 'selected', actions: assign({ file: ({ event }) => event.file }) },
        ],
        'logo.remove': { target: 'confirming' },
      },
    },
    invalid: {
      on: {
        'logo.select': [
          { guard: 'isRefused', target: 'invalid', actions: assign({ problem: ({ event }) => logoProblem(event.file) }) },
          { target: 'selected', actions: assign({ file: ({ event }) => event.file, problem: null }) },
        ],
        'logo.cancel': { target: 'idle', actions: assign({ problem: null }) },
      },
    },
    selected: {
      on: {
        'logo.select': [
          { guard: 'isRefused', target: 'invalid', actions: assign({ file: null, problem: ({ event }) => logoProblem(event.file) }) },
          { target: 'selected', actions: assign({ file: ({ event }) => event.file }) },
        ],
        'logo.upload': { target: 'uploading' },
        'logo.cancel': { target: 'idle', actions: assign({ file: null }) },
      },
    },
    uploading: {
      tags: ['busy'],
      entry: assign({ error: null, failedAction: null }),
      invoke: {
        src: 'uploadCompanyLogo',
        input: ({ context }) => ({ id: context.companyId, logo: context.file! }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ file: null }),
            { type: 'notifyDone', params: ({ event }) => ({ message: event.output.message, data: event.output.data }) },
          ],
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error), failedAction: 'upload' }) },
      },
    },
    confirming: {
      on: {
        'logo.confirm': { target: 'removing' },
        'logo.cancel': { target: 'idle' },
      },
    },
    removing: {
      tags: ['busy'],
      entry: assign({ error: null, failedAction: null }),
      invoke: {
        src: 'deleteCompanyLogo',
        input: ({ context }) => ({ id: context.companyId }),
        onDone: {
          target: 'idle',
          actions: { type: 'notifyDone', params: ({ event }) => ({ message: event.output.message, data: event.output.data }) },
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toRequestError(event.error), failedAction: 'remove' }) },
      },
    },
    failed: {
      on: {
        'logo.upload': { guard: 'canRetryUpload', target: 'uploading' },
        'logo.select': [
          { guard: 'isRefused', target: 'invalid', actions: assign({ file: null, error: null, problem: ({ event }) => logoProblem(event.file) }) },
          { target: 'selected', actions: assign({ file: ({ event }) => event.file, error: null }) },
        ],
        'logo.remove': { target: 'confirming', actions: assign({ file: null, error: null }) },
        'logo.cancel': { target: 'idle', actions: assign({ file: null, error: null, failedAction: null }) },
      },
    },
  },
});
