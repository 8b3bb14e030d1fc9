import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePlus2, Plus, Trash2, UserPlus } from 'lucide-react';
import { css } from 'styled-system/css';
import type { components } from '../../../openapi/schema';
import type { MemoryCreateFrom, MemorySection, MemorySummary, ResponseFrameRef } from '../../machines/memory.machine';
import type { MemoryRequirement } from '../../machines/section-meta.machine';
import { Alert } from '../components/Alert';
import { Badge } from '../components/Badge';
import { Button } from '../components/Button';
import { ConfirmDialog } from '../components/Dialog';
import { Input } from '../components/Input';
import type { ListState } from '../components/ListFrame';
import { Select } from '../components/Select';
import { Spinner } from '../components/Spinner';
import { formatDate } from '../format';

export type MemoryResume = components['schemas']['ResumeListItem'];
export type MemoryLetter = components['schemas']['CompanyDocument'];
export type Member = { _id: string; username: string };
type DocNode = Record<string, unknown>;
type T = (key: string, vars?: Record<string, unknown>) => string;

const panel = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.default' });
const heading = css({ fontSize: 'md', fontWeight: 'semibold', display: 'flex', alignItems: 'center', gap: '2' });
const subheading = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });
const STATUSES = ['draft', 'to_review', 'final'] as const;

/**
 * The section's own details above its text: its title (edited in place, Enter saves, Escape
 * leaves it as it was), its status and the member who writes it. Each change is saved at once.
 */
export function SectionDetails(props: {
  section: MemorySection;
  members: Member[];
  busy: boolean;
  onRename: (title: string) => void;
  onStatus: (status: MemorySection['status']) => void;
  onAssign: (assigneeId: string | null) => void;
}) {
  const { t } = useTranslation();
  const { section } = props;
  // The title being typed (null: the saved one shows).
  const [typed, setTyped] = useState<string | null>(null);
  const title = typed ?? section.title;
  const save = () => {
    const next = title.trim();
    if (next && next !== section.title) props.onRename(next);
    setTyped(null);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') setTyped(null);
  };
  const assignee = props.members.some((m) => m._id === section.assigneeId) ? section.assigneeId! : '';
  return (
    <div className={css({ display: 'grid', gap: '2', gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2fr) 1fr 1fr' }, alignItems: 'end' })}>
      <label className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', fontWeight: 'medium' })}>
        {t('memory-section_title')}
        <Input value={title} maxLength={300} disabled={props.busy} onChange={(event) => setTyped(event.target.value)} onKeyDown={onKey} onBlur={() => typed !== null && save()} />
      </label>
      <Select
        label={t('memory-section_status')}
        value={section.status}
        disabled={props.busy}
        options={STATUSES.map((status) => ({ value: status, label: t(`memory-status_${status}`) }))}
        onChange={(value) => props.onStatus(value as MemorySection['status'])}
      />
      <Select
        label={t('memory-section_assignee')}
        value={assignee}
        disabled={props.busy}
        options={[{ value: '', label: t('memory-section_unassigned') }, ...props.members.map((m) => ({ value: m._id, label: m.username }))]}
        onChange={(value) => props.onAssign(value || null)}
      />
    </div>
  );
}

/** A refusal of a section's change (someone saved first: the saved section is now shown), until closed. */
export function MetaError({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
      <div className={css({ flex: '1' })}>
        <Alert status="error">{message}</Alert>
      </div>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        {t('common-close')}
      </Button>
    </div>
  );
}

/** Under the outline: a section added after the current one (a chapter or a sub-section), the current one removed after a confirmation. */
export function OutlineActions(props: { section: MemorySection | null; busy: boolean; onAdd: (title: string, level: 1 | 2) => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [level, setLevel] = useState<'1' | '2'>('2');
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '2', borderTopWidth: '1px', borderColor: 'border.default' })}>
      <form
        aria-label={t('memory-section_add')}
        noValidate
        className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return;
          props.onAdd(title.trim(), level === '1' ? 1 : 2);
          setTitle('');
        }}
      >
        <label className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', fontWeight: 'medium' })}>
          {t('memory-section_new_title')}
          <Input value={title} maxLength={300} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <Select
          label={t('memory-section_level')}
          value={level}
          options={[
            { value: '1', label: t('memory-section_level_1') },
            { value: '2', label: t('memory-section_level_2') },
          ]}
          onChange={(value) => setLevel(value as '1' | '2')}
        />
        <Button type="submit" size="sm" variant="outline" disabled={props.busy || !title.trim()}>
          <Plus size={16} aria-hidden="true" />
          {t('memory-section_add')}
        </Button>
      </form>
      {props.section ? (
        <Button size="sm" variant="ghost" disabled={props.busy} onClick={() => setConfirming(true)}>
          <Trash2 size={16} aria-hidden="true" />
          {t('memory-section_delete')}
        </Button>
      ) : null}
      {props.section ? (
        <ConfirmDialog
          open={confirming}
          title={t('memory-section_delete_title', { title: props.section.title })}
          description={t('memory-section_delete_text')}
          confirmLabel={t('memory-section_delete')}
          danger
          busy={props.busy}
          onConfirm={() => {
            setConfirming(false);
            props.onDelete();
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

/** A memory of the company on another of its tenders, offered as a starting point. */
export type EarlierMemory = { _id: string; title: string; tenderTitle: string; tenderReference: string };

/** The header's choice among the tender's memories, and another one made blank, from the DCE analysis or from an earlier memory (this tender's or another's). */
export function MemorySwitcher(props: {
  memories: MemorySummary[];
  earlier?: EarlierMemory[];
  currentId: string;
  busy: boolean;
  onOpen: (memoryId: string) => void;
  /** The buyer's response frames: a memory from one of them comes first. */
  frames?: ResponseFrameRef[];
  onCreate: (from: MemoryCreateFrom, memoryId?: string, frame?: ResponseFrameRef) => void;
}) {
  const { t } = useTranslation();
  // The buyer's frame first when the DCE has one: the memory must follow it.
  const [from, setFrom] = useState(props.frames?.length ? 'frame:0' : 'blank');
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'end' })}>
      {props.memories.length > 1 ? (
        <Select label={t('memory-switch')} value={props.currentId} disabled={props.busy} options={props.memories.map((m) => ({ value: m._id, label: m.title }))} onChange={props.onOpen} />
      ) : null}
      <Select
        label={t('memory-new_from')}
        value={from}
        disabled={props.busy}
        options={[
          ...(props.frames ?? []).map((f, i) => ({ value: `frame:${i}`, label: t('memory-create_from_frame', { fileName: f.fileName }) })),
          { value: 'blank', label: t('memory-create_blank') },
          { value: 'analysis', label: t('memory-create_from_analysis') },
          ...props.memories.map((m) => ({ value: `memory:${m._id}`, label: t('memory-create_from_memory', { title: m.title }) })),
          ...(props.earlier ?? []).map((m) => ({ value: `memory:${m._id}`, label: t('memory-create_from_earlier', { title: m.title, reference: m.tenderReference, call: m.tenderTitle }) })),
        ]}
        onChange={setFrom}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={props.busy}
        onClick={() =>
          from.startsWith('memory:')
            ? props.onCreate('memory', from.slice('memory:'.length))
            : from.startsWith('frame:')
              ? props.onCreate('frame', undefined, props.frames?.[Number(from.slice('frame:'.length))])
              : props.onCreate(from as MemoryCreateFrom)
        }
      >
        <FilePlus2 size={16} aria-hidden="true" />
        {t('memory-create_another')}
      </Button>
    </div>
  );
}

/**
 * The CCTP requirements the section must cover: their text with the document and page, a box the
 * team ticks once covered (the requirement's status in the CCTP matrix), and a badge on those the
 * last analysis found covered by the text itself.
 */
export function SectionRequirements(props: {
  section: MemorySection;
  requirements: MemoryRequirement[];
  coveredByText: ReadonlySet<string>;
  tickingId: string | null;
  onTick: (requirement: MemoryRequirement, covered: boolean) => void;
}) {
  const { t } = useTranslation();
  const byId = new Map(props.requirements.map((r) => [r._id, r]));
  const linked = props.section.requirementIds.map((id) => byId.get(id)).filter((r): r is MemoryRequirement => !!r);
  if (!linked.length) return <p className={muted}>{t('memory-no_requirements')}</p>;
  return (
    <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: 'sm' })}>
      {linked.map((r) => {
        const byText = props.coveredByText.has(r._id) && r.status !== 'covered';
        return (
          <li key={r._id} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            <p>{r.text}</p>
            <p className={muted}>{t('memory-requirement_source', { fileName: r.fileName, page: r.page })}</p>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
              <label className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', cursor: 'pointer' })}>
                <input
                  type="checkbox"
                  checked={r.status === 'covered'}
                  disabled={props.tickingId !== null || r.status === 'not_applicable'}
                  aria-label={t('memory-requirement_covered_label', { text: r.text })}
                  onChange={(event) => props.onTick(r, event.target.checked)}
                />
                {t('memory-requirement_covered')}
              </label>
              {props.tickingId === r._id ? <Spinner size="sm" label={t('memory-requirement_saving')} /> : null}
              {byText ? <Badge tone="success">{t('memory-requirement_covered_by_text')}</Badge> : null}
              {r.status === 'not_applicable' ? <Badge tone="neutral">{t('memory-requirement_not_applicable')}</Badge> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

const italicLine = (text: string): DocNode => ({ type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'italic' }] }] });
const paragraph = (...parts: (string | { bold: string })[]): DocNode => ({
  type: 'paragraph',
  content: parts.filter((p) => (typeof p === 'string' ? p.length > 0 : true)).map((p) => (typeof p === 'string' ? { type: 'text', text: p } : { type: 'text', text: p.bold, marks: [{ type: 'bold' }] })),
});
const projectLine = (p: MemoryResume['projects'][number]) => [p.title, [p.client, p.year?.toString()].filter(Boolean).join(', ')].filter(Boolean).join(' — ');

/** A CV as a short profile: name and role, years, certifications, past projects, then its source in italics. */
export function resumeInsertContent(resume: MemoryResume, t: T): DocNode[] {
  const role = [resume.jobTitle, resume.yearsExperience !== null ? t('memory-cv_years', { count: resume.yearsExperience }) : null].filter(Boolean).join(', ');
  const out: DocNode[] = [paragraph({ bold: resume.fullName }, role ? ` — ${role}` : '')];
  const certifications = resume.certifications.filter((c) => c.validity !== 'expired').map((c) => (c.validUntil ? t('memory-cv_certification_until', { name: c.name, date: c.validUntil.split('-').reverse().join('/') }) : c.name));
  if (certifications.length) out.push(paragraph(t('memory-cv_certifications', { list: certifications.slice(0, 6).join(', ') })));
  if (resume.projects.length) out.push(paragraph(t('memory-cv_projects', { list: resume.projects.slice(0, 4).map(projectLine).join(' ; ') })));
  out.push(italicLine(t('memory-cv_source', { name: resume.fullName })));
  return out;
}

/** A past project of a CV as a reference, with the CV it comes from. */
export function projectInsertContent(resume: MemoryResume, project: MemoryResume['projects'][number], t: T): DocNode[] {
  const who = [resume.fullName, project.role].filter(Boolean).join(', ');
  return [paragraph({ bold: projectLine(project) }, ` (${who})`), italicLine(t('memory-cv_source', { name: resume.fullName }))];
}

/** A reference letter of the vault, with its source. */
export function letterInsertContent(letter: Pick<MemoryLetter, 'title' | 'issueDate'>, t: T): DocNode[] {
  const date = letter.issueDate ? ` — ${letter.issueDate.split('-').reverse().join('/')}` : '';
  return [paragraph({ bold: letter.title }, date), italicLine(t('memory-letter_source', { title: letter.title }))];
}

/** The side panel's team and references: the company's CVs and their past projects, the vault's reference letters, each inserted with its source. */
// A company's CVs and references run long: each list scrolls on its own, the panels below stay near.
const teamList = css({ display: 'flex', flexDirection: 'column', gap: '3', maxH: '96', overflowY: 'auto', pr: '1' });

export function TeamPanel(props: { resumes: ListState<MemoryResume>; letters: ListState<MemoryLetter>; onRetry: () => void; onInsert: (content: DocNode[]) => void }) {
  const { t, i18n } = useTranslation();
  const loading = (s: ListState<unknown>) => s.state === 'loading' || s.state === 'debouncing';
  const projects = props.resumes.items.flatMap((resume) => resume.projects.map((project, i) => ({ resume, project, key: `${resume._id}:${i}` })));
  return (
    <section aria-labelledby="memory-team-panel" className={panel}>
      <h2 id="memory-team-panel" className={heading}>
        <UserPlus size={18} aria-hidden="true" />
        {t('memory-team_title')}
      </h2>
      {props.resumes.state === 'failure' || props.letters.state === 'failure' ? (
        <p className={muted}>
          {t('memory-team_failed')}{' '}
          <Button size="sm" variant="ghost" onClick={props.onRetry}>
            {t('memory-team_retry')}
          </Button>
        </p>
      ) : null}
      <h3 className={subheading}>{t('memory-team_resumes')}</h3>
      {loading(props.resumes) ? <Spinner label={t('memory-team_loading')} /> : null}
      {props.resumes.state === 'empty' ? <p className={muted}>{t('memory-team_no_resumes')}</p> : null}
      <ul className={teamList}>
        {props.resumes.items.map((resume) => (
          <li key={resume._id} className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
            <span className={css({ fontWeight: 'semibold' })}>{resume.fullName}</span>
            {resume.jobTitle ? <span className={muted}>{resume.jobTitle}</span> : null}
            {resume.certifications.length ? (
              <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
                {resume.certifications.slice(0, 4).map((c) => (
                  <Badge key={c.name} tone={c.validity === 'expired' ? 'danger' : c.validity === 'expiring' ? 'warning' : 'neutral'}>
                    {c.validUntil ? t('memory-cv_badge_until', { name: c.name, date: formatDate(c.validUntil, i18n.language) }) : c.name}
                  </Badge>
                ))}
              </span>
            ) : null}
            <Button size="sm" variant="outline" aria-label={t('memory-cv_insert_label', { name: resume.fullName })} onClick={() => props.onInsert(resumeInsertContent(resume, t as T))}>
              {t('memory-insert')}
            </Button>
          </li>
        ))}
      </ul>
      <h3 className={subheading}>{t('memory-team_references')}</h3>
      {loading(props.letters) ? <Spinner label={t('memory-team_loading')} /> : null}
      {!projects.length && !props.letters.items.length && !loading(props.letters) && !loading(props.resumes) ? <p className={muted}>{t('memory-team_no_references')}</p> : null}
      <ul className={teamList}>
        {projects.map(({ resume, project, key }) => (
          <li key={key} className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
            <span>{projectLine(project)}</span>
            <span className={muted}>{t('memory-reference_from_cv', { name: resume.fullName })}</span>
            <Button size="sm" variant="outline" aria-label={t('memory-reference_insert_label', { title: project.title })} onClick={() => props.onInsert(projectInsertContent(resume, project, t as T))}>
              {t('memory-insert')}
            </Button>
          </li>
        ))}
        {props.letters.items.map((letter) => (
          <li key={letter._id} className={css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm' })}>
            <span>{letter.title}</span>
            <span className={muted}>{t('memory-reference_from_vault')}</span>
            <Button size="sm" variant="outline" aria-label={t('memory-reference_insert_label', { title: letter.title })} onClick={() => props.onInsert(letterInsertContent(letter, t as T))}>
              {t('memory-insert')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
