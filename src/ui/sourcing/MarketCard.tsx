import { useTranslation } from 'react-i18next';
import { webLink } from '../../../rules/links';
import { ExternalLink, History, Landmark } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { Table, TableCell, TableHead, TableHeader, TableRow } from '../components/Table';
import { formatAmount, formatDate, formatList, formatNumber } from '../format';

export type TenderCallMarket = components['schemas']['TenderCallMarket'];
export type NoticeLink = components['schemas']['NoticeLink'];
type Winner = components['schemas']['AwardWinner'];
type Change = TenderCallMarket['changes'][number]['changes'][number];

export type MarketCardProps = {
  state: 'loading' | 'failed' | 'ready';
  call: { buyer: string; status: 'open' | 'cancelled' | 'awarded'; links: NoticeLink[] };
  market: TenderCallMarket | null;
  error: string | null;
  onRetry: () => void;
};

const SOURCES: Record<string, string> = { boamp: 'BOAMP', ted: 'TED', decp: 'DECP' };
const sourceName = (source: string) => SOURCES[source] ?? source;
export const winnersOf = (winners: Winner[]) => winners.map((w) => w.name ?? w.siret ?? '—');
const FIELDS = ['submissionDeadline', 'estimatedAmount', 'cpvCodes', 'procedure', 'status', 'awards', 'lots', 'buyerSiret', 'buyerReference', 'department'];

/** One change as a line: "Date limite : 12/03/2026 → 19/03/2026". */
function describeChange(change: Change, t: (key: string, vars?: Record<string, unknown>) => string, language: string): string {
  const value = (v: unknown): string => {
    if (v == null || v === '') return '—';
    if (Array.isArray(v)) return v.join(', ');
    if (change.field === 'submissionDeadline' && typeof v === 'string') return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }).format(new Date(v));
    if (change.field === 'estimatedAmount' && typeof v === 'number') return formatAmount(v, language);
    if (change.field === 'status' && typeof v === 'string') return t(`market-status_${v}`);
    return String(v);
  };
  const label = t(FIELDS.includes(change.field) ? `market-field_${change.field}` : 'market-field_other');
  return change.from === null && change.field === 'awards' ? `${label} : ${value(change.to)}` : `${label} : ${value(change.from)} → ${value(change.to)}`;
}

/** What the imports know of the call's market: status and notices, changes, the buyer's past awards. */
export function MarketCard({ state, call, market, error, onRetry }: MarketCardProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const stats = market?.buyerStats;
  return (
    <CardRoot aria-busy={state === 'loading'}>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
        <CardTitle>{t('market-title')}</CardTitle>
        {call.status !== 'open' ? <Badge tone={call.status === 'cancelled' ? 'danger' : 'success'} dot>{t(`market-status_${call.status}`)}</Badge> : null}
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        <section aria-labelledby="market-links">
          <h3 id="market-links" className={css({ fontWeight: 'semibold', mb: '2' })}>
            {t('market-links_title')}
          </h3>
          {call.links.length === 0 ? (
            <p className={css({ color: 'fg.muted' })}>{t('market-links_none')}</p>
          ) : (
            <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              {call.links.map((link) => {
                const text = t('market-link', { source: sourceName(link.source), id: link.sourceId, kind: t(`market-kind_${link.kind}`) });
                return (
                  <li key={`${link.source}:${link.sourceId}`}>
                    {webLink(link.url) ? (
                      <a href={webLink(link.url)!} target="_blank" rel="noreferrer" className={css({ color: 'accent.text', textDecoration: 'underline', display: 'inline-flex', alignItems: 'center', gap: '1' })}>
                        {text}
                        <ExternalLink size={14} aria-hidden="true" />
                      </a>
                    ) : (
                      text
                    )}
                    {link.publishedAt ? <span className={css({ color: 'fg.muted' })}> · {formatDate(link.publishedAt, lng)}</span> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        {state === 'loading' ? (
          <Skeleton label={t('market-loading')} />
        ) : state === 'failed' ? (
          <Alert status="error" title={t('market-load_failed')}>
            <p>{error}</p>
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('market-retry')}
            </Button>
          </Alert>
        ) : market ? (
          <>
            <section aria-labelledby="market-changes">
              <h3 id="market-changes" className={css({ fontWeight: 'semibold', mb: '2' })}>
                {t('market-changes_title')}
              </h3>
              {market.changes.length === 0 ? (
                <p className={css({ color: 'fg.muted' })}>{t('market-changes_none')}</p>
              ) : (
                <ol aria-label={t('market-changes_title')} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
                  {market.changes.map((entry, i) => (
                    <li key={`${entry.sourceId}-${i}`}>
                      <span className={css({ fontWeight: 'medium' })}>{t('market-change_heading', { kind: t(`market-change_${entry.kind}`), source: sourceName(entry.source), id: entry.sourceId, date: formatDate(entry.createdAt, lng) })}</span>
                      <ul className={css({ pl: '4', listStyle: 'disc' })}>
                        {entry.changes.map((c) => (
                          <li key={c.field}>{describeChange(c, t, lng)}</li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ol>
              )}
            </section>

            {market.awards.length ? (
              <section aria-labelledby="market-awards">
                <h3 id="market-awards" className={css({ fontWeight: 'semibold', mb: '2' })}>
                  {t('market-awards_title')}
                </h3>
                <ul>
                  {market.awards.map((a, i) => (
                    <li key={i}>
                      {t('market-award_line', { winners: formatList(winnersOf(a.winners), lng), amount: a.amount === null ? t('market-amount_unknown') : formatAmount(a.amount, lng), date: a.awardDate ? formatDate(a.awardDate, lng) : '—' })}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <section aria-labelledby="market-buyer">
              <h3 id="market-buyer" className={css({ fontWeight: 'semibold', mb: '2' })}>
                {t('market-buyer_title', { buyer: call.buyer })}
              </h3>
              {market.similar.by === null ? (
                <EmptyState icon={<Landmark />} title={t('market-buyer_no_buyer')} />
              ) : market.similar.cpvPrefixes.length === 0 ? (
                <EmptyState icon={<Landmark />} title={t('market-buyer_no_cpv')} />
              ) : market.buyerAwards.length === 0 ? (
                <EmptyState icon={<History />} title={t('market-buyer_none', { buyer: call.buyer, prefixes: market.similar.cpvPrefixes.map((p) => `${p}…`).join(', ') })} description={t('market-buyer_none_why')} />
              ) : (
                <>
                  {stats && stats.count > 0 ? (
                    <p data-testid="market-stats" className={css({ mb: '2' })}>
                      {[
                        t('market-stats_count', { count: stats.count, year: stats.since?.slice(0, 4) ?? '' }),
                        stats.medianAmount !== null ? t('market-stats_median', { amount: formatAmount(stats.medianAmount, lng) }) : null,
                        stats.topWinners[0] && stats.topWinners[0].count > 1 ? t('market-stats_top', { winner: stats.topWinners[0].name ?? stats.topWinners[0].siret ?? '—', count: formatNumber(stats.topWinners[0].count, lng) }) : null,
                      ]
                        .filter(Boolean)
                        .join(', ')}
                      .
                    </p>
                  ) : null}
                  <Table caption={t('market-buyer_table', { buyer: call.buyer })} stackOnPhone>
                    <TableHead>
                      <TableRow>
                        <TableHeader>{t('market-col_contract')}</TableHeader>
                        <TableHeader>{t('market-col_winner')}</TableHeader>
                        <TableHeader>{t('market-col_amount')}</TableHeader>
                        <TableHeader>{t('market-col_date')}</TableHeader>
                        <TableHeader>{t('market-col_offers')}</TableHeader>
                      </TableRow>
                    </TableHead>
                    <tbody>
                      {market.buyerAwards.map((a) => (
                        <TableRow key={a._id}>
                          <TableCell label={t('market-col_contract')}>
                            {webLink(a.link.url) ? (
                              <a href={webLink(a.link.url)!} target="_blank" rel="noreferrer" className={css({ color: 'accent.text', textDecoration: 'underline' })}>
                                {a.title}
                              </a>
                            ) : (
                              a.title
                            )}
                            <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'sm' })}>{t('market-award_source', { source: sourceName(a.link.source), cpv: a.cpvCodes.slice(0, 2).join(', ') })}</span>
                          </TableCell>
                          <TableCell label={t('market-col_winner')}>{formatList(winnersOf(a.winners), lng) || '—'}</TableCell>
                          <TableCell label={t('market-col_amount')}>{a.amount === null ? '—' : formatAmount(a.amount, lng)}</TableCell>
                          <TableCell label={t('market-col_date')}>{a.awardDate ? formatDate(a.awardDate, lng) : '—'}</TableCell>
                          <TableCell label={t('market-col_offers')}>{a.offers === null ? t('market-offers_unknown') : formatNumber(a.offers, lng)}</TableCell>
                        </TableRow>
                      ))}
                    </tbody>
                  </Table>
                </>
              )}
            </section>
          </>
        ) : null}
      </CardBody>
    </CardRoot>
  );
}
