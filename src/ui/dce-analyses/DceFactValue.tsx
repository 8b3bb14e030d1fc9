import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { formatDateTime, formatList } from '../format';

export type DceFact = components['schemas']['DceFact'];
export type DceFactKey = components['schemas']['DceFactKey'];

type Criterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
type Lots = { allotted: boolean; lots: { number: number; title: string; estimatedAmount?: number }[] };

const percent = (weight: number, language: string) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(weight)} %`;

/** A fact's value as a person reads it: dates in Paris time, criteria with their weights, lots, yes or no. */
export function DceFactValue({ fact }: { fact: Pick<DceFact, 'key' | 'value'> }): ReactNode {
  const { t, i18n } = useTranslation();
  const { key, value } = fact;
  const language = i18n.language;
  switch (key) {
    case 'submissionDeadline':
    case 'questionsDeadline':
      return typeof value === 'string' ? formatDateTime(value, language) : null;
    case 'siteVisit': {
      const visit = value as { required: boolean; date?: string };
      return `${t(visit.required ? 'dceanalysis-visit_required' : 'dceanalysis-visit_optional')}${visit.date ? ` · ${formatDateTime(visit.date, language)}` : ''}`;
    }
    case 'procedure':
      return t(`dceprocedure-${String(value)}`);
    case 'priceType':
      return t(`dceprice-${String(value)}`);
    case 'variantsAllowed':
    case 'electronicSignatureRequired':
      return t(value ? 'dceanalysis-yes' : 'dceanalysis-no');
    case 'offerValidityDays':
      return t('dceanalysis-days', { count: value as number });
    case 'candidatureDocuments':
    case 'offerDocuments':
      // Known codes by their name; a code typed by hand as it was typed.
      return formatList((value as string[]).map((code) => t(`dcedoc-${code}`, { defaultValue: code })), language);
    case 'penalties': {
      const penalties = value as { summary: string; perDay?: { fraction?: number; amount?: number } };
      const rate = penalties.perDay?.fraction ? `1/${Math.round(1 / penalties.perDay.fraction)}` : penalties.perDay?.amount ? `${penalties.perDay.amount} €` : null;
      return (
        <span className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {rate ? <strong>{t('dceanalysis-per_day', { value: rate })}</strong> : null}
          <span className={css({ lineClamp: 3, fontSize: 'sm', color: 'fg.muted' })}>{penalties.summary}</span>
        </span>
      );
    }
    case 'lots': {
      const lots = value as Lots;
      if (!lots.allotted || lots.lots.length === 0) return t('dceanalysis-not_allotted');
      return (
        <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '1' })}>
          {lots.lots.map((lot) => (
            <li key={lot.number}>{t('dceanalysis-lot', { number: lot.number, title: lot.title })}</li>
          ))}
        </ul>
      );
    }
    case 'awardCriteria':
      return <CriteriaList criteria={value as Criterion[]} language={language} />;
    default:
      return String(value);
  }
}

function CriteriaList({ criteria, language }: { criteria: Criterion[]; language: string }) {
  return (
    <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
      {criteria.map((criterion) => (
        <li key={criterion.name} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
            <span className={css({ fontWeight: 'medium' })}>{criterion.name}</span>
            <span className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>{percent(criterion.weight, language)}</span>
          </div>
          <div aria-hidden="true" className={css({ h: '1.5', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}>
            <div className={css({ h: 'full', bg: 'accent.default' })} style={{ width: `${Math.min(100, criterion.weight)}%` }} />
          </div>
          {criterion.subCriteria?.length ? (
            <ul className={css({ listStyle: 'none', pl: '4', m: 0, display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm', color: 'fg.muted' })}>
              {criterion.subCriteria.map((sub) => (
                <li key={sub.name} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
                  <span>{sub.name}</span>
                  <span className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>{percent(sub.weight, language)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
