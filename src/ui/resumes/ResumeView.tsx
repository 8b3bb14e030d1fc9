import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArrowLeft, Download, FileText, Pencil, ScanText, Sparkles, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import type { Resume, ResumeChanges, ResumeStage } from '../../machines/resume.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConflictNotice } from '../components/ConflictNotice';
import { ConfirmDialog } from '../components/Dialog';
import { FileDrop } from '../components/FileDrop';
import { PageLoadError, PageLoading } from '../components/PageStatus';
import { Spinner } from '../components/Spinner';
import { ValidityBadge } from '../company-docs/CompanyDocsView';
import { formatAmount, formatDate } from '../format';
import { formatFileSize } from '../format-size';
import { ResumeForm, type ResumeChart, type ResumeMember } from './ResumeForm';
import { changedFields } from './resume-form';

/** What the CV picker accepts: PDF and DOCX, by extension and type (the server checks the content). */
export const CV_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const CV_MAX_BYTES = 50 * 1024 * 1024;
/** Why a chosen file cannot be a CV (an i18n key), or null. */
export function cvProblem(file: { name: string; size: number }): string | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return 'resume-file_type';
  return file.size > CV_MAX_BYTES ? 'common-invalid_file_size' : null;
}

export type ResumeViewProps = {
  stage: ResumeStage;
  resume: Resume | null;
  draft: ResumeChanges | null;
  /** The resume saved by someone else, while the user chooses. */
  theirs: Resume | null;
  error: { message: string; details?: unknown } | null;
  success: string | null;
  fileUrl: string;
  members: ResumeMember[];
  charts: ResumeChart[];
  onRetry: () => void;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (changes: ResumeChanges) => void;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  onReplaceFile: (file: File) => void;
  /** A chosen file refused before sending (an i18n key). */
  onFileRefused: (key: string) => void;
  onDelete: () => void;
  onConfirmDelete: () => void;
  onCancelDelete: () => void;
  onDismiss: () => void;
};

const sectionList = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });

/** The badge of a field the CV filled: read by the rules, or proposed by the language model. */
function Origin({ of }: { of: 'rules' | 'llm' | undefined }) {
  const { t } = useTranslation();
  if (of === 'llm')
    return (
      <Badge tone="accent">
        <Sparkles size={12} aria-hidden="true" />
        {t('dceanalysis-origin_llm')}
      </Badge>
    );
  if (of === 'rules')
    return (
      <Badge tone="neutral">
        <ScanText size={12} aria-hidden="true" />
        {t('resume-origin_rules')}
      </Badge>
    );
  return null;
}

function Section({ title, origin, children, empty }: { title: string; origin?: 'rules' | 'llm'; children: ReactNode; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <CardRoot>
      <CardHeader className={css({ display: 'flex', flexDirection: 'row', flexWrap: 'wrap', gap: '2', alignItems: 'center', justifyContent: 'space-between' })}>
        <CardTitle className={css({ fontSize: 'md' })}>{title}</CardTitle>
        <Origin of={origin} />
      </CardHeader>
      <CardBody>{empty ? <p className={muted}>{t('resume-none')}</p> : children}</CardBody>
    </CardRoot>
  );
}

/** The parse status, announced as it changes: reading, failed (why), nothing when read or no file. */
function ParseStatus({ resume }: { resume: Resume }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" aria-atomic="true">
      {resume.parseStatus === 'parsing' ? (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted', fontSize: 'sm' })}>
          <Spinner size="sm" label={t('resume-parsing')} />
          <span>{t('resume-parsing')}</span>
        </div>
      ) : null}
      {resume.parseStatus === 'failed' ? (
        <Alert status="warning" title={t('resume-parse_failed_title')}>
          {t(resume.parseError ?? 'resume-parse_failed')}
        </Alert>
      ) : null}
    </div>
  );
}

function Facts({ resume }: { resume: Resume }) {
  const { t } = useTranslation();
  const from = resume.filledFrom;
  const row = (label: string, value: ReactNode, origin?: 'rules' | 'llm') => (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minW: 0 })}>
      <dt className={muted}>{label}</dt>
      <dd className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', overflowWrap: 'anywhere' })}>
        {value}
        <Origin of={origin} />
      </dd>
    </div>
  );
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'repeat(auto-fit, minmax(12rem, 1fr))' }, gap: '4' })}>
      {row(t('resume-field_jobTitle'), resume.jobTitle ?? <span className={muted}>{t('resume-not_given')}</span>, from.jobTitle)}
      {row(
        t('resume-field_yearsExperience'),
        resume.yearsExperience === null ? <span className={muted}>{t('resume-not_given')}</span> : t('resume-years', { count: resume.yearsExperience }),
        from.yearsExperience,
      )}
      {row(t('resume-field_userId'), resume.user ? resume.user.username : <span className={muted}>{t('resume-no_account')}</span>)}
    </dl>
  );
}

function CvFile({ resume, fileUrl, busy, onReplaceFile, onFileRefused }: { resume: Resume; fileUrl: string; busy: boolean } & Pick<ResumeViewProps, 'onReplaceFile' | 'onFileRefused'>) {
  const { t, i18n } = useTranslation();
  return (
    <CardRoot>
      <CardHeader>
        <CardTitle className={css({ fontSize: 'md' })}>{t('resume-cv_file')}</CardTitle>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {resume.file ? (
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', justifyContent: 'space-between' })}>
            <span className={css({ display: 'flex', gap: '2', alignItems: 'center', minW: 0, overflowWrap: 'anywhere' })}>
              <FileText size={18} aria-hidden="true" />
              <span>{resume.file.name}</span>
              <span className={muted}>{formatFileSize(resume.file.size, i18n.language)}</span>
            </span>
            <a href={fileUrl} download={resume.file.name} className={button({ variant: 'outline', size: 'sm' })}>
              <Download size={16} aria-hidden="true" />
              {t('resume-download', { name: resume.file.name })}
            </a>
          </div>
        ) : (
          <p className={muted}>{t('resume-no_file_yet')}</p>
        )}
        <ParseStatus resume={resume} />
        <FileDrop
          label={busy ? t('resume-file_sending') : resume.file ? t('resume-replace_file') : t('resume-add_file')}
          hint={t('resume-file_hint')}
          accept={CV_ACCEPT}
          disabled={busy}
          onFile={(file) => {
            const problem = cvProblem(file);
            if (problem) onFileRefused(problem);
            else onReplaceFile(file);
          }}
        />
      </CardBody>
    </CardRoot>
  );
}

/** Who changed what: the other user's saved fields and the user's draft, each against the resume the form was opened on. */
function Conflict({ resume, theirs, draft, message, onTakeTheirs, onKeepMine }: { resume: Resume; theirs: Resume; draft: ResumeChanges; message: string; onTakeTheirs: () => void; onKeepMine: () => void }) {
  const { t, i18n } = useTranslation();
  const label = (field: string) => t(`resume-field_${field}`);
  return (
    <ConflictNotice
      title={t('resume-conflict_title')}
      text={message}
      sections={[
        { heading: t('resume-conflict_theirs', { date: formatDate(theirs.updatedAt, i18n.language) }), lines: changedFields(resume, theirs).map(label) },
        { heading: t('resume-conflict_mine'), lines: changedFields(resume, draft).map(label) },
      ]}
      emptyLabel={t('resume-conflict_nothing')}
      reloadLabel={t('resume-take_theirs')}
      mergeLabel={t('resume-keep_mine')}
      onReload={onTakeTheirs}
      onMerge={onKeepMine}
    />
  );
}

function Details({ resume }: { resume: Resume }) {
  const { t, i18n } = useTranslation();
  const from = resume.filledFrom;
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, gap: '4', alignItems: 'start' })}>
      <Section title={t('resume-field_certifications')} origin={from.certifications} empty={resume.certifications.length === 0}>
        <ul className={sectionList}>
          {resume.certifications.map((c, i) => (
            <li key={i} className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', justifyContent: 'space-between' })}>
              <span className={css({ minW: 0, overflowWrap: 'anywhere' })}>
                <span className={css({ fontWeight: 'medium' })}>{c.name}</span>
                {c.issuer ? <span className={muted}> · {c.issuer}</span> : null}
                {c.validUntil ? <span className={muted}> · {t('resume-valid_until', { date: formatDate(c.validUntil, i18n.language) })}</span> : null}
              </span>
              <ValidityBadge doc={c} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('resume-field_skills')} origin={from.skills} empty={resume.skills.length === 0}>
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '1.5' })}>
          {resume.skills.map((skill) => (
            <li key={skill}>
              <Badge tone="neutral">{skill}</Badge>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('resume-field_languages')} origin={from.languages} empty={resume.languages.length === 0}>
        <ul className={sectionList}>
          {resume.languages.map((l, i) => (
            <li key={i}>
              <span className={css({ fontWeight: 'medium' })}>{l.language}</span>
              {l.level ? <span className={muted}> — {l.level}</span> : null}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('resume-field_positions')} empty={resume.positions.length === 0}>
        <ul className={sectionList}>
          {resume.positions.map((p) => (
            <li key={`${p.chart}:${p.positionId}`}>
              <span className={muted}>{t(`organigramme-kind_${p.chart}`)} — </span>
              {p.title ?? <span className={css({ color: 'warning.text' })}>{t('resume-position_removed')}</span>}
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('resume-field_experiences')} origin={from.experiences} empty={resume.experiences.length === 0}>
        <ul className={sectionList}>
          {resume.experiences.map((e, i) => (
            <li key={i} className={css({ overflowWrap: 'anywhere' })}>
              <div className={css({ fontWeight: 'medium' })}>{e.title}</div>
              <div className={muted}>
                {[e.employer, e.startYear === null ? null : e.endYear === null ? t('resume-experience_since', { year: e.startYear }) : t('resume-experience_years', { from: e.startYear, to: e.endYear })].filter(Boolean).join(' · ')}
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('resume-field_projects')} origin={from.projects} empty={resume.projects.length === 0}>
        <ul className={sectionList}>
          {resume.projects.map((p, i) => (
            <li key={i} className={css({ overflowWrap: 'anywhere' })}>
              <div className={css({ fontWeight: 'medium' })}>{p.title}</div>
              <div className={muted}>{[p.client, p.year, p.amount === null || p.amount === undefined ? null : formatAmount(p.amount, i18n.language), p.role].filter((v) => v !== null && v !== undefined && v !== '').join(' · ')}</div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('resume-field_education')} origin={from.education} empty={resume.education.length === 0}>
        <ul className={sectionList}>
          {resume.education.map((e, i) => (
            <li key={i} className={css({ overflowWrap: 'anywhere' })}>
              <span className={css({ fontWeight: 'medium' })}>{e.title}</span>
              {[e.school, e.year].filter(Boolean).length ? <span className={muted}> — {[e.school, e.year].filter(Boolean).join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

/** One resume (route /resumes/:id): read, edit in one form, replace its CV, delete it. */
export function ResumeView(props: ResumeViewProps) {
  const { t } = useTranslation();
  const { stage, resume } = props;
  if (stage === 'loading' || (!resume && stage !== 'loadFailed')) return <PageLoading />;
  if (stage === 'loadFailed' || !resume) return <PageLoadError onRetry={props.onRetry} />;
  const editing = stage === 'editing' || stage === 'saving' || stage === 'saveFailed' || stage === 'conflict';
  const busy = stage === 'saving' || stage === 'replacing' || stage === 'deleting';
  const title = resume.fullName || t('resume-unnamed');
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '6xl' })}>
      <Link href={`/companies/${resume.companyId}/resumes`} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', color: 'fg.muted', fontSize: 'sm', _hover: { color: 'fg.default' } })}>
        <ArrowLeft size={16} aria-hidden="true" />
        {t('resume-back_to_list')}
      </Link>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-start', justifyContent: 'space-between' })}>
        <div className={css({ minW: 0 })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', overflowWrap: 'anywhere', display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            {title}
            <Origin of={resume.filledFrom.fullName} />
          </h1>
          {resume.certificationCounts.expired + resume.certificationCounts.expiring > 0 ? (
            <p className={css({ fontSize: 'sm', color: 'warning.text', mt: '1' })}>
              {t('resume-certifications_attention', { expired: resume.certificationCounts.expired, expiring: resume.certificationCounts.expiring })}
            </p>
          ) : null}
        </div>
        {editing ? null : (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button variant="outline" onClick={props.onDelete} disabled={busy}>
              <Trash2 size={16} aria-hidden="true" />
              {t('resume-delete')}
            </Button>
            <Button onClick={props.onEdit} disabled={busy}>
              <Pencil size={16} aria-hidden="true" />
              {t('resume-edit')}
            </Button>
          </div>
        )}
      </div>

      <div aria-live="polite">
        {props.success && !editing ? (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <Alert status="success">{props.success}</Alert>
            <Button variant="ghost" size="sm" onClick={props.onDismiss} className={css({ alignSelf: 'flex-start' })}>
              {t('resume-dismiss')}
            </Button>
          </div>
        ) : null}
      </div>
      {props.error && !editing && stage !== 'confirmingDelete' && stage !== 'deleting' ? (
        <Alert status="error" title={t('resume-action_failed')}>
          {props.error.message}
        </Alert>
      ) : null}

      {stage === 'conflict' && props.theirs && props.draft ? (
        <Conflict resume={resume} theirs={props.theirs} draft={props.draft} message={props.error?.message ?? t('resume-conflict')} onTakeTheirs={props.onTakeTheirs} onKeepMine={props.onKeepMine} />
      ) : null}

      {editing ? (
        <CardRoot>
          <CardBody>
            <ResumeForm
              resume={resume}
              draft={props.draft}
              members={props.members}
              charts={props.charts}
              saving={stage === 'saving' || stage === 'conflict'}
              refusal={stage === 'saveFailed' ? props.error : null}
              onSave={props.onSave}
              onCancel={props.onCancel}
            />
          </CardBody>
        </CardRoot>
      ) : (
        <>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, gap: '4', alignItems: 'start' })}>
            <CardRoot>
              <CardBody>
                <Facts resume={resume} />
              </CardBody>
            </CardRoot>
            <CvFile resume={resume} fileUrl={props.fileUrl} busy={busy} onReplaceFile={props.onReplaceFile} onFileRefused={props.onFileRefused} />
          </div>
          <Details resume={resume} />
        </>
      )}

      <ConfirmDialog
        open={stage === 'confirmingDelete' || stage === 'deleting'}
        title={t('resume-delete_title', { name: title })}
        description={t('resume-delete_text')}
        confirmLabel={t('resume-delete')}
        danger
        busy={stage === 'deleting'}
        error={stage === 'confirmingDelete' ? (props.error?.message ?? null) : null}
        onConfirm={props.onConfirmDelete}
        onClose={props.onCancelDelete}
      />
    </div>
  );
}
