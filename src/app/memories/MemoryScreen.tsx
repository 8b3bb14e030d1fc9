import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { memoryMachine, type MemorySection } from '../../machines/memory.machine';
import { sectionAutosaveMachine, type AutosaveStatus } from '../../machines/section-autosave.machine';
import { MemoryWorkspaceView, memoryStage } from '../../ui/memories/MemoryWorkspaceView';
import type { VersionsStage } from '../../ui/memories/MemoryPanels';
import { SectionWorkspace } from '../../ui/memories/SectionWorkspace';
import { quoteNode } from '../../ui/memories/tiptap-text';
import { useServices } from '../services';
import { MemoryLibrary } from './MemoryLibrary';

type Autosave = ActorRefFrom<typeof sectionAutosaveMachine>;
type Insert = { id: number; content: Record<string, unknown> | Record<string, unknown>[] };
const UNSAVED: AutosaveStatus[] = ['dirty', 'saving', 'conflict', 'failed'];

/**
 * The technical memory of a tender (inside its guard): the memory statechart wired to its
 * operations, and one autosave statechart per section opened. The autosaves outlive the section
 * being shown (switching sections never drops a pending save); a new one starts when the memory's
 * text is replaced from the server (refresh, restore, another memory).
 */
export function MemoryScreen({ tenderId }: { tenderId: string }) {
  const { operations } = useServices();
  const logic = useMemo(
    () =>
      memoryMachine.provide({
        actors: {
          listMemories: operations.listMemories,
          createMemory: operations.createMemory,
          getMemory: operations.getMemory,
          refreshMemorySection: operations.refreshMemorySection,
          listMemoryVersions: operations.listMemoryVersions,
          createMemoryVersion: operations.createMemoryVersion,
          restoreMemoryVersion: operations.restoreMemoryVersion,
          analyseMemory: operations.analyseMemory,
        },
      }),
    [operations],
  );
  const memoryActor = useActorRef(logic, { input: { tenderId } });
  const snapshot = useSelector(memoryActor, (s) => s);
  const { memory, selectedSectionId, revision } = snapshot.context;

  const autosaveLogic = useMemo(
    () =>
      sectionAutosaveMachine.provide({
        actors: { updateMemorySection: operations.updateMemorySection },
        actions: { sectionSaved: (_, params) => memoryActor.send({ type: 'memory.section.saved', section: params.section }) },
      }),
    [operations, memoryActor],
  );
  const [autosaves] = useState(() => new Map<string, Autosave>());
  const section = memory?.sections.find((s) => s._id === selectedSectionId) ?? null;
  const autosave = useMemo(() => {
    if (!memory || !section) return null;
    const key = `${memory._id}:${section._id}:${revision}`;
    let actor = autosaves.get(key);
    if (!actor) {
      actor = createActor(autosaveLogic, { input: { memoryId: memory._id, section } }).start();
      autosaves.set(key, actor);
    }
    return actor;
    // A section's autosave is made once per text loaded from the server (revision), not per save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memory?._id, section?._id, revision, autosaveLogic, autosaves]);

  // Leaving with text not saved yet: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if ([...autosaves.values()].some((a) => UNSAVED.includes(a.getSnapshot().value as AutosaveStatus))) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [autosaves]);

  const [insert, setInsert] = useState<Insert | null>(null);
  const versionsStage = (['loading', 'open', 'keeping', 'restoring'] as const).find((s) => snapshot.matches({ ready: { versions: s } })) ?? 'closed';
  const send = memoryActor.send;
  const insertContent = (content: Insert['content']) => setInsert((previous) => ({ id: (previous?.id ?? 0) + 1, content }));

  return (
    <MemoryWorkspaceView
      stage={memoryStage(snapshot.value)}
      tenderId={tenderId}
      memory={memory}
      selectedSectionId={selectedSectionId}
      analysis={snapshot.context.analysis}
      analysing={snapshot.hasTag('analysing')}
      refreshing={snapshot.matches({ ready: { work: 'refreshing' } })}
      versionsStage={versionsStage as VersionsStage}
      versions={snapshot.context.versions}
      error={snapshot.context.error}
      notice={snapshot.context.notice}
      editor={autosave ? <AutosavedSection key={autosave.sessionId} autosave={autosave} insert={insert} /> : null}
      library={
        memory && section && autosave ? (
          <MemoryLibrary
            key={section._id}
            companyId={memory.companyId}
            section={section}
            // The text as the user sees it: the draft not saved yet (or being sent) before the saved one.
            content={() => {
              const { draft, sending, section: saved } = autosave.getSnapshot().context;
              return draft ?? sending ?? saved.content;
            }}
            onInsert={insertContent}
          />
        ) : null
      }
      onRetry={() => send({ type: 'memory.retry' })}
      onCreate={(from) => send({ type: 'memory.create', from })}
      onSelect={(sectionId) => send({ type: 'memory.select', sectionId })}
      onAnalyse={() => send({ type: 'memory.analyse' })}
      onRefresh={(sectionId) => send({ type: 'memory.refresh', sectionId })}
      onOpenVersions={() => send({ type: 'memory.versions.open' })}
      onCloseVersions={() => send({ type: 'memory.versions.close' })}
      onKeepVersion={() => send({ type: 'memory.version.create' })}
      onRestore={(versionId) => send({ type: 'memory.version.restore', versionId })}
      onInsertPassage={(text) => insertContent(quoteNode(text))}
      onDismiss={() => send({ type: 'memory.dismiss' })}
    />
  );
}

function AutosavedSection({ autosave, insert }: { autosave: Autosave; insert: Insert | null }) {
  const snapshot = useSelector(autosave, (s) => s);
  const { section, draft, theirs, error, revision } = snapshot.context;
  return (
    <SectionWorkspace
      status={snapshot.value as AutosaveStatus}
      section={section as MemorySection}
      draft={draft}
      theirs={theirs}
      error={error}
      revision={revision}
      insert={insert}
      onChange={(content) => autosave.send({ type: 'autosave.change', content })}
      onRetry={() => autosave.send({ type: 'autosave.retry' })}
      onTakeTheirs={() => autosave.send({ type: 'autosave.conflict.takeTheirs' })}
      onKeepMine={() => autosave.send({ type: 'autosave.conflict.keepMine' })}
    />
  );
}
