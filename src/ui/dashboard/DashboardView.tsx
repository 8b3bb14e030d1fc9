import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowRight, Building2, CalendarClock, Diamond, FileWarning, Gauge, Inbox, LifeBuoy, ListTodo, MailCheck, MailPlus, Percent, Timer, TrendingUp, Trophy, Users } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { CardBody, CardDescription, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { WidgetBoundary } from '../components/WidgetBoundary';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDate, formatDateTime, formatNumber } from '../format';
import type { Profile } from '../../machines/types';
import type { DashboardSummary, OutboxRow } from '../admin/admin-types';
import { formatDecimal, formatMonth, formatPercent, MEASURED_STATUSES, type AdminStats } from '../admin/admin-stats';
import { ValidityBadge } from '../company-docs/CompanyDocsView';
import type { ListState } from '../components/ListFrame';
import { OutboxTable } from '../admin/OutboxView';
import { ReportStatusBadge, type ReportRow } from '../reports/ReportsView';
import { Deadline, TenderStatusBadge } from '../tenders/TenderBadges';
import { CHART_COLORS, CHART_COLORS_BY_STATUS } from './dashboard-colors';
import { LoadFailed } from '../components/LoadFailed';

// recharts stays out of the page's chunk until a chart is drawn (docs/decisions.md).
const GroupedBarChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.GroupedBarChart })));
const HorizontalBarChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.HorizontalBarChart })));

/** A request as a view shows it. */
export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string; onRetry: () => void } | { status: 'loaded'; data: T };

export type DashboardViewProps = {
  profile: Profile;
  summary: Loadable<DashboardSummary>;
  /** Admins only: the latest emails. */
  outbox?: { list: ListState<OutboxRow>; onRetry: () => void };
  /** Admins only: the platform statistics, already normalised (normaliseAdminStats). */
  stats?: Loadable<AdminStats>;
  /** Admins only: the five latest reports. */
  reports?: Loadable<ReportRow[]>;
};

export function DashboardView({ profile, summary, outbox, stats, reports }: DashboardViewProps) {
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
        <LoadFailed title={t('dashboard-load_error')} message={summary.message} onRetry={summary.onRetry} />
      ) : summary.data.platform ? (
        <AdminSummary platform={summary.data.platform} outbox={outbox} stats={stats} reports={reports} />
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

function AdminSummary({ platform, outbox, stats, reports }: { platform: NonNullable<DashboardSummary['platform']> } & Pick<DashboardViewProps, 'outbox' | 'stats' | 'reports'>) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' }, gap: '4' })}>
        <Stat icon={<Users size={18} />} label={t('dashboard-users')} value={n(platform.users)} href="/users" linkLabel={t('dashboard-manage_users')} />
        <Stat icon={<Building2 size={18} />} label={t('dashboard-companies')} value={n(platform.companies)} href="/companies" linkLabel={t('dashboard-manage_companies')} />
        <Stat icon={<MailPlus size={18} />} label={t('dashboard-pending_invites')} value={n(platform.pendingInvites)} href="/admin/outbox" linkLabel={t('dashboard-see_outbox')} />
      </div>
      {stats ? <StatsSection stats={stats} /> : null}
      {reports ? <LatestReports reports={reports} /> : null}
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
      {company ? <CompanyWork companyId={company._id} data={data} /> : null}
    </>
  );
}

// ——— Admin statistics ———

const cardGrid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, gap: '4' });
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });

/** A card with a title and, below, what it holds; the title names the region for screen readers. */
function Panel({ id, title, description, action, children }: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <CardRoot aria-labelledby={id}>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3' })}>
        <div>
          <CardTitle id={id} as="h3">
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardBody className={css({ gap: '3' })}>{children}</CardBody>
    </CardRoot>
  );
}

const afterPaint = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 200);
  return () => clearTimeout(id);
};

// Once one chart is near the viewport and the page has painted, every chart of the page draws:
// recharts is loaded then anyway, and a page reads the same whether scrolled or not.
let chartsWanted = false;
const chartsListeners = new Set<() => void>();
const wantCharts = () => {
  chartsWanted = true;
  for (const listener of chartsListeners) listener();
};

/**
 * True once a chart slot has been near the viewport and the page has painted: recharts (~100 KiB
 * gzip) is fetched after the figures are shown, and not at all while no chart is scrolled to
 * (phones). Without IntersectionObserver (jsdom) the charts show at once.
 */
function useShownAfterPaint() {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => chartsWanted || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const show = () => setShown(true);
    chartsListeners.add(show);
    let cancel: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancel = afterPaint(wantCharts);
      },
      { rootMargin: '100px' },
    );
    observer.observe(element);
    return () => {
      chartsListeners.delete(show);
      observer.disconnect();
      cancel?.();
    };
  }, [shown]);
  return [ref, shown] as const;
}

/** Where a lazy chart appears; a skeleton of its size while recharts loads, a notice if it fails to draw. */
function ChartSlot({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [ref, shown] = useShownAfterPaint();
  const skeleton = <Skeleton lines={4} label={t('dashboard-chart_loading')} />;
  return (
    <WidgetBoundary title={t('dashboard-chart_error_title')} description={t('dashboard-chart_error_text')} retryLabel={t('page-retry')}>
      <div ref={ref}>{shown ? <Suspense fallback={skeleton}>{children}</Suspense> : skeleton}</div>
    </WidgetBoundary>
  );
}

/** The text alternative of a chart: the same figures as a table, one click away. */
function ChartData({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  const { t } = useTranslation();
  return (
    <details className={css({ fontSize: 'sm', '& > summary': { cursor: 'pointer', color: 'accent.text', w: 'fit-content' } })}>
      <summary>{t('dashboard-chart_data')}</summary>
      <Table caption={caption}>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableHeader key={h} className={i > 0 ? css({ textAlign: 'end' }) : undefined}>
                {h}
              </TableHeader>
            ))}
          </TableRow>
        </TableHead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <TableRow key={String(first)}>
              <TableHeader scope="row">{first}</TableHeader>
              {rest.map((cell, i) => (
                <TableCell key={i} className={css({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' })}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </tbody>
      </Table>
    </details>
  );
}

function Figure({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <CardRoot>
      <CardBody className={css({ gap: '1' })}>
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: 'sm' })}>
          <span aria-hidden="true" className={css({ color: 'accent.text', display: 'inline-flex' })}>
            {icon}
          </span>
          {label}
        </p>
        <p className={css({ fontSize: '2xl', fontWeight: 'semibold', lineHeight: '1.1', fontVariantNumeric: 'tabular-nums' })}>{value}</p>
        {hint ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{hint}</p> : null}
      </CardBody>
    </CardRoot>
  );
}

function LoadFailure({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert status="error" title={title}>
      <span className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        {message}
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('page-retry')}
        </Button>
      </span>
    </Alert>
  );
}

function StatsSection({ stats }: { stats: Loadable<AdminStats> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-stats" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 id="dashboard-stats" className={sectionTitle}>
        {t('dashboard-stats_title')}
      </h2>
      {stats.status === 'loading' ? (
        <Skeleton lines={4} label={t('dashboard-stats_loading')} />
      ) : stats.status === 'error' ? (
        <LoadFailure title={t('dashboard-stats_error')} message={stats.message} onRetry={stats.onRetry} />
      ) : (
        <StatsFigures data={stats.data} />
      )}
    </section>
  );
}

function StatsFigures({ data }: { data: AdminStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const n = (value: number) => formatNumber(value, lang);
  const pct = (value: number) => formatPercent(value, lang);
  const days = (value: string | number) => t('dashboard-days', { count: Number(value), formatted: formatDecimal(value, lang) });
  const change = data.statusChangeStats;
  const savings = (value: string) => (Number(value) === 0 ? pct(0) : pct(Number(value)));
  const months = data.tendersByMonth.map((m) => ({ ...m, label: formatMonth(m.month, lang) }));
  const seriesNames = { created: t('dashboard-series_created'), submitted: t('dashboard-series_submitted'), won: t('dashboard-series_won') };
  const statusName = (status: string) => t(`tender-status_${status}`);
  const rates = [
    { name: t('dashboard-response_rate'), value: data.responseRate, color: CHART_COLORS.submitted },
    { name: t('dashboard-conversion_rate'), value: data.conversionRate, color: CHART_COLORS.won },
  ];
  const times = MEASURED_STATUSES.map((status) => ({ name: statusName(status), value: Number(change.statusBreakdown[status].averageDays), color: CHART_COLORS[status] }));

  return (
    <>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(5, 1fr)' }, gap: '4' })}>
        <Figure icon={<TrendingUp size={18} />} label={t('dashboard-total_tenders')} value={n(data.totalTenders)} />
        <Figure icon={<Percent size={18} />} label={t('dashboard-response_rate')} value={pct(data.responseRate)} hint={t('dashboard-response_rate_hint')} />
        <Figure icon={<Trophy size={18} />} label={t('dashboard-conversion_rate')} value={pct(data.conversionRate)} hint={t('dashboard-conversion_rate_hint')} />
        <Figure icon={<Timer size={18} />} label={t('dashboard-average_days')} value={days(change.averageDays)} hint={t('dashboard-average_days_hint', { count: change.totalCount, formatted: n(change.totalCount) })} />
        <Figure icon={<Gauge size={18} />} label={t('dashboard-time_savings')} value={savings(change.timeSavings)} hint={t('dashboard-time_savings_hint')} />
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('go_no_go-stats', { go: n(data.decisions.go), noGo: n(data.decisions.noGo) })}</p>
      <Panel id="dashboard-chart-months" title={t('dashboard-chart_months')} description={t('dashboard-chart_months_text')}>
        <ChartSlot>
          <GroupedBarChart
            label={t('dashboard-chart_months_label', { from: months[0]?.label ?? '', to: months.at(-1)?.label ?? '' })}
            rows={months}
            series={(['created', 'submitted', 'won'] as const).map((key) => ({ key, name: seriesNames[key], color: CHART_COLORS[key] }))}
            format={n}
          />
        </ChartSlot>
        <ChartData
          caption={t('dashboard-chart_months')}
          head={[t('dashboard-month'), seriesNames.created, seriesNames.submitted, seriesNames.won]}
          rows={months.map((m) => [m.label, n(m.created), n(m.submitted), n(m.won)])}
        />
      </Panel>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: '3fr 2fr' }, gap: '4' })}>
        <Panel id="dashboard-chart-times" title={t('dashboard-chart_times')} description={t('dashboard-chart_times_text')}>
          <ChartSlot>
            <HorizontalBarChart label={t('dashboard-chart_times')} rows={times} valueName={t('dashboard-average')} format={(v) => formatDecimal(v, lang)} />
          </ChartSlot>
          <ChartData
            caption={t('dashboard-chart_times')}
            head={[t('dashboard-status'), t('dashboard-changes'), t('dashboard-average'), t('dashboard-time_savings')]}
            rows={MEASURED_STATUSES.map((status) => {
              const s = change.statusBreakdown[status];
              return [statusName(status), n(s.count), days(s.averageDays), savings(s.timeSavings)];
            })}
          />
        </Panel>
        <Panel id="dashboard-chart-rates" title={t('dashboard-chart_rates')} description={t('dashboard-chart_rates_text')}>
          <ChartSlot>
            <HorizontalBarChart label={t('dashboard-chart_rates')} rows={rates} valueName={t('dashboard-rate')} format={pct} max={100} />
          </ChartSlot>
          <ChartData caption={t('dashboard-chart_rates')} head={[t('dashboard-rate'), t('dashboard-value')]} rows={rates.map((r) => [r.name, pct(r.value)])} />
        </Panel>
      </div>
    </>
  );
}

function LatestReports({ reports }: { reports: Loadable<ReportRow[]> }) {
  const { t, i18n } = useTranslation();
  return (
    <Panel
      id="dashboard-reports"
      title={t('dashboard-reports_title')}
      action={
        <Link href="/reports" className={cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))}>
          {t('dashboard-reports_all')}
        </Link>
      }
    >
      {reports.status === 'loading' ? (
        <Skeleton lines={3} label={t('list-loading')} />
      ) : reports.status === 'error' ? (
        <LoadFailure title={t('list-error_title')} message={reports.message} onRetry={reports.onRetry} />
      ) : reports.data.length === 0 ? (
        <EmptyState icon={<LifeBuoy size={22} />} title={t('dashboard-reports_empty')} description={t('dashboard-reports_empty_text')} />
      ) : (
        <ul className={itemList}>
          {reports.data.map((report) => (
            <li key={report._id} className={itemRow}>
              <span className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
                <Link href="/reports" className={css({ fontWeight: 'medium' })}>
                  {report.title}
                </Link>
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  {t(`report-type_${report.type}`)} · {report.reporter?.username ?? t('dashboard-reporter_gone')} · <time dateTime={report.createdAt}>{formatDateTime(report.createdAt, i18n.language)}</time>
                </span>
              </span>
              <ReportStatusBadge status={report.status} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

// ——— Staff: the company's work ———

const itemList = css({ display: 'flex', flexDirection: 'column', listStyle: 'none', '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' } });
const itemRow = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3', py: '2', flexWrap: 'wrap' });

function CompanyWork({ companyId, data }: { companyId: string; data: DashboardSummary }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const pipeline = data.pipeline ?? [];
  const deadlines = data.nextDeadlines ?? [];
  const documents = data.expiringDocuments ?? [];
  const tasks = data.openTasks ?? [];
  const tracked = pipeline.reduce((sum, p) => sum + p.count, 0);
  const statusName = (status: string) => t(`tender-status_${status}`);
  const emptyLink = (href: string, label: string) => (
    <Link href={href} className={cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))}>
      {label}
    </Link>
  );

  return (
    <section aria-labelledby="dashboard-work" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 id="dashboard-work" className={sectionTitle}>
        {t('dashboard-work_title')}
      </h2>
      <div className={cardGrid}>
        <Panel id="dashboard-pipeline" title={t('dashboard-pipeline_title')} description={t('dashboard-pipeline_text', { count: tracked, formatted: formatNumber(tracked, lang) })}>
          {tracked === 0 ? (
            <EmptyState icon={<TrendingUp size={22} />} title={t('dashboard-pipeline_empty')} description={t('dashboard-pipeline_empty_text')} actions={emptyLink('/potential-tenders', t('dashboard-pipeline_empty_action'))} />
          ) : (
            <>
              <ChartSlot>
                <HorizontalBarChart
                  label={t('dashboard-pipeline_title')}
                  rows={pipeline.map((p) => ({ name: statusName(p.status), value: p.count, color: CHART_COLORS_BY_STATUS[p.status] ?? CHART_COLORS.neutral }))}
                  format={(v) => formatNumber(v, lang)}
                  valueName={t('dashboard-tenders_count')}
                  height={220}
                />
              </ChartSlot>
              <ul aria-label={t('dashboard-pipeline_title')} className={itemList}>
                {pipeline.map((p) => (
                  <li key={p.status} className={itemRow}>
                    <Link href={`/company/tenders?status=${p.status}`} aria-label={t('dashboard-pipeline_item', { status: statusName(p.status), count: p.count })} className={css({ display: 'inline-flex' })}>
                      <TenderStatusBadge status={p.status} />
                    </Link>
                    <span className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>{formatNumber(p.count, lang)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          {/* The pipeline leaves no-go tenders out; the decisions taken are counted here (issue 13). */}
          {data.decisions ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              <Link href="/company/tenders">{t('go_no_go-stats', { go: formatNumber(data.decisions.go, lang), noGo: formatNumber(data.decisions.noGo, lang) })}</Link>
            </p>
          ) : null}
        </Panel>
        <Panel id="dashboard-deadlines" title={t('dashboard-deadlines_title')} description={t('dashboard-deadlines_text')}>
          {deadlines.length === 0 ? (
            <EmptyState icon={<CalendarClock size={22} />} title={t('dashboard-deadlines_empty')} description={t('dashboard-deadlines_empty_text')} actions={emptyLink('/company/tenders', t('dashboard-deadlines_empty_action'))} />
          ) : (
            <ul className={itemList}>
              {deadlines.map((d) => (
                <li key={d._id} className={itemRow}>
                  <span className={css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0, flex: '1 1 14rem' })}>
                    <Link href={`/tenders/${d._id}`} className={css({ fontWeight: 'medium' })}>
                      {d.title}
                    </Link>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      {d.reference} · {d.buyer}
                    </span>
                    <span>
                      <TenderStatusBadge status={d.status} />
                    </span>
                  </span>
                  <Deadline value={d.submissionDeadline} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel
          id="dashboard-documents"
          title={t('dashboard-documents_title')}
          description={t('dashboard-documents_text')}
          action={
            <Link href={`/company/documents/${companyId}`} className={cx(button({ variant: 'outline', size: 'sm' }), css({ textDecoration: 'none' }))}>
              {t('dashboard-documents_all')}
            </Link>
          }
        >
          {data.documentsCount === 0 ? (
            // An empty vault is not "all up to date": there is nothing to watch yet.
            <EmptyState
              icon={<FileWarning size={22} />}
              title={t('dashboard-documents_none')}
              description={t('dashboard-documents_none_text')}
              actions={
                <Link href={`/company/documents/${companyId}`} className={cx(button({ variant: 'solid', size: 'sm' }), css({ textDecoration: 'none' }))}>
                  {t('dashboard-documents_add')}
                </Link>
              }
            />
          ) : documents.length === 0 ? (
            <EmptyState icon={<FileWarning size={22} />} title={t('dashboard-documents_empty')} description={t('dashboard-documents_empty_text')} />
          ) : (
            <ul className={itemList}>
              {documents.map((doc) => (
                <li key={doc._id} className={itemRow}>
                  <span className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
                    <Link href={`/company/documents/${companyId}`} className={css({ fontWeight: 'medium' })}>
                      {doc.title}
                    </Link>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      {t(`companydocs-kind_${doc.kind}`)} · <time dateTime={doc.validUntil}>{formatDate(`${doc.validUntil}T12:00:00Z`, lang)}</time>
                    </span>
                  </span>
                  <ValidityBadge doc={doc} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="dashboard-tasks" title={t('dashboard-tasks_title')} description={t('dashboard-tasks_text')}>
          {tasks.length === 0 ? (
            <EmptyState icon={<ListTodo size={22} />} title={t('dashboard-tasks_empty')} description={t('dashboard-tasks_empty_text')} actions={emptyLink('/company/tenders', t('dashboard-tasks_empty_action'))} />
          ) : (
            <ul className={itemList}>
              {tasks.map((task) => (
                <li key={task._id} className={itemRow}>
                  <span className={css({ display: 'flex', flexDirection: 'column', minW: 0, flex: '1 1 14rem' })}>
                    <Link href={`/tenders/${task.tenderId}/planning`} className={css({ fontWeight: 'medium', display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                      {task.milestone ? (
                        <>
                          <Diamond size={12} aria-hidden="true" />
                          <span className={css({ srOnly: true })}>{t('dashboard-milestone')} </span>
                        </>
                      ) : null}
                      {task.name}
                    </Link>
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{task.tenderTitle}</span>
                  </span>
                  <span className={css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' })}>
                    {task.startDate === task.endDate
                      ? t('dashboard-task_on', { date: formatDate(`${task.endDate}T12:00:00Z`, lang) })
                      : t('dashboard-task_until', { date: formatDate(`${task.endDate}T12:00:00Z`, lang) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </section>
  );
}
