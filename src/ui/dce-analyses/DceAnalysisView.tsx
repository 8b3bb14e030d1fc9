import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CalendarPlus, Check, Pencil, Sparkles, TriangleAlert } from 'lucide-react';
import { formatDateTime } from '../format';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { Spinner } from '../components/Spinner';
import { AnalysisRunFrame, type AnalysisRunStatus } from '../analysis-runs/AnalysisRunFrame';
import { DceFactValue, type DceFact, type DceFactKey } from './DceFactValue';

export type DceAnalysis = components['schemas']['DceAnalysis'];
export type FactSource = components['schemas']['FactSource'];

/**
 * Every fact the analysis looks for, in the order a bid manager reads them. awardCriteria and
 * awardCriteriaByLots are one or the other (see shownKeys).
 */
export const FACT_ORDER: DceFactKey[] = [
  'submissionDeadline',
  'questionsDeadline',
  'siteVisit',
  'procedure',
  'lots',
  'awardCriteria',
  'awardCriteriaByLots',
  'candidatureDocuments',
  'offerDocuments',
  'memoryPageLimit',
  'contractDuration',
  'executionDelay',
  'offerValidityDays',
  'variantsAllowed',
  'priceType',
  'warranty',
  'penalties',
  'submissionPlatform',
  'electronicSignatureRequired',
  'fileRules',
];

export type DceAnalysisViewProps = {
  tenderId: string;
  status: AnalysisRunStatus;
  analysis: DceAnalysis | null;
  history: DceAnalysis[];
  /** Whether the call has a DCE template (without one, missing pieces cannot be known). */
  hasTemplate: boolean;
  error: string | null;
  runError: string | null;
  onRun: () => void;
  onRetry: () => void;
  onSelect: (id: string) => void;
  onConfirm: (key: DceFactKey) => void;
  onEdit: (key: DceFactKey, value: unknown) => void;
  /** The fact being confirmed, while it is. */
  confirming: DceFactKey | null;
  factError: string | null;
  onPlanDates: () => void;
  planBusy: boolean;
  planError: string | null;
  /** Once the dates went into the planning: what happened (how many added, or why none) and the way there. */
  planned: { message: string; planningId: string } | null;
  onOpenSource: (source: FactSource) => void;
  /** The fact editor and the page viewer, drawn by the page (they own their requests). */
  dialogs?: ReactNode;
};

/**
 * The cards shown: every key, except that the criteria per group of lots replace the single list
 * when the RC gives them (awardCriteria is then absent), and have no card of their own otherwise
 * (a "not found" beside the single list would only say the same thing twice).
 */
export function shownKeys(facts: readonly Pick<DceFact, 'key'>[]): DceFactKey[] {
  const found = new Set(facts.map((fact) => fact.key));
  const byLots = found.has('awardCriteriaByLots');
  return FACT_ORDER.filter((key) => (key === 'awardCriteriaByLots' ? byLots : key === 'awardCriteria' ? found.has(key) || !byLots : true));
}

const STATUS_TONE = { extracted: 'warning', confirmed: 'success', corrected: 'accent' } as const;

/** The DCE analysis of a tender: red flags first, key facts with their sources, documents and what is missing, the runs. */
export function DceAnalysisView(props: DceAnalysisViewProps) {
  return (
    <AnalysisRunFrame prefix="dceanalysis" {...props}>
      {(analysis) => (
        <>
          <RedFlags {...props} analysis={analysis} />
          <Facts {...props} analysis={analysis} />
          <Documents {...props} analysis={analysis} />
        </>
      )}
    </AnalysisRunFrame>
  );
}

/** Sources shown at once; the others behind a disclosure (criteria tables cite many lines). */
const SHOWN_SOURCES = 2;

function SourceLinks({ sources, onOpen }: { sources: FactSource[]; onOpen: (source: FactSource) => void }) {
  const { t } = useTranslation();
  if (sources.length === 0) return null;
  const more = sources.slice(SHOWN_SOURCES);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <SourceList sources={sources.slice(0, SHOWN_SOURCES)} onOpen={onOpen} />
      {more.length ? (
        <details>
          <summary className={css({ cursor: 'pointer', fontSize: 'xs', color: 'fg.muted' })}>{t('dceanalysis-more_sources', { count: more.length })}</summary>
          <div className={css({ mt: '1.5' })}>
            <SourceList sources={more} onOpen={onOpen} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

function SourceList({ sources, onOpen }: { sources: FactSource[]; onOpen: (source: FactSource) => void }) {
  const { t } = useTranslation();
  return (
    <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      {sources.map((source, index) => (
        <li key={`${source.documentId}-${source.entry}-${source.page}-${index}`}>
          <button
            type="button"
            onClick={() => onOpen(source)}
            aria-label={t('analysisrun-source_open', { file: source.fileName, page: source.page })}
            className={css({ textAlign: 'left', display: 'flex', flexDirection: 'column', gap: '0.5', w: 'full', p: '2', borderRadius: 'md', bg: 'bg.subtle', cursor: 'pointer', _hover: { bg: 'bg.muted' }, _focusVisible: { outline: '2px solid', outlineColor: 'accent.default' } })}
          >
            <span className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'accent.text' })}>{t('analysisrun-source', { file: source.fileName, page: source.page })}</span>
            <span className={css({ fontSize: 'xs', color: 'fg.muted', fontStyle: 'italic', overflowWrap: 'anywhere', lineClamp: 3 })}>« {source.excerpt} »</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function RedFlags({ analysis, onOpenSource }: DceAnalysisViewProps & { analysis: DceAnalysis }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dce-flags" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h2 id="dce-flags" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('dceanalysis-red_flags')}
      </h2>
      {analysis.redFlags.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>{t('dceanalysis-no_red_flags')}</p>
      ) : (
        <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3' })}>
          {analysis.redFlags.map((flag) => (
            <li key={`${flag.key}-${flag.msg}`} className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: 'warning.text', bg: 'warning.subtle' })}>
              <p className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontWeight: 'medium' })}>
                <TriangleAlert size={16} aria-hidden="true" className={css({ color: 'warning.text', flexShrink: 0, mt: '0.5' })} />
                {flag.msg}
              </p>
              <SourceLinks sources={flag.sources.slice(0, 1)} onOpen={onOpenSource} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Facts(props: DceAnalysisViewProps & { analysis: DceAnalysis }) {
  const { t } = useTranslation();
  const { analysis } = props;
  const byKey = new Map(analysis.facts.map((fact) => [fact.key, fact]));
  const dated = analysis.facts.some((f) => (f.key === 'submissionDeadline' || f.key === 'questionsDeadline' || f.key === 'siteVisit') && f.status !== 'extracted');
  return (
    <section aria-labelledby="dce-facts" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <h2 id="dce-facts" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('dceanalysis-facts')}
        </h2>
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <Button size="sm" variant="outline" onClick={props.onPlanDates} disabled={!dated || props.planBusy} title={t('dceanalysis-plan_hint')}>
            {props.planBusy ? <Spinner size="sm" label={t('common-loading')} /> : <CalendarPlus size={14} aria-hidden="true" />}
            {t('dceanalysis-plan_dates')}
          </Button>
        </div>
      </div>
      {props.planError ? <Alert status="error">{props.planError}</Alert> : null}
      {/* Stays on the page (a toast goes in two seconds): the count, or why nothing was added, and the planning's link. */}
      {props.planned ? (
        <Alert status="success">
          <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
            {props.planned.message}
            <Link href={`/tenders/${analysis.tenderId}/planning`} className={css({ color: 'accent.text', textDecoration: 'underline', fontWeight: 'medium' })}>
              {t('dceanalysis-open_planning')}
            </Link>
          </span>
        </Alert>
      ) : null}
      {props.factError ? <Alert status="error">{props.factError}</Alert> : null}
      <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }, gap: '3' })}>
        {shownKeys(analysis.facts).map((key) => (
          <FactCard key={key} factKey={key} fact={byKey.get(key)} {...props} />
        ))}
      </ul>
    </section>
  );
}

function FactCard({ factKey, fact, confirming, onConfirm, onEdit, onOpenSource }: DceAnalysisViewProps & { factKey: DceFactKey; fact: DceFact | undefined }) {
  const { t, i18n } = useTranslation();
  const title = t(`dcefact-${factKey}`);
  return (
    <li aria-labelledby={`fact-${factKey}`}>
      <CardRoot className={css({ h: 'full' })}>
        <CardHeader className={css({ display: 'flex', flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', gap: '2' })}>
          <CardTitle id={`fact-${factKey}`} as="h3" className={css({ fontSize: 'sm' })}>
            {title}
          </CardTitle>
          {fact ? (
            <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
              {/* What the model proposed says so until a person corrects it (origin user). */}
              {fact.origin === 'llm' ? (
                <Badge tone="accent">
                  <Sparkles size={12} aria-hidden="true" />
                  {t('dceanalysis-origin_llm')}
                </Badge>
              ) : null}
              <Badge tone={STATUS_TONE[fact.status]} dot>
                {t(`dceanalysis-status_${fact.status}`)}
              </Badge>
              {fact.sourceChanged ? (
                <Badge tone="warning">
                  <TriangleAlert size={12} aria-hidden="true" />
                  {t('dceanalysis-source_changed')}
                </Badge>
              ) : null}
            </div>
          ) : null}
        </CardHeader>
        <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div className={css({ fontSize: 'md', overflowWrap: 'anywhere' })}>{fact ? <DceFactValue fact={fact} /> : <span className={css({ color: 'fg.muted' })}>{t('dceanalysis-not_found')}</span>}</div>
          {fact ? <SourceLinks sources={fact.sources} onOpen={onOpenSource} /> : null}
          {fact && fact.status !== 'extracted' && fact.reviewedAt ? (
            <p className={css({ m: 0, fontSize: 'xs', color: 'fg.muted' })}>
              {t(`dceanalysis-reviewed_${fact.status}`, { name: fact.reviewedBy?.username ?? t('dceanalysis-reviewer_gone'), date: formatDateTime(fact.reviewedAt, i18n.language) })}
            </p>
          ) : null}
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center', mt: 'auto' })}>
            {fact && (fact.status === 'extracted' || fact.sourceChanged) ? (
              <Button size="sm" variant="outline" onClick={() => onConfirm(factKey)} disabled={confirming !== null} aria-label={`${t('dceanalysis-confirm')} : ${title}`}>
                {confirming === factKey ? <Spinner size="sm" label={t('common-loading')} /> : <Check size={14} aria-hidden="true" />}
                {t('dceanalysis-confirm')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => onEdit(factKey, fact?.value)} aria-label={`${t(fact ? 'dceanalysis-correct' : 'dceanalysis-enter')} : ${title}`}>
              <Pencil size={14} aria-hidden="true" />
              {t(fact ? 'dceanalysis-correct' : 'dceanalysis-enter')}
            </Button>
            {fact && fact.origin !== 'user' ? <span className={css({ fontSize: 'xs', color: 'fg.muted', ml: 'auto' })}>{t('dceanalysis-confidence', { value: Math.round(fact.confidence * 100) })}</span> : null}
          </div>
        </CardBody>
      </CardRoot>
    </li>
  );
}

function Documents({ analysis, hasTemplate }: DceAnalysisViewProps & { analysis: DceAnalysis }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, gap: '4', alignItems: 'start' })}>
      <CardRoot>
        <CardHeader>
          <CardTitle>{t('dceanalysis-documents')}</CardTitle>
        </CardHeader>
        <CardBody>
          <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
            {analysis.documents.map((doc) => (
              <li key={`${doc.documentId}-${doc.entry}`} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline', flexWrap: 'wrap' })}>
                <span className={css({ overflowWrap: 'anywhere' })}>{doc.fileName}</span>
                <Badge tone={doc.kind === 'OTHER' ? 'neutral' : 'accent'}>{t(`dcekind-${doc.kind}`)}</Badge>
              </li>
            ))}
          </ul>
        </CardBody>
      </CardRoot>
      <CardRoot>
        <CardHeader>
          <CardTitle>{t('dceanalysis-missing')}</CardTitle>
        </CardHeader>
        <CardBody>
          {!hasTemplate ? (
            <p className={css({ color: 'fg.muted' })}>{t('dceanalysis-missing_no_template')}</p>
          ) : analysis.missing.length === 0 ? (
            <p className={css({ color: 'fg.muted' })}>{t('dceanalysis-missing_none')}</p>
          ) : (
            <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
              {analysis.missing.map((piece) => (
                <li key={piece.code} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', alignItems: 'baseline' })}>
                  <span>
                    <span className={css({ fontFamily: 'mono', fontSize: 'sm' })}>{piece.code}</span> · {piece.label}
                  </span>
                  <Badge tone={piece.required ? 'danger' : 'neutral'}>{t(piece.required ? 'dceanalysis-required' : 'dceanalysis-optional')}</Badge>
                </li>
              ))}
            </ul>
          )}
        </CardBody>
      </CardRoot>
    </div>
  );
}
