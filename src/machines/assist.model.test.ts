import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { assistMachine, type AssistAsk, type AssistEvent } from './assist.machine';

// What the writer sees of the writing assistant: an action asked, the suggestion streaming in, the
// suggestion waiting to be accepted (it goes into the text) or rejected (nothing changes); a failure
// with a retry; "no language model" said as such; a stop while it streams.
const userModel = createMachine({
  id: 'assistModel',
  initial: 'idle',
  states: {
    idle: { on: { 'user.draft': 'streaming', 'user.rewrite': 'streaming' } },
    streaming: { on: { 'server.token': 'streaming', 'server.done': 'suggested', 'server.fails': 'failed', 'server.needsModel': 'needsModel', 'user.stop': 'idle' } },
    suggested: { on: { 'user.accept': 'idle', 'user.reject': 'idle', 'user.rewrite': 'streaming' } },
    failed: { on: { 'user.retry': 'streaming', 'user.dismiss': 'idle' } },
    needsModel: { on: { 'user.dismiss': 'idle', 'user.draft': 'streaming' } },
  },
});

const SELECTION = { text: 'Nous gravons des pistes fines.', from: 4, to: 34, whole: false };

function start() {
  const asked: AssistAsk[] = [];
  const stopped: AssistAsk[] = [];
  const applied: { request: AssistAsk; text: string }[] = [];
  let sendBack: ((event: AssistEvent) => void) | null = null;
  const logic = assistMachine.provide({
    actors: {
      assist: fromCallback<AssistEvent, AssistAsk>(({ input, sendBack: send }) => {
        asked.push(input);
        sendBack = send;
        return () => void stopped.push(input);
      }),
    },
    actions: { applySuggestion: (_, params) => void applied.push(params) },
  });
  const actor = createActor(logic).start();
  return { actor, asked, stopped, applied, server: (event: AssistEvent) => sendBack!(event) };
}

describe('assist machine, model-based', () => {
  const model = createTestModel(userModel);
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths().filter((p) => p.steps.length <= 5)];

  it('covers every state of the user model', () => {
    const reached = new Set(paths.flatMap((p) => [p.state, ...p.steps.map((step) => step.state)].map((state) => String(state.value))));
    expect(reached.size).toBe(Object.keys(userModel.root.states).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, asked, stopped, applied, server } = start();
      const snapshot = () => actor.getSnapshot();
      let streamed = '';
      let lastAsk: AssistAsk | null = null;
      let appliedBefore = 0;
      let askedBefore = 0;
      /** The event just played (the path's last step is not the current one). */
      let event: string | null = null;
      const ask = (request: AssistAsk) => {
        lastAsk = request;
        streamed = '';
        askedBefore = asked.length;
        appliedBefore = applied.length;
        actor.send({ type: 'assist.ask', ...request });
      };
      const played = (events: Record<string, () => void>) => Object.fromEntries(Object.entries(events).map(([name, run]) => [name, () => ((event = name), run())]));
      await path.test({
        events: played({
          'user.draft': () => ask({ action: 'draft', target: null }),
          'user.rewrite': () => ask({ action: 'rewrite', target: SELECTION }),
          'server.token': () => {
            streamed += 'Nous ';
            server({ type: 'assist.token', text: 'Nous ' });
          },
          'server.done': () => {
            streamed = 'Nous gravons des pistes de 50 µm.';
            server({ type: 'assist.done', text: streamed, mode: 'llm' });
          },
          'server.fails': () => server({ type: 'assist.failed', error: { message: 'Le modèle de langue ne répond pas.', status: 503 } }),
          'server.needsModel': () => server({ type: 'assist.failed', error: { message: "Aucun modèle de langue n'est configuré.", status: 409 } }),
          'user.stop': () => actor.send({ type: 'assist.cancel' }),
          'user.accept': () => {
            appliedBefore = applied.length;
            actor.send({ type: 'assist.accept' });
          },
          'user.reject': () => {
            appliedBefore = applied.length;
            actor.send({ type: 'assist.reject' });
          },
          'user.retry': () => {
            streamed = '';
            askedBefore = asked.length;
            actor.send({ type: 'assist.retry' });
          },
          'user.dismiss': () => actor.send({ type: 'assist.dismiss' }),
        }),
        states: {
          idle: () => {
            expect(snapshot().value).toBe('idle');
            expect(snapshot().context.text).toBe('');
            expect(snapshot().context.error).toBeNull();
            // Accepting puts the suggestion in the text, once; nothing else ever writes.
            if (event === 'user.accept') {
              expect(applied).toHaveLength(appliedBefore + 1);
              expect(applied.at(-1)).toEqual({ request: lastAsk, text: 'Nous gravons des pistes de 50 µm.' });
            } else expect(applied).toHaveLength(appliedBefore);
            if (event === 'user.stop') expect(stopped.at(-1)).toEqual(lastAsk);
          },
          streaming: () => {
            expect(snapshot().value).toBe('streaming');
            expect(asked.length, 'one request sent').toBe(askedBefore + 1);
            expect(asked.at(-1)).toEqual(lastAsk);
            expect(snapshot().context.text).toBe(streamed);
          },
          suggested: () => {
            expect(snapshot().value).toBe('suggested');
            expect(snapshot().context).toMatchObject({ text: 'Nous gravons des pistes de 50 µm.', mode: 'llm', request: lastAsk });
            expect(applied, 'nothing written before accepting').toHaveLength(appliedBefore);
          },
          failed: () => {
            expect(snapshot().value).toBe('failed');
            expect(snapshot().context.error?.message).toBe('Le modèle de langue ne répond pas.');
            expect(snapshot().context.request).toEqual(lastAsk);
          },
          needsModel: () => {
            expect(snapshot().value).toBe('needsModel');
            expect(snapshot().context.error?.message).toBe("Aucun modèle de langue n'est configuré.");
          },
        },
      });
    });
  }
});
