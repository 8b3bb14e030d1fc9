import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import type { Resume, ResumeChanges } from '../../machines/resume.machine';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { TextField } from '../components/Field';
import { Select } from '../components/Select';
import { TagInput } from '../components/TagInput';
import { serverFieldErrors } from '../forms/use-field-errors';
import { changesOf, checkForm, RESUME_LIMITS as L, RESUME_MAX_ROWS, toForm, type ResumeForm as FormValues } from './resume-form';

export type ResumeMember = { _id: string; username: string };
export type ResumeChart = { kind: Resume['positions'][number]['chart']; positions: { _id: string; title: string }[] };

type ResumeFormProps = {
  resume: Resume;
  /** The changes refused or being saved: the form reopens with them. */
  draft: ResumeChanges | null;
  members: ResumeMember[];
  charts: ResumeChart[];
  saving: boolean;
  /** The server's refusal of the last save: its msg, and its details per field path. */
  refusal: { message: string; details?: unknown } | null;
  onSave: (changes: ResumeChanges) => void;
  onCancel: () => void;
};

type ListKey = 'education' | 'certifications' | 'languages' | 'projects' | 'positions';
const EMPTY_ROWS = {
  education: { title: '', school: '', year: '' },
  certifications: { name: '', issuer: '', obtainedOn: '', validUntil: '' },
  languages: { language: '', level: '' },
  projects: { title: '', client: '', year: '', amount: '', role: '' },
  positions: { chart: 'construction' as const, positionId: '' },
};

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(11rem, 1fr))' }, gap: '3', alignItems: 'start' });
const rowBox = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'md', bg: 'bg.subtle' });

/** Every field of a resume in one form; lists grow and shrink row by row; errors under their fields. */
export function ResumeForm({ resume, draft, members, charts, saving, refusal, onSave, onCancel }: ResumeFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(() => toForm(resume, draft));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A refusal is known by its content: the same one handed again is no new refusal.
  const refusalKey = refusal ? JSON.stringify([refusal.message, refusal.details ?? null]) : null;
  const [seen, setSeen] = useState(refusalKey);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(() => serverFieldErrors(refusal?.details, (path) => path));
  const [stale, setStale] = useState(false);
  // A new refusal: its messages shown afresh under their fields.
  if (refusalKey !== seen) {
    setSeen(refusalKey);
    setServerErrors(serverFieldErrors(refusal?.details, (path) => path));
    setStale(false);
  }
  const errorOf = (path: string) => (errors[path] ? t(errors[path]!) : serverErrors[path]);
  const touched = (path: string) => {
    setStale(true);
    const drop = (current: Record<string, string>) => {
      if (!(path in current)) return current;
      const next = { ...current };
      delete next[path];
      return next;
    };
    setErrors(drop);
    setServerErrors(drop);
  };
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    touched(String(key));
    setValues((v) => ({ ...v, [key]: value }));
  };
  const setRow = <K extends ListKey>(key: K, index: number, field: string, value: string) => {
    touched(`${key}.${index}.${field}`);
    setValues((v) => ({ ...v, [key]: (v[key] as object[]).map((row, i) => (i === index ? { ...row, [field]: value } : row)) }));
  };
  const addRow = (key: ListKey) => {
    setStale(true);
    setValues((v) => ({ ...v, [key]: [...(v[key] as object[]), { ...EMPTY_ROWS[key] }] }));
  };
  // Removing a row shifts the paths after it: the errors found for them no longer apply.
  const removeRow = (key: ListKey, index: number) => {
    setStale(true);
    const keep = (current: Record<string, string>) => Object.fromEntries(Object.entries(current).filter(([path]) => !path.startsWith(`${key}.`)));
    setErrors(keep);
    setServerErrors(keep);
    setValues((v) => ({ ...v, [key]: (v[key] as object[]).filter((_, i) => i !== index) }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkForm(values);
    setErrors(found);
    setServerErrors({});
    setStale(true);
    if (Object.keys(found).length === 0) onSave(changesOf(resume, values));
  };

  const text = (label: string, path: string, value: string, onChange: (value: string) => void, maxLength: number, extra: { inputMode?: 'numeric' | 'decimal'; type?: string; helperText?: ReactNode } = {}) => (
    <TextField
      label={label}
      name={path}
      value={value}
      maxLength={extra.type === 'date' ? undefined : maxLength}
      type={extra.type}
      inputMode={extra.inputMode}
      helperText={extra.helperText}
      error={errorOf(path)}
      disabled={saving}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  const remove = (key: ListKey, index: number, name: string) => (
    <Button variant="ghost" size="sm" disabled={saving} onClick={() => removeRow(key, index)} aria-label={t('resume-remove_row', { name })} className={css({ alignSelf: 'flex-end' })}>
      <Trash2 size={16} aria-hidden="true" />
      {t('resume-remove')}
    </Button>
  );
  const section = (key: ListKey, title: string, addLabel: string, rows: ReactNode[]) => (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: 0 })}>
      <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{title}</legend>
      {rows.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('resume-none')}</p> : null}
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>{rows}</ul>
      <Button variant="outline" size="sm" disabled={saving || values[key].length >= RESUME_MAX_ROWS[key]} onClick={() => addRow(key)} className={css({ alignSelf: 'flex-start' })}>
        <Plus size={16} aria-hidden="true" />
        {addLabel}
      </Button>
    </fieldset>
  );
  const positionOptions = charts.flatMap((chart) => chart.positions.map((p) => ({ value: `${chart.kind}:${p._id}`, label: `${t(`organigramme-kind_${chart.kind}`)} — ${p.title}` })));

  return (
    <form noValidate aria-label={t('resume-edit_form')} onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      {refusal && !stale ? (
        <Alert status="error" title={t('resume-save_failed')}>
          {refusal.message}
        </Alert>
      ) : null}
      <div className={grid}>
        {text(t('resume-field_fullName'), 'fullName', values.fullName, (v) => set('fullName', v), L.fullName)}
        {text(t('resume-field_jobTitle'), 'jobTitle', values.jobTitle, (v) => set('jobTitle', v), L.jobTitle)}
        {text(t('resume-field_yearsExperience'), 'yearsExperience', values.yearsExperience, (v) => set('yearsExperience', v), L.yearsExperience, { inputMode: 'numeric' })}
        <div>
          <Select
            label={t('resume-field_userId')}
            name="userId"
            value={values.userId}
            disabled={saving}
            aria-invalid={serverErrors.userId ? true : undefined}
            options={[{ value: '', label: t('resume-no_account') }, ...members.map((m) => ({ value: m._id, label: m.username }))]}
            onChange={(v) => set('userId', v)}
          />
          {serverErrors.userId ? <p className={css({ color: 'danger.text', fontSize: 'sm', mt: '1' })}>{serverErrors.userId}</p> : null}
        </div>
      </div>

      <TagInput
        label={t('resume-field_skills')}
        name="skills"
        value={values.skills}
        max={RESUME_MAX_ROWS.skills}
        maxLength={L.skill}
        helperText={t('resume-skills_help')}
        error={serverErrors.skills}
        disabled={saving}
        onChange={(skills) => set('skills', skills)}
      />

      {section(
        'certifications',
        t('resume-field_certifications'),
        t('resume-add_certification'),
        values.certifications.map((c, i) => (
          <li key={i} className={rowBox}>
            <div className={grid}>
              {text(t('resume-certification_name'), `certifications.${i}.name`, c.name, (v) => setRow('certifications', i, 'name', v), L.certificationName)}
              {text(t('resume-certification_issuer'), `certifications.${i}.issuer`, c.issuer, (v) => setRow('certifications', i, 'issuer', v), L.issuer)}
              {text(t('resume-certification_obtained'), `certifications.${i}.obtainedOn`, c.obtainedOn, (v) => setRow('certifications', i, 'obtainedOn', v), 10, { type: 'date' })}
              {text(t('resume-certification_valid_until'), `certifications.${i}.validUntil`, c.validUntil, (v) => setRow('certifications', i, 'validUntil', v), 10, { type: 'date' })}
            </div>
            {remove('certifications', i, c.name || t('resume-certification_name'))}
          </li>
        )),
      )}

      {section(
        'languages',
        t('resume-field_languages'),
        t('resume-add_language'),
        values.languages.map((l, i) => (
          <li key={i} className={rowBox}>
            <div className={grid}>
              {text(t('resume-language'), `languages.${i}.language`, l.language, (v) => setRow('languages', i, 'language', v), L.language)}
              {text(t('resume-language_level'), `languages.${i}.level`, l.level, (v) => setRow('languages', i, 'level', v), L.level)}
            </div>
            {remove('languages', i, l.language || t('resume-language'))}
          </li>
        )),
      )}

      {section(
        'projects',
        t('resume-field_projects'),
        t('resume-add_project'),
        values.projects.map((p, i) => (
          <li key={i} className={rowBox}>
            <div className={grid}>
              {text(t('resume-project_title'), `projects.${i}.title`, p.title, (v) => setRow('projects', i, 'title', v), L.projectTitle)}
              {text(t('resume-project_client'), `projects.${i}.client`, p.client, (v) => setRow('projects', i, 'client', v), L.client)}
              {text(t('resume-year'), `projects.${i}.year`, p.year, (v) => setRow('projects', i, 'year', v), L.year, { inputMode: 'numeric' })}
              {text(t('resume-project_amount'), `projects.${i}.amount`, p.amount, (v) => setRow('projects', i, 'amount', v), L.amount, { inputMode: 'decimal' })}
              {text(t('resume-project_role'), `projects.${i}.role`, p.role, (v) => setRow('projects', i, 'role', v), L.role)}
            </div>
            {remove('projects', i, p.title || t('resume-project_title'))}
          </li>
        )),
      )}

      {section(
        'education',
        t('resume-field_education'),
        t('resume-add_education'),
        values.education.map((e, i) => (
          <li key={i} className={rowBox}>
            <div className={grid}>
              {text(t('resume-education_title'), `education.${i}.title`, e.title, (v) => setRow('education', i, 'title', v), L.educationTitle)}
              {text(t('resume-education_school'), `education.${i}.school`, e.school, (v) => setRow('education', i, 'school', v), L.school)}
              {text(t('resume-year'), `education.${i}.year`, e.year, (v) => setRow('education', i, 'year', v), L.year, { inputMode: 'numeric' })}
            </div>
            {remove('education', i, e.title || t('resume-education_title'))}
          </li>
        )),
      )}

      {section(
        'positions',
        t('resume-field_positions'),
        t('resume-add_position'),
        values.positions.map((p, i) => {
          const path = `positions.${i}.positionId`;
          const value = p.positionId ? `${p.chart}:${p.positionId}` : '';
          const known = positionOptions.some((o) => o.value === value);
          const options = [{ value: '', label: t('resume-choose_position') }, ...(value && !known ? [{ value, label: t('resume-position_removed') }] : []), ...positionOptions];
          return (
            <li key={i} className={rowBox}>
              <Select
                label={t('resume-position')}
                name={path}
                value={value}
                disabled={saving}
                aria-invalid={errorOf(path) ? true : undefined}
                options={options}
                onChange={(v) => {
                  const [chart, positionId = ''] = v.split(':');
                  touched(path);
                  setValues((current) => ({ ...current, positions: current.positions.map((row, j) => (j === i ? { chart: (chart || 'construction') as typeof p.chart, positionId } : row)) }));
                }}
              />
              {errorOf(path) ? <p className={css({ color: 'danger.text', fontSize: 'sm' })}>{errorOf(path)}</p> : null}
              {remove('positions', i, options.find((o) => o.value === value)?.label ?? t('resume-position'))}
            </li>
          );
        }),
      )}

      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
        <Button variant="outline" disabled={saving} onClick={onCancel}>
          {t('resume-cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('resume-saving') : t('resume-save')}
        </Button>
      </div>
    </form>
  );
}
