// The resume's edit form as strings, the changes it makes (only the fields that differ, so the
// fields the CV filled and nobody touched keep their origin), and the client-side checks with the
// contract's limits (openapi.yaml ResumePatch).
import type { Resume, ResumeChanges } from '../../machines/resume.machine';

type Kind = Resume['positions'][number]['chart'];

export type ResumeForm = {
  fullName: string;
  jobTitle: string;
  yearsExperience: string;
  userId: string;
  skills: string[];
  education: { title: string; school: string; year: string }[];
  certifications: { name: string; issuer: string; obtainedOn: string; validUntil: string }[];
  languages: { language: string; level: string }[];
  projects: { title: string; client: string; year: string; amount: string; role: string }[];
  positions: { chart: Kind; positionId: string }[];
};

/** maxLength of each text input, as the contract says. */
export const RESUME_LIMITS = {
  fullName: 120,
  jobTitle: 160,
  yearsExperience: 2,
  educationTitle: 200,
  school: 200,
  year: 4,
  certificationName: 160,
  issuer: 160,
  language: 60,
  level: 60,
  projectTitle: 200,
  client: 200,
  amount: 20,
  role: 120,
  skill: 80,
} as const;
export const RESUME_MAX_ROWS = { education: 30, certifications: 60, skills: 60, languages: 20, projects: 60, positions: 20 } as const;

const text = (value: string | null | undefined) => value ?? '';
const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The form values of a resume, or of a resume with the draft's changes. */
export function toForm(resume: Resume, draft: ResumeChanges | null = null): ResumeForm {
  const r = { ...currentChanges(resume), ...(draft ?? {}) } as Required<ResumeChanges>;
  return {
    fullName: r.fullName,
    jobTitle: text(r.jobTitle),
    yearsExperience: num(r.yearsExperience),
    userId: text(r.userId),
    skills: [...r.skills],
    education: r.education.map((e) => ({ title: e.title, school: text(e.school), year: num(e.year) })),
    certifications: r.certifications.map((c) => ({ name: c.name, issuer: text(c.issuer), obtainedOn: text(c.obtainedOn), validUntil: text(c.validUntil) })),
    languages: r.languages.map((l) => ({ language: l.language, level: text(l.level) })),
    projects: r.projects.map((p) => ({ title: p.title, client: text(p.client), year: num(p.year), amount: num(p.amount), role: text(p.role) })),
    positions: r.positions.map((p) => ({ chart: p.chart, positionId: p.positionId })),
  };
}

/** A resume as the fields a PATCH would send. */
function currentChanges(resume: Resume): Required<ResumeChanges> {
  return {
    fullName: resume.fullName,
    jobTitle: resume.jobTitle,
    yearsExperience: resume.yearsExperience,
    userId: resume.userId,
    skills: resume.skills,
    education: resume.education.map((e) => ({ title: e.title, school: e.school ?? null, year: e.year ?? null })),
    certifications: resume.certifications.map((c) => ({ name: c.name, issuer: c.issuer, obtainedOn: c.obtainedOn, validUntil: c.validUntil })),
    languages: resume.languages.map((l) => ({ language: l.language, level: l.level ?? null })),
    projects: resume.projects.map((p) => ({ title: p.title, client: p.client ?? null, year: p.year ?? null, amount: p.amount ?? null, role: p.role ?? null })),
    positions: resume.positions.map((p) => ({ chart: p.chart, positionId: p.positionId })),
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const intOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
/** "1 250 000", "1250000,50" or "1 250 000 €" as a number; NaN when it is none. */
export function parseAmount(value: string): number | null {
  const cleaned = value.replace(/[\s\u00a0\u202f€]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The form as a whole PATCH body (without version). */
function fromForm(form: ResumeForm): Required<ResumeChanges> {
  return {
    fullName: form.fullName.trim(),
    jobTitle: orNull(form.jobTitle),
    yearsExperience: intOrNull(form.yearsExperience),
    userId: orNull(form.userId),
    skills: form.skills.map((s) => s.trim()).filter(Boolean),
    education: form.education.map((e) => ({ title: e.title.trim(), school: orNull(e.school), year: intOrNull(e.year) })),
    certifications: form.certifications.map((c) => ({ name: c.name.trim(), issuer: orNull(c.issuer), obtainedOn: orNull(c.obtainedOn), validUntil: orNull(c.validUntil) })),
    languages: form.languages.map((l) => ({ language: l.language.trim(), level: orNull(l.level) })),
    projects: form.projects.map((p) => ({ title: p.title.trim(), client: orNull(p.client), year: intOrNull(p.year), amount: parseAmount(p.amount), role: orNull(p.role) })),
    positions: form.positions.map((p) => ({ chart: p.chart, positionId: p.positionId })),
  };
}

/** Only the fields the form changed against the resume (a list is sent whole when one of its rows changed). */
export function changesOf(resume: Resume, form: ResumeForm): ResumeChanges {
  const before = currentChanges(resume);
  const after = fromForm(form);
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ResumeChanges)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changed[key] = after[key];
  }
  return changed as ResumeChanges;
}

const isYear = (value: string) => value.trim() === '' || (/^\d{4}$/.test(value.trim()) && Number(value) >= 1950 && Number(value) <= 2100);

/** Errors (i18n keys) by field path, the server's spelling: `fullName`, `certifications.2.validUntil`. */
export function checkForm(form: ResumeForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (form.fullName.trim() === '') errors.fullName = 'form-required';
  const years = form.yearsExperience.trim();
  if (years !== '' && !(/^\d{1,2}$/.test(years) && Number(years) <= 60)) errors.yearsExperience = 'resume-years_invalid';
  form.education.forEach((e, i) => {
    if (e.title.trim() === '') errors[`education.${i}.title`] = 'form-required';
    if (!isYear(e.year)) errors[`education.${i}.year`] = 'resume-year_invalid';
  });
  form.certifications.forEach((c, i) => {
    if (c.name.trim() === '') errors[`certifications.${i}.name`] = 'form-required';
    if (c.obtainedOn && c.validUntil && c.validUntil < c.obtainedOn) errors[`certifications.${i}.validUntil`] = 'resume-valid_until_before_obtained';
  });
  form.languages.forEach((l, i) => {
    if (l.language.trim() === '') errors[`languages.${i}.language`] = 'form-required';
  });
  form.projects.forEach((p, i) => {
    if (p.title.trim() === '') errors[`projects.${i}.title`] = 'form-required';
    if (!isYear(p.year)) errors[`projects.${i}.year`] = 'resume-year_invalid';
    const amount = parseAmount(p.amount);
    if (amount !== null && (Number.isNaN(amount) || amount > 100_000_000_000)) errors[`projects.${i}.amount`] = 'resume-amount_invalid';
  });
  form.positions.forEach((p, i) => {
    if (p.positionId === '') errors[`positions.${i}.positionId`] = 'form-required';
  });
  return errors;
}

/** The labels (i18n keys) of the fields a set of changes touches, in the form's order. */
export const RESUME_FIELDS = ['fullName', 'jobTitle', 'yearsExperience', 'userId', 'positions', 'skills', 'certifications', 'languages', 'projects', 'education'] as const;
export function changedFields(resume: Resume, other: Resume | ResumeChanges): string[] {
  const before = currentChanges(resume);
  const after = 'version' in other ? currentChanges(other as Resume) : (other as ResumeChanges);
  return RESUME_FIELDS.filter((key) => key in after && JSON.stringify(after[key]) !== JSON.stringify(before[key]));
}
