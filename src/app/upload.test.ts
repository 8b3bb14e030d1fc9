import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, type EventObject } from 'xstate';
import { createAuthState } from '../api/auth-state';
import { createApi } from '../api/client';
import type { RequestSuccess } from '../common/request-result';
import type { UploadInput } from '../machines/upload-queue.machine';
import { queueUpload, sendWithProgress } from './upload';

/** Just enough of XMLHttpRequest for the upload: the test plays the network. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const t = (key: string) => `[${key}]`;

function api(language = 'fr') {
  const auth = createAuthState();
  return { auth, api: createApi({ baseUrl: 'http://api.test', getLanguage: () => language, translate: t, auth }) };
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('upload with progress', () => {
  it('sends the form with the API headers and reports progress, then the answer', async () => {
    const { api: client, auth } = api('en');
    auth.setToken('abc.def.ghi');
    const form = new FormData();
    const progress: number[] = [];
    const done = sendWithProgress<{ msg: string }>(client, { method: 'POST', url: '/api/tenderDocs?companyId=c1', body: form, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', 'http://api.test/api/tenderDocs?companyId=c1', form]);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer abc.def.ghi', 'Accept-Language': 'en' });
    xhr.progress(0, 400);
    xhr.progress(133, 400);
    xhr.progress(400, 400);
    expect(progress).toEqual([0, 33, 100]);
    xhr.answer(201, { msg: 'Document added.', details: {} });
    await expect(done).resolves.toEqual({ msg: 'Document added.', details: {} });
  });

  it('no token, no Authorization header', () => {
    void sendWithProgress(api().api, { method: 'PATCH', url: '/api/tenderDocs/d1?companyId=c1', body: new FormData() }).catch(() => {});
    expect(FakeXhr.last!.headers.Authorization).toBeUndefined();
    expect(FakeXhr.last!.headers['Accept-Language']).toBe('fr');
  });

  it('errors take the shape of the API client: msg and status, 500 without msg, no response', async () => {
    const { api: client } = api();
    const tooBig = sendWithProgress(client, { method: 'POST', url: '/x', body: new FormData() });
    FakeXhr.last!.answer(413, { msg: 'Le fichier dépasse 50 Mo.' });
    await expect(tooBig).rejects.toEqual({ message: 'Le fichier dépasse 50 Mo.', status: 413 });
    const crash = sendWithProgress(client, { method: 'POST', url: '/x', body: new FormData() });
    FakeXhr.last!.answer(500, '');
    await expect(crash).rejects.toEqual({ message: '[common-internal_server_error]', status: 500 });
    const proxy = sendWithProgress(client, { method: 'POST', url: '/x', body: new FormData() });
    FakeXhr.last!.answer(502, 'Bad gateway', 'Bad Gateway');
    await expect(proxy).rejects.toEqual({ message: '[common-something_went_wrong] Bad gateway', status: 502 });
    const offline = sendWithProgress(client, { method: 'POST', url: '/x', body: new FormData() });
    FakeXhr.last!.onerror!();
    await expect(offline).rejects.toEqual({ message: '[common-no_response_from_the_server]' });
  });

  it('a dead token tells the session, as the API client does', async () => {
    const { api: client, auth } = api();
    const listener = vi.fn();
    auth.onUnauthorized(listener);
    const call = sendWithProgress(client, { method: 'POST', url: '/x', body: new FormData() });
    FakeXhr.last!.answer(401, { msg: 'Session expirée.', need2Logout: true });
    await expect(call).rejects.toMatchObject({ status: 401, need2Logout: true });
    expect(listener).toHaveBeenCalledWith('Session expirée.');
  });

  it('the signal aborts the request with an AbortError', async () => {
    const controller = new AbortController();
    const call = sendWithProgress(api().api, { method: 'POST', url: '/x', body: new FormData(), signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last!.aborted).toBe(true);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('queue upload actor', () => {
  type Input = Omit<UploadInput, 'id'> & { onProgress: (percent: number) => void };
  const file = { name: 'dce.zip', type: 'application/zip', size: 10 };

  function run(operation: ReturnType<typeof fromPromise<RequestSuccess<null>, Input>>) {
    const received: EventObject[] = [];
    const parent = setup({ actors: { upload: queueUpload(operation) } }).createMachine({
      invoke: { id: 'child', src: 'upload', input: { id: '7', tenderId: 't1', companyId: 'c1', file } },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    });
    const actor = createActor(parent).start();
    return { actor, received };
  }

  it('sends progress, then done with the server message', async () => {
    const { received } = run(
      fromPromise<RequestSuccess<null>, Input>(async ({ input }) => {
        input.onProgress(50);
        return { message: 'Document ajouté.', data: null };
      }),
    );
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received).toEqual([
      { type: 'upload.progress', id: '7', progress: 50 },
      { type: 'upload.done', id: '7', message: 'Document ajouté.' },
    ]);
  });

  it('sends the failure; stopping it aborts the request', async () => {
    const failed = run(
      fromPromise<RequestSuccess<null>, Input>(async () => {
        throw { message: 'Type de fichier non pris en charge.', status: 415 };
      }),
    );
    await vi.waitFor(() => expect(failed.received).toEqual([{ type: 'upload.failed', id: '7', error: { message: 'Type de fichier non pris en charge.', status: 415 } }]));
    let signal: AbortSignal | null = null;
    const pending = run(
      fromPromise<RequestSuccess<null>, Input>(({ signal: s }) => {
        signal = s;
        return new Promise(() => {});
      }),
    );
    pending.actor.stop();
    expect(signal!.aborted).toBe(true);
    expect(pending.received).toEqual([]);
  });
});
