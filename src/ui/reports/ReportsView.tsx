import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleDot, CircleX, Eye, LifeBuoy, LoaderCircle } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Dialog } from '../components/Dialog';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatDate, formatDateTime } from '../format';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';

export type ReportRow = components['schemas']['Report'];
export type ReportStatus = ReportRow['status'];
export type ReportFilters = { status: string; type: string; priority: string };

export type ReportsViewProps = {
  list: ListState<ReportRow>;
  search: string;
  filters: ReportFilters;
  viewing: ReportRow | null;
  statusBusy: boolean;
  statusError: string | null;
  onSearch: (search: string) => void;
  onFilter: (filters: Partial<ReportFilters>) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  onView: (report: ReportRow) => void;
  onCloseView: () => void;
  onStatus: (report: ReportRow, status: ReportStatus) => void;
};

const STATUSES: ReportStatus[] = ['open', 'in_progress', 'resolved', 'closed'];
const TYPES: ReportRow['type'][] = ['bug', 'feature_request', 'feedback', 'other'];
const PRIORITIES: ReportRow['priority'][] = ['low', 'medium', 'high', 'critical'];

const STATUS_ICONS = { open: CircleDot, in_progress: LoaderCircle, resolved: CircleCheck, closed: CircleX } as const;
const STATUS_TONES = { open: 'accent', in_progress: 'warning', resolved: 'success', closed: 'neutral' } as const;
const PRIORITY_TONES = { low: 'neutral', medium: 'accent', high: 'warning', critical: 'danger' } as const;

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICONS[status];
  return (
    <Badge tone={STATUS_TONES[status]}>
      <Icon size={12} aria-hidden="true" />
      {t(`report-status_${status}`)}
    </Badge>
  );
}

export function ReportsView(props: ReportsViewProps) {
  const { t, i18n } = useTranslation();
  const { list, filters, viewing } = props;
  const statusOptions = STATUSES.map((value) => ({ value, label: t(`report-status_${value}`) }));
  const narrowed = props.search.trim() !== '' || filters.status !== '' || filters.type !== '' || filters.priority !== '';
  const reporterName = (report: ReportRow) => report.reporter?.username ?? t('reports-reporter_unknown');

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={t('reports-title')} description={t('reports-subtitle')} />
      <ListFrame
        list={list}
        narrowed={narrowed}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{ icon: <LifeBuoy size={22} />, title: t('reports-empty_title'), description: t('reports-empty_text') }}
        toolbar={
          <>
            <SearchInput label={t('reports-search')} placeholder={t('reports-search_placeholder')} value={props.search} onChange={props.onSearch} />
            <Select label={t('reports-filter_status')} value={filters.status} options={[{ value: '', label: t('reports-all_statuses') }, ...statusOptions]} onChange={(status) => props.onFilter({ status })} />
            <Select
              label={t('reports-filter_type')}
              value={filters.type}
              options={[{ value: '', label: t('reports-all_types') }, ...TYPES.map((value) => ({ value, label: t(`report-type_${value}`) }))]}
              onChange={(type) => props.onFilter({ type })}
            />
            <Select
              label={t('reports-filter_priority')}
              value={filters.priority}
              options={[{ value: '', label: t('reports-all_priorities') }, ...PRIORITIES.map((value) => ({ value, label: t(`report-priority_${value}`) }))]}
              onChange={(priority) => props.onFilter({ priority })}
            />
          </>
        }
      >
        <Table caption={t('reports-title')}>
          <TableHead>
            <TableRow>
              <TableHeader>{t('reports-col_title')}</TableHeader>
              <TableHeader>{t('reports-col_type')}</TableHeader>
              <TableHeader>{t('reports-col_priority')}</TableHeader>
              <TableHeader>{t('reports-col_status')}</TableHeader>
              <TableHeader>{t('reports-col_reporter')}</TableHeader>
              <TableHeader>{t('reports-col_date')}</TableHeader>
              <TableHeader>
                <span className={css({ srOnly: true })}>{t('adminusers-col_actions')}</span>
              </TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((report) => (
              <TableRow key={report._id}>
                <TableCell className={css({ minW: '14rem', fontWeight: 'medium' })}>{report.title}</TableCell>
                <TableCell className={css({ whiteSpace: 'nowrap' })}>{t(`report-type_${report.type}`)}</TableCell>
                <TableCell>
                  <Badge tone={PRIORITY_TONES[report.priority]} dot>
                    {t(`report-priority_${report.priority}`)}
                  </Badge>
                </TableCell>
                <TableCell>
                  <ReportStatusBadge status={report.status} />
                </TableCell>
                <TableCell>
                  <div className={css({ display: 'flex', flexDirection: 'column', minW: '10rem' })}>
                    <span>{reporterName(report)}</span>
                    <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{report.company?.name ?? t('reports-no_company')}</span>
                  </div>
                </TableCell>
                <TableCell className={css({ whiteSpace: 'nowrap', color: 'fg.muted' })}>{formatDate(report.createdAt, i18n.language)}</TableCell>
                <TableCell>
                  <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
                    <Button size="sm" variant="ghost" onClick={() => props.onView(report)} aria-label={t('reports-view_named', { title: report.title })}>
                      <Eye size={16} aria-hidden="true" />
                      {t('reports-view')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </ListFrame>
      <Dialog
        open={viewing !== null}
        size="lg"
        onClose={props.onCloseView}
        title={viewing?.title ?? ''}
        description={viewing ? t('reports-sent_by', { name: reporterName(viewing), date: formatDateTime(viewing.createdAt, i18n.language) }) : undefined}
        footer={
          <Button variant="outline" onClick={props.onCloseView}>
            {t('dialog-close')}
          </Button>
        }
      >
        {viewing ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              <Badge tone="neutral">{t(`report-type_${viewing.type}`)}</Badge>
              <Badge tone={PRIORITY_TONES[viewing.priority]} dot>
                {t(`report-priority_${viewing.priority}`)}
              </Badge>
              <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{viewing.company?.name ?? t('reports-no_company')}</span>
            </div>
            <section className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('report-description')}</h3>
              <p className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{viewing.description}</p>
            </section>
            <section className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('reports-detail_url')}</h3>
              <p className={css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere', color: 'fg.muted' })}>{viewing.currentUrl}</p>
            </section>
            <section className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('reports-detail_screenshot')}</h3>
              {viewing.screenshot ? (
                <img
                  src={viewing.screenshot.url}
                  alt={t('reports-screenshot_alt', { title: viewing.title })}
                  className={css({ maxW: 'full', maxH: '24rem', objectFit: 'contain', borderWidth: '1px', borderColor: 'border.default', rounded: 'md' })}
                />
              ) : (
                <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('reports-no_screenshot')}</p>
              )}
            </section>
            <div className={css({ display: 'flex', alignItems: 'flex-end', gap: '3' })}>
              <Select
                label={t('reports-change_status')}
                value={viewing.status}
                options={statusOptions}
                disabled={props.statusBusy}
                onChange={(status) => props.onStatus(viewing, status as ReportStatus)}
              />
              {props.statusBusy ? <Spinner size="sm" label={t('common-loading')} /> : null}
            </div>
            {props.statusError ? <Alert status="error" title={t('reports-status_error')}>{props.statusError}</Alert> : null}
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
