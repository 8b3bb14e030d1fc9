import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { Role, UserRow } from '../../ui/admin/admin-types';
import { AdminUsersView, type UserAction } from '../../ui/admin/AdminUsersView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const usersMachine = createListMachine<UserRow, { role: string; companyId: string }>('listUsers', { role: '', companyId: '' });
const companyNamesMachine = createRequestMachine<void, { _id: string; name: string }[]>('listCompanyNames');
const roleMachine = createRequestMachine<{ id: string; role: Role }, UserRow>('updateUserRole');
const activeMachine = createRequestMachine<{ id: string; active: boolean }, UserRow>('setUserActive');

export default function AdminUsersPage() {
  usePageTitle('adminusers-title');
  const { operations } = useServices();
  const me = SessionContext.useSelector((s) => s.context.profile?._id ?? '');
  // A company page links here with ?companyId= to list that company's members.
  const initialCompany = new URLSearchParams(useSearch()).get('companyId') ?? '';
  const users = useList(usersMachine, operations.listUsers, { filters: { role: '', companyId: initialCompany } });
  const companies = useRequest(companyNamesMachine, operations.listCompanyNames);
  const role = useRequest(roleMachine, operations.updateUserRole);
  const active = useRequest(activeMachine, operations.setUserActive);
  const toast = useSuccessToast();
  const [action, setAction] = useState<UserAction | null>(null);

  const { submit: loadCompanies } = companies;
  useEffect(() => loadCompanies(), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on arrival

  const done = ({ message }: { message: string }) => {
    setAction(null);
    toast(message);
    users.reload();
  };
  useOnSuccess(role, done);
  useOnSuccess(active, done);

  const current = action?.kind === 'role' ? role : active;
  const close = () => {
    setAction(null);
    role.ref.send({ type: 'request.reset' });
    active.ref.send({ type: 'request.reset' });
  };

  return (
    <AdminUsersView
      list={users.list}
      search={users.search}
      role={users.filters.role as Role | ''}
      companyId={users.filters.companyId}
      companies={companies.data ?? []}
      currentUserId={me}
      action={action}
      actionBusy={current.loading}
      actionError={current.error?.message ?? null}
      onSearch={users.onSearch}
      onRole={(value) => users.onFilter({ role: value })}
      onCompany={(companyId) => users.onFilter({ companyId })}
      onPage={users.onPage}
      onRetry={users.reload}
      onAction={setAction}
      onConfirm={() => {
        if (action?.kind === 'role') role.submit({ id: action.user._id, role: action.role });
        else if (action?.kind === 'active') active.submit({ id: action.user._id, active: action.active });
      }}
      onCancel={close}
    />
  );
}
