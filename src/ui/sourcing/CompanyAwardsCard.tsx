import { useTranslation } from 'react-i18next';
import { webLink } from '../../../rules/links';
import { Link } from 'wouter';
import { Trophy } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Pagination } from '../components/Pagination';
import { Skeleton } from '../components/Skeleton';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatAmount, formatDate, formatList } from '../format';
import { winnersOf } from './MarketCard';

export type CompanyAwardList = components['schemas']['CompanyAwardList'];

export type CompanyAwardsCardProps = {
  state: 'loading' | 'failed' | 'ready';
  awards: CompanyAwardList | null;
  page: number;
  /** The company's SIRET is known: its wins can be found in award notices and DECP records. */
  hasSiret: boolean;
  error: string | null;
  onRetry: () => void;
  onPage: (page: number) => void;
};

/** The calls the company won (award notices and DECP naming its SIRET) and lost (its lost tenders). */
export function CompanyAwardsCard({ state, awards, page, hasSiret, error, onRetry, onPage }: CompanyAwardsCardProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <CardRoot aria-busy={state === 'loading'}>
      <CardHeader>
        <CardTitle>{t('companyawards-title')}</CardTitle>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {state === 'failed' ? (
          <Alert status="error" title={t('companyawards-load_failed')}>
            <p>{error}</p>
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('market-retry')}
            </Button>
          </Alert>
        ) : !awards ? (
          <Skeleton label={t('companyawards-loading')} />
        ) : awards.count === 0 ? (
          <EmptyState icon={<Trophy />} title={t('companyawards-none')} description={t(hasSiret ? 'companyawards-none_why' : 'companyawards-none_no_siret')} />
        ) : (
          <>
            <Table caption={t('companyawards-title')} busy={state === 'loading'} stackOnPhone>
              <TableHead>
                <TableRow>
                  <TableHeader>{t('companyawards-col_outcome')}</TableHeader>
                  <TableHeader>{t('market-col_contract')}</TableHeader>
                  <TableHeader>{t('market-col_winner')}</TableHeader>
                  <TableHeader>{t('market-col_amount')}</TableHeader>
                  <TableHeader>{t('market-col_date')}</TableHeader>
                </TableRow>
              </TableHead>
              <tbody>
                {awards.awards.map((a, i) => (
                  <TableRow key={`${a.outcome}-${a.tenderId ?? a.link?.sourceId ?? i}-${i}`}>
                    <TableCell label={t('companyawards-col_outcome')}>
                      <Badge tone={a.outcome === 'won' ? 'success' : 'neutral'} dot>
                        {t(`companyawards-${a.outcome}`)}
                      </Badge>
                    </TableCell>
                    <TableCell label={t('market-col_contract')}>
                      {a.tenderId ? (
                        <Link href={`/tenders/${a.tenderId}`} className={css({ color: 'accent.text', textDecoration: 'underline' })}>
                          {a.title}
                        </Link>
                      ) : webLink(a.link?.url) ? (
                        <a href={webLink(a.link?.url)!} target="_blank" rel="noreferrer" className={css({ color: 'accent.text', textDecoration: 'underline' })}>
                          {a.title}
                        </a>
                      ) : (
                        a.title
                      )}
                      {a.buyer ? <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>{a.buyer}</span> : null}
                    </TableCell>
                    <TableCell label={t('market-col_winner')}>{a.winners.length ? formatList(winnersOf(a.winners), lng) : t('companyawards-winner_unknown')}</TableCell>
                    <TableCell label={t('market-col_amount')}>{a.amount === null ? '—' : formatAmount(a.amount, lng)}</TableCell>
                    <TableCell label={t('market-col_date')}>{a.awardDate ? formatDate(a.awardDate, lng) : '—'}</TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
            {awards.totalPages > 1 ? <Pagination page={page} totalPages={awards.totalPages} count={awards.count} onPageChange={onPage} disabled={state === 'loading'} label={t('companyawards-title')} /> : null}
          </>
        )}
      </CardBody>
    </CardRoot>
  );
}
