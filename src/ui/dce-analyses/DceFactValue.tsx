import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { formatDateTime, formatList } from '../format';
import { formatFileSize } from '../format-size';

export type DceFact = components['schemas']['DceFact'];
export type DceFactKey = components['schemas']['DceFactKey'];

export type Criterion = { name: string; weight: number; subCriteria?: { name: string; weight: number }[] };
/** awardCriteriaByLots: the RC gives each group of lots its own criteria. */
export type CriteriaByLots = { lots: number[]; criteria: Criterion[] }[];
/** memoryPageLimit: only what the text states. */
export type MemoryPageLimit = { pages?: number; words?: number; format?: string; fontSize?: number; annexesIncluded?: boolean };
/** fileRules: the RC's rules on the pli's files, only the parts it states (server/analysis/dce/file-rules.ts). */
export type FileRules = {
  /** Extensions, lower case, without the dot. */
  accepted?: string[];
  refused?: string[];
  anyCommonFormat?: boolean;
  /** Piece codes. */
  pdfRequiredFor?: string[];
  maxFileBytes?: number;
  maxTotalBytes?: number;
  /** The RC's own words. */
  naming?: { rule: string };
  folders?: string[];
};
type Lots = { allotted: boolean; lots: { number: number; title: string; estimatedAmount?: number }[] };

const percent = (weight: number, language: string) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(weight)} %`;

/**
 * A group of lots as a heading says it: "Lot 7", "Lots 1 à 6", "Lots 1 à 3 et 7" (runs of three
 * or more consecutive numbers as a range, the rest listed).
 */
export function lotsLabel(lots: readonly number[], t: TFunction, language: string): string {
  const sorted = [...new Set(lots)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    if (end - start >= 2) {
      parts.push(t('dceanalysis-lots_range', { from: sorted[start], to: sorted[end] }));
    } else {
      for (let at = start; at <= end; at += 1) parts.push(String(sorted[at]));
    }
    start = end + 1;
  }
  return t('dceanalysis-lots_group', { count: sorted.length, lots: formatList(parts, language) });
}

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
    case 'memoryPageLimit': {
      // Only what the RC states: "20 pages, A4, police 11, annexes non comprises".
      const limit = (typeof value === 'number' ? { pages: value } : value) as MemoryPageLimit;
      const parts = [
        limit.pages ? t('dceanalysis-memory_pages', { count: limit.pages }) : null,
        limit.words ? t('dceanalysis-memory_words', { count: limit.words, formatted: new Intl.NumberFormat(language).format(limit.words) }) : null,
        limit.format ?? null,
        limit.fontSize ? t('dceanalysis-memory_font', { size: new Intl.NumberFormat(language).format(limit.fontSize) }) : null,
        limit.annexesIncluded === undefined ? null : t(limit.annexesIncluded ? 'dceanalysis-memory_annexes_included' : 'dceanalysis-memory_annexes_excluded'),
      ];
      return parts.filter(Boolean).join(', ');
    }
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
    case 'fileRules':
      return <FileRulesList rules={value as FileRules} />;
    case 'awardCriteria':
      return <CriteriaList criteria={value as Criterion[]} language={language} />;
    case 'awardCriteriaByLots':
      return (
        <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '4' })}>
          {(value as CriteriaByLots).map((group) => {
            const heading = lotsLabel(group.lots, t, language);
            return (
              <li key={group.lots.join(',')} aria-label={heading} className={css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '4', borderTopWidth: '1px', borderColor: 'border.default', _first: { pt: 0, borderTopWidth: 0 } })}>
                <span className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })}>{heading}</span>
                <CriteriaList criteria={group.criteria} language={language} />
              </li>
            );
          })}
        </ul>
      );
    default:
      return String(value);
  }
}

/** Extensions as RCs write formats: upper case, listed ("PDF, DOC, XLS"). */
const formatsOf = (extensions: readonly string[]) => extensions.map((ext) => ext.toUpperCase()).join(', ');

/** The RC's file rules, a line per part it states; the naming rule and the folders in its own words. */
function FileRulesList({ rules }: { rules: FileRules }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const quote = (text: string) => t('dceanalysis-files_quoted', { text });
  const lines = [
    rules.accepted?.length ? t('dceanalysis-files_accepted', { formats: formatsOf(rules.accepted) }) : null,
    rules.refused?.length ? t('dceanalysis-files_refused', { formats: formatsOf(rules.refused) }) : null,
    rules.anyCommonFormat ? t('dceanalysis-files_any_common') : null,
    // Known codes by their name; a code typed by hand as it was typed.
    rules.pdfRequiredFor?.length ? t('dceanalysis-files_pdf_for', { pieces: formatList(rules.pdfRequiredFor.map((code) => t(`dcedoc-${code}`, { defaultValue: code })), language) }) : null,
    rules.maxFileBytes ? t('dceanalysis-files_max_file', { size: formatFileSize(rules.maxFileBytes, language) }) : null,
    rules.maxTotalBytes ? t('dceanalysis-files_max_total', { size: formatFileSize(rules.maxTotalBytes, language) }) : null,
    rules.naming?.rule ? t('dceanalysis-files_naming', { rule: quote(rules.naming.rule) }) : null,
    rules.folders?.length ? t('dceanalysis-files_folders', { names: rules.folders.map(quote).join(', ') }) : null,
  ].filter((line): line is string => line !== null);
  return (
    <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '1' })}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Award criteria with their weights as stated (never scaled) and a bar each, sub-criteria under their criterion. */
export function CriteriaList({ criteria, language }: { criteria: Criterion[]; language: string }) {
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
