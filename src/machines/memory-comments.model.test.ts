import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { memoryCommentsMachine, type MemoryThread, type ThreadChange } from './memory-comments.machine';

// What the writer sees of a memory's comments: loading, a failure with a retry, the threads; a
// passage chosen waits for its first comment (cancel drops it), sent, refused (the text stays),
// accepted (the thread appears and its passage gets marked); replies, resolve and delete one at a time.
const userModel = createMachine({
  id: 'commentsModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.lists': 'ready', 'server.failsList': 'failed' } },
    failed: { on: { 'user.retry': 'loading' } },
    ready: { on: { 'user.select': 'drafting', 'user.reply': 'sendingReply', 'user.resolve': 'sendingResolve', 'user.delete': 'sendingDelete' } },
    drafting: { on: { 'user.cancel': 'ready', 'user.submit': 'sendingCreate' } },
    sendingCreate: { on: { 'server.accepts': 'created', 'server.refuses': 'refused' } },
    refused: { on: { 'user.submit': 'sendingCreate', 'user.cancel': 'ready' } },
    created: { on: { 'user.reply': 'sendingReply' } },
    sendingReply: { on: { 'server.accepts': 'ready', 'server.refuses': 'replyRefused' } },
    replyRefused: { on: { 'user.reply': 'sendingReply' } },
    sendingResolve: { on: { 'server.accepts': 'ready' } },
    sendingDelete: { on: { 'server.accepts': 'ready' } },
  },
});

const MEMORY = '5c4e7a10-2b3c-4d5e-8f90-1a2b3c4d5e6f';
const SECTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const thread = (n: number, comments: string[] = ['À préciser'], resolved = false): MemoryThread => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  memoryId: MEMORY,
  sectionId: SECTION,
  quote: `passage ${n}`,
  resolved,
  createdBy: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  comments: comments.map((body, i) => ({ _id: `10000000-0000-4000-8000-0000000000${n}${i}`, author: { _id: 'u', username: 'Claire' }, body, createdAt: '2026-11-24T08:00:00.000Z' })),
});

type Pending<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start() {
  const lists: Pending<{ memoryId: string }, MemoryThread[]>[] = [];
  const sends: Pending<ThreadChange, unknown>[] = [];
  const logic = memoryCommentsMachine.provide({
    actors: {
      listMemoryComments: fromPromise(({ input }: { input: { memoryId: string } }) => new Promise<MemoryThread[]>((resolve, reject) => lists.push({ input, resolve, reject }))),
      sendThreadChange: fromPromise(({ input }: { input: ThreadChange }) => new Promise((resolve, reject) => sends.push({ input, resolve, reject }))) as never,
    },
  });
  const actor = createActor(logic, { input: { memoryId: MEMORY } }).start();
  return { actor, lists, sends };
}

describe('memory comments machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 6)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, lists, sends } = start();
      const snapshot = () => actor.getSnapshot();
      /** The threads the user should see. */
      let expected: MemoryThread[] = [];
      let created = 0;
      let replyText = '';
      await path.test({
        events: {
          'server.lists': async () => {
            expected = [thread(1), thread(2), thread(3, ['Vu'], true)];
            lists.at(-1)!.resolve(expected);
            await flush();
          },
          'server.failsList': async () => {
            lists.at(-1)!.reject({ message: 'Le serveur ne répond pas.', status: 503 });
            await flush();
          },
          'user.retry': () => actor.send({ type: 'comments.retry' }),
          'user.select': () => actor.send({ type: 'comments.start', draft: { sectionId: SECTION, quote: 'méthode éprouvée', from: 4, to: 20 } }),
          'user.cancel': () => actor.send({ type: 'comments.cancel' }),
          'user.submit': () => {
            actor.send({ type: 'comments.create', body: '   ' });
            expect(sends, 'a blank comment is not sent').toHaveLength(sends.length);
            actor.send({ type: 'comments.create', body: ' À chiffrer. ' });
          },
          'user.reply': () => {
            replyText = `Réponse ${sends.length}`;
            actor.send({ type: 'comments.reply', threadId: expected[0]!._id, body: replyText });
          },
          'user.resolve': () => actor.send({ type: 'comments.resolve', threadId: expected[0]!._id, resolved: !expected[0]!.resolved }),
          'user.delete': () => actor.send({ type: 'comments.delete', threadId: expected[0]!._id }),
          'server.accepts': async () => {
            const sent = sends.at(-1)!;
            const change = sent.input;
            if (change.kind === 'delete') {
              expected = expected.filter((t) => t._id !== change.threadId);
              sent.resolve({ message: 'Fil de discussion supprimé.' });
            } else if (change.kind === 'create') {
              created += 1;
              const added = { ...thread(7 + created, [change.body.body]), quote: change.body.quote };
              expected = [...expected, added];
              sent.resolve({ message: 'Commentaire ajouté.', data: added });
            } else {
              const current = expected.find((t) => t._id === change.threadId)!;
              const next = change.kind === 'reply' ? { ...current, comments: [...current.comments, { ...current.comments[0]!, _id: `r${sends.length}`, body: change.body }] } : { ...current, resolved: change.resolved };
              expected = expected.map((t) => (t._id === next._id ? next : t));
              sent.resolve({ message: 'ok', data: next });
            }
            await flush();
          },
          'server.refuses': async () => {
            sends.at(-1)!.reject({ message: 'Le champ « Commentaire » est trop long.', status: 400 });
            await flush();
          },
        },
        states: {
          loading: () => {
            expect(snapshot().value).toBe('loading');
            expect(lists.at(-1)!.input).toEqual({ memoryId: MEMORY });
          },
          failed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.error?.status).toBe(503);
          },
          ready: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.threads).toEqual(expected);
            expect(snapshot().context.draft).toBeNull();
            expect(snapshot().context.error).toBeNull();
          },
          drafting: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.draft).toMatchObject({ quote: 'méthode éprouvée' });
          },
          sendingCreate: () => {
            expect(snapshot().value).toBe('sending');
            expect(snapshot().hasTag('busy')).toBe(true);
            expect(sends.at(-1)!.input).toEqual({ kind: 'create', memoryId: MEMORY, body: { sectionId: SECTION, quote: 'méthode éprouvée', body: 'À chiffrer.' } });
          },
          refused: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.error?.message).toMatch(/trop long/);
            expect(snapshot().context.draft, 'the passage chosen is kept').not.toBeNull();
          },
          created: () => {
            expect(snapshot().context.threads).toEqual(expected);
            expect(snapshot().context.draft).toBeNull();
            expect(snapshot().context.command).toMatchObject({ kind: 'apply', threadId: expected.at(-1)!._id, from: 4, to: 20 });
          },
          sendingReply: () => {
            expect(snapshot().value).toBe('sending');
            expect(sends.at(-1)!.input).toEqual({ kind: 'reply', threadId: expected[0]!._id, body: replyText });
          },
          replyRefused: () => {
            expect(snapshot().value).toBe('ready');
            expect(snapshot().context.error?.status).toBe(400);
            expect(snapshot().context.pending, 'the refused reply is named').toMatchObject({ kind: 'reply', threadId: expected[0]!._id });
          },
          sendingResolve: () => {
            expect(snapshot().value).toBe('sending');
            expect(sends.at(-1)!.input).toMatchObject({ kind: 'resolve', threadId: expected[0]!._id });
          },
          sendingDelete: () => {
            expect(snapshot().value).toBe('sending');
            expect(sends.at(-1)!.input).toEqual({ kind: 'delete', threadId: expected[0]!._id });
          },
        },
      });
    });
  }

  it('a deleted thread is handed to the editor to take its mark off', async () => {
    const { actor, lists, sends } = start();
    lists[0]!.resolve([thread(1)]);
    await flush();
    actor.send({ type: 'comments.delete', threadId: thread(1)._id });
    sends[0]!.resolve({ message: 'Fil de discussion supprimé.' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ threads: [], command: { seq: 1, kind: 'remove', threadId: thread(1)._id } });
    actor.send({ type: 'comments.focus', threadId: thread(2)._id });
    expect(actor.getSnapshot().context.command).toEqual({ seq: 2, kind: 'select', threadId: thread(2)._id });
  });
});
