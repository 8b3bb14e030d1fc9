import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Badge } from '../components/Badge';
import { DceFactValue } from '../dce-analyses/DceFactValue';
import { formatDateTime, formatDeadline } from '../format';
import { Deadline } from './TenderBadges';

export type TenderKeyFacts = components['schemas']['TenderKeyFacts'];
export type TenderKeyFact = components['schemas']['TenderKeyFact'];

/** The check state's colour, as on the DCE analysis page. */
export const CHECK_TONE = { extracted: 'warning', confirmed: 'success', corrected: 'accent' } as const;

/** The order the facts are shown in (the server's). */
export const KEY_FACT_ORDER: readonly TenderKeyFact['key'][] = ['submissionDeadline', 'questionsDeadline', 'siteVisit', 'awardCriteria', 'awardCriteriaByLots', 'candidatureDocuments', 'offerDocuments'];

/** The facts by their key. */
export const keyFactsByKey = (keyFacts: TenderKeyFacts | null | undefined) =>
  Object.fromEntries((keyFacts?.facts ?? []).map((fact) => [fact.key, fact])) as Partial<Record<TenderKeyFact['key'], TenderKeyFact>>;

/**
 * A key fact as the DCE analysis gives it: its value, its check state, and — when the call's own
 * record says otherwise — that record beside it, never one of the two chosen silently.
 */
export function AnalysedFact({ fact, children }: { fact: TenderKeyFact; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const recorded = fact.conflict?.callValue as string | { required: boolean; date?: string } | null | undefined;
  const recordText =
    recorded === null || recorded === undefined
      ? t('tenderdetails-record_none')
      : typeof recorded === 'string'
        ? formatDeadline(recorded, language)
        : `${t(recorded.required ? 'tenderdetails-visit_mandatory' : 'tenderdetails-visit_optional')}${recorded.date ? ` · ${formatDateTime(recorded.date, language)}` : ''}`;
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start', maxW: 'full' })}>
      <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', maxW: 'full' })}>
        {children ?? <DceFactValue fact={fact} />}
        <Badge tone={CHECK_TONE[fact.status]} dot>
          {t(`dceanalysis-status_${fact.status}`)}
        </Badge>
        {fact.sourceChanged ? <Badge tone="warning">{t('dceanalysis-source_changed')}</Badge> : null}
      </span>
      {fact.conflict ? (
        <span role="note" className={css({ fontSize: 'xs', color: 'warning.text' })}>
          {t('tenderdetails-record_differs', { value: recordText })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * An analysed key fact's value with its check state: the deadlines with their time zone and the
 * time left (counted in calendar days by rules/calendar.ts), the criteria with their weights.
 */
export function KeyFactValue({ fact, now }: { fact: TenderKeyFact; now?: number }) {
  const deadline = (fact.key === 'submissionDeadline' || fact.key === 'questionsDeadline') && typeof fact.value === 'string';
  return <AnalysedFact fact={fact}>{deadline ? <Deadline value={fact.value as string} now={now} /> : undefined}</AnalysedFact>;
}

const term = css({ fontSize: 'xs', fontWeight: 'medium', color: 'fg.muted', textTransform: 'none' });
const item = css({ display: 'flex', flexDirection: 'column', gap: '1', py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', _first: { pt: 0 }, _last: { borderBottom: 'none', pb: 0 } });

/**
 * The analysed key facts as a list of terms, one under the other (a narrow column: the memory's
 * side panel): the same values and check states as the tender page.
 */
export function KeyFactsList({ facts, now }: { facts: readonly TenderKeyFact[]; now?: number }) {
  const { t } = useTranslation();
  const ordered = KEY_FACT_ORDER.flatMap((key) => facts.filter((fact) => fact.key === key));
  return (
    <dl className={css({ m: 0, display: 'flex', flexDirection: 'column' })}>
      {ordered.map((fact) => (
        <div key={fact.key} className={item}>
          <dt className={term}>{t(`dcefact-${fact.key}`)}</dt>
          <dd className={css({ m: 0, fontSize: 'sm', minW: 0, overflowWrap: 'anywhere' })}>
            <KeyFactValue fact={fact} now={now} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
