import { useEffect } from 'react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { Profile } from '../../machines/types';
import type { DashboardSummary, OutboxRow } from '../../ui/admin/admin-types';
import { normaliseAdminStats, type AdminStats } from '../../ui/admin/admin-stats';
import { DashboardView, type Loadable } from '../../ui/dashboard/DashboardView';
import type { ReportRow } from '../../ui/reports/ReportsView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useRequest } from '../use-request';

const summaryMachine = createRequestMachine<void, DashboardSummary>('getDashboardSummary');
// The dashboard shows the five latest emails; the full list is on /admin/outbox.
const latestEmailsMachine = createListMachine<OutboxRow, { kind: string; perPage: string }>('listOutboxEmails', { kind: '', perPage: '5' });
const statsMachine = createRequestMachine<void, AdminStats>('getAdminStats');
// The five latest reports; the others are on /reports.
const latestReportsMachine = createRequestMachine<void, ReportRow[]>('listLatestReports');

export default function DashboardPage() {
  usePageTitle('dashboard-page_title');
  const profile = SessionContext.useSelector((s) => s.context.profile);
  // The route guard renders signed-in pages only once the profile is known.
  if (!profile) return null;
  return profile.role === 'admin' ? <AdminDashboard profile={profile} /> : <StaffDashboard profile={profile} />;
}

/** A request sent once, on arrival, as the view shows it. */
function useLoadOnce<T>(request: { submit: () => void; error?: { message: string } | null; data?: T | null; succeeded: boolean }): Loadable<T> {
  const { submit } = request;
  useEffect(() => submit(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  if (request.error) return { status: 'error', message: request.error.message, onRetry: () => submit() };
  if (request.data && request.succeeded) return { status: 'loaded', data: request.data };
  return { status: 'loading' };
}

function useSummary() {
  const { operations } = useServices();
  return useLoadOnce(useRequest(summaryMachine, operations.getDashboardSummary));
}

function StaffDashboard({ profile }: { profile: Profile }) {
  return <DashboardView profile={profile} summary={useSummary()} />;
}

function AdminDashboard({ profile }: { profile: Profile }) {
  const { operations } = useServices();
  const summary = useSummary();
  const emails = useList(latestEmailsMachine, operations.listOutboxEmails);
  const stats = useLoadOnce(useRequest(statsMachine, operations.getAdminStats));
  const reports = useLoadOnce(useRequest(latestReportsMachine, operations.listLatestReports));
  // The spec's defaults (0, [], "0") before display, whatever the server left out.
  const normalised: Loadable<AdminStats> = stats.status === 'loaded' ? { status: 'loaded', data: normaliseAdminStats(stats.data) } : stats;
  return <DashboardView profile={profile} summary={summary} outbox={{ list: emails.list, onRetry: emails.reload }} stats={normalised} reports={reports} />;
}
