import { useEffect } from 'react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { Profile } from '../../machines/types';
import type { DashboardSummary, OutboxRow } from '../../ui/views/admin-types';
import { DashboardView } from '../../ui/views/DashboardView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useRequest } from '../use-request';

const summaryMachine = createRequestMachine<void, DashboardSummary>('getDashboardSummary');
// The dashboard shows the five latest emails; the full list is on /admin/outbox.
const latestEmailsMachine = createListMachine<OutboxRow, { kind: string; perPage: string }>('listOutboxEmails', { kind: '', perPage: '5' });

export default function DashboardPage() {
  usePageTitle('dashboard-page_title');
  const profile = SessionContext.useSelector((s) => s.context.profile);
  // The route guard renders signed-in pages only once the profile is known.
  if (!profile) return null;
  return profile.role === 'admin' ? <AdminDashboard profile={profile} /> : <StaffDashboard profile={profile} />;
}

function useSummary() {
  const { operations } = useServices();
  const summary = useRequest(summaryMachine, operations.getDashboardSummary);
  const { submit } = summary;
  useEffect(() => submit(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival
  if (summary.error) return { status: 'error' as const, message: summary.error.message, onRetry: () => submit() };
  if (summary.data && summary.succeeded) return { status: 'loaded' as const, data: summary.data };
  return { status: 'loading' as const };
}

function StaffDashboard({ profile }: { profile: Profile }) {
  return <DashboardView profile={profile} summary={useSummary()} />;
}

function AdminDashboard({ profile }: { profile: Profile }) {
  const { operations } = useServices();
  const summary = useSummary();
  const emails = useList(latestEmailsMachine, operations.listOutboxEmails);
  return <DashboardView profile={profile} summary={summary} outbox={{ list: emails.list, onRetry: emails.reload }} />;
}
