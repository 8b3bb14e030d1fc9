import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { importProblem, noticeImportMachine, type ImportFile, type ImportReport } from './notice-import.machine';

// What an admin sees of one export sent for import: a file that cannot be an export is refused
// before it travels; a good one shows its progress and ends sent, refused by the server (its
// content: no retry) or failed (network, 5xx: retry); cancelling aborts the request.
const userModel = createMachine({
  id: 'noticeImportModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.pickBad': 'invalid', 'user.pick': 'uploading' } },
    invalid: { on: { 'user.pick': 'uploading', 'user.dismiss': 'idle' } },
    uploading: { on: { 'server.progress': 'halfway', 'server.accepted': 'sent', 'server.refused': 'refused', 'server.failed': 'failed', 'user.cancel': 'idle' } },
    halfway: { on: { 'server.accepted': 'sent', 'user.cancel': 'idle' } },
    sent: { on: { 'user.dismiss': 'idle' } },
    refused: { on: { 'user.pickBad': 'invalid' } },
    failed: { on: { 'user.retry': 'uploading' } },
  },
});

const file: ImportFile = { name: 'boamp.json', type: 'application/json', size: 4_096 };

function start() {
  const calls: { file: ImportFile; report: (event: ImportReport) => void; aborted: boolean }[] = [];
  const sent: string[] = [];
  const actor = createActor(
    noticeImportMachine.provide({
      actors: {
        createImport: fromCallback<EventObject, { file: ImportFile }>(({ input, sendBack }) => {
          const call = { file: input.file, report: (event: ImportReport) => sendBack(event), aborted: false };
          calls.push(call);
          return () => {
            call.aborted = true;
          };
        }),
      },
      actions: { notifySent: (_, { message }) => void sent.push(message) },
    }),
  ).start();
  return { actor, calls, sent, last: () => calls[calls.length - 1]! };
}

describe('notice import machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['failed', 'halfway', 'idle', 'invalid', 'refused', 'sent', 'uploading']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const m = start();
      let previous: (typeof m.calls)[number] | null = null;
      await path.test({
        events: {
          'user.pick': () => {
            previous = m.calls.at(-1) ?? null;
            m.actor.send({ type: 'import.pick', file });
          },
          'user.pickBad': () => m.actor.send({ type: 'import.pick', file: { name: 'notices.csv', type: 'text/csv', size: 10 } }),
          'user.cancel': () => {
            previous = m.last();
            m.actor.send({ type: 'import.cancel' });
          },
          'user.retry': () => {
            previous = m.last();
            m.actor.send({ type: 'import.retry' });
          },
          'user.dismiss': () => m.actor.send({ type: 'import.dismiss' }),
          'server.progress': () => m.last().report({ type: 'import.progress', percent: 49.6 }),
          'server.accepted': () => m.last().report({ type: 'import.sent', message: 'Import lancé.' }),
          'server.refused': () => m.last().report({ type: 'import.failed', error: { message: 'Fichier non accepté.', status: 415 } }),
          'server.failed': () => m.last().report({ type: 'import.failed', error: { message: 'Service indisponible.', status: 503 } }),
        },
        states: {
          idle: () => {
            const s = m.actor.getSnapshot();
            expect(s.value).toBe('idle');
            expect(s.context).toMatchObject({ file: null, progress: 0, error: null, problem: null });
            // A cancelled upload's request is aborted.
            if (previous) expect(previous.aborted).toBe(true);
          },
          invalid: () => {
            const s = m.actor.getSnapshot();
            expect(s.value).toBe('invalid');
            expect(s.context.problem).toBe('type');
            expect(m.calls.every((c) => c.file.name !== 'notices.csv')).toBe(true);
          },
          uploading: () => {
            const s = m.actor.getSnapshot();
            expect(s.value).toBe('uploading');
            expect(s.hasTag('loading')).toBe(true);
            expect(s.context).toMatchObject({ progress: 0, error: null });
            expect(m.last().aborted).toBe(false);
            // A retry sends the file again, in a new request.
            if (previous) expect(m.last()).not.toBe(previous);
          },
          halfway: () => {
            expect(m.actor.getSnapshot().context.progress).toBe(50);
            // No other file while one travels.
            m.actor.send({ type: 'import.pick', file: { ...file, name: 'other.xml' } });
            expect(m.actor.getSnapshot().context.file?.name).toBe('boamp.json');
          },
          sent: () => {
            const s = m.actor.getSnapshot();
            expect(s.value).toBe('sent');
            expect(s.context).toMatchObject({ progress: 100, message: 'Import lancé.' });
            expect(m.sent.at(-1)).toBe('Import lancé.');
          },
          refused: () => {
            const s = m.actor.getSnapshot();
            expect(s.value).toBe('failed');
            expect(s.context.error).toMatchObject({ status: 415 });
            expect(s.can({ type: 'import.retry' })).toBe(false);
          },
          failed: () => {
            const s = m.actor.getSnapshot();
            expect(s.value).toBe('failed');
            expect(s.context.error).toMatchObject({ status: 503 });
            expect(s.can({ type: 'import.retry' })).toBe(true);
          },
        },
      });
    });
  }
});

describe('importProblem', () => {
  it('accepts exports by their extension and refuses empty or oversized files', () => {
    expect(importProblem({ name: 'Export.JSON', type: '', size: 1 })).toBeNull();
    expect(importProblem({ name: 'a.jsonl', type: '', size: 1 })).toBeNull();
    expect(importProblem({ name: 'a.zip', type: 'application/zip', size: 1 })).toBeNull();
    expect(importProblem({ name: 'a.pdf', type: 'application/pdf', size: 1 })).toBe('type');
    expect(importProblem({ name: 'a.xml', type: 'text/xml', size: 0 })).toBe('empty');
    expect(importProblem({ name: 'a.xml', type: 'text/xml', size: 1024 ** 3 + 1 })).toBe('size');
  });
});
