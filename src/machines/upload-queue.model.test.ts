import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pdf, startQueue } from './upload-queue.test-harness';

// What a user sees of one file, "offre.pdf", dropped while two other files are already travelling:
// it waits its turn, starts when a place frees, shows its progress, and ends stored, failed (the
// server unreachable or in error), refused for itself (type, size: sending it again would not help,
// issue 10) or cancelled; a failed or cancelled file can be sent again.
const userModel = createMachine({
  id: 'uploadQueueModel',
  initial: 'waiting',
  states: {
    waiting: { on: { 'other.finished': 'uploading', 'user.cancel': 'cancelledWhileWaiting' } },
    uploading: { on: { 'server.progress': 'halfway', 'server.stored': 'done', 'server.failed': 'failed', 'server.refused': 'refused', 'user.cancel': 'cancelled' } },
    halfway: { on: { 'server.stored': 'done', 'server.failed': 'failed', 'server.refused': 'refused', 'user.cancel': 'cancelled' } },
    done: {},
    refused: {},
    failed: { on: { 'user.retry': 'uploading' } },
    cancelled: { on: { 'user.retry': 'uploading' } },
    // The two others still travel: a retried file waits again.
    cancelledWhileWaiting: { on: { 'user.retry': 'waiting' } },
  },
});

describe('upload queue machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['cancelled', 'cancelledWhileWaiting', 'done', 'failed', 'halfway', 'refused', 'uploading', 'waiting']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const q = startQueue();
      q.actor.send({ type: 'queue.add', files: [pdf('lot1.pdf'), pdf('lot2.pdf')] });
      q.actor.send({ type: 'queue.add', files: [pdf('offre.pdf')] });
      const id = q.entry('offre.pdf').id;
      let attempts = 0;
      const uploading = () => q.actor.getSnapshot().context.entries.filter((e) => e.status === 'uploading');
      const expectAtMostTwo = () => expect(uploading().length).toBeLessThanOrEqual(2);
      await path.test({
        events: {
          'other.finished': () => {
            q.callOf('lot1.pdf').report({ type: 'upload.done', id: q.entry('lot1.pdf').id, message: 'Document enregistré.' });
          },
          'user.cancel': () => q.actor.send({ type: 'queue.cancel', id }),
          'user.retry': () => q.actor.send({ type: 'queue.retry', id }),
          'server.progress': () => q.callOf('offre.pdf').report({ type: 'upload.progress', id, progress: 50 }),
          'server.stored': () => q.callOf('offre.pdf').report({ type: 'upload.done', id, message: 'Document enregistré.' }),
          'server.refused': () =>
            q.callOf('offre.pdf').report({ type: 'upload.failed', id, error: { message: 'Le fichier dépasse la taille maximale autorisée.', status: 413 } }),
          'server.failed': () => q.callOf('offre.pdf').report({ type: 'upload.failed', id, error: { message: 'Service indisponible.', status: 503 } }),
        },
        states: {
          waiting: () => {
            expect(q.entry('offre.pdf')).toMatchObject({ status: 'queued', progress: 0 });
            expect(uploading()).toHaveLength(2);
            expect(q.actor.getSnapshot().can({ type: 'queue.cancel', id })).toBe(true);
          },
          uploading: () => {
            expect(q.entry('offre.pdf')).toMatchObject({ status: 'uploading', progress: 0, error: null });
            attempts = q.calls.filter((c) => c.input.file.name === 'offre.pdf').length;
            expect(q.callOf('offre.pdf').aborted).toBe(false);
            expect(q.actor.getSnapshot().hasTag('loading')).toBe(true);
            expectAtMostTwo();
          },
          halfway: () => {
            expect(q.entry('offre.pdf')).toMatchObject({ status: 'uploading', progress: 50 });
            expectAtMostTwo();
          },
          done: () => {
            expect(q.entry('offre.pdf')).toMatchObject({ status: 'done', progress: 100 });
            expect(q.done).toContain('Document enregistré.');
            expect(q.actor.getSnapshot().can({ type: 'queue.retry', id })).toBe(false);
          },
          refused: () => {
            expect(q.entry('offre.pdf')).toMatchObject({ status: 'failed', error: { status: 413 } });
            expect(q.actor.getSnapshot().can({ type: 'queue.retry', id })).toBe(false);
          },
          failed: () => {
            expect(q.entry('offre.pdf')).toMatchObject({ status: 'failed', error: { status: 503 } });
            expect(q.actor.getSnapshot().can({ type: 'queue.retry', id })).toBe(true);
            expect(q.calls.filter((c) => c.input.file.name === 'offre.pdf')).toHaveLength(attempts);
          },
          cancelled: () => {
            expect(q.entry('offre.pdf').status).toBe('cancelled');
            // Its request was aborted.
            expect(q.callOf('offre.pdf').aborted).toBe(true);
            expect(q.actor.getSnapshot().can({ type: 'queue.cancel', id })).toBe(false);
          },
          cancelledWhileWaiting: () => {
            expect(q.entry('offre.pdf').status).toBe('cancelled');
            // It never left.
            expect(q.calls.some((c) => c.input.file.name === 'offre.pdf')).toBe(false);
          },
        },
      });
    });
  }
});
