import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FileText, Radar } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { TENDER_STATUSES, type TenderStatus } from '../../../rules/tender-lifecycle';
import { ListFrame, PageHeading, type ListState } from '../components/ListFrame';
import { Deadline, FreshnessBadge, isNewSince, MatchBadge, TenderStatusBadge } from './TenderBadges';
import type { MatchStatus, TenderListRow } from './tender-types';

export const MATCH_STATUSES: MatchStatus[] = ['high', 'medium', 'low', 'none'];

export type TendersViewProps = {
  /** admin: every company's tenders, with a company column and filter; company: the caller's. */
  scope: 'admin' | 'company';
  list: ListState<TenderListRow>;
  /** The user's previous visit of this list: tenders added to the pipeline since are marked "New"; null marks none. */
  seenBefore: string | null;
  search: string;
  status: TenderStatus | '';
  matchStatus: MatchStatus | '';
  companyId: string;
  companies: { _id: string; name: string }[];
  onSearch: (search: string) => void;
  onStatus: (status: TenderStatus | '') => void;
  onMatchStatus: (matchStatus: MatchStatus | '') => void;
  onCompany: (companyId: string) => void;
  /** The Go/No-Go view: the active pipeline (''), the tenders set aside by a no-go, or all. */
  goNoGo?: '' | 'no_go' | 'all';
  onGoNoGo?: (value: '' | 'no_go' | 'all') => void;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** The "List | Board" switch of the company's tenders. */
  viewSwitch?: ReactNode;
};

export function TendersView(props: TendersViewProps) {
  const { t } = useTranslation();
  const { list } = props;
  const admin = props.scope === 'admin';
  const title = admin ? t('tenders-title_admin') : t('tenders-title');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <PageHeading title={title} description={admin ? t('tenders-subtitle_admin') : t('tenders-subtitle')} action={props.viewSwitch} />
      <ListFrame
        list={list}
        narrowed={props.search.trim() !== '' || props.status !== '' || props.matchStatus !== '' || props.companyId !== ''}
        onRetry={props.onRetry}
        onPageChange={props.onPage}
        empty={{
          icon: <FileText size={22} />,
          title: t('tenders-empty_title'),
          description: admin ? t('tenders-empty_text_admin') : t('tenders-empty_text'),
          actions: (
            <Link href="/potential-tenders" className={button({ variant: 'outline' })}>
              <Radar size={16} aria-hidden="true" />
              {t('tenders-empty_action')}
            </Link>
          ),
        }}
        toolbar={
          <>
            <SearchInput label={t('tenders-search')} placeholder={t('tenders-search_placeholder')} value={props.search} onChange={props.onSearch} />
            <Select
              label={t('tenders-filter_status')}
              value={props.status}
              options={[{ value: '', label: t('tenders-all_statuses') }, ...TENDER_STATUSES.map((s) => ({ value: s, label: t(`tender-status_${s}`) }))]}
              onChange={(v) => props.onStatus(v as TenderStatus | '')}
            />
            <Select
              label={t('tenders-filter_match')}
              value={props.matchStatus}
              options={[{ value: '', label: t('tenders-all_matches') }, ...MATCH_STATUSES.map((m) => ({ value: m, label: t(`tender-match_${m}`) }))]}
              onChange={(v) => props.onMatchStatus(v as MatchStatus | '')}
            />
            {admin ? (
              <Select
                label={t('tenders-filter_company')}
                value={props.companyId}
                options={[{ value: '', label: t('adminusers-all_companies') }, ...props.companies.map((c) => ({ value: c._id, label: c.name }))]}
                onChange={props.onCompany}
              />
            ) : null}
            {props.onGoNoGo ? (
              <Select
                label={t('go_no_go-filter_label')}
                value={props.goNoGo ?? ''}
                options={[
                  { value: '', label: t('go_no_go-filter_active') },
                  { value: 'no_go', label: t('go_no_go-filter_no_go') },
                  { value: 'all', label: t('go_no_go-filter_all') },
                ]}
                onChange={(v) => props.onGoNoGo?.(v as '' | 'no_go' | 'all')}
              />
            ) : null}
          </>
        }
      >
        {/* On phones each tender is a card: its status and deadline stay in view (issue 10). */}
        <Table caption={title} stackOnPhone>
          <TableHead>
            <TableRow>
              <TableHeader>{t('tenders-col_tender')}</TableHeader>
              {admin ? <TableHeader>{t('tenders-col_company')}</TableHeader> : null}
              <TableHeader>{t('tenders-col_buyer')}</TableHeader>
              <TableHeader>{t('tenders-col_status')}</TableHeader>
              <TableHeader>{t('tenders-col_deadline')}</TableHeader>
              <TableHeader>{t('tenders-col_match')}</TableHeader>
            </TableRow>
          </TableHead>
          <tbody>
            {list.items.map((tender) => (
              <TableRow key={tender._id}>
                <TableCell className={css({ minW: '13rem', maxW: '28rem' })}>
                  <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                    {/* The lots ride with the reference: a column of their own pushed the table past a laptop's width. */}
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                      {isNewSince(tender.createdAt, props.seenBefore) ? (
                        <>
                          <FreshnessBadge />{' '}
                        </>
                      ) : null}
                      <span className={css({ fontFamily: 'mono' })}>{tender.tenderCall.reference}</span> ·{' '}
                      <span>
                        {tender.tenderCall.lotsCount === 0
                          ? t('tenders-lots_single')
                          : t('tenders-lots_meta', { answered: tender.answeredLotsCount, total: tender.tenderCall.lotsCount })}
                      </span>
                    </span>
                    <Link href={`/tenders/${tender._id}`} className={css({ fontWeight: 'medium' })}>
                      {tender.tenderCall.title}
                    </Link>
                  </div>
                </TableCell>
                {admin ? <TableCell label={t('tenders-col_company')}>{tender.company.name}</TableCell> : null}
                <TableCell label={t('tenders-col_buyer')} className={css({ minW: '8rem' })}>
                  {tender.tenderCall.buyer}
                </TableCell>
                <TableCell label={t('tenders-col_status')}>
                  <TenderStatusBadge status={tender.status} />
                </TableCell>
                <TableCell label={t('tenders-col_deadline')}>
                  <Deadline value={tender.tenderCall.submissionDeadline} />
                </TableCell>
                <TableCell label={t('tenders-col_match')}>
                  <MatchBadge matchStatus={tender.matchStatus} score={tender.matchScore} />
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </ListFrame>
    </div>
  );
}
