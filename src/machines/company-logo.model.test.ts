import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { companyLogoMachine, LOGO_MAX_BYTES, logoProblem } from './company-logo.machine';
import type { PictureFile } from './picture-upload.machine';
import type { RequestSuccess } from '../common/request-result';
import type { components } from '../../openapi/schema';

type Company = components['schemas']['Company'];

// What a manager sees of the logo card: choose a file (a wrong one is refused before any upload),
// send it or put it back; remove the logo after confirming; a server refusal says why and lets
// the upload be tried again or the removal be asked again.
const userModel = createMachine({
  id: 'companyLogoModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.chooseGood': 'selected', 'user.chooseBad': 'invalid', 'user.askRemove': 'confirming' } },
    invalid: { on: { 'user.chooseGood': 'selected', 'user.cancel': 'idle' } },
    selected: { on: { 'user.upload': 'uploading', 'user.cancel': 'idle', 'user.chooseBad': 'invalid' } },
    uploading: { on: { 'server.saved': 'uploaded', 'server.refuses': 'uploadFailed' } },
    uploaded: { on: { 'user.askRemove': 'confirming' } },
    uploadFailed: { on: { 'user.upload': 'uploading', 'user.cancel': 'idle' } },
    confirming: { on: { 'user.confirm': 'removing', 'user.cancel': 'idle' } },
    removing: { on: { 'server.removed': 'removed', 'server.refuses': 'removeFailed' } },
    removed: {},
    removeFailed: { on: { 'user.askRemove': 'confirming' } },
  },
});

const COMPANY_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const good: PictureFile = { name: 'logo.png', type: 'image/png', size: 40_000 };
const tooBig: PictureFile = { name: 'affiche.jpg', type: 'image/jpeg', size: LOGO_MAX_BYTES + 1 };
const company = (logo: Company['logo']) => ({ _id: COMPANY_ID, name: 'BTP Lyon Rénovation', logo }) as Company;

type Pending<I> = { input: I; resolve: (value: RequestSuccess<Company>) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const uploads: Pending<{ id: string; logo: PictureFile }>[] = [];
  const removals: Pending<{ id: string }>[] = [];
  const done: { message: string; data: Company }[] = [];
  const pending = <I,>(list: Pending<I>[]) =>
    fromPromise(({ input }: { input: I }) => new Promise<RequestSuccess<Company>>((resolve, reject) => list.push({ input, resolve, reject })));
  const logic = companyLogoMachine.provide({
    actors: { uploadCompanyLogo: pending(uploads), deleteCompanyLogo: pending(removals) },
    actions: { notifyDone: (_, params) => void done.push(params) },
  });
  const actor = createActor(logic, { input: { companyId: COMPANY_ID } }).start();
  return { actor, uploads, removals, done };
}

describe('company logo machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 6)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  it('checks files as the server does: PNG or JPEG, at most 2 MB', () => {
    expect(logoProblem(good)).toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoProblem({ type: 'image/webp', size: 10 })).toBe('type');
    expect(logoProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(logoProblem(tooBig)).toBe('size');
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, uploads, removals, done } = start();
      const snapshot = () => actor.getSnapshot();
      let uploadsBefore = 0;
      let removalsBefore = 0;
      await path.test({
        events: {
          'user.chooseGood': () => actor.send({ type: 'logo.select', file: good }),
          'user.chooseBad': () => actor.send({ type: 'logo.select', file: tooBig }),
          'user.cancel': () => actor.send({ type: 'logo.cancel' }),
          'user.upload': () => {
            uploadsBefore = uploads.length;
            actor.send({ type: 'logo.upload' });
          },
          'user.askRemove': () => {
            removalsBefore = removals.length;
            actor.send({ type: 'logo.remove' });
          },
          'user.confirm': () => actor.send({ type: 'logo.confirm' }),
          'server.saved': async () => {
            uploads.at(-1)!.resolve({ message: 'Logo enregistré.', data: company({ url: `/api/companies/${COMPANY_ID}/logo?v=1`, version: 1 }) });
            await flush();
          },
          'server.removed': async () => {
            removals.at(-1)!.resolve({ message: 'Logo retiré.', data: company(null) });
            await flush();
          },
          'server.refuses': async () => {
            const pendingCall = snapshot().value === 'uploading' ? uploads.at(-1)! : removals.at(-1)!;
            pendingCall.reject({ message: 'Type de fichier non accepté.', status: 415 });
            await flush();
          },
        },
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.file).toBeNull();
            expect(snapshot().context.error).toBeNull();
          },
          invalid: () => {
            expect(snapshot().value).toBe('invalid');
            expect(snapshot().context.problem).toBe('size');
            expect(uploads, 'a refused file is never sent').toHaveLength(0);
          },
          selected: () => {
            expect(snapshot().value).toBe('selected');
            expect(snapshot().context.file).toBe(good);
          },
          uploading: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(uploads.length, 'one upload sent').toBe(uploadsBefore + 1);
            expect(uploads.at(-1)!.input).toEqual({ id: COMPANY_ID, logo: good });
          },
          uploaded: () => {
            expect(snapshot().value).toBe('idle');
            expect(done.at(-1)).toEqual({ message: 'Logo enregistré.', data: expect.objectContaining({ logo: expect.objectContaining({ version: 1 }) }) });
          },
          uploadFailed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.error?.message).toBe('Type de fichier non accepté.');
            expect(snapshot().context.file, 'the file is kept to try again').toBe(good);
          },
          confirming: () => {
            expect(snapshot().value).toBe('confirming');
            expect(removals.length, 'nothing removed before the confirmation').toBe(removalsBefore);
          },
          removing: () => {
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(removals.length).toBe(removalsBefore + 1);
            expect(removals.at(-1)!.input).toEqual({ id: COMPANY_ID });
          },
          removed: () => {
            expect(snapshot().value).toBe('idle');
            expect(done.at(-1)).toEqual({ message: 'Logo retiré.', data: expect.objectContaining({ logo: null }) });
          },
          removeFailed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.failedAction).toBe('remove');
            actor.send({ type: 'logo.upload' });
            expect(snapshot().value, 'no upload to retry after a failed removal').toBe('failed');
          },
        },
      });
    });
  }
});
