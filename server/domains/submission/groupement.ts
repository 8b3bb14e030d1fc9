// The groupement a tender is answered in (issue 26): the company is the mandataire (it prepares and
// deposits the folder), the co-contractors (cotraitants) are entered by a manager with their share
// of the work. The DC1 names them all (its sections D, E and G); each co-contractor fills its own
// DC2 and DUME, which the folder asks as pieces to upload.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { companies, submissionGroupements } from '../../db/schema';
import { sessionOf } from '../../auth/session';
import { ValidationFailure, type FieldIssue } from '../../http/error-handler';
import { t } from '../../i18n';
import type { CandidatureData, CompanyIdentity } from '../../analysis/forms';
import { reachableTender } from '../tenders/access';
import { siretValid } from '../companies/siret';
import { publicFolder, type Folder, type FolderPiece, type Translate } from './folder';

export type Groupement = components['schemas']['SubmissionGroupement'];
type Member = components['schemas']['SubmissionGroupementMember'];

/** The tender's groupement, or null while the company answers alone. */
export async function groupementOf(db: Database, tenderId: string): Promise<Groupement | null> {
  const [row] = await db.select().from(submissionGroupements).where(eq(submissionGroupements.tenderId, tenderId)).limit(1);
  if (!row) return null;
  return {
    kind: row.kind,
    ...(row.kind === 'joint' ? { mandataireJointlyLiable: row.mandataireJointlyLiable ?? false } : {}),
    ...(row.mandataireRole ? { mandataireRole: row.mandataireRole } : {}),
    members: row.members,
  };
}

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** The members as stored: spaces tidied, empty optional parts left out. */
function cleanMember(member: Member): Member {
  const representative = member.legalRepresentative;
  return {
    name: clean(member.name),
    siret: member.siret,
    address: clean(member.address),
    postalCode: member.postalCode,
    city: clean(member.city),
    role: clean(member.role),
    ...(representative && clean(representative.name) ? { legalRepresentative: { name: clean(representative.name), capacity: clean(representative.capacity) } } : {}),
    ...(clean(member.email) ? { email: clean(member.email) } : {}),
  };
}

/** What the schema cannot say: a blank after trimming, a SIRET failing its key, the company itself or a member twice. */
function memberIssues(members: Member[], ownSiret: string | null): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  members.forEach((member, index) => {
    const at = (field: string) => `members.${index}.${field}`;
    for (const [field, min] of [['name', 2], ['address', 3], ['city', 1], ['role', 2]] as const) {
      if (member[field].length < min) issues.push({ field: at(field), key: member[field] ? 'validation-min_length' : 'validation-required', vars: member[field] ? { limit: min } : {} });
    }
    if (member.legalRepresentative && member.legalRepresentative.capacity.length < 2) issues.push({ field: at('legalRepresentative.capacity'), key: 'validation-required', vars: {} });
    if (!siretValid(member.siret)) issues.push({ field: at('siret'), key: 'company-siret_invalid', vars: {} });
    else if (member.siret === ownSiret) issues.push({ field: at('siret'), key: 'submission-groupement_siret_own', vars: {} });
    else if (seen.has(member.siret)) issues.push({ field: at('siret'), key: 'submission-groupement_siret_twice', vars: {} });
    seen.add(member.siret);
  });
  return issues;
}

/** The DC1's groupement: the company first, as the mandataire, then its co-contractors. */
export function candidatureGroupement(groupement: Groupement | null, company: CompanyIdentity): CandidatureData['groupement'] {
  if (!groupement) return undefined;
  const member = (m: Member): CompanyIdentity & { role: string } => ({
    name: m.name,
    siret: m.siret,
    address: { street: m.address, postalCode: m.postalCode, city: m.city, country: 'France' },
    ...(m.email ? { email: m.email } : {}),
    ...(m.legalRepresentative ? { legalRepresentative: m.legalRepresentative } : {}),
    role: m.role,
  });
  return {
    kind: groupement.kind === 'joint' ? 'conjoint' : 'solidaire',
    ...(groupement.kind === 'joint' ? { mandataireSolidaire: groupement.mandataireJointlyLiable ?? false } : {}),
    members: [{ ...company, role: groupement.mandataireRole ?? '' }, ...groupement.members.map(member)],
    mandataireIndex: 0,
  };
}

// Each member of a groupement fills its own DC2 (the DC2's own note: « En cas de candidature
// groupée, il est rempli par chaque membre du groupement ») and its own DUME (the standard form,
// part II A: the other operators of the group each provide a separate DUME).
const OWN_FORM_SOURCE = {
  DC2: 'Formulaire DC2 (DAJ) : « En cas de candidature groupée, il est rempli par chaque membre du groupement. »',
  DUME: 'Règlement d’exécution (UE) 2016/7, annexe 2, partie II, A : en cas de candidature conjointe, les autres opérateurs concernés fournissent un DUME distinct.',
} as const;

/** The code of a co-contractor's own form: `DC2_1`, `DUME_2`…, numbered as the members are listed. */
export const memberPieceCode = (form: 'DC2' | 'DUME', index: number) => `${form}_${index + 1}`;

/** The co-contractors' own DC2 and DUME, listed after the company's own forms the folder holds. */
export function memberPieceCodes(groupement: Groupement | null, listedCodes: string[]): { code: string; form: 'DC2' | 'DUME' }[] {
  if (!groupement) return [];
  return (['DC2', 'DUME'] as const).filter((form) => listedCodes.includes(form)).flatMap((form) => groupement.members.map((_member, index) => ({ code: memberPieceCode(form, index), form })));
}

/**
 * Once the folder's pieces are known: each co-contractor's DC2 and DUME named after it, asked as
 * the company's own form is (required when it is, the DUME standing for the forms alike), with the
 * rule that each member fills its own. Uploaded files were placed by the folder as any upload.
 */
export function describeMemberPieces(pieces: FolderPiece[], groupement: Groupement | null, t: Translate) {
  if (!groupement) return;
  for (const form of ['DC2', 'DUME'] as const) {
    const own = pieces.find((piece) => piece.code === form);
    if (!own) continue;
    groupement.members.forEach((member, index) => {
      const piece = pieces.find((p) => p.code === memberPieceCode(form, index));
      if (!piece) return;
      piece.label = t(`submission-piece_member_${form}`, { name: member.name });
      piece.part = own.part;
      piece.required = own.required;
      piece.asked = own.asked;
      const rule = { key: 'groupement_member', ok: !!piece.file, severity: (own.required ? 'error' : 'warning') as 'error' | 'warning', msg: t(piece.file ? 'submission-check_member_form_given' : 'submission-check_member_form', { name: member.name }), source: OWN_FORM_SOURCE[form] };
      // The folder's generic "to upload" line says less than the rule: replaced by it.
      piece.checks = [rule, ...piece.checks.filter((check) => check.key !== 'present')];
    });
  }
}

export function groupementHandlers(
  { db }: Deps,
  folder: { notDeposited: (tenderId: string) => Promise<void>; folderOf: (request: FastifyRequest, tenderId: string) => Promise<Folder> },
): Handlers<'getSubmissionGroupement' | 'setSubmissionGroupement' | 'clearSubmissionGroupement'> {
  return {
    async getSubmissionGroupement(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return { groupement: await groupementOf(db, tender.id) };
    },

    async setSubmissionGroupement(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      await folder.notDeposited(tender.id);
      const input = request.body;
      const members = input.members.map(cleanMember);
      const [company] = await db.select({ siret: companies.siret }).from(companies).where(eq(companies.id, tender.companyId)).limit(1);
      const issues = memberIssues(members, company?.siret ?? null);
      if (issues.length) throw new ValidationFailure(issues);
      const values = {
        kind: input.kind,
        // Said of a groupement conjoint only: in a groupement solidaire every member is.
        mandataireJointlyLiable: input.kind === 'joint' ? (input.mandataireJointlyLiable ?? false) : null,
        mandataireRole: clean(input.mandataireRole),
        members,
        updatedBy: user.id,
        updatedAt: new Date(),
      };
      await db
        .insert(submissionGroupements)
        .values({ tenderId: tender.id, companyId: tender.companyId, ...values })
        .onConflictDoUpdate({ target: submissionGroupements.tenderId, set: values });
      return { msg: t(request, 'submission-groupement_saved'), details: { groupement: await groupementOf(db, tender.id), submission: publicFolder(await folder.folderOf(request, tender.id)) } };
    },

    async clearSubmissionGroupement(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      await folder.notDeposited(tender.id);
      await db.delete(submissionGroupements).where(eq(submissionGroupements.tenderId, tender.id));
      return { msg: t(request, 'submission-groupement_cleared'), details: { groupement: null, submission: publicFolder(await folder.folderOf(request, tender.id)) } };
    },
  };
}
