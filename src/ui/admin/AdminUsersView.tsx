import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ChevronDown, Users } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { select } from 'styled-system/recipes/select';
import { Avatar } from '../components/Avatar';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDate } from '../format';
import type { Role, UserRow } from './admin-types';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type UserAction = { kind: 'role'; user: UserRow; role: Role } | { kind: 'active'; user: UserRow; active: boolean };

export type AdminUsersViewProps = {
  list: ListState<UserRow>;
  search: string;
  role: Role | '';
  companyId: string;
  companies: { _id: string; name: string }[];
  currentUserId: string;
  action: UserAction | null;
  actionBusy: boolean;
  actionError: string | null;
  onSearch: (search: string) => void;
  onRole: (role: Role | '') => void;
  onCompany: (companyId: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onAction: (action: UserAction) => void;
  onConfirm: () => void;
  onCancel: () => void;
};

const ROLES: Role[] = ['admin', 'manager', 'employee'];

export function AdminUsersView(props: AdminUsersViewProps) {
  const { t, i18n } = useTranslation();
  const { list, action } = props;
  const roleOptions = ROLES.map((role) => ({ value: role, label: t(`role-${role}`) }));
  const dialog = action ? confirmText(action) : null;

  function confirmText(a: UserAction) {
    if (a.kind === 'role') {
      return {
        title: t('adminusers-role_confirm_title'),
        description: t('adminusers-role_confirm_text', { username: a.user.username, role: t(`role-${a.role}`) }),
        label: t('adminusers-role_confirm'),
        danger: false,
      };
    }
    return a.active
      ? { title: t('adminusers-reactivate_title'), description: t('adminusers-reactivate_text', { username: a.user.username }), label: t('adminusers-reactivate'), danger: false }
      : { title: t('adminusers-deactivate_title'), description: t('adminusers-deactivate_text', { username: a.user.username }), label: t('adminusers-deactivate'), danger: true };
  }

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('adminusers-title')} description={t('adminusers-subtitle')} />
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== '' || props.role !== '' || props.companyId !== ''}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <Users size={22} />, title: t('adminusers-empty_title'), description: t('adminusers-empty_text') }}
        toolbar={
          <>
            <SearchInput label={t('adminusers-search')} placeholder={t('adminusers-search_placeholder')} value={props.search} onChange={props.onSearch} />
            <Select label={t('adminusers-filter_role')} value={props.role} options={[{ value: '', label: t('adminusers-all_roles') }, ...roleOptions]} onChange={(v) => props.onRole(v as Role | '')} />
            <Select
              label={t('adminusers-filter_company')}
              value={props.companyId}
              options={[{ value: '', label: t('adminusers-all_companies') }, ...props.companies.map((c) => ({ value: c._id, label: c.name }))]}
              onChange={props.onCompany}
            />
          </>
        }
      >
        <Table caption={t('adminusers-title')}>
          <TableHead>
            <TableRow>
              <TableHeader>{t('adminusers-col_user')}</TableHeader>
              <TableHeader>{t('adminusers-col_role')}</TableHeader>
              <TableHeader>{t('adminusers-col_company')}</TableHeader>
              <TableHeader>{t('adminusers-col_status')}</TableHeader>
              <TableHeader>{t('adminusers-col_created')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((user) => {
              const self = user._id === props.currentUserId;
              return (
                <TableRow key={user._id}>
                  <TableCell>
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minW: '14rem' })}>
                      <Avatar name={user.username} src={user.profilePicture?.url} size="sm" />
                      <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
                        <Link href={`/users/${user._id}`} className={css({ fontWeight: 'medium' })}>
                          {user.username}
                        </Link>
                        <span className={css({ color: 'fg.muted', fontSize: 'xs', overflowWrap: 'anywhere' })}>{user.primaryEmail}</span>
                      </div>
                    </div>
                  </TableCell>
                  <TableCell>
                    {self ? (
                      <Badge tone="accent">{t(`role-${user.role}`)}</Badge>
                    ) : (
                      <div className={css({ position: 'relative', display: 'inline-block' })}>
                        <select
                          aria-label={t('adminusers-change_role', { username: user.username })}
                          value={user.role}
                          onChange={(event) => props.onAction({ kind: 'role', user, role: event.target.value as Role })}
                          className={cx(select().control, css({ h: '8', w: 'auto', pr: '8' }))}
                        >
                          {roleOptions.map((o) => (
                            <option key={o.value} value={o.value}>
                              {o.label}
                            </option>
                          ))}
                        </select>
                        <ChevronDown size={14} aria-hidden="true" className={select().indicator} />
                      </div>
                    )}
                  </TableCell>
                  <TableCell>{user.company ? user.company.name : <span className={css({ color: 'fg.muted' })}>{t('adminusers-no_company')}</span>}</TableCell>
                  <TableCell>
                    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
                      {user.active ? <Badge tone="success" dot>{t('adminusers-active')}</Badge> : <Badge tone="danger" dot>{t('adminusers-inactive')}</Badge>}
                      {user.emailVerified ? null : <Badge tone="warning">{t('adminusers-unverified')}</Badge>}
                    </div>
                  </TableCell>
                  <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDate(user.createdAt, i18n.language)}</TableCell>
                  <TableCell className={css({ textAlign: 'end' })}>
                    {self ? null : (
                      <Button size="sm" variant="outline" onClick={() => props.onAction({ kind: 'active', user, active: !user.active })} aria-label={t('list-action_named', { action: user.active ? t('adminusers-deactivate') : t('adminusers-reactivate'), target: user.username })}>
                        {user.active ? t('adminusers-deactivate') : t('adminusers-reactivate')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </tbody>
        </Table>
      </ListFrame>
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title}
        description={dialog?.description}
        confirmLabel={dialog?.label ?? ''}
        danger={dialog?.danger}
        busy={props.actionBusy}
        error={props.actionError}
        onConfirm={props.onConfirm}
        onClose={props.onCancel}
      />
    </div>
  );
}
