import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { PICTURE_MAX_BYTES, pictureProblem, pictureUploadMachine } from './picture-upload.machine';
import type { Profile } from './types';
import type { RequestSuccess } from '../common/request-result';

const png = { name: 'portrait.png', type: 'image/png', size: 2048 };
const profile = { _id: 'u1', username: 'Camille' } as Profile;

function start(upload: (input: unknown) => Promise<RequestSuccess<Profile>>) {
  const notifyInvalid = vi.fn();
  const notifyDone = vi.fn();
  const actor = createActor(
    pictureUploadMachine.provide({
      actors: { updateProfile: fromPromise(({ input }) => upload(input)) },
      actions: { notifyInvalid, notifyDone: (_, params) => notifyDone(params) },
    }),
  ).start();
  return { actor, notifyInvalid, notifyDone };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('picture upload statechart', () => {
  it('the client-side checks match the server: four image types, 1 MB', () => {
    expect(pictureProblem(png)).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: PICTURE_MAX_BYTES })).toBeNull();
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(pictureProblem({ type: 'image/jpeg', size: PICTURE_MAX_BYTES + 1 })).toBe('size');
  });

  it('idle → selected → uploading → done, with the new profile handed over', async () => {
    const upload = vi.fn(async () => ({ message: 'Profil mis à jour.', data: profile }));
    const { actor, notifyDone } = start(upload);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'picture.select', file: png });
    expect(actor.getSnapshot().value).toBe('selected');
    expect(actor.getSnapshot().context.file).toBe(png);
    actor.send({ type: 'picture.upload' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    // A new choice while uploading is ignored.
    actor.send({ type: 'picture.select', file: { ...png, name: 'other.png' } });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(upload).toHaveBeenCalledWith({ picture: png });
    expect(notifyDone).toHaveBeenCalledWith({ message: 'Profil mis à jour.', data: profile });
  });

  it('a refused file stops at invalid with its reason and a toast; a good one goes on', () => {
    const { actor, notifyInvalid } = start(async () => ({ message: '', data: profile }));
    actor.send({ type: 'picture.select', file: { name: 'big.jpg', type: 'image/jpeg', size: PICTURE_MAX_BYTES * 2 } });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.problem).toBe('size');
    expect(notifyInvalid).toHaveBeenCalledTimes(1);
    actor.send({ type: 'picture.upload' });
    expect(actor.getSnapshot().value).toBe('invalid');
    actor.send({ type: 'picture.select', file: png });
    expect(actor.getSnapshot().value).toBe('selected');
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('a server refusal is a failure that can be retried or cancelled', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw { message: 'Type de fichier non accepté.', status: 415 };
      return { message: 'ok', data: profile };
    });
    actor.send({ type: 'picture.select', file: png });
    actor.send({ type: 'picture.upload' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failure');
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Type de fichier non accepté.', status: 415 });
    fail = false;
    actor.send({ type: 'picture.upload' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    actor.send({ type: 'picture.select', file: png });
    actor.send({ type: 'picture.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.file).toBeNull();
  });
});
