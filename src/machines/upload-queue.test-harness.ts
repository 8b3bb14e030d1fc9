import { createActor, fromCallback, type EventObject } from 'xstate';
import { uploadQueueMachine, type UploadFile, type UploadInput, type UploadReport } from './upload-queue.machine';

// Shared by the upload queue's unit and model-based tests.

type Call = { input: UploadInput; aborted: boolean; report: (event: UploadReport) => void };

/** The queue with an upload actor the test drives by hand: each call is recorded with its reporter. */
export function startQueue() {
  const calls: Call[] = [];
  const refused: { name: string; problem: string }[] = [];
  const done: string[] = [];
  const failed: { name: string; message: string }[] = [];
  const logic = uploadQueueMachine.provide({
    actors: {
      uploadTenderDoc: fromCallback<EventObject, UploadInput>(({ input, sendBack }) => {
        const call: Call = { input, aborted: false, report: (event) => sendBack(event) };
        calls.push(call);
        return () => {
          call.aborted = true;
        };
      }),
    },
    actions: {
      notifyRefused: (_, params) => refused.push(params),
      notifyDone: (_, params) => done.push(params.message),
      notifyFailed: (_, params) => failed.push({ name: params.name, message: params.error.message }),
    },
  });
  const actor = createActor(logic, { input: { tenderId: 'tender-1', companyId: 'company-1' } }).start();
  const entry = (name: string) => actor.getSnapshot().context.entries.find((e) => e.file.name === name)!;
  const callOf = (name: string) => calls.filter((c) => c.input.file.name === name).at(-1)!;
  return { actor, calls, refused, done, failed, entry, callOf };
}

export const pdf = (name: string, size = 1000): UploadFile => ({ name, type: 'application/pdf', size });

