// A resume row as the contract answers it: certifications with their validity computed like the
// vault's (EXPIRING_DAYS, on today's date in Paris), the positions with their titles today.
import type { components } from '../../../openapi/schema';
import type { resumes, ResumeCertificationItem, ResumePositionItem } from '../../db/schema';
import { fold } from '../admin/lists';
import { EXPIRING_DAYS } from '../company-docs/routes';
import { currentDay, daysBetween } from '../../../rules/calendar';

type Resume = components['schemas']['Resume'];
type ResumeListItem = components['schemas']['ResumeListItem'];
type Certification = components['schemas']['ResumeCertification'];
export type ResumeRow = typeof resumes.$inferSelect;
type Chart = { type: ResumePositionItem['chart']; positions: { _id: string; title: string }[] };

export function withValidity(certification: ResumeCertificationItem, today = currentDay()): Certification {
  const { validUntil } = certification;
  const daysLeft = validUntil ? daysBetween(today, validUntil) : null;
  const validity = daysLeft === null ? 'valid' : daysLeft < 0 ? 'expired' : daysLeft <= EXPIRING_DAYS ? 'expiring' : 'valid';
  return { name: certification.name, issuer: certification.issuer, obtainedOn: certification.obtainedOn, validUntil, validity, daysLeft };
}

const counts = (certifications: Certification[]) => ({
  expired: certifications.filter((c) => c.validity === 'expired').length,
  expiring: certifications.filter((c) => c.validity === 'expiring').length,
});

/** What the list's search reads: name, job title, skills and certifications, folded like the query. */
export const searchTextOf = (resume: { fullName: string; jobTitle?: string | null; skills?: string[]; certifications?: ResumeCertificationItem[] }) =>
  fold([resume.fullName, resume.jobTitle ?? '', ...(resume.skills ?? []), ...(resume.certifications ?? []).map((c) => c.name)].join(' | '));

export function toResume(row: ResumeRow, user: { id: string; username: string } | null, charts: Chart[]): Resume {
  const certifications = row.certifications.map((c) => withValidity(c));
  return {
    _id: row.id,
    companyId: row.companyId,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    yearsExperience: row.yearsExperience,
    education: row.education,
    certifications,
    certificationCounts: counts(certifications),
    skills: row.skills,
    languages: row.languages,
    projects: row.projects,
    experiences: row.experiences,
    userId: row.userId,
    user: user ? { _id: user.id, username: user.username } : null,
    positions: row.positions.map((p) => ({ ...p, title: charts.find((c) => c.type === p.chart)?.positions.find((q) => q._id === p.positionId)?.title ?? null })),
    file: row.storageKey && row.fileName && row.mime ? { name: row.fileName, size: Number(row.size ?? 0), mimeType: row.mime } : null,
    parseStatus: row.parseStatus,
    parseError: row.parseError,
    filledFrom: row.filledFrom,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toListItem(row: ResumeRow): ResumeListItem {
  const certifications = row.certifications.map((c) => withValidity(c));
  return {
    _id: row.id,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    yearsExperience: row.yearsExperience,
    skills: row.skills,
    certifications,
    certificationCounts: counts(certifications),
    projects: row.projects,
    userId: row.userId,
    fileName: row.storageKey ? row.fileName : null,
    parseStatus: row.parseStatus,
    updatedAt: row.updatedAt.toISOString(),
  };
}
