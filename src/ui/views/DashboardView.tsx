import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowRight, Building2, CircleAlert, Inbox, MailCheck, MailPlus, Users } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { formatNumber } from '../format';
import type { Profile } from '../../machines/types';
import type { DashboardSummary, OutboxRow } from './admin-types';
import type { ListState } from './ListFrame';
import { OutboxTable } from './OutboxView';

export type DashboardViewProps = {
  profile: Profile;
  summary: { status: 'loading' } | { status: 'error'; message: string; onRetry: () => void } | { status: 'loaded'; data: DashboardSummary };
  /** Admins only: the latest emails. */
  outbox?: { list: ListState<OutboxRow>; onRetry: () => void };
};

export function DashboardView({ profile, summary, outbox }: DashboardViewProps) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', letterSpacing: '-0.01em' })}>{t('dashboard-welcome', { username: profile.username })}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('dashboard-intro')}</p>
      </div>
      {summary.status === 'loading' ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' })}>
          {[0, 1, 2].map((i) => (
            <CardRoot key={i}>
              <CardBody>
                <Skeleton lines={3} label={t('dashboard-loading')} widths={['50%', '30%', '70%']} />
              </CardBody>
            </CardRoot>
          ))}
        </div>
      ) : summary.status === 'error' ? (
        <EmptyState
          tone="danger"
          role="alert"
          icon={<CircleAlert size={22} />}
          title={t('dashboard-load_error')}
          description={summary.message}
          actions={
            <Button variant="outline" onClick={summary.onRetry}>
              {t('page-retry')}
            </Button>
          }
        />
      ) : summary.data.platform ? (
        <AdminSummary platform={summary.data.platform} outbox={outbox} />
      ) : (
        <StaffSummary profile={profile} data={summary.data} />
      )}
    </div>
  );
}

function Stat({ icon, label, value, href, linkLabel }: { icon: ReactNode; label: string; value: string; href: string; linkLabel: string }) {
  return (
    <CardRoot>
      <CardBody className={css({ gap: '2' })}>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
          <span aria-hidden="true" className={css({ color: 'accent.text', display: 'inline-flex' })}>
            {icon}
          </span>
          {label}
        </p>
        <p className={css({ fontSize: '3xl', fontWeight: 'semibold', lineHeight: '1.1' })}>{value}</p>
        <Link href={href} className={css({ fontSize: 'sm', display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          {linkLabel}
          <ArrowRight size={14} aria-hidden="true" />
        </Link>
      </CardBody>
    </CardRoot>
  );
}

function AdminSummary({ platform, outbox }: { platform: NonNullable<DashboardSummary['platform']>; outbox: DashboardViewProps['outbox'] }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' })}>
        <Stat icon={<Users size={18} />} label={t('dashboard-users')} value={n(platform.users)} href="/users" linkLabel={t('dashboard-manage_users')} />
        <Stat icon={<Building2 size={18} />} label={t('dashboard-companies')} value={n(platform.companies)} href="/companies" linkLabel={t('dashboard-manage_companies')} />
        <Stat icon={<MailPlus size={18} />} label={t('dashboard-pending_invites')} value={n(platform.pendingInvites)} href="/admin/outbox" linkLabel={t('dashboard-see_outbox')} />
      </div>
      {outbox ? (
        <CardRoot>
          <CardHeader className={css({ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3' })}>
            <div>
              <CardTitle>{t('dashboard-outbox_title')}</CardTitle>
              <CardDescription>{t('outbox-smtp_note')}</CardDescription>
            </div>
            <Link href="/admin/outbox" className={cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))}>
              {t('dashboard-outbox_all', { count: platform.outboxEmails })}
            </Link>
          </CardHeader>
          <CardBody>
            {outbox.list.state === 'failure' ? (
              <Alert status="error" title={t('list-error_title')}>
                <span className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
                  {outbox.list.error}
                  <Button size="sm" variant="outline" onClick={outbox.onRetry}>
                    {t('page-retry')}
                  </Button>
                </span>
              </Alert>
            ) : outbox.list.items.length === 0 && outbox.list.state !== 'empty' ? (
              <Skeleton lines={4} label={t('list-loading')} />
            ) : outbox.list.items.length === 0 ? (
              <EmptyState icon={<Inbox size={22} />} title={t('outbox-empty_title')} description={t('outbox-empty_text')} />
            ) : (
              <OutboxTable emails={outbox.list.items} caption={t('dashboard-outbox_title')} />
            )}
          </CardBody>
        </CardRoot>
      ) : null}
    </>
  );
}

function StaffSummary({ profile, data }: { profile: Profile; data: DashboardSummary }) {
  const { t, i18n } = useTranslation();
  const company = data.company ?? null;
  return (
    <>
      {data.emailVerified === false ? (
        <Alert status="warning" title={t('dashboard-verify_title')}>
          <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            {t('dashboard-verify_text')}
            <Link href={`/users/${profile._id}`} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
              <MailCheck size={14} aria-hidden="true" />
              {t('dashboard-verify_link')}
            </Link>
          </span>
        </Alert>
      ) : null}
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '2fr 1fr' }, gap: '4', alignItems: 'stretch' })}>
        {company ? (
          <CardRoot>
            <CardBody className={css({ gap: '3' })}>
              <p className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
                <Building2 size={18} aria-hidden="true" className={css({ color: 'accent.text' })} />
                {t('dashboard-company')}
              </p>
              <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{company.name}</h2>
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                {company.city} · {t('company-members_count_full', { count: company.membersCount, formatted: formatNumber(company.membersCount, i18n.language) })}
              </p>
              <Link href={`/companies/${company._id}`} className={css({ fontSize: 'sm', display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                {t('dashboard-see_company')}
                <ArrowRight size={14} aria-hidden="true" />
              </Link>
            </CardBody>
          </CardRoot>
        ) : (
          <EmptyState
            icon={<Building2 size={22} />}
            title={t('dashboard-no_company')}
            description={t(profile.role === 'manager' ? 'dashboard-create_company_text' : 'dashboard-no_company_hint')}
            actions={
              profile.role === 'manager' ? (
                <Link href="/create-company" className={cx(button(), css({ textDecoration: 'none' }))}>
                  {t('dashboard-create_company')}
                </Link>
              ) : null
            }
          />
        )}
        {company ? (
          <Stat
            icon={<MailPlus size={18} />}
            label={t('dashboard-pending_invites')}
            value={formatNumber(data.pendingInvites ?? 0, i18n.language)}
            href="/company/users"
            linkLabel={profile.role === 'manager' ? t('dashboard-manage_members') : t('dashboard-see_members')}
          />
        ) : null}
      </div>
    </>
  );
}
