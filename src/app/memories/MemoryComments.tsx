import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, fromPromise, toPromise, type PromiseActorLogic } from 'xstate';
import { memoryCommentsMachine, type ThreadChange } from '../../machines/memory-comments.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { MemoryCommentsPanel, type CommentsStage } from '../../ui/memories/MemoryCommentsPanel';
import type { EditorComments, EditorImages } from '../../ui/memories/editor-bridges';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useOnSuccess, useRequest } from '../use-request';

const uploadMachine = createRequestMachine<{ memoryId: string; file: File; alt: string }, { _id: string; url: string }>('uploadMemoryImage');

/**
 * A memory's comment threads and image uploads, wired to their operations: the side panel for
 * the current section, and what its editor needs (start a comment, mark / select / unmark a
 * passage; upload an image and insert it by URL with its alt text).
 */
export function useMemoryComments({ memoryId, sectionId, onInsertImage }: { memoryId: string | null; sectionId: string | null; onInsertImage: (node: Record<string, unknown>) => void }) {
  const { operations } = useServices();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const logic = useMemo(
    () =>
      memoryCommentsMachine.provide({
        actors: {
          listMemoryComments: operations.listMemoryComments,
          // One change at a time, each by its own operation.
          sendThreadChange: fromPromise(({ input }: { input: ThreadChange }) => {
            const run = <O, I>(logic: PromiseActorLogic<O, I>, value: I) => toPromise(createActor(logic, { input: value }).start());
            switch (input.kind) {
              case 'create':
                return run(operations.createMemoryThread, { memoryId: input.memoryId, body: input.body });
              case 'reply':
                return run(operations.replyMemoryThread, { threadId: input.threadId, body: input.body });
              case 'resolve':
                return run(operations.updateMemoryThread, { threadId: input.threadId, resolved: input.resolved });
              case 'delete':
                return run(operations.deleteMemoryThread, { threadId: input.threadId });
            }
          }),
        },
      }),
    [operations],
  );
  const actor = useActorRef(logic, { input: { memoryId } });
  useEffect(() => {
    if (memoryId) actor.send({ type: 'comments.open', memoryId });
  }, [actor, memoryId]);
  const snapshot = useSelector(actor, (s) => s);
  const { threads, draft, pending, error, command } = snapshot.context;
  const comments: EditorComments = useMemo(
    () => ({ onStart: (passage) => sectionId && actor.send({ type: 'comments.start', draft: { sectionId, ...passage } }), command, resolved: threads.filter((th) => th.resolved).map((th) => th._id) }),
    [actor, sectionId, command, threads],
  );

  const upload = useRequest(uploadMachine, operations.uploadMemoryImage as never);
  useOnSuccess(upload, ({ data, input }) => onInsertImage({ type: 'image', attrs: { src: data.url, alt: input.alt } }));
  const images: EditorImages = { onUpload: (file, alt) => memoryId && upload.submit({ memoryId, file, alt }), busy: upload.loading, error: upload.error?.message ?? null };

  const stage: CommentsStage = snapshot.matches('loading') || snapshot.matches('idle') ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('sending') ? 'sending' : 'ready';
  const panel = sectionId && !snapshot.matches('idle') ? (
    <MemoryCommentsPanel
      stage={stage}
      threads={threads.filter((th) => th.sectionId === sectionId)}
      draft={draft && draft.sectionId === sectionId ? draft : null}
      pending={pending}
      error={error?.message ?? null}
      canDelete={(thread) => profile?.role === 'admin' || profile?.role === 'manager' || thread.createdBy === profile?._id}
      onRetry={() => actor.send({ type: 'comments.retry' })}
      onCreate={(body) => actor.send({ type: 'comments.create', body })}
      onCancel={() => actor.send({ type: 'comments.cancel' })}
      onReply={(threadId, body) => actor.send({ type: 'comments.reply', threadId, body })}
      onResolve={(threadId, resolved) => actor.send({ type: 'comments.resolve', threadId, resolved })}
      onDelete={(threadId) => actor.send({ type: 'comments.delete', threadId })}
      onOpen={(threadId) => actor.send({ type: 'comments.focus', threadId })}
    />
  ) : null;
  return { panel, comments, images };
}
