import { assign, fromPromise, setup } from 'xstate';
import { type Profile } from './types';
import { toRequestError, type RequestError, type RequestSuccess } from '../common/request-result';

// Same limits as the server (openapi.yaml ProfileUpdateForm): refused here before any upload.
export const PICTURE_MAX_BYTES = 1024 * 1024;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** What the machine needs to know of a file; a browser File fits. */
export type PictureFile = { readonly name: string; readonly type: string; readonly size: number };

export type PictureProblem = 'type' | 'size';

export function pictureProblem(file: Pick<PictureFile, 'type' | 'size'>): PictureProblem | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'type';
  return file.size > PICTURE_MAX_BYTES ? 'size' : null;
}

export type PictureUploadContext = {
  file: PictureFile | null;
  problem: PictureProblem | null;
  message: string | null;
  error: RequestError | null;
};

export type PictureUploadEvent =
  | { type: 'picture.select'; file: PictureFile }
  | { type: 'picture.upload' }
  | { type: 'picture.cancel' };

/** The profile picture: idle → selected (preview) → uploading → done | failure; invalid files stop at invalid. */
export const pictureUploadMachine = setup({
  types: {
    context: {} as PictureUploadContext,
    events: {} as PictureUploadEvent,
  },
  actors: {
    // The profile update (operationId updateProfile), picture only.
    updateProfile: fromPromise<RequestSuccess<Profile>, { username?: string; picture?: PictureFile }>(async () => {
      throw new Error('Actor "updateProfile" was not provided');
    }),
  },
  guards: {
    isRefused: ({ event }) => event.type === 'picture.select' && pictureProblem(event.file) !== null,
  },
  actions: {
    // Provided by the app: a toast with common-invalid_file_type / common-invalid_file_size.
    notifyInvalid: () => {},
    // Provided by the app: the success toast and the new profile in the session.
    notifyDone: (_, _params: { message: string; data: Profile }) => {},
  },
}).createMachine({
  id: 'pictureUpload',
  initial: 'idle',
  context: { file: null, problem: null, message: null, error: null },
  // A new file may be chosen in every state but uploading.
  on: {
    'picture.select': [
      {
        guard: 'isRefused',
        target: '.invalid',
        actions: [assign({ file: null, problem: ({ event }) => pictureProblem(event.file) }), 'notifyInvalid'],
      },
      { target: '.selected', actions: assign({ file: ({ event }) => event.file, problem: null, error: null }) },
    ],
  },
  states: {
    idle: {},
    invalid: {},
    selected: {
      on: {
        'picture.upload': { target: 'uploading' },
        'picture.cancel': { target: 'idle', actions: assign({ file: null }) },
      },
    },
    uploading: {
      tags: ['loading'],
      on: { 'picture.select': {} },
      entry: assign({ error: null, message: null }),
      invoke: {
        src: 'updateProfile',
        input: ({ context }) => ({ picture: context.file! }),
        onDone: {
          target: 'done',
          actions: [
            assign({ message: ({ event }) => event.output.message, file: null }),
            { type: 'notifyDone', params: ({ event }) => ({ message: event.output.message, data: event.output.data }) },
          ],
        },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => toRequestError(event.error) }) },
      },
    },
    done: {},
    failure: {
      on: {
        'picture.upload': { target: 'uploading' },
        'picture.cancel': { target: 'idle', actions: assign({ file: null, error: null }) },
      },
    },
  },
});
