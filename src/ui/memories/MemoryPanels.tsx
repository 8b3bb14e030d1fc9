import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { BarChart3, ChevronDown, ClipboardCheck, History, Quote, RefreshCw, RotateCcw, Save, X } from 'lucide-react';
import { css } from 'styled-system/css';
import type { MemoryAnalysis, MemorySection, MemoryVersion } from '../../machines/memory.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { formatDateTime, formatNumber } from '../format';
import { KeyFactsList, type TenderKeyFacts } from '../tenders/TenderKeyFacts';
import { quotedPassages } from './tiptap-text';

const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.default',
});
const heading = css({
  fontSize: 'md',
  fontWeight: 'semibold',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
});
const subheading = css({
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.muted',
});
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/**
 * The current section's side panel: the criterion it answers and its weight, the CCTP
 * requirements it must cover (linked to the CCTP analysis), what the buyer asks (the DCE passages
 * quoted in the section) with a button to insert one into the text, and, for a resource section
 * whose data changed, the update.
 */
export function SectionPanel(props: {
  section: MemorySection;
  tenderId: string;
  stale: boolean;
  refreshing: boolean;
  onInsertPassage: (text: string) => void;
  onRefresh: () => void;
  /** The requirements with their text and ticks, when the page has them. */
  requirements?: ReactNode;
}) {
  const { t } = useTranslation();
  const { section } = props;
  const passages = quotedPassages(section.content);
  return (
    <section aria-labelledby="memory-section-panel" className={panel}>
      <h2 id="memory-section-panel" className={heading}>
        {t('memory-panel_title')}
      </h2>
      {section.criterion ? (
        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            gap: '1 3',
            fontSize: 'sm',
          })}
        >
          <dt className={css({ color: 'fg.muted' })}>{t('memory-criterion')}</dt>
          <dd>
            {section.criterion.name} — {t('memory-weight', { weight: section.criterion.weight })}
          </dd>
          {section.criterion.subCriterion ? (
            <>
              <dt className={css({ color: 'fg.muted' })}>{t('memory-sub_criterion')}</dt>
              <dd>
                {section.criterion.subCriterion}
                {section.criterion.subWeight !== undefined ? ` — ${t('memory-weight', { weight: section.criterion.subWeight })}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className={muted}>{t('memory-no_criterion')}</p>
      )}
      {props.stale ? (
        <Alert status="warning" title={t('memory-stale')}>
          <p>{t('memory-stale_hint')}</p>
          <Button size="sm" variant="outline" onClick={props.onRefresh} disabled={props.refreshing} className={css({ mt: '2' })}>
            <RefreshCw size={16} aria-hidden="true" />
            {props.refreshing ? t('memory-refreshing') : t('memory-refresh')}
          </Button>
        </Alert>
      ) : null}
      <h3 className={subheading}>{t('memory-requirements')}</h3>
      {props.requirements ? (
        props.requirements
      ) : section.requirementIds.length ? (
        <ul
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '1',
            fontSize: 'sm',
          })}
        >
          {section.requirementIds.map((id, i) => (
            <li key={id}>
              <Link
                href={`/tender/cctp-analyse/${props.tenderId}#cctp-requirements`}
                className={css({
                  color: 'accent.text',
                  textDecoration: 'underline',
                })}
              >
                {t('memory-requirement_link', { n: i + 1 })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>{t('memory-no_requirements')}</p>
      )}
      <h3 className={subheading}>{t('memory-passages')}</h3>
      {passages.length ? (
        <ul
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
          })}
        >
          {passages.map((text, i) => (
            <li
              key={i}
              className={css({
                display: 'flex',
                flexDirection: 'column',
                gap: '2',
              })}
            >
              <blockquote
                className={css({
                  borderLeftWidth: '3px',
                  borderColor: 'accent.default',
                  pl: '3',
                  fontSize: 'sm',
                  color: 'fg.muted',
                })}
              >
                {text}
              </blockquote>
              <Button size="sm" variant="outline" onClick={() => props.onInsertPassage(text)}>
                <Quote size={16} aria-hidden="true" />
                {t('memory-insert_passage')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>{t('memory-no_passages')}</p>
      )}
    </section>
  );
}

/**
 * The call's key facts from its DCE analysis, beside the text being written: the deadlines with the
 * time left, the site visit, the award criteria with their weights (what is graded), the pieces of
 * the candidature and of the offer, each with its check state as on the tender page. Employees get
 * the confirmed and corrected facts only (the server filters); managers every fact, those not
 * checked yet marked "À vérifier", with a word that the team sees them once checked. Folds away.
 */
export function KeyFactsPanel({ keyFacts, canReview, tenderId, now }: { keyFacts: TenderKeyFacts | null; canReview: boolean; tenderId: string; now?: number }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  // The server sends employees the checked facts only; the panel never shows them another.
  const facts = (keyFacts?.facts ?? []).filter((fact) => canReview || fact.status !== 'extracted');
  const unchecked = canReview && facts.some((fact) => fact.status === 'extracted');
  const empty = !keyFacts ? (canReview ? 'memory-key_facts_no_analysis' : 'memory-key_facts_empty') : canReview ? 'memory-key_facts_none_found' : 'memory-key_facts_empty';
  return (
    <section aria-labelledby="memory-key-facts" className={panel}>
      <h2 className={heading}>
        <button
          type="button"
          id="memory-key-facts"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
          className={css({ display: 'flex', alignItems: 'center', gap: '2', w: 'full', textAlign: 'start', cursor: 'pointer', borderRadius: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' } })}
        >
          <ClipboardCheck size={18} aria-hidden="true" />
          <span className={css({ flex: 1 })}>{t('memory-key_facts')}</span>
          <ChevronDown size={16} aria-hidden="true" className={css({ transition: 'transform 150ms', color: 'fg.muted' })} style={{ transform: open ? 'rotate(180deg)' : undefined }} />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className={css({ display: 'flex', flexDirection: 'column', gap: '3', _hidden: { display: 'none' } })}>
        {facts.length && keyFacts ? (
          <>
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('tenderdetails-from_analysis', { date: formatDateTime(keyFacts.analysedAt, i18n.language) })}</p>
            <KeyFactsList facts={facts} now={now} />
          </>
        ) : (
          <p className={muted}>{t(empty)}</p>
        )}
        {unchecked ? <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('memory-key_facts_unchecked')}</p> : null}
        {canReview && (unchecked || !facts.length) ? (
          <Link href={`/tender/dce-analyse/${tenderId}`} className={css({ fontSize: 'sm', color: 'accent.text', textDecoration: 'underline', alignSelf: 'flex-start' })}>
            {t(unchecked ? 'memory-key_facts_review' : 'memory-open_dce_analysis')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** A reason of the analysis in the interface's language, from its key (the server's sentence otherwise). */
function reasonText(t: (key: string, vars?: Record<string, unknown>) => string, reason: { key: string; vars: Record<string, string | number>; msg: string }, exists: (key: string) => boolean) {
  return exists(reason.key) ? t(reason.key, reason.vars) : reason.msg;
}

/** The analysis: the estimated total, each criterion's score out of its weight with its reasons. */
export function AnalysisPanel({ analysis, score, running, onAnalyse }: { analysis: MemoryAnalysis | null; score: { score: number; max: number } | null; running: boolean; onAnalyse: () => void }) {
  const { t, i18n } = useTranslation();
  const total = analysis?.total ?? score;
  const num = (n: number) => formatNumber(n, i18n.language);
  return (
    <section aria-labelledby="memory-analysis" aria-busy={running} className={panel}>
      <div
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '2',
          flexWrap: 'wrap',
        })}
      >
        <h2 id="memory-analysis" className={heading}>
          <BarChart3 size={18} aria-hidden="true" />
          {t('memory-analysis')}
        </h2>
        <Button size="sm" onClick={onAnalyse} disabled={running}>
          {running ? t('memory-analysing') : t('memory-analyse')}
        </Button>
      </div>
      {running ? <Spinner label={t('memory-analysing')} /> : null}
      {total ? <p className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{t('memory-total', { score: num(total.score), max: num(total.max) })}</p> : null}
      {analysis ? (
        <>
          <Badge tone={analysis.mode === 'llm' ? 'accent' : 'neutral'}>{t(`memory-analysis_mode_${analysis.mode}`)}</Badge>
          <ul
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '3',
            })}
          >
            {analysis.criteria.map((c) => (
              <li
                key={c.criterion}
                className={css({
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '1',
                })}
              >
                <div
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: '2',
                    fontSize: 'sm',
                    fontWeight: 'semibold',
                  })}
                >
                  <span>{c.criterion}</span>
                  <span className={css({ whiteSpace: 'nowrap' })}>
                    {t('memory-criterion_score', {
                      score: num(c.score),
                      max: num(c.max),
                    })}
                  </span>
                </div>
                <meter min={0} max={c.max} value={c.score} aria-label={c.criterion} className={css({ w: 'full', h: '2' })} />
                <ul
                  className={css({
                    display: 'flex',
                    flexDirection: 'column',
                    gap: '1',
                    fontSize: 'sm',
                  })}
                >
                  {c.reasons.map((r, i) => (
                    <li
                      key={i}
                      className={css({
                        color: r.ok ? 'fg.default' : 'danger.text',
                      })}
                    >
                      {reasonText(t as never, r, (key) => i18n.exists(key))}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : !running ? (
        <p className={muted}>{t('memory-analysis_never')}</p>
      ) : null}
    </section>
  );
}

export type VersionsStage = 'closed' | 'loading' | 'open' | 'keeping' | 'restoring';

/** The versions: opened on demand, one kept on demand, one restored (the current state kept first). */
export function VersionsPanel({
  stage,
  versions,
  onOpen,
  onClose,
  onKeep,
  onRestore,
}: {
  stage: VersionsStage;
  versions: MemoryVersion[] | null;
  onOpen: () => void;
  onClose: () => void;
  onKeep: () => void;
  onRestore: (versionId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  if (stage === 'closed') {
    return (
      <Button variant="outline" onClick={onOpen}>
        <History size={16} aria-hidden="true" />
        {t('memory-versions_open')}
      </Button>
    );
  }
  const busy = stage !== 'open';
  return (
    <section aria-labelledby="memory-versions" aria-busy={busy} className={panel}>
      <div
        className={css({
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '2',
        })}
      >
        <h2 id="memory-versions" className={heading}>
          <History size={18} aria-hidden="true" />
          {t('memory-versions')}
        </h2>
        <Button size="sm" variant="ghost" aria-label={t('memory-versions_close')} onClick={onClose}>
          <X size={16} aria-hidden="true" />
        </Button>
      </div>
      <Button size="sm" variant="outline" onClick={onKeep} disabled={busy}>
        <Save size={16} aria-hidden="true" />
        {t('memory-version_keep')}
      </Button>
      {stage === 'loading' ? <Spinner label={t('memory-versions_loading')} /> : null}
      {versions && versions.length === 0 ? <p className={muted}>{t('memory-versions_none')}</p> : null}
      {versions?.length ? (
        <ul
          className={css({
            display: 'flex',
            flexDirection: 'column',
            gap: '2',
          })}
        >
          {versions.map((v) => {
            const date = formatDateTime(v.createdAt, i18n.language);
            return (
              <li
                key={v._id}
                className={css({
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'center',
                  gap: '2',
                  fontSize: 'sm',
                })}
              >
                <span>
                  <span className={css({ display: 'block', fontWeight: 'medium' })}>{date}</span>
                  <span className={muted}>
                    {t(`memory-version_reason_${v.reason}`)} · {t('memory-words', { count: v.words })}
                    {v.author ? ` · ${v.author.username}` : ''}
                  </span>
                </span>
                <Button size="sm" variant="outline" disabled={busy} aria-label={t('memory-version_restore_label', { date })} onClick={() => onRestore(v._id)}>
                  <RotateCcw size={16} aria-hidden="true" />
                  {t('memory-version_restore')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
