import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Download, FileText, MessageSquareText, X } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { components } from '../../../openapi/schema';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { Textarea } from '../components/Textarea';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { SearchInput } from '../components/SearchInput';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { AnalysisRunFrame, type AnalysisRunStatus } from '../analysis-runs/AnalysisRunFrame';

export type CctpAnalysis = components['schemas']['CctpAnalysis'];
export type CctpAnalysisSummary = components['schemas']['CctpAnalysisSummary'];
export type CctpRequirement = components['schemas']['CctpRequirement'];
export type CctpRequirementStatus = components['schemas']['CctpRequirementStatus'];
export type CctpRequirementKind = components['schemas']['CctpRequirementKind'];
export type RequirementChange = { status?: CctpRequirementStatus; assigneeId?: string | null; note?: string | null };
/** A requirement's page, opened in the document viewer. */
export type RequirementSource = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };

export const REQUIREMENT_KINDS: CctpRequirementKind[] = ['obligation', 'performance', 'norm', 'deliverable', 'training', 'warranty', 'other'];
export const REQUIREMENT_STATUSES: CctpRequirementStatus[] = ['todo', 'covered', 'not_applicable'];
const NOTE_MAX = 2000;

export type CctpAnalysisViewProps = {
  tenderId: string;
  status: AnalysisRunStatus;
  analysis: CctpAnalysis | null;
  history: CctpAnalysisSummary[];
  error: string | null;
  runError: string | null;
  onRun: () => void;
  onRetry: () => void;
  onSelect: (id: string) => void;
  /** The company's members a requirement can be assigned to. */
  members: { _id: string; username: string }[];
  /** The requirement being saved, while it is. */
  saving: string | null;
  saveError: string | null;
  onChange: (requirementId: string, change: RequirementChange) => void;
  onOpenSource: (source: RequirementSource) => void;
  /** The page viewer, drawn by the page (it owns its request). */
  dialogs?: ReactNode;
};

type Filters = { kind: string; status: string; assignee: string; search: string };
const NO_FILTERS: Filters = { kind: 'all', status: 'all', assignee: 'all', search: '' };
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function matches(requirement: CctpRequirement, filters: Filters) {
  if (filters.kind !== 'all' && requirement.kind !== filters.kind) return false;
  if (filters.status !== 'all' && requirement.status !== filters.status) return false;
  if (filters.assignee === 'none' && requirement.assignee) return false;
  if (filters.assignee !== 'all' && filters.assignee !== 'none' && requirement.assignee?._id !== filters.assignee) return false;
  const words = folded(filters.search).split(/\s+/).filter(Boolean);
  const haystack = folded(`${requirement.text} ${requirement.norms.join(' ')} ${requirement.section.number} ${requirement.section.title} ${requirement.note ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

/** Requirements in document order, grouped under their section. */
function bySection(requirements: CctpRequirement[]) {
  const groups: { key: string; number: string; title: string; items: CctpRequirement[] }[] = [];
  for (const requirement of requirements) {
    const key = `${requirement.fileName}\u0000${requirement.section.number}\u0000${requirement.section.title}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.items.push(requirement);
    else groups.push({ key, number: requirement.section.number, title: requirement.section.title, items: [requirement] });
  }
  return groups;
}

/** The CCTP's requirements as a compliance matrix: coverage, filters, requirements by section, export. */
export function CctpAnalysisView(props: CctpAnalysisViewProps) {
  return (
    <AnalysisRunFrame prefix="cctpanalysis" {...props}>
      {(analysis) => <Matrix {...props} analysis={analysis} />}
    </AnalysisRunFrame>
  );
}

function Matrix(props: CctpAnalysisViewProps & { analysis: CctpAnalysis }) {
  const { t } = useTranslation();
  const { analysis } = props;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const shown = useMemo(() => analysis.requirements.filter((r) => matches(r, filters)), [analysis.requirements, filters]);
  const groups = useMemo(() => bySection(shown), [shown]);
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  if (analysis.requirements.length === 0) {
    return (
      <Alert status="info" title={t('cctpanalysis-none_title')}>
        {analysis.documents.length ? t('cctpanalysis-none_text') : t('cctpanalysis-no_document')}
      </Alert>
    );
  }
  return (
    <>
      <Coverage analysis={analysis} />
      <section aria-labelledby="cctp-requirements" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <h2 id="cctp-requirements" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('cctpanalysis-requirements')}
        </h2>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: '2fr 1fr 1fr 1fr' }, gap: '3', alignItems: 'end' })}>
          <SearchInput label={t('cctpanalysis-search')} value={filters.search} onChange={(search) => set({ search })} />
          <Select label={t('cctpanalysis-filter_kind')} value={filters.kind} onChange={(kind) => set({ kind })} options={[{ value: 'all', label: t('cctpanalysis-all') }, ...REQUIREMENT_KINDS.map((kind) => ({ value: kind, label: t(`cctpkind-${kind}`) }))]} />
          <Select
            label={t('cctpanalysis-filter_status')}
            value={filters.status}
            onChange={(status) => set({ status })}
            options={[{ value: 'all', label: t('cctpanalysis-all') }, ...REQUIREMENT_STATUSES.map((status) => ({ value: status, label: t(`cctpstatus-${status}`) }))]}
          />
          <Select
            label={t('cctpanalysis-filter_assignee')}
            value={filters.assignee}
            onChange={(assignee) => set({ assignee })}
            options={[{ value: 'all', label: t('cctpanalysis-all') }, { value: 'none', label: t('cctpanalysis-unassigned') }, ...props.members.map((m) => ({ value: m._id, label: m.username }))]}
          />
        </div>
        <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('cctpanalysis-shown', { count: shown.length, total: analysis.requirements.length })}
          {shown.length < analysis.requirements.length ? (
            <button type="button" onClick={() => setFilters(NO_FILTERS)} className={cx(button({ variant: 'ghost', size: 'sm' }), css({ ml: '2' }))}>
              {t('cctpanalysis-clear_filters')}
            </button>
          ) : null}
        </p>
        {props.saveError ? <Alert status="error">{props.saveError}</Alert> : null}
        {groups.map((group) => (
          <section key={group.key} aria-label={[group.number, group.title].filter(Boolean).join(' ') || t('cctpanalysis-no_section')} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <h3 className={css({ fontSize: 'md', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
              {group.number ? <span className={css({ fontFamily: 'mono', color: 'accent.text', mr: '2' })}>{group.number}</span> : null}
              {group.title || (group.number ? '' : t('cctpanalysis-no_section'))}
            </h3>
            <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' })}>
              {group.items.map((requirement) => (
                <RequirementRow key={requirement._id} requirement={requirement} {...props} />
              ))}
            </ul>
          </section>
        ))}
      </section>
      <CardRoot>
        <CardHeader>
          <CardTitle>{t('cctpanalysis-documents')}</CardTitle>
        </CardHeader>
        <CardBody>
          <ul className={css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '1' })}>
            {analysis.documents.map((doc) => (
              <li key={`${doc.documentId}-${doc.entry}`} className={css({ display: 'flex', gap: '2', alignItems: 'center', overflowWrap: 'anywhere' })}>
                <FileText size={14} aria-hidden="true" />
                {doc.fileName} · {t('cctpanalysis-pages', { count: doc.pages })}
              </li>
            ))}
          </ul>
        </CardBody>
      </CardRoot>
    </>
  );
}

function Coverage({ analysis }: { analysis: CctpAnalysis }) {
  const { t } = useTranslation();
  const { total, covered, notApplicable, todo } = analysis.coverage;
  const done = covered + notApplicable;
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <CardRoot>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between', alignItems: 'center' })}>
          <p className={css({ fontWeight: 'semibold' })}>{t('cctpanalysis-coverage', { count: done, total, percent })}</p>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            {(['xlsx', 'csv'] as const).map((format) => (
              <a key={format} href={`/api/cctp-analyses/${analysis._id}/export?format=${format}`} download className={button({ variant: 'outline', size: 'sm' })}>
                <Download size={14} aria-hidden="true" />
                {t(`cctpanalysis-export_${format}`)}
              </a>
            ))}
          </div>
        </div>
        <div role="progressbar" aria-label={t('cctpanalysis-coverage_label')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={css({ h: '2', bg: 'bg.subtle', borderRadius: 'full', overflow: 'hidden' })}>
          <div className={css({ h: 'full', bg: 'success.default', transition: 'width 300ms' })} style={{ width: `${percent}%` }} />
        </div>
        <p className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', fontSize: 'sm' })}>
          <Badge tone="success" dot>{t('cctpanalysis-count_covered', { count: covered })}</Badge>
          <Badge tone="warning" dot>{t('cctpanalysis-count_not_applicable', { count: notApplicable })}</Badge>
          <Badge tone="neutral" dot>{t('cctpanalysis-count_todo', { count: todo })}</Badge>
        </p>
      </CardBody>
    </CardRoot>
  );
}

function RequirementRow({ requirement, members, saving, onChange, onOpenSource }: CctpAnalysisViewProps & { requirement: CctpRequirement }) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const busy = saving !== null;
  const label = requirement.text.length > 80 ? `${requirement.text.slice(0, 80)}…` : requirement.text;
  return (
    <li
      aria-label={label}
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderRadius: 'md', borderWidth: '1px', borderColor: requirement.status === 'covered' ? 'success.text' : 'border.default', bg: 'bg.default' })}
    >
      <p className={css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' })}>{requirement.text}</p>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center', fontSize: 'sm' })}>
        <Badge tone="accent">{t(`cctpkind-${requirement.kind}`)}</Badge>
        {requirement.norms.map((norm) => (
          <span key={norm} className={css({ fontFamily: 'mono', fontSize: 'xs', px: '1.5', py: '0.5', borderRadius: 'sm', bg: 'bg.subtle' })}>
            {norm}
          </span>
        ))}
        <button
          type="button"
          onClick={() => onOpenSource({ documentId: requirement.documentId, entry: requirement.entry, fileName: requirement.fileName, page: requirement.page, excerpt: requirement.text })}
          aria-label={t('analysisrun-source_open', { file: requirement.fileName, page: requirement.page })}
          className={css({ fontSize: 'xs', fontWeight: 'semibold', color: 'accent.text', cursor: 'pointer', textDecoration: 'underline', overflowWrap: 'anywhere' })}
        >
          {t('analysisrun-source', { file: requirement.fileName, page: requirement.page })}
        </button>
      </div>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'end' })}>
        <div role="group" aria-label={t('cctpanalysis-status_of', { text: label })} className={css({ display: 'flex', gap: '1', flexWrap: 'wrap' })}>
          {REQUIREMENT_STATUSES.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={requirement.status === status ? 'solid' : 'outline'}
              aria-pressed={requirement.status === status}
              disabled={busy}
              onClick={() => requirement.status !== status && onChange(requirement._id, { status })}
            >
              {t(`cctpstatus-${status}`)}
            </Button>
          ))}
        </div>
        <div className={css({ minW: '44', flex: '0 1 14rem' })}>
          <Select
            label={t('cctpanalysis-assignee')}
            value={requirement.assignee?._id ?? ''}
            disabled={busy}
            onChange={(value) => onChange(requirement._id, { assigneeId: value || null })}
            options={[{ value: '', label: t('cctpanalysis-unassigned') }, ...members.map((m) => ({ value: m._id, label: m.username }))]}
          />
        </div>
        {note === null ? (
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setNote(requirement.note ?? '')}>
            <MessageSquareText size={14} aria-hidden="true" />
            {t(requirement.note ? 'cctpanalysis-note_edit' : 'cctpanalysis-note_add')}
          </Button>
        ) : null}
        {saving === requirement._id ? <Spinner size="sm" label={t('common-loading')} /> : null}
      </div>
      {note !== null ? (
        <form
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
          onSubmit={(event) => {
            event.preventDefault();
            onChange(requirement._id, { note: note.trim() || null });
            setNote(null);
          }}
        >
          <label className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            {t('cctpanalysis-note')}
            <Textarea
              value={note}
              maxLength={NOTE_MAX}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
              className={css({ mt: '1' })}
            />
          </label>
          <div className={css({ display: 'flex', gap: '2' })}>
            <Button size="sm" type="submit" disabled={busy}>
              <Check size={14} aria-hidden="true" />
              {t('cctpanalysis-note_save')}
            </Button>
            <Button size="sm" variant="ghost" type="button" onClick={() => setNote(null)}>
              <X size={14} aria-hidden="true" />
              {t('dialog-cancel')}
            </Button>
          </div>
        </form>
      ) : requirement.note ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted', borderLeftWidth: '3px', borderColor: 'accent.default', pl: '2', overflowWrap: 'anywhere', whiteSpace: 'pre-line' })}>{requirement.note}</p>
      ) : null}
    </li>
  );
}
