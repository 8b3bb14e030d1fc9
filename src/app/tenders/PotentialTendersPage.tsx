import { useEffect, useState } from 'react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { MatchStatus, PotentialRow, Procedure, TenderCallInput, TenderCallRow, TenderRow } from '../../ui/tenders/tender-types';
import { PotentialTendersView } from '../../ui/tenders/PotentialTendersView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { useLastSeen } from './last-seen';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

type Filters = { matchStatus: string; procedure: string };
const potentialMachine = createListMachine<PotentialRow, Filters>('listPotentialTenders', { matchStatus: '', procedure: '' });
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

function StaffPotential({ profileHref, seenBefore }: { profileHref: string | null; seenBefore: string | null }) {
  const { operations } = useServices();
  const list = useList(potentialMachine, operations.listPotentialTenders);
  const { add, added, dismiss } = useAdd(list.reload);
  return (
    <PotentialTendersView
      {...common(list)}
      admin={false}
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
