import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createListMachine } from '../../machines/list.machine';
import { createRequestMachine } from '../../machines/request.machine';
import type { InviteRole, InviteRow, UserRow } from '../../ui/admin/admin-types';
import { CompanyUsersView } from '../../ui/companies/CompanyUsersView';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useList } from '../use-list';
import { usePageTitle } from '../use-page-title';
import { useRefreshMenuBadges } from '../menu-badges';
import { useOnSuccess, useRequest, useSuccessToast } from '../use-request';

const membersMachine = createListMachine<UserRow, { companyId: string }>('listCompanyUsers', { companyId: '' });
const invitesMachine = createListMachine<InviteRow, Record<string, string>>('listInvites', {});
const removeMachine = createRequestMachine<{ companyId: string; userId: string }, null>('removeCompanyUser');
const inviteMachine = createRequestMachine<{ email: string; role: InviteRole }, InviteRow>('createInvite');
const resendMachine = createRequestMachine<{ id: string }, InviteRow>('resendInvite');
const revokeMachine = createRequestMachine<{ id: string }, null>('revokeInvite');
const linkMachine = createRequestMachine<{ id: string }, { link: string }>('getInviteLink');

export default function CompanyUsersPage() {
  usePageTitle('companyusers-title');
  const profile = SessionContext.useSelector((s) => s.context.profile);
  // The route admits staff only; a manager without a company is sent to /create-company by the guard.
  if (!profile?.company) return null;
  const props = { userId: profile._id, company: profile.company };
  return profile.role === 'manager' ? <ManagerCompanyUsers {...props} /> : <CompanyUsers {...props} invites={null} />;
}

type Props = { userId: string; company: { _id: string; name: string } };

// Employees never ask for invitations (the server would refuse them): only managers run those requests.
function ManagerCompanyUsers(props: Props) {
  return <CompanyUsers {...props} invites={useInvites(props.userId)} />;
}

function CompanyUsers({ userId, company, invites }: Props & { invites: ReturnType<typeof useInvites> | null }) {
  const { operations } = useServices();
  const members = useList(membersMachine, operations.listCompanyUsers, { filters: { companyId: company._id } });
  const toast = useSuccessToast();
  const [removing, setRemoving] = useState<UserRow | null>(null);
  const remove = useRequest(removeMachine, operations.removeCompanyUser);
  useOnSuccess(remove, ({ message }) => {
    setRemoving(null);
    toast(message);
    members.reload();
  });

  return (
    <CompanyUsersView
      companyName={company.name}
      currentUserId={userId}
      members={members.list}
      search={members.search}
      onSearch={members.onSearch}
      onPage={members.onPage}
      onRetry={members.reload}
      manage={
        invites
          ? {
              removing,
              removeBusy: remove.loading,
              removeError: remove.error?.message ?? null,
              onRemove: setRemoving,
              onConfirmRemove: () => removing && remove.submit({ companyId: company._id, userId: removing._id }),
              onCancelRemove: () => {
                setRemoving(null);
                remove.ref.send({ type: 'request.reset' });
              },
              invites,
            }
          : null
      }
    />
  );
}

function useInvites(userId: string) {
  const { t } = useTranslation();
  const { operations } = useServices();
  const link = useRequest(linkMachine, operations.getInviteLink);
  const [copyFailure, setCopyFailure] = useState<string | null>(null);
  const list = useList(invitesMachine, operations.listInvites);
  const invite = useRequest(inviteMachine, operations.createInvite);
  const resend = useRequest(resendMachine, operations.resendInvite);
  const revoke = useRequest(revokeMachine, operations.revokeInvite);
  const toast = useSuccessToast();
  const refreshMenuBadges = useRefreshMenuBadges();
  const [sentCount, setSentCount] = useState(0);
  const [revoking, setRevoking] = useState<InviteRow | null>(null);
  useOnSuccess(invite, ({ message }) => {
    setSentCount((n) => n + 1);
    toast(message);
    list.reload();
    refreshMenuBadges();
  });
  useOnSuccess(resend, ({ message }) => {
    toast(message);
    list.reload();
  });
  // The link goes to the clipboard; where the browser refuses, it is shown to copy by hand.
  useOnSuccess(link, ({ data }) => {
    const email = invitesEmail(list.list.items, link.ref.getSnapshot().context.input?.id);
    setCopyFailure(null);
    navigator.clipboard
      .writeText(data.link)
      .then(() => toast(t('invites-link_copied', { email })))
      .catch(() => setCopyFailure(t('invites-link_copy_failed', { link: data.link })));
  });
  useOnSuccess(revoke, ({ message }) => {
    setRevoking(null);
    toast(message);
    list.reload();
    refreshMenuBadges();
  });
  return {
    list: list.list,
    sending: invite.loading,
    sendError: invite.error?.message ?? null,
    sentCount,
    resendError: resend.error?.message ?? null,
    resendingId: resend.loading ? (resend.ref.getSnapshot().context.input?.id ?? null) : null,
    revoking,
    revokeBusy: revoke.loading,
    revokeError: revoke.error?.message ?? null,
    onInvite: invite.submit,
    onPage: list.onPage,
    onRetry: list.reload,
    onResend: (row: InviteRow) => resend.submit({ id: row._id }),
    copy: {
      userId,
      copyingId: link.loading ? (link.ref.getSnapshot().context.input?.id ?? null) : null,
      error: link.error?.message ?? copyFailure,
      onCopyLink: (row: InviteRow) => {
        setCopyFailure(null);
        link.submit({ id: row._id });
      },
    },
    onRevoke: setRevoking,
    onConfirmRevoke: () => revoking && revoke.submit({ id: revoking._id }),
    onCancelRevoke: () => {
      setRevoking(null);
      revoke.ref.send({ type: 'request.reset' });
    },
  };
}

const invitesEmail = (rows: InviteRow[], id: string | undefined) => rows.find((row) => row._id === id)?.email ?? '';
