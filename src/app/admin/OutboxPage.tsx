import { createListMachine } from '../../machines/list.machine';
import type { OutboxRow } from '../../ui/admin/admin-types';
import { OutboxView, type OutboxKind } from '../../ui/admin/OutboxView';
import { useServices } from '../services';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';

const outboxMachine = createListMachine<OutboxRow, { kind: string; perPage: string }>('listOutboxEmails', { kind: '', perPage: '' });

export default function OutboxPage() {
  usePageTitle('outbox-title');
  const { operations } = useServices();
  const outbox = useList(outboxMachine, operations.listOutboxEmails);
  return (
    <OutboxView
      list={outbox.list}
      search={outbox.search}
      kind={outbox.filters.kind as OutboxKind | ''}
      onSearch={outbox.onSearch}
      onKind={(kind) => outbox.onFilter({ kind })}
      onPage={outbox.onPage}
      onRetry={outbox.reload}
    />
  );
}
