import { useMemo, useState } from 'react';
import { useParams } from 'wouter';
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../openapi/schema';
import { chatMachine, type ChatEvent, type ChatMessage, type ChatMode } from '../../machines/chat.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { ChatView, type ChatStatus } from '../../ui/chat/ChatView';
import { useSourceViewer } from '../tender-docs/use-source-viewer';
import type { Tender } from '../../ui/tenders/TenderDetailsView';
import { TenderGuard } from '../tenders/TenderGuard';
import { runOperation } from '../run-operation';
import { useServices } from '../services';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';
import { answerAnnouncement, useAnnounce } from '../notifications';

type TenderNotes = components['schemas']['TenderNotes'];
const noteMachine = createRequestMachine<{ tenderId: string; text: string }, TenderNotes>('addTenderNote');

export default function ChatPage() {
  const { id = '' } = useParams<{ id: string }>();
  return (
    <TenderGuard id={id} feature="chat">
      {(tender) => <Chat key={tender._id} tender={tender} />}
    </TenderGuard>
  );
}

/** The view's status of a state: the two steps of an answer are shown as they are named. */
const chatStatus = (value: unknown): ChatStatus => (typeof value === 'string' ? (value as ChatStatus) : ((value as { answering: 'asking' | 'streaming' }).answering));

/** An answer as a paragraph of the notes: the question, the answer, its sources. */
function asNote(message: ChatMessage, t: (key: string, vars?: Record<string, unknown>) => string) {
  const sources = message.citations.map((c) => t('analysisrun-source', { file: c.fileName, page: c.page })).join(' ; ');
  return `${t('chat-note_question', { question: message.question })}\n${message.answer}${sources ? `\n${t('chat-note_sources', { sources })}` : ''}`;
}

function Chat({ tender }: { tender: Tender }) {
  const { t, i18n } = useTranslation();
  const { operations } = useServices();
  const toast = useSuccessToast();
  const announce = useAnnounce();
  const logic = useMemo(
    () =>
      chatMachine.provide({
        actors: {
          loadHistory: fromPromise<{ messages: ChatMessage[]; mode: ChatMode; llmNotInPlan?: boolean }, { tenderId: string }>(async ({ input, signal }) => (await runOperation(operations.listTenderChat, input, signal)).data),
          clearHistory: fromPromise<void, { tenderId: string }>(async ({ input, signal }) => {
            await runOperation(operations.clearTenderChat, input, signal);
          }),
          ask: fromCallback<ChatEvent, { tenderId: string; question: string }>(({ input, sendBack }) => {
            const aborted = new AbortController();
            runOperation(operations.askTenderChat, { ...input, onToken: (text: string) => sendBack({ type: 'chat.token', text }) }, aborted.signal).then(
              // A stopped operation settles with nothing: the question was left, nothing to say.
              (result) => {
                if (aborted.signal.aborted) return;
                if (result?.data) sendBack({ type: 'chat.answered', message: result.data });
                else sendBack({ type: 'chat.failed', error: { message: i18n.t('common-no_response_from_the_server') } });
              },
              (error: unknown) => {
                if (!aborted.signal.aborted) sendBack({ type: 'chat.failed', error });
              },
            );
            // Leaving the question (stop, another page) stops the answer on the server too.
            return () => aborted.abort();
          }),
        },
        actions: { announceAnswer: (_, { answer }) => announce(answerAnnouncement(answer, i18n.t)) },
      }),
    // i18n is one instance: the machine is built once and says things in the current language.
    [operations, i18n, announce],
  );
  const ref = useActorRef(logic, { input: { tenderId: tender._id } });
  const snapshot = useSelector(ref, (s) => s);
  const { messages, mode, llmNotInPlan, pending, error } = snapshot.context;

  const note = useRequest(noteMachine, operations.addTenderNote);
  const [copied, setCopied] = useState<string | null>(null);
  useOnSuccess(note, ({ message }) => toast(message));

  const source = useSourceViewer();

  return (
    <ChatView
      status={chatStatus(snapshot.value)}
      mode={mode}
      llmNotInPlan={llmNotInPlan ?? false}
      messages={messages}
      pending={pending}
      error={error?.message ?? null}
      onAsk={(question) => ref.send({ type: 'chat.ask', question })}
      onCancel={() => ref.send({ type: 'chat.cancel' })}
      onRetry={() => ref.send({ type: 'chat.retry' })}
      onClear={() => ref.send({ type: 'chat.clear' })}
      onOpenCitation={source.open}
      onCopyToNotes={(message) => {
        setCopied(message._id);
        note.submit({ tenderId: tender._id, text: asNote(message, t) });
      }}
      copying={note.loading ? copied : null}
      copyError={note.error?.message ?? null}
      dialogs={source.dialog}
    />
  );
}
