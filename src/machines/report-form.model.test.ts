import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { EMPTY_REPORT, reportFormMachine, SCREENSHOT_MAX_BYTES, type ReportSubmission } from './report-form.machine';
import type { RequestSuccess } from '../common/request-result';

// What a user sees of the report form: a button, an empty or filled form, a wait, a refusal.
const userModel = createMachine({
  id: 'reportFormModel',
  initial: 'closed',
  states: {
    closed: { on: { 'user.open': 'blank' } },
    blank: { on: { 'user.fillIn': 'filled', 'user.submitBlank': 'blank', 'user.close': 'closed', 'user.dropWrongFile': 'blank' } },
    filled: { on: { 'user.submit': 'submitting', 'user.close': 'closedWithDraft', 'user.dropWrongFile': 'filled' } },
    closedWithDraft: { on: { 'user.open': 'filled' } },
    submitting: { on: { 'server.created': 'closed', 'server.refused': 'failure' } },
    failure: { on: { 'user.submit': 'submitting', 'user.close': 'closedWithDraft' } },
  },
});

const screenshot = { name: 'capture.png', type: 'image/png', size: 4096 };

function start() {
  const calls: { input: ReportSubmission; resolve: (value: RequestSuccess<null>) => void; reject: (e: unknown) => void }[] = [];
  const toasts: string[] = [];
  const logic = reportFormMachine.provide({
    actors: { createReport: fromPromise<RequestSuccess<null>, ReportSubmission>(({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject }))) },
    actions: { notifyInvalid: (_, { message }) => toasts.push(message), notifySuccess: (_, { message }) => toasts.push(message) },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  return { actor, calls, toasts };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('report form machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['blank', 'closed', 'closedWithDraft', 'failure', 'filled', 'submitting']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, toasts } = start();
      const snapshot = () => actor.getSnapshot();
      let sentToasts = 0;
      await path.test({
        events: {
          'user.open': () => actor.send({ type: 'report.open', currentUrl: 'http://localhost/tenders/42' }),
          'user.fillIn': () => {
            actor.send({ type: 'report.change', field: 'type', value: 'bug' });
            actor.send({ type: 'report.change', field: 'title', value: 'Import impossible' });
            actor.send({ type: 'report.change', field: 'description', value: 'Le DCE reste en attente.' });
            actor.send({ type: 'report.screenshot.select', file: screenshot });
          },
          'user.submitBlank': () => actor.send({ type: 'report.submit' }),
          'user.submit': () => actor.send({ type: 'report.submit' }),
          'user.close': () => actor.send({ type: 'report.close' }),
          'user.dropWrongFile': () => {
            actor.send({ type: 'report.screenshot.select', file: { name: 'notes.png', type: 'text/plain', size: 12 } });
            actor.send({ type: 'report.screenshot.select', file: { name: 'huge.png', type: 'image/png', size: SCREENSHOT_MAX_BYTES + 1 } });
            expect(toasts.slice(-2)).toEqual(['common-invalid_file_type', 'common-invalid_file_size']);
            sentToasts += 2;
          },
          'server.created': async () => {
            calls.at(-1)!.resolve({ message: 'Merci, votre signalement a été envoyé.', data: null });
            await flush();
            expect(toasts.at(-1)).toBe('Merci, votre signalement a été envoyé.');
            sentToasts += 1;
          },
          'server.refused': async () => {
            calls.at(-1)!.reject({ message: 'Erreur interne du serveur.', status: 500 });
            await flush();
          },
        },
        states: {
          closed: () => {
            expect(snapshot().value).toBe('closed');
            // A filed report leaves nothing behind.
            expect(snapshot().context).toMatchObject({ values: EMPTY_REPORT, screenshot: null, errors: {}, error: null });
            expect(toasts).toHaveLength(sentToasts);
          },
          blank: () => {
            expect(snapshot().matches({ open: 'editing' })).toBe(true);
            expect(snapshot().context.currentUrl).toBe('http://localhost/tenders/42');
            expect(snapshot().context.screenshot).toBeNull();
            // Type and priority start filled in; after a submit the two empty texts are named.
            if (Object.keys(snapshot().context.errors).length > 0) expect(snapshot().context.errors).toEqual({ title: 'form-required', description: 'form-required' });
            expect(calls).toHaveLength(0);
          },
          filled: () => {
            expect(snapshot().matches({ open: 'editing' })).toBe(true);
            expect(snapshot().context).toMatchObject({ values: { type: 'bug', priority: 'medium', title: 'Import impossible' }, screenshot, errors: {} });
          },
          closedWithDraft: () => {
            expect(snapshot().value).toBe('closed');
            expect(snapshot().context).toMatchObject({ values: { title: 'Import impossible' }, error: null });
          },
          submitting: () => {
            expect(snapshot().hasTag('submitting')).toBe(true);
            expect(snapshot().can({ type: 'report.change', field: 'title', value: 'x' })).toBe(false);
            expect(calls.at(-1)!.input).toEqual({
              type: 'bug',
              priority: 'medium',
              title: 'Import impossible',
              description: 'Le DCE reste en attente.',
              currentUrl: 'http://localhost/tenders/42',
              screenshot,
            });
          },
          failure: () => {
            expect(snapshot().matches({ open: 'failure' })).toBe(true);
            expect(snapshot().context.error).toMatchObject({ message: 'Erreur interne du serveur.', status: 500 });
            expect(snapshot().can({ type: 'report.change', field: 'title', value: 'x' })).toBe(true);
          },
        },
      });
    });
  }
});
