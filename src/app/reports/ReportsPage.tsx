import { useState } from 'react';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import { ReportsView, type ReportFilters, type ReportRow, type ReportStatus } from '../../ui/reports/ReportsView';
import { useServices } from '../services';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const reportsMachine = createListMachine<ReportRow, ReportFilters>('listReports', { status: '', type: '', priority: '' });
const statusMachine = createRequestMachine<{ id: string; status: ReportStatus }, ReportRow>('updateReportStatus');

export default function ReportsPage() {
  usePageTitle('reports-title');
  const { operations } = useServices();
  const reports = useList(reportsMachine, operations.listReports);
  const status = useRequest(statusMachine, operations.updateReportStatus);
  const toast = useSuccessToast();
  const [viewing, setViewing] = useState<ReportRow | null>(null);

  useOnSuccess(status, ({ data, message }) => {
    // The dialog stays open on the updated report so the admin sees the new status.
    setViewing(data);
    toast(message);
    reports.reload();
  });

  return (
    <ReportsView
      list={reports.list}
      search={reports.search}
      filters={reports.filters}
      viewing={viewing}
      statusBusy={status.loading}
      statusError={status.error?.message ?? null}
      onSearch={reports.onSearch}
      onFilter={reports.onFilter}
      onPage={reports.onPage}
      onRetry={reports.reload}
      onView={setViewing}
      onCloseView={() => {
        setViewing(null);
        status.ref.send({ type: 'request.reset' });
      }}
      onStatus={(report, next) => status.submit({ id: report._id, status: next })}
    />
  );
}
