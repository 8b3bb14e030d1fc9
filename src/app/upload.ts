import { createActor, fromCallback, type EventObject, type PromiseActorLogic } from 'xstate';
import type { Api } from '../api/client';
import { normaliseError } from '../api/errors';
import { toRequestError, type RequestSuccess } from '../common/request-result';
import type { UploadInput, UploadReport } from '../machines/upload-queue.machine';

export type UploadRequest = {
  method: 'POST' | 'PATCH';
  /** A path of the contract with its query, e.g. `/api/tenderDocs?companyId=…`. */
  url: string;
  body: FormData;
  /** 0–100, from the browser's upload progress events. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A multipart request sent with XMLHttpRequest, the only browser API that reports upload progress
 * (fetch does not). Same headers as the API client, same error shape (src/api/errors.ts); the signal
 * aborts it with an AbortError, as fetch would.
 */
export function sendWithProgress<T>(api: Api, { method, url, body, onProgress, signal }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const aborted = () => new DOMException('The upload was cancelled.', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${api.baseUrl}${url}`);
    for (const [name, value] of Object.entries(api.headers())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(data as T);
        return;
      }
      api.reportDeadToken(xhr.status, data);
      reject(normaliseError({ kind: 'response', status: xhr.status, body: data, statusText: xhr.statusText }, api.translate));
    };
    xhr.onerror = () => reject(normaliseError({ kind: 'network', cause: null }, api.translate));
    xhr.onabort = () => reject(aborted());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * The upload queue's actor from a page operation that takes an `onProgress` callback: progress,
 * success and failure go back to the queue as events; stopping the actor (cancel) aborts the request.
 */
export function queueUpload<D>(operation: PromiseActorLogic<RequestSuccess<D>, Omit<UploadInput, 'id'> & { onProgress: (percent: number) => void }>) {
  return fromCallback<EventObject, UploadInput>(({ input, sendBack }) => {
    const report = (event: UploadReport) => sendBack(event);
    const { id, ...request } = input;
    const actor = createActor(operation, { input: { ...request, onProgress: (progress) => report({ type: 'upload.progress', id, progress }) } });
    actor.subscribe({
      complete: () => report({ type: 'upload.done', id: input.id, message: actor.getSnapshot().output?.message ?? '' }),
      error: (error) => report({ type: 'upload.failed', id: input.id, error: toRequestError(error) }),
    });
    actor.start();
    return () => actor.stop();
  });
}
