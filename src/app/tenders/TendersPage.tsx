import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { TENDER_STATUSES, type TenderStatus } from '../../../rules/tender-lifecycle';
import type { MatchStatus, TenderListRow } from '../../ui/tenders/tender-types';
import { TendersView } from '../../ui/tenders/TendersView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useRequest } from '../use-request';
import { useLastSeen } from './last-seen';
import { TendersBoard } from './TendersBoard';
import { TendersViewSwitch } from '../../ui/tenders/TendersViewSwitch';

type Filters = { status: string; matchStatus: string; companyId: string; goNoGo: string };
const noFilters: Filters = { status: '', matchStatus: '', companyId: '', goNoGo: '' };
const adminMachine = createListMachine<TenderListRow, Filters>('listTenders', noFilters);
const companyMachine = createListMachine<TenderListRow, Filters>('listMyCompanyTenders', noFilters);
const companyNamesMachine = createRequestMachine<void, { _id: string; name: string }[]>('listCompanyNames');

/** /tenders (admin: every company's) and /company/tenders (staff: their company's); the route admits each role to one. */
export default function TendersPage() {
  const role = SessionContext.useSelector((s) => s.context.profile?.role);
  usePageTitle(role === 'admin' ? 'tenders-title_admin' : 'tenders-title');
  // The company's tenders also show as a kanban (?view=board, issue 13).
  const board = new URLSearchParams(useSearch()).get('view') === 'board';
  if (role === 'admin') return <AdminTenders />;
  return board ? <TendersBoard /> : <CompanyTenders />;
}

function AdminTenders() {
  const { operations } = useServices();
  const tenders = useList(adminMachine, operations.listTenders);
  const companies = useRequest(companyNamesMachine, operations.listCompanyNames);
  const { submit: loadCompanies } = companies;
  useEffect(() => loadCompanies(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  return <Tenders scope="admin" tenders={tenders} companies={companies.data ?? []} />;
}

function CompanyTenders() {
  const { operations } = useServices();
  // The dashboard's pipeline links here with ?status= to list the tenders at one stage.
  const asked = new URLSearchParams(useSearch()).get('status') ?? '';
  const status = (TENDER_STATUSES as readonly string[]).includes(asked) ? asked : '';
  const tenders = useList(companyMachine, operations.listMyCompanyTenders, { filters: { ...noFilters, status } });
  return <Tenders scope="company" tenders={tenders} companies={[]} />;
}

function Tenders({ scope, tenders, companies }: { scope: 'admin' | 'company'; tenders: ReturnType<typeof useList<TenderListRow, Filters>>; companies: { _id: string; name: string }[] }) {
  const userId = SessionContext.useSelector((s) => s.context.profile?._id);
  // Tenders added to the pipeline (by a colleague, or an admin) since this user's previous visit carry a "New" badge.
  const seenBefore = useLastSeen(userId, scope === 'admin' ? 'tenders' : 'company-tenders');
  return (
    <TendersView
      scope={scope}
      viewSwitch={scope === 'company' ? <TendersViewSwitch view="list" /> : undefined}
      list={tenders.list}
      seenBefore={seenBefore}
      search={tenders.search}
      status={tenders.filters.status as TenderStatus | ''}
      matchStatus={tenders.filters.matchStatus as MatchStatus | ''}
      companyId={tenders.filters.companyId}
      companies={companies}
      onSearch={tenders.onSearch}
      onStatus={(status) => tenders.onFilter({ status })}
      onMatchStatus={(matchStatus) => tenders.onFilter({ matchStatus })}
      onCompany={(companyId) => tenders.onFilter({ companyId })}
      goNoGo={tenders.filters.goNoGo as '' | 'no_go' | 'all'}
      onGoNoGo={(goNoGo) => tenders.onFilter({ goNoGo })}
      onPage={tenders.onPage}
      onRetry={tenders.reload}
    />
  );
}
