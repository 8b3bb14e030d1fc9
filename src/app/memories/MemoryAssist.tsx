import { useMemo, useState, useSyncExternalStore } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback } from 'xstate';
import { assistMachine, type AssistAsk, type AssistEvent, type AssistMode, type AssistState } from '../../machines/assist.machine';
import { AssistPanel } from '../../ui/memories/AssistPanel';
import { suggestionBlocks, type AssistBridge } from '../../ui/memories/assist-bridge';
import { runOperation } from '../run-operation';
import { useServices } from '../services';

/**
 * The writing assistant of the section shown (one per section: give it the section's key). The
 * suggestion streams from assistMemorySection and goes into the editor, through the bridge, only
 * when accepted: a draft at the end of the section, the others in place of the text they were asked on.
 */
export function MemoryAssist({ memoryId, sectionId, assist, llmNotInPlan, bridge }: { memoryId: string; sectionId: string; assist: AssistMode; llmNotInPlan?: boolean; bridge: AssistBridge }) {
  const { operations } = useServices();
  const logic = useMemo(
    () =>
      assistMachine.provide({
        actors: {
          assist: fromCallback<AssistEvent, AssistAsk>(({ input, sendBack }) => {
            const aborted = new AbortController();
            const body = { action: input.action, ...(input.target ? { text: input.target.text } : {}), ...(input.action === 'translate' ? { language: input.language ?? 'en' } : {}) };
            runOperation(operations.assistMemorySection, { memoryId, sectionId, body, onToken: (text: string) => sendBack({ type: 'assist.token', text }) }, aborted.signal).then(
              (result) => sendBack({ type: 'assist.done', text: result.data.text, mode: result.data.mode }),
              (error: unknown) => sendBack({ type: 'assist.failed', error }),
            );
            // A stop (or another section) stops the model on the server too.
            return () => aborted.abort();
          }),
        },
        actions: {
          applySuggestion: (_, { request, text }) => {
            const blocks = suggestionBlocks(text);
            if (!blocks.length) return;
            bridge.apply(request.action === 'draft' || !request.target ? { kind: 'append', blocks } : { kind: 'replace', target: request.target, blocks });
          },
        },
      }),
    [operations, memoryId, sectionId, bridge],
  );
  const actor = useActorRef(logic);
  const snapshot = useSelector(actor, (s) => s);
  const selection = useSyncExternalStore(bridge.subscribe, bridge.selection);
  const [language, setLanguage] = useState<'fr' | 'en'>('en');
  const { text, mode, error } = snapshot.context;
  return (
    <AssistPanel
      stage={snapshot.value as AssistState}
      assist={assist}
      llmNotInPlan={llmNotInPlan ?? false}
      scope={{ chars: selection?.text.length ?? 0, whole: selection?.whole ?? true }}
      text={text}
      mode={mode}
      error={error?.message ?? null}
      language={language}
      onLanguage={setLanguage}
      onAsk={(action) => actor.send({ type: 'assist.ask', action, language, target: action === 'draft' ? null : bridge.selection() })}
      onAccept={() => actor.send({ type: 'assist.accept' })}
      onReject={() => actor.send({ type: 'assist.reject' })}
      onStop={() => actor.send({ type: 'assist.cancel' })}
      onRetry={() => actor.send({ type: 'assist.retry' })}
      onDismiss={() => actor.send({ type: 'assist.dismiss' })}
    />
  );
}
