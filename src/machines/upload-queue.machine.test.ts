import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, uploadProblem } from './upload-queue.machine';
import { pdf, startQueue } from './upload-queue.test-harness';

describe('the client-side check', () => {
  it('takes the contract types by extension and MIME type, at most 50 MB', () => {
    expect(uploadProblem(pdf('dce.pdf'))).toBeNull();
    expect(uploadProblem({ name: 'DCE.ZIP', type: 'application/x-zip-compressed', size: 10 })).toBeNull();
    // Some systems give office files no type: the extension decides.
    expect(uploadProblem({ name: 'memoire.odt', type: '', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'plan.jpeg', type: 'image/jpeg', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ name: 'plan.jpeg', type: 'image/jpeg', size: UPLOAD_MAX_BYTES + 1 })).toBe('size');
    expect(uploadProblem({ name: 'virus.exe', type: 'application/octet-stream', size: 10 })).toBe('type');
    expect(uploadProblem({ name: 'notes.pdf', type: 'text/plain', size: 10 })).toBe('type');
    expect(uploadProblem({ name: 'README', type: '', size: 10 })).toBe('type');
  });
});

describe('upload queue', () => {
  it('refuses bad files at once with a notification, queues the others', () => {
    const q = startQueue();
    q.actor.send({ type: 'queue.add', files: [pdf('a.pdf'), { name: 'b.exe', type: '', size: 1 }, pdf('c.pdf', UPLOAD_MAX_BYTES + 1)] });
    expect(q.refused).toEqual([
      { name: 'b.exe', problem: 'type' },
      { name: 'c.pdf', problem: 'size' },
    ]);
    expect(q.actor.getSnapshot().context.entries.map((e) => e.file.name)).toEqual(['a.pdf']);
    expect(q.calls.map((c) => c.input)).toEqual([{ id: '1', tenderId: 'tender-1', companyId: 'company-1', file: pdf('a.pdf') }]);
  });

  it('uploads two files at a time, the next one starting when one ends', () => {
    const q = startQueue();
    q.actor.send({ type: 'queue.add', files: ['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf'].map((n) => pdf(n)) });
    expect(q.actor.getSnapshot().context.entries.map((e) => e.status)).toEqual(['uploading', 'uploading', 'queued', 'queued', 'queued']);
    expect(q.actor.getSnapshot().hasTag('loading')).toBe(true);
    q.callOf('1.pdf').report({ type: 'upload.progress', id: '1', progress: 42.4 });
    expect(q.entry('1.pdf').progress).toBe(42);
    q.callOf('1.pdf').report({ type: 'upload.done', id: '1', message: 'Document enregistré.' });
    expect(q.done).toEqual(['Document enregistré.']);
    expect(q.actor.getSnapshot().context.entries.map((e) => e.status)).toEqual(['done', 'uploading', 'uploading', 'queued', 'queued']);
    q.callOf('2.pdf').report({ type: 'upload.failed', id: '2', error: { message: 'Type de fichier non pris en charge.', status: 415 } });
    expect(q.entry('2.pdf')).toMatchObject({ status: 'failed', error: { status: 415 } });
    expect(q.actor.getSnapshot().context.entries.map((e) => e.status)).toEqual(['done', 'failed', 'uploading', 'uploading', 'queued']);
    expect(q.calls).toHaveLength(4);
  });

  it('cancelling an upload aborts its request and frees its place; a queued file is simply dropped from the run', () => {
    const q = startQueue();
    q.actor.send({ type: 'queue.add', files: [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')] });
    q.actor.send({ type: 'queue.cancel', id: q.entry('d.pdf').id });
    expect(q.entry('d.pdf').status).toBe('cancelled');
    q.actor.send({ type: 'queue.cancel', id: q.entry('a.pdf').id });
    expect(q.callOf('a.pdf').aborted).toBe(true);
    expect(q.entry('a.pdf').status).toBe('cancelled');
    expect(q.entry('c.pdf').status).toBe('uploading');
    // A late report of the cancelled upload changes nothing.
    q.callOf('a.pdf').report({ type: 'upload.done', id: q.entry('a.pdf').id, message: 'trop tard' });
    expect(q.entry('a.pdf').status).toBe('cancelled');
    expect(q.done).toEqual([]);
    expect(q.calls.map((c) => c.input.file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('offers no retry for a file the server refused for its type, size or content (issue 10)', () => {
    const q = startQueue();
    q.actor.send({ type: 'queue.add', files: [pdf('a.pdf'), pdf('b.pdf')] });
    const a = q.entry('a.pdf').id;
    const b = q.entry('b.pdf').id;
    q.callOf('a.pdf').report({ type: 'upload.failed', id: a, error: { message: 'Type de fichier non accepté.', status: 415 } });
    q.callOf('b.pdf').report({ type: 'upload.failed', id: b, error: { message: 'Fichier trop volumineux.', status: 413 } });
    expect(q.failed).toEqual([
      { name: 'a.pdf', message: 'Type de fichier non accepté.' },
      { name: 'b.pdf', message: 'Fichier trop volumineux.' },
    ]);
    expect(q.actor.getSnapshot().can({ type: 'queue.retry', id: a })).toBe(false);
    expect(q.actor.getSnapshot().can({ type: 'queue.retry', id: b })).toBe(false);
    expect(q.actor.getSnapshot().can({ type: 'queue.dismiss', id: a })).toBe(true);
  });

  it('retries a failed upload with a new request; finished entries can be dismissed or cleared', () => {
    const q = startQueue();
    q.actor.send({ type: 'queue.add', files: [pdf('a.pdf'), pdf('b.pdf')] });
    const a = q.entry('a.pdf').id;
    q.callOf('a.pdf').report({ type: 'upload.failed', id: a, error: { message: 'Aucune réponse du serveur.' } });
    expect(q.failed).toEqual([{ name: 'a.pdf', message: 'Aucune réponse du serveur.' }]);
    expect(q.actor.getSnapshot().can({ type: 'queue.retry', id: a })).toBe(true);
    expect(q.actor.getSnapshot().can({ type: 'queue.retry', id: q.entry('b.pdf').id })).toBe(false);
    q.actor.send({ type: 'queue.retry', id: a });
    expect(q.entry('a.pdf')).toMatchObject({ status: 'uploading', progress: 0, error: null });
    expect(q.calls.filter((c) => c.input.file.name === 'a.pdf')).toHaveLength(2);
    q.callOf('a.pdf').report({ type: 'upload.done', id: a, message: 'ok' });
    q.callOf('b.pdf').report({ type: 'upload.done', id: q.entry('b.pdf').id, message: 'ok' });
    expect(q.actor.getSnapshot().value).toBe('idle');
    q.actor.send({ type: 'queue.dismiss', id: a });
    expect(q.actor.getSnapshot().context.entries.map((e) => e.file.name)).toEqual(['b.pdf']);
    q.actor.send({ type: 'queue.clear' });
    expect(q.actor.getSnapshot().context.entries).toEqual([]);
  });
});
