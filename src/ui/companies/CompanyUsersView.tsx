import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Link2, MailPlus, Send, UserMinus, Users, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Avatar } from '../components/Avatar';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { TextField } from '../components/Field';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import * as rules from '../forms/rules';
import { formatDate } from '../format';
import type { InviteRole, InviteRow, InviteStatus, UserRow } from '../admin/admin-types';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type InvitesPanelProps = {
  list: ListState<InviteRow>;
  sending: boolean;
  sendError: string | null;
  /** Changes after each invitation sent, to empty the form. */
  sentCount: number;
  resendingId: string | null;
  resendError: string | null;
  revoking: InviteRow | null;
  revokeBusy: boolean;
  revokeError: string | null;
  onInvite: (input: { email: string; role: InviteRole }) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onResend: (invite: InviteRow) => void;
  /**
   * The link of a pending invitation the current user sent, to hand over by hand (a server without
   * SMTP). Offered only on the user's own invitations; the server says when it has none to give.
   */
  copy?: { userId: string; copyingId: string | null; error: string | null; onCopyLink: (invite: InviteRow) => void };
  onRevoke: (invite: InviteRow) => void;
  onConfirmRevoke: () => void;
  onCancelRevoke: () => void;
};

export type CompanyUsersViewProps = {
  companyName: string;
  currentUserId: string;
  members: ListState<UserRow>;
  search: string;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** Managers only: member removal and the invitations panel. */
  manage: null | {
    removing: UserRow | null;
    removeBusy: boolean;
    removeError: string | null;
    onRemove: (user: UserRow) => void;
    onConfirmRemove: () => void;
    onCancelRemove: () => void;
    invites: InvitesPanelProps;
  };
};

const STATUS_TONE: Record<InviteStatus, 'warning' | 'success' | 'neutral' | 'danger'> = {
  pending: 'warning',
  accepted: 'success',
  expired: 'neutral',
  revoked: 'danger',
};

export function CompanyUsersView(props: CompanyUsersViewProps) {
  const { t, i18n } = useTranslation();
  const { members, manage } = props;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      <PageHeading
        title={t('companyusers-title')}
        description={manage ? t('companyusers-subtitle_manager', { company: props.companyName }) : t('companyusers-subtitle', { company: props.companyName })}
      />
      {manage ? <InvitesPanel {...manage.invites} /> : null}
      {/* Not a named region: the members table is one already, under the same name. */}
      <section className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('companyusers-members')}
        </h2>
        <ListFrame
          list={members}
          narrowed={props.search.trim() !== ''}
          label={t('companyusers-members')}
          onRetry={props.onRetry}
          onPageChange={props.onPage}
          empty={{
            icon: <Users size={22} />,
            title: t('companyusers-empty_title'),
            description: manage ? t('companyusers-empty_text_manager') : t('companyusers-empty_text'),
          }}
          toolbar={<SearchInput label={t('companyusers-search')} placeholder={t('adminusers-search_placeholder')} value={props.search} onChange={props.onSearch} />}
        >
          <Table caption={t('companyusers-members')}>
            <TableHead>
              <TableRow>
                <TableHeader>{t('adminusers-col_user')}</TableHeader>
                <TableHeader>{t('adminusers-col_role')}</TableHeader>
                <TableHeader>{t('companyusers-col_since')}</TableHeader>
                {manage ? (
                  <TableHeader>
                    <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
                  </TableHeader>
                ) : null}
              </TableRow>
            </TableHead>
            <tbody>
              {members.items.map((user) => (
                <TableRow key={user._id}>
                  <TableCell>
                    <div
                      className={css({
                        display: 'flex',
                        alignItems: 'center',
                        gap: '3',
                        minW: '14rem',
                      })}
                    >
                      <Avatar name={user.username} src={user.profilePicture?.url} size="sm" />
                      <div
                        className={css({
                          display: 'flex',
                          flexDirection: 'column',
                          minW: 0,
                        })}
                      >
                        <Link href={`/users/${user._id}`} className={css({ fontWeight: 'medium' })}>
                          {user.username}
                        </Link>
                        <span
                          className={css({
                            color: 'fg.muted',
                            fontSize: 'xs',
                            overflowWrap: 'anywhere',
                          })}
                        >
                          {user.primaryEmail}
                        </span>
                      </div>
                      {user._id === props.currentUserId ? <Badge tone="accent">{t('companyusers-you')}</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell>{t(`role-${user.role}`)}</TableCell>
                  <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDate(user.createdAt, i18n.language)}</TableCell>
                  {manage ? (
                    <TableCell className={css({ textAlign: 'end' })}>
                      {user._id === props.currentUserId ? null : (
                        <Button size="sm" variant="ghost" onClick={() => manage.onRemove(user)} aria-label={t('list-action_named', { action: t('companyusers-remove'), target: user.username })}>
                          <UserMinus size={16} aria-hidden="true" />
                          {t('companyusers-remove')}
                        </Button>
                      )}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </tbody>
          </Table>
        </ListFrame>
      </section>
      {manage ? (
        <ConfirmDialog
          open={manage.removing !== null}
          danger
          title={t('companyusers-remove_title', {
            username: manage.removing?.username ?? '',
          })}
          description={t('companyusers-remove_text', {
            username: manage.removing?.username ?? '',
          })}
          confirmLabel={t('companyusers-remove')}
          busy={manage.removeBusy}
          error={manage.removeError}
          onConfirm={manage.onConfirmRemove}
          onClose={manage.onCancelRemove}
        />
      ) : null}
    </div>
  );
}

function InvitesPanel(invites: InvitesPanelProps) {
  const { t, i18n } = useTranslation();
  const [role, setRole] = useState<InviteRole>('employee');
  const [emailError, setEmailError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    const problem = rules.email(email);
    setEmailError(problem);
    if (!problem) invites.onInvite({ email, role });
  };
  return (
    <section aria-labelledby="invites-heading" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <CardRoot>
        <CardHeader>
          <CardTitle id="invites-heading">{t('companyusers-invite_title')}</CardTitle>
          <CardDescription>{t('companyusers-invite_text')}</CardDescription>
        </CardHeader>
        <CardBody>
          <form
            key={invites.sentCount}
            onSubmit={submit}
            noValidate
            aria-busy={invites.sending}
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '3',
            })}
          >
            {invites.sendError ? <Alert status="error">{invites.sendError}</Alert> : null}
            <fieldset
              disabled={invites.sending}
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr', md: '1fr 12rem auto' },
                alignItems: 'start',
                gap: '3',
                border: 'none',
                p: 0,
                m: 0,
                minW: 0,
              })}
            >
              <TextField
                label={t('companyusers-invite_email')}
                name="email"
                type="email"
                autoComplete="off"
                maxLength={254}
                error={emailError ? t(emailError) : undefined}
                onChange={() => setEmailError(null)}
              />
              <Select
                label={t('companyusers-invite_role')}
                value={role}
                options={(['employee', 'manager'] as const).map((r) => ({
                  value: r,
                  label: t(`role-${r}`),
                }))}
                onChange={(value) => setRole(value as InviteRole)}
              />
              <Button type="submit" className={css({ mt: { md: '6' }, h: '10' })}>
                {invites.sending ? <Spinner size="sm" label={t('common-loading')} /> : <MailPlus size={16} aria-hidden="true" />}
                {t('companyusers-invite_submit')}
              </Button>
            </fieldset>
          </form>
        </CardBody>
      </CardRoot>
      <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', mt: '4' })}>{t('companyusers-invites')}</h2>
      {invites.resendError ? (
        <Alert status="error" title={t('companyusers-resend_error')}>
          {invites.resendError}
        </Alert>
      ) : null}
      {invites.copy?.error ? (
        <Alert status="error" title={t('invites-copy_link')}>
          {invites.copy.error}
        </Alert>
      ) : null}
      <ListFrame
        list={invites.list}
        narrowed={false}
        label={t('companyusers-invites')}
        onRetry={invites.onRetry}
        onPageChange={invites.onPage}
        empty={{
          icon: <MailPlus size={22} />,
          title: t('companyusers-invites_empty_title'),
          description: t('companyusers-invites_empty_text'),
        }}
      >
        <Table caption={t('companyusers-invites')}>
          <TableHead>
            <TableRow>
              <TableHeader>{t('companyusers-invite_email')}</TableHeader>
              <TableHeader>{t('adminusers-col_role')}</TableHeader>
              <TableHeader>{t('adminusers-col_status')}</TableHeader>
              <TableHeader>{t('companyusers-col_sent')}</TableHeader>
              <TableHeader>{t('companyusers-col_expires')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {invites.list.items.map((invite) => {
              const open = invite.status === 'pending' || invite.status === 'expired';
              return (
                <TableRow key={invite._id}>
                  <TableCell className={css({ overflowWrap: 'anywhere', minW: '12rem' })}>{invite.email}</TableCell>
                  <TableCell>{t(`role-${invite.role}`)}</TableCell>
                  <TableCell>
                    <Badge tone={STATUS_TONE[invite.status]} dot>
                      {t(`invite-status_${invite.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDate(invite.createdAt, i18n.language)}</TableCell>
                  <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>
                    {invite.status === 'accepted' ? '—' : formatDate(invite.expiresAt, i18n.language)}
                  </TableCell>
                  <TableCell>
                    {open ? (
                      <div
                        className={css({
                          display: 'flex',
                          justifyContent: 'flex-end',
                          gap: '1',
                        })}
                      >
                        <Button size="sm" variant="ghost" disabled={invites.resendingId !== null} onClick={() => invites.onResend(invite)} aria-label={t('list-action_named', { action: t('companyusers-resend'), target: invite.email })}>
                          {invites.resendingId === invite._id ? <Spinner size="sm" label={t('common-loading')} /> : <Send size={14} aria-hidden="true" />}
                          {t('companyusers-resend')}
                        </Button>
                        {invites.copy && invite.status === 'pending' && invite.invitedBy?._id === invites.copy.userId ? (
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={invites.copy.copyingId !== null}
                            onClick={() => invites.copy?.onCopyLink(invite)}
                            aria-label={t('list-action_named', { action: t('invites-copy_link'), target: invite.email })}
                          >
                            {invites.copy.copyingId === invite._id ? <Spinner size="sm" label={t('common-loading')} /> : <Link2 size={14} aria-hidden="true" />}
                            {t('invites-copy_link')}
                          </Button>
                        ) : null}
                        <Button size="sm" variant="ghost" onClick={() => invites.onRevoke(invite)} aria-label={t('list-action_named', { action: t('companyusers-revoke'), target: invite.email })}>
                          <X size={14} aria-hidden="true" />
                          {t('companyusers-revoke')}
                        </Button>
                      </div>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </tbody>
        </Table>
      </ListFrame>
      <ConfirmDialog
        open={invites.revoking !== null}
        danger
        title={t('companyusers-revoke_title')}
        description={t('companyusers-revoke_text', {
          email: invites.revoking?.email ?? '',
        })}
        confirmLabel={t('companyusers-revoke')}
        busy={invites.revokeBusy}
        error={invites.revokeError}
        onConfirm={invites.onConfirmRevoke}
        onClose={invites.onCancelRevoke}
      />
    </section>
  );
}
