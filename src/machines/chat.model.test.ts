import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { chatMachine, type ChatEvent, type ChatMessage, type ChatMode } from './chat.machine';

// The user's view of the chat: the history loads (or not); a question is asked, its answer
// streams in and is kept, or fails and can be asked again; a stop drops it; the history is cleared.
const userModel = createMachine({
  id: 'chatModel',
  initial: 'loading',
  states: {
    loading: { on: { 'server.loaded': 'idle', 'server.loadFailed': 'loadFailure' } },
    loadFailure: { on: { 'user.retry': 'loading' } },
    idle: { on: { 'user.ask': 'asking', 'user.clear': 'clearing' } },
    asking: { on: { 'server.token': 'streaming', 'server.answered': 'answered', 'server.failed': 'failed', 'user.stop': 'idle' } },
    streaming: { on: { 'server.answered': 'answered', 'server.failed': 'failed', 'user.stop': 'idle' } },
    answered: { on: { 'user.ask': 'asking', 'user.clear': 'clearing' } },
    failed: { on: { 'user.retry': 'asking', 'user.clear': 'clearing' } },
    clearing: { on: { 'server.cleared': 'idle' } },
  },
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const message = (n: number, question: string): ChatMessage => ({ _id: `m${n}`, question, answer: `Réponse ${n}`, citations: [], mode: 'extractive', createdAt: '2026-06-22T08:31:00.000Z' });

/** Deferred effects: the test answers each load, question and clearing when it chooses. */
function start() {
  const loads: { resolve: (v: { messages: ChatMessage[]; mode: ChatMode }) => void; reject: (e: unknown) => void }[] = [];
  const asks: { question: string; sendBack: (event: ChatEvent) => void; stopped: boolean }[] = [];
  const clears: { resolve: () => void }[] = [];
  const logic = chatMachine.provide({
    actors: {
      loadHistory: fromPromise(() => new Promise<{ messages: ChatMessage[]; mode: ChatMode }>((resolve, reject) => loads.push({ resolve, reject }))),
      clearHistory: fromPromise(() => new Promise<void>((resolve) => clears.push({ resolve }))),
      ask: fromCallback<ChatEvent, { tenderId: string; question: string }>(({ input, sendBack }) => {
        const call = { question: input.question, sendBack, stopped: false };
        asks.push(call);
        return () => {
          call.stopped = true;
        };
      }),
    },
  });
  const actor = createActor(logic, { input: { tenderId: 't1' } }).start();
  return { actor, loads, asks, clears };
}

describe('chat machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect([...reached].sort()).toEqual(['answered', 'asking', 'clearing', 'failed', 'idle', 'loadFailure', 'loading', 'streaming']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, loads, asks, clears } = start();
      const snapshot = () => actor.getSnapshot();
      let kept = 0;
      let asked = 0;
      await path.test({
        events: {
          'server.loaded': async () => {
            loads.at(-1)!.resolve({ messages: [], mode: 'extractive' });
            await flush();
          },
          'server.loadFailed': async () => {
            loads.at(-1)!.reject(new Error('Aucune réponse du serveur.'));
            await flush();
          },
          'user.retry': () => actor.send({ type: 'chat.retry' }),
          'user.ask': () => {
            asked += 1;
            actor.send({ type: 'chat.ask', question: `Question ${asked}` });
          },
          'server.token': () => asks.at(-1)!.sendBack({ type: 'chat.token', text: 'Le 15 juillet' }),
          'server.answered': () => {
            kept += 1;
            asks.at(-1)!.sendBack({ type: 'chat.answered', message: message(kept, asks.at(-1)!.question) });
          },
          'server.failed': () => asks.at(-1)!.sendBack({ type: 'chat.failed', error: new Error('Le serveur ne répond pas.') }),
          'user.stop': () => actor.send({ type: 'chat.cancel' }),
          'user.clear': () => actor.send({ type: 'chat.clear' }),
          'server.cleared': async () => {
            clears.at(-1)!.resolve();
            kept = 0;
            await flush();
          },
        },
        states: {
          loading: () => expect(snapshot().value).toBe('loading'),
          loadFailure: () => {
            expect(snapshot().value).toBe('loadFailure');
            expect(snapshot().context.error?.message).toBe('Aucune réponse du serveur.');
          },
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.pending).toBeNull();
            expect(snapshot().context.messages).toHaveLength(kept);
            // A question left midway was stopped, not left running.
            expect(asks.every((call) => call.stopped)).toBe(true);
          },
          asking: () => {
            expect(snapshot().value).toEqual({ answering: 'asking' });
            expect(snapshot().context.pending).toEqual({ question: asks.at(-1)!.question, text: '' });
            // One effect per question: the retry of a failure asks the same question again.
            expect(asks.filter((call) => !call.stopped)).toHaveLength(1);
          },
          streaming: () => {
            expect(snapshot().value).toEqual({ answering: 'streaming' });
            expect(snapshot().context.pending?.text).toBe('Le 15 juillet');
            expect(asks.filter((call) => !call.stopped)).toHaveLength(1);
          },
          answered: () => {
            expect(snapshot().value).toBe('answered');
            expect(snapshot().context.messages).toHaveLength(kept);
            expect(snapshot().context.messages.at(-1)!.question).toBe(asks.at(-1)!.question);
          },
          failed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.error?.message).toBe('Le serveur ne répond pas.');
            expect(snapshot().context.failedQuestion).toBe(asks.at(-1)!.question);
          },
          clearing: () => expect(snapshot().value).toBe('clearing'),
        },
      });
    });
  }
});
