import { useEffect, useMemo, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { callFeedbackMachine, reasonDialogOpen, type FeedbackAction } from '../../machines/call-feedback.machine';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { MatchStatus, PotentialRow, Procedure, TenderCallInput, TenderCallRow, TenderRow } from '../../ui/tenders/tender-types';
import { PotentialTendersView } from '../../ui/tenders/PotentialTendersView';
import type { FeedbackProps } from '../../ui/tenders/CallFeedback';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { useLastSeen } from './last-seen';
import { useSavedSearches } from '../saved-searches/use-saved-searches';
import { SavedSearchesCard } from '../../ui/saved-searches/SavedSearchesCard';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

// `hidden`: 'true' lists the calls the company set aside (staff).
// `savedSearch`: the id of a saved search of the company (issue 24) narrowing the list.
type Filters = { matchStatus: string; procedure: string; hidden: string; savedSearch: string };
const potentialMachine = createListMachine<PotentialRow, Filters>('listPotentialTenders', { matchStatus: '', procedure: '', hidden: '', savedSearch: '' });
const addMachine = createRequestMachine<{ tenderCallId: string; companyId?: string }, TenderRow>('createTender');
const createCallMachine = createRequestMachine<TenderCallInput, TenderCallRow>('createTenderCall');
const companyNamesMachine = createRequestMachine<void, { _id: string; name: string }[]>('listCompanyNames');

export default function PotentialTendersPage() {
  usePageTitle('potential-title');
  const profile = SessionContext.useSelector((s) => s.context.profile);
  // Calls entered since this user's previous visit of the list carry a "New" badge.
  const seenBefore = useLastSeen(profile?._id, 'potential-tenders');
  return profile?.role === 'admin' ? <AdminPotential seenBefore={seenBefore} /> : <StaffPotential seenBefore={seenBefore} profileHref={profile?.company ? `/companies/${profile.company._id}` : null} />;
}

/** Adding a call to the pipeline: the row leaves the list on reload and a banner links to the new tender. */
function useAdd(reload: () => void) {
  const { operations } = useServices();
  const add = useRequest(addMachine, operations.createTender);
  const toast = useSuccessToast();
  const [added, setAdded] = useState<{ tenderId: string; title: string } | null>(null);
  useOnSuccess(add, ({ message, data }) => {
    toast(message);
    setAdded({ tenderId: data._id, title: data.tenderCall.title });
    reload();
  });
  return { add, added, dismiss: () => setAdded(null) };
}

/**
 * Staff's verdicts (issue 13): every answer reloads the list (the call leaves or comes back, and
 * similar calls' scores move); a call set aside gets a banner with "Annuler", the others a toast.
 */
function useFeedback(list: ReturnType<typeof useList<PotentialRow, Filters>>): FeedbackProps {
  const { operations } = useServices();
  const toast = useSuccessToast();
  const { reload } = list;
  const logic = useMemo(
    () =>
      callFeedbackMachine.provide({
        actors: { setTenderCallFeedback: operations.setTenderCallFeedback, deleteTenderCallFeedback: operations.deleteTenderCallFeedback },
        actions: {
          notifyDone: (_, { action, message }: { action: FeedbackAction; message: string }) => {
            if (action !== 'hide') toast(message);
            reload();
          },
        },
      }),
    // Built once: the toast and the reload send to actors that live as long as the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const ref = useActorRef(logic);
  const state = useSelector(ref, (s) => s);
  const { target, action, error } = state.context;
  const target_ = (row: PotentialRow) => ({ id: row._id, title: row.tenderCall.title });
  return {
    hidden: list.filters.hidden === 'true',
    hiddenCount: list.extra.hiddenCount ?? 0,
    busy: state.hasTag('busy') && target ? target.id : null,
    asking: reasonDialogOpen(state) ? target : null,
    error: state.matches({ ready: 'failed' }) ? (error?.message ?? null) : null,
    justHidden: state.matches({ ready: 'done' }) && action === 'hide' ? target : state.matches('removing') && action === 'undo' ? target : null,
    onRelevant: (row) => ref.send({ type: row.feedback?.verdict === 'relevant' ? 'feedback.clear' : 'feedback.relevant', target: target_(row) }),
    onNotRelevant: (row) => ref.send({ type: 'feedback.notRelevant', target: target_(row) }),
    onSaveReason: (reason) => ref.send({ type: 'feedback.save', reason }),
    onCancelReason: () => ref.send({ type: 'feedback.cancel' }),
    onUndo: () => ref.send({ type: 'feedback.undo' }),
    onDismiss: () => ref.send({ type: 'feedback.dismiss' }),
    onRestore: (row) => ref.send({ type: 'feedback.restore', target: target_(row) }),
    onShowHidden: (hidden) => {
      ref.send({ type: 'feedback.dismiss' });
      list.onFilter({ hidden: hidden ? 'true' : '' });
    },
  };
}

function StaffPotential({ profileHref, seenBefore }: { profileHref: string | null; seenBefore: string | null }) {
  const { operations } = useServices();
  const list = useList(potentialMachine, operations.listPotentialTenders);
  const { add, added, dismiss } = useAdd(list.reload);
  const feedback = useFeedback(list);
  const selected = list.filters.savedSearch ?? '';
  const showSearch = (savedSearch: string) => list.onFilter({ savedSearch });
  const savedSearches = useSavedSearches(selected, (id) => showSearch(selected === id ? '' : id), () => showSearch(''));
  return (
    <PotentialTendersView
      {...common(list)}
      admin={false}
      feedback={feedback}
      savedSearches={{ options: savedSearches.searches, value: selected, onChange: showSearch }}
      savedSearchesCard={<SavedSearchesCard {...savedSearches} />}
      seenBefore={seenBefore}
      profileHref={profileHref}
      adding={add.loading ? ((add.ref.getSnapshot().context.input as { tenderCallId: string } | null)?.tenderCallId ?? null) : null}
      addError={add.error?.message ?? null}
      added={added}
      onAdd={(row) => {
        dismiss();
        add.submit({ tenderCallId: row._id });
      }}
      onDismissAdded={dismiss}
      {...noAdmin}
    />
  );
}

function AdminPotential({ seenBefore }: { seenBefore: string | null }) {
  const { operations } = useServices();
  const list = useList(potentialMachine, operations.listPotentialTenders);
  const { add: assign, added, dismiss } = useAdd(list.reload);
  const createCall = useRequest(createCallMachine, operations.createTenderCall);
  const companies = useRequest(companyNamesMachine, operations.listCompanyNames);
  const toast = useSuccessToast();
  const [creating, setCreating] = useState(false);
  const [assigning, setAssigning] = useState<PotentialRow | null>(null);
  const { submit: loadCompanies } = companies;
  useEffect(() => loadCompanies(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  useOnSuccess(createCall, ({ message }) => {
    setCreating(false);
    toast(message);
    list.reload();
  });
  useOnSuccess(assign, () => setAssigning(null));

  return (
    <PotentialTendersView
      {...common(list)}
      admin
      seenBefore={seenBefore}
      profileHref={null}
      adding={null}
      addError={null}
      added={added}
      onAdd={() => undefined}
      onDismissAdded={dismiss}
      creating={creating}
      createBusy={createCall.loading}
      createError={createCall.error?.message ?? null}
      createErrorDetails={createCall.error?.details}
      onCreate={() => setCreating(true)}
      onSaveCall={createCall.submit}
      onCloseCreate={() => {
        setCreating(false);
        createCall.ref.send({ type: 'request.reset' });
      }}
      assigning={assigning}
      assignBusy={assign.loading}
      assignError={assign.error?.message ?? null}
      companies={companies.data ?? []}
      onAssign={(row) => {
        dismiss();
        setAssigning(row);
      }}
      onConfirmAssign={(companyId) => assigning && assign.submit({ tenderCallId: assigning._id, companyId })}
      onCloseAssign={() => {
        setAssigning(null);
        assign.ref.send({ type: 'request.reset' });
      }}
    />
  );
}

function common(list: ReturnType<typeof useList<PotentialRow, Filters>>) {
  return {
    list: list.list,
    search: list.search,
    matchStatus: list.filters.matchStatus as MatchStatus | '',
    procedure: list.filters.procedure as Procedure | '',
    onSearch: list.onSearch,
    onMatchStatus: (matchStatus: MatchStatus | '') => list.onFilter({ matchStatus }),
    onProcedure: (procedure: Procedure | '') => list.onFilter({ procedure }),
    onPage: list.onPage,
    onRetry: list.reload,
  };
}

const noAdmin = {
  creating: false,
  createBusy: false,
  createError: null,
  onCreate: () => undefined,
  onSaveCall: () => undefined,
  onCloseCreate: () => undefined,
  assigning: null,
  assignBusy: false,
  assignError: null,
  companies: [],
  onAssign: () => undefined,
  onConfirmAssign: () => undefined,
  onCloseAssign: () => undefined,
};
