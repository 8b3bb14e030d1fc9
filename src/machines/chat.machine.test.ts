import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { chatMachine, type ChatEvent, type ChatMessage, type ChatMode } from './chat.machine';

const answer = (question: string, text: string): ChatMessage => ({ _id: `m-${question}`, question, answer: text, citations: [], mode: 'llm', createdAt: '2026-06-22T08:31:00.000Z' });

/** `script` drives the answer of each question: tokens then an answer, or a failure; `hold` leaves it open. */
function start(options: { history?: ChatMessage[]; load?: Error; script?: Record<string, ChatEvent[] | 'hold'>; clear?: Error }) {
  const stopped: string[] = [];
  const started: string[] = [];
  const logic = chatMachine.provide({
    actors: {
      loadHistory: fromPromise(async () => {
        if (options.load) throw options.load;
        return { messages: options.history ?? [], mode: 'llm' as ChatMode };
      }),
      clearHistory: fromPromise(async () => {
        if (options.clear) throw options.clear;
      }),
      ask: fromCallback<ChatEvent, { tenderId: string; question: string }>(({ input, sendBack }) => {
        started.push(input.question);
        const steps = options.script?.[input.question] ?? [];
        if (steps !== 'hold') queueMicrotask(() => steps.forEach((step) => sendBack(step)));
        return () => stopped.push(input.question);
      }),
    },
  });
  const actor = createActor(logic, { input: { tenderId: 't1' } }).start();
  return { actor, stopped, started };
}

describe('chat machine', () => {
  it('loads the history, then a question streams its answer in and joins the history', async () => {
    const q = 'Quelle est la date limite ?';
    const { actor } = start({
      history: [answer('Avant', 'Réponse')],
      script: { [q]: [{ type: 'chat.token', text: 'Le 15 ' }, { type: 'chat.token', text: 'juillet [1].' }, { type: 'chat.answered', message: answer(q, 'Le 15 juillet [1].') }] },
    });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.mode).toBe('llm');
    actor.send({ type: 'chat.ask', question: `  ${q}  ` });
    expect(actor.getSnapshot().value).toEqual({ answering: 'asking' });
    expect(actor.getSnapshot().context.pending).toEqual({ question: q, text: '' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(actor.getSnapshot().context.messages.map((m) => m.question)).toEqual(['Avant', q]);
    expect(actor.getSnapshot().context.pending).toBeNull();
  });

  it('passes through streaming with the text so far; a stop ends the question and its effect', async () => {
    const q = 'Pénalités ?';
    const { actor, stopped } = start({ script: { [q]: [{ type: 'chat.token', text: '1/1000' }] } });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'chat.ask', question: q });
    await waitFor(actor, (s) => s.matches({ answering: 'streaming' }));
    expect(actor.getSnapshot().context.pending?.text).toBe('1/1000');
    // The first token did not ask again.
    expect(stopped).toEqual([]);
    actor.send({ type: 'chat.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(stopped).toContain(q);
    expect(actor.getSnapshot().context.messages).toEqual([]);
  });

  it('a failed answer keeps the question for a retry; a blank question is not asked', async () => {
    const q = 'Visite ?';
    const { actor } = start({ script: { [q]: [{ type: 'chat.failed', error: new Error('Aucune réponse du serveur.') }] } });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'chat.ask', question: '   ' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'chat.ask', question: q });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error?.message).toBe('Aucune réponse du serveur.');
    expect(actor.getSnapshot().context.failedQuestion).toBe(q);
    actor.send({ type: 'chat.retry' });
    expect(actor.getSnapshot().context.pending?.question).toBe(q);
  });

  it('a double click asks once: a second ask while the first is answered starts nothing and replaces nothing', async () => {
    const q = 'Quelle est la date limite de remise des offres ?';
    const { actor, started, stopped } = start({ script: { [q]: 'hold' } });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'chat.ask', question: q });
    actor.send({ type: 'chat.ask', question: q });
    actor.send({ type: 'chat.ask', question: 'Autre chose ?' });
    expect(started).toEqual([q]);
    expect(stopped).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ answering: 'asking' });
    expect(actor.getSnapshot().context.pending).toEqual({ question: q, text: '' });
    // The one answer is kept once.
    actor.send({ type: 'chat.answered', message: answer(q, 'Le 15 juillet [1].') });
    expect(actor.getSnapshot().context.messages.map((m) => m.question)).toEqual([q]);
    expect(started).toHaveLength(1);
  });

  it('clears the history; a load failure is retried', async () => {
    const { actor } = start({ history: [answer('Avant', 'Réponse')] });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'chat.clear' });
    expect(actor.getSnapshot().value).toBe('clearing');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.messages).toEqual([]);
    const failing = start({ load: new Error('Aucune réponse du serveur.') });
    await waitFor(failing.actor, (s) => s.matches('loadFailure'));
    failing.actor.send({ type: 'chat.retry' });
    expect(failing.actor.getSnapshot().value).toBe('loading');
  });
});
