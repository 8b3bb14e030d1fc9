import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { EMPTY_REPORT, reportFormMachine, SCREENSHOT_MAX_BYTES, screenshotProblem, type ReportSubmission } from './report-form.machine';
import type { RequestSuccess } from '../common/request-result';

const png = { name: 'capture.png', type: 'image/png', size: 2048 };

function start(create: (input: ReportSubmission) => Promise<RequestSuccess<null>>) {
  const notifyInvalid = vi.fn();
  const notifySuccess = vi.fn();
  const actor = createActor(
    reportFormMachine.provide({
      actors: { createReport: fromPromise(({ input }) => create(input)) },
      actions: { notifyInvalid: (_, params) => notifyInvalid(params), notifySuccess: (_, params) => notifySuccess(params) },
    }),
  ).start();
  return { actor, notifyInvalid, notifySuccess };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fill(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'report.change', field: 'type', value: 'bug' });
  actor.send({ type: 'report.change', field: 'priority', value: 'high' });
  actor.send({ type: 'report.change', field: 'title', value: '  Export bloqué ' });
  actor.send({ type: 'report.change', field: 'description', value: "Le bouton d'export ne répond pas." });
}

describe('report form statechart', () => {
  it('the client-side checks match the server: PNG, JPEG or GIF, 1 MB', () => {
    expect(screenshotProblem(png)).toBeNull();
    expect(screenshotProblem({ type: 'image/gif', size: SCREENSHOT_MAX_BYTES })).toBeNull();
    expect(screenshotProblem({ type: 'image/webp', size: 10 })).toBe('common-invalid_file_type');
    expect(screenshotProblem({ type: 'text/plain', size: 10 })).toBe('common-invalid_file_type');
    expect(screenshotProblem({ type: 'image/jpeg', size: SCREENSHOT_MAX_BYTES + 1 })).toBe('common-invalid_file_size');
  });

  it('opens with the page address, starts as feedback of medium priority', () => {
    const { actor } = start(async () => ({ message: '', data: null }));
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().can({ type: 'report.submit' })).toBe(false);
    actor.send({ type: 'report.open', currentUrl: 'http://localhost/tenders' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ values: EMPTY_REPORT, currentUrl: 'http://localhost/tenders', screenshot: null });
  });

  it('a submit with empty required fields names them and sends nothing; filling one clears its error', () => {
    const create = vi.fn(async () => ({ message: '', data: null }));
    const { actor } = start(create);
    actor.send({ type: 'report.open', currentUrl: '/x' });
    actor.send({ type: 'report.change', field: 'type', value: '' });
    actor.send({ type: 'report.change', field: 'title', value: '   ' });
    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({ type: 'form-required', title: 'form-required', description: 'form-required' });
    actor.send({ type: 'report.change', field: 'title', value: 'Titre' });
    expect(actor.getSnapshot().context.errors).toEqual({ type: 'form-required', description: 'form-required' });
    expect(create).not.toHaveBeenCalled();
  });

  it('locks the fields while submitting, then toasts, closes and resets', async () => {
    let resolve!: (value: RequestSuccess<null>) => void;
    const create = vi.fn((_input: ReportSubmission) => new Promise<RequestSuccess<null>>((r) => (resolve = r)));
    const { actor, notifySuccess } = start(create);
    actor.send({ type: 'report.open', currentUrl: 'http://localhost/dashboard' });
    fill(actor);
    actor.send({ type: 'report.screenshot.select', file: png });
    actor.send({ type: 'report.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('submitting')).toBe(true);
    expect(create).toHaveBeenCalledWith({ type: 'bug', priority: 'high', title: 'Export bloqué', description: "Le bouton d'export ne répond pas.", currentUrl: 'http://localhost/dashboard', screenshot: png });
    for (const event of [{ type: 'report.change', field: 'title', value: 'x' }, { type: 'report.screenshot.remove' }, { type: 'report.close' }, { type: 'report.submit' }] as const) {
      expect(snapshot.can(event)).toBe(false);
    }
    resolve({ message: 'Signalement envoyé.', data: null });
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(notifySuccess).toHaveBeenCalledWith({ message: 'Signalement envoyé.' });
    expect(actor.getSnapshot().context).toEqual({ values: EMPTY_REPORT, currentUrl: '', screenshot: null, errors: {}, error: null });
  });

  it('a refusal stays open with its message, fields unlocked, and can be sent again', async () => {
    let fail = true;
    const { actor, notifySuccess } = start(async () => {
      if (fail) throw { message: 'Type de fichier non accepté.', status: 415 };
      return { message: 'ok', data: null };
    });
    actor.send({ type: 'report.open', currentUrl: '/x' });
    fill(actor);
    actor.send({ type: 'report.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ open: 'failure' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Type de fichier non accepté.', status: 415 });
    actor.send({ type: 'report.change', field: 'title', value: 'Autre titre' });
    expect(actor.getSnapshot().context.values.title).toBe('Autre titre');
    fail = false;
    actor.send({ type: 'report.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong file with a toast and keeps the screenshot chosen before; remove drops it', () => {
    const { actor, notifyInvalid } = start(async () => ({ message: '', data: null }));
    actor.send({ type: 'report.open', currentUrl: '/x' });
    actor.send({ type: 'report.screenshot.select', file: png });
    actor.send({ type: 'report.screenshot.select', file: { name: 'notes.txt', type: 'text/plain', size: 10 } });
    actor.send({ type: 'report.screenshot.select', file: { name: 'big.jpg', type: 'image/jpeg', size: SCREENSHOT_MAX_BYTES + 1 } });
    expect(notifyInvalid.mock.calls).toEqual([[{ message: 'common-invalid_file_type' }], [{ message: 'common-invalid_file_size' }]]);
    expect(actor.getSnapshot().context.screenshot).toBe(png);
    actor.send({ type: 'report.screenshot.remove' });
    expect(actor.getSnapshot().context.screenshot).toBeNull();
  });

  it('closing keeps the draft but forgets the errors', () => {
    const { actor } = start(async () => ({ message: '', data: null }));
    actor.send({ type: 'report.open', currentUrl: '/a' });
    actor.send({ type: 'report.change', field: 'title', value: 'Brouillon' });
    actor.send({ type: 'report.submit' });
    actor.send({ type: 'report.close' });
    actor.send({ type: 'report.open', currentUrl: '/b' });
    expect(actor.getSnapshot().context).toMatchObject({ currentUrl: '/b', errors: {}, values: { title: 'Brouillon' } });
  });
});
