import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { memoryMachine, type MemoryCreateFrom, type MemorySection, type ResponseFrameRef } from '../../machines/memory.machine';
import { sectionAutosaveMachine, UNSAVED_STATUSES, type AutosaveStatus, type KeptDraft, type SectionContent } from '../../machines/section-autosave.machine';
import { createLocalDrafts, type DraftKey } from '../local-drafts';
import { useUnsavedWork } from '../unsaved-work';
import { MemoryWorkspaceView, memoryStage } from '../../ui/memories/MemoryWorkspaceView';
import { KeyFactsPanel, type VersionsStage } from '../../ui/memories/MemoryPanels';
import type { TenderKeyFacts } from '../../ui/tenders/TenderKeyFacts';
import { SessionContext } from '../session';
import { SectionWorkspace, type ConflictAuthor, type SectionWorkspaceProps } from '../../ui/memories/SectionWorkspace';
import { quoteNode } from '../../ui/memories/tiptap-text';
import { buyerText } from '../../../rules/working-notes';
import { FrameItemBrief } from '../../ui/memories/FrameItemBrief';
import { useServices } from '../services';
import { useAnnounce } from '../notifications';
import { MemoryLibrary } from './MemoryLibrary';
import { MemoryTeam } from './MemoryTeam';
import { useMemoryComments } from './MemoryComments';
import { sectionMetaMachine } from '../../machines/section-meta.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { MemorySwitcher, MetaError, OutlineActions, SectionDetails, SectionRequirements, type Member } from '../../ui/memories/MemorySectionTools';
import { useRequest } from '../use-request';
import { MemoryPdf } from './MemoryPdf';
import { MemoryAssist } from './MemoryAssist';
import { createAssistBridge } from '../../ui/memories/assist-bridge';
import type { CompanyMemory } from './calls';
import { MemoryNameDialog } from '../../ui/memories/MemoryNameDialog';
import { uniqueName } from '../../../rules/names';
import { useTranslation } from 'react-i18next';

const membersMachine = createRequestMachine<{ companyId: string }, Member[]>('listCompanyMembers');
const companyMemoriesMachine = createRequestMachine<{ companyId: string }, CompanyMemory[]>('listCompanyMemories');

type Autosave = ActorRefFrom<typeof sectionAutosaveMachine>;
type Insert = { id: number; content: Record<string, unknown> | Record<string, unknown>[] };
const drafts = createLocalDrafts();
const sectionDraft = (userId: string, sectionId: string): DraftKey => ({ userId, entity: 'memory-section', id: sectionId, field: 'content' });

/**
 * The technical memory of a tender (inside its guard): the memory statechart wired to its
 * operations, and one autosave statechart per section opened. The autosaves outlive the section
 * being shown (switching sections never drops a pending save); a new one starts when the memory's
 * text is replaced from the server (refresh, restore, another memory). The call's key facts come
 * with the tender the guard loaded (no second request): employees get the checked ones only.
 */
export function MemoryScreen({ tenderId, tenderTitle = '', keyFacts = null }: { tenderId: string; tenderTitle?: string; keyFacts?: TenderKeyFacts | null }) {
  const { t, i18n } = useTranslation();
  const announce = useAnnounce();
  const { operations } = useServices();
  const role = SessionContext.useSelector((s) => s.context.profile?.role);
  // Drafts kept in the browser are the signed-in user's own: the key carries their id.
  const userId = SessionContext.useSelector((s) => s.context.profile?._id ?? null);
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
        actions: {
          sectionSaved: (_, params) => memoryActor.send({ type: 'memory.section.saved', section: params.section }),
          keepDraft: (_, { sectionId, content, baseVersion }) => userId && drafts.write(sectionDraft(userId, sectionId), content, baseVersion),
          clearDraft: (_, { sectionId }) => userId && drafts.clear(sectionDraft(userId, sectionId)),
          announceSaveFailed: () => announce(i18n.t('a11y-autosave_failed')),
          announceSaveRecovered: () => announce(i18n.t('a11y-autosave_recovered')),
        },
      }),
    [operations, memoryActor, userId, announce, i18n],
  );
  const [autosaves] = useState(() => new Map<string, Autosave>());
  // The writing assistant's link to the section's editor (the editor shown attaches to it).
  const [assistBridge] = useState(createAssistBridge);
  const section = memory?.sections.find((s) => s._id === selectedSectionId) ?? null;
  const autosave = useMemo(() => {
    if (!memory || !section) return null;
    const key = `${memory._id}:${section._id}:${revision}`;
    let actor = autosaves.get(key);
    if (!actor) {
      actor = createActor(autosaveLogic, { input: { memoryId: memory._id, section, kept: keptDraft(userId, section) } }).start();
      autosaves.set(key, actor);
    }
    return actor;
    // A section's autosave is made once per text loaded from the server (revision), not per save.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [memory?._id, section?._id, revision, autosaveLogic, autosaves]);

  // Text not saved yet: a dead session asks to sign in again here rather than leaving (issue 24).
  const holder = useMemo(
    () => ({
      unsaved: () => [...autosaves.values()].some((a) => UNSAVED_STATUSES.includes(a.getSnapshot().value as AutosaveStatus)),
      resume: () => autosaves.forEach((a) => a.send({ type: 'autosave.resume' })),
    }),
    [autosaves],
  );
  useUnsavedWork(holder);


  // The sections' titles, statuses, writers, additions, removals and requirement ticks.
  const metaLogic = useMemo(
    () =>
      sectionMetaMachine.provide({
        actors: {
          updateMemorySection: operations.updateMemorySection,
          addMemorySection: operations.addMemorySection,
          deleteMemorySection: operations.deleteMemorySection,
          updateCctpRequirement: operations.updateCctpRequirement,
        },
        actions: {
          sectionSaved: (_, { section: saved }) => {
            memoryActor.send({ type: 'memory.section.saved', section: saved });
            for (const actor of autosaves.values()) actor.send({ type: 'autosave.synced', section: saved });
          },
          sectionAdded: (_, { section: added }) => memoryActor.send({ type: 'memory.section.added', section: added }),
          sectionDeleted: (_, { sectionId }) => memoryActor.send({ type: 'memory.section.removed', sectionId }),
          requirementSaved: (_, { requirementId, status }) => memoryActor.send({ type: 'memory.requirement.saved', requirementId, status }),
        },
      }),
    [operations, memoryActor, autosaves],
  );
  const metaActor = useActorRef(metaLogic);
  const meta = useSelector(metaActor, (s) => s);
  const metaBusy = meta.hasTag('busy');
  const members = useRequest(membersMachine, operations.listCompanyMembers);
  const companyId = memory?.companyId;
  // The company's memories on its other tenders, to start a new one from an earlier answer.
  const companyMemories = useRequest(companyMemoriesMachine, operations.listCompanyMemories);
  useEffect(() => {
    if (!companyId) return;
    members.submit({ companyId });
    companyMemories.submit({ companyId });
  }, [companyId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per company
  const coveredByText = useMemo(
    () => new Set((snapshot.context.analysis?.criteria ?? []).flatMap((c) => c.reasons.filter((r) => r.key === 'memoryreason-requirements_covered').flatMap((r) => r.requirementIds ?? []))),
    [snapshot.context.analysis],
  );
  // The section's own version as the memory holds it (the autosave keeps it in step).
  const current = section ? (memory?.sections.find((s) => s._id === section._id) ?? section) : null;

  const [insert, setInsert] = useState<Insert | null>(null);
  const versionsStage = (['loading', 'open', 'keeping', 'restoring'] as const).find((s) => snapshot.matches({ ready: { versions: s } })) ?? 'closed';
  const send = memoryActor.send;
  const insertContent = (content: Insert['content']) => setInsert((previous) => ({ id: (previous?.id ?? 0) + 1, content }));
  const commenting = useMemoryComments({ memoryId: memory?._id ?? null, sectionId: section?._id ?? null, onInsertImage: insertContent });
  // A blank memory is named first; the name offered is the default the server would give.
  const [naming, setNaming] = useState(false);
  const create = (from: MemoryCreateFrom, memoryId?: string, frame?: ResponseFrameRef) => (from === 'blank' ? setNaming(true) : send({ type: 'memory.create', from, memoryId, frame }));
  const defaultTitle = uniqueName(`${t('memory-default_title')} — ${tenderTitle}`.replace(/ — $/, ''), snapshot.context.memories.map((m) => m.title));
  const nameDialog = naming ? (
    <MemoryNameDialog
      defaultTitle={defaultTitle}
      onClose={() => setNaming(false)}
      onSubmit={(title) => {
        setNaming(false);
        send({ type: 'memory.create', from: 'blank', title });
      }}
    />
  ) : null;

  return (
    <>
      {nameDialog}
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
        editor={autosave ? <AutosavedSection key={autosave.sessionId} autosave={autosave} userId={userId} insert={insert} comments={commenting.comments} images={commenting.images} assist={assistBridge} /> : null}
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
        switcher={
          memory ? (
            <MemorySwitcher
              memories={snapshot.context.memories}
              earlier={(companyMemories.data ?? []).filter((m) => m.tenderId !== memory.tenderId)}
              currentId={memory._id}
              busy={snapshot.hasTag('busy') || snapshot.hasTag('loading')}
              onOpen={(memoryId) => send({ type: 'memory.open', memoryId })}
              frames={snapshot.context.frames}
              onCreate={create}
            />
          ) : null
        }
        pdfExport={memory ? <MemoryPdf memoryId={memory._id} title={memory.title} /> : null}
        details={
          memory && current ? (
            <>
              {meta.context.error ? <MetaError message={meta.context.error.message} onDismiss={() => metaActor.send({ type: 'meta.dismiss' })} /> : null}
              <SectionDetails
                key={current._id}
                section={current}
                members={members.data ?? []}
                busy={metaBusy}
                onRename={(title) => metaActor.send({ type: 'meta.save', memoryId: memory._id, section: current, patch: { title } })}
                onStatus={(status) => metaActor.send({ type: 'meta.save', memoryId: memory._id, section: current, patch: { status } })}
                onAssign={(assigneeId) => metaActor.send({ type: 'meta.save', memoryId: memory._id, section: current, patch: { assigneeId } })}
              />
            </>
          ) : null
        }
        outlineActions={
          memory ? (
            <OutlineActions
              section={current}
              busy={metaBusy}
              onAdd={(title, level) => metaActor.send({ type: 'meta.add', memoryId: memory._id, title, level, position: current ? current.order + 1 : memory.sections.length })}
              onDelete={() => current && metaActor.send({ type: 'meta.delete', memoryId: memory._id, sectionId: current._id })}
            />
          ) : null
        }
        requirements={
          memory && current ? (
            <SectionRequirements
              section={current}
              requirements={memory.requirements}
              coveredByText={coveredByText}
              tickingId={meta.matches('ticking') ? (meta.context.pending?.requirementId ?? null) : null}
              onTick={(requirement, covered) => metaActor.send({ type: 'meta.tick', requirement, covered })}
            />
          ) : null
        }
        comments={commenting.panel}
        keyFacts={<KeyFactsPanel keyFacts={keyFacts} canReview={role === 'admin' || role === 'manager'} tenderId={tenderId} />}
        assist={memory && section ? <MemoryAssist key={section._id} memoryId={memory._id} sectionId={section._id} assist={memory.assist} llmNotInPlan={memory.llmNotInPlan ?? false} bridge={assistBridge} /> : null}
        team={memory ? <MemoryTeam companyId={memory.companyId} onInsert={insertContent} /> : null}
        onRetry={() => send({ type: 'memory.retry' })}
        frames={snapshot.context.frames}
        onCreate={(from, frame) => create(from, undefined, frame)}
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
    </>
  );
}

/** The user's text for this section kept in the browser from an earlier visit, unless the server already has it. */
function keptDraft(userId: string | null, section: MemorySection): KeptDraft | null {
  if (!userId) return null;
  const stored = drafts.read<SectionContent>(sectionDraft(userId, section._id));
  if (!stored) return null;
  if (JSON.stringify(stored.value) === JSON.stringify(section.content)) {
    drafts.clear(sectionDraft(userId, section._id));
    return null;
  }
  return { content: stored.value, baseVersion: stored.baseVersion };
}

/** Who saved the version a conflict shows: the user themself (another tab or device), or a named colleague. */
export function conflictAuthor(theirs: MemorySection | null, userId: string | null): ConflictAuthor {
  const author = theirs?.updatedBy;
  if (!author) return null;
  return author._id === userId ? { self: true } : { self: false, name: author.username };
}

function AutosavedSection({ autosave, userId, insert, comments, images, assist }: { autosave: Autosave; userId: string | null; insert: Insert | null } & Pick<SectionWorkspaceProps, 'comments' | 'images' | 'assist'>) {
  const snapshot = useSelector(autosave, (s) => s);
  const { section, draft, theirs, error, revision, kept } = snapshot.context;
  const frameItem = (section as MemorySection).frameItem;
  return (
    <>
      {frameItem ? <FrameItemBrief item={frameItem} text={buyerText(draft ?? section.content)} /> : null}
      <SectionWorkspace
      status={snapshot.value as AutosaveStatus}
      section={section as MemorySection}
      draft={draft}
      theirs={theirs}
      conflictBy={conflictAuthor(theirs as MemorySection | null, userId)}
      error={error}
      revision={revision}
      insert={insert}
      onChange={(content) => autosave.send({ type: 'autosave.change', content })}
      onRetry={() => autosave.send({ type: 'autosave.retry' })}
      onTakeTheirs={() => autosave.send({ type: 'autosave.conflict.takeTheirs' })}
      onKeepMine={() => autosave.send({ type: 'autosave.conflict.keepMine' })}
      kept={kept?.content ?? null}
      onRestore={() => autosave.send({ type: 'autosave.recovered.restore' })}
      onDiscard={() => autosave.send({ type: 'autosave.recovered.discard' })}
      comments={comments}
      images={images}
      assist={assist}
    />
    </>
  );
}
