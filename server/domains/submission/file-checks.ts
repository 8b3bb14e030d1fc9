// The folder's files against the RC's rules on them (the DCE fact fileRules, issue 26): each
// piece's format against the formats the RC accepts, refuses or requires (PDF), each file and the
// whole pli against the size caps of the RC and of the platform (the stricter wins, each with its
// source), and the RC's naming rule: applied when it is mechanical, shown in its words otherwise.
import type { components } from '../../../openapi/schema';
import type { StoredFact } from '../../db/schema';
import { fileRulePartsOf, type FileRulePart, type FileRules } from '../../analysis/dce/file-rules';
import type { Platform } from './platforms';
import { rcFolders, type Part } from './zip';

type Check = components['schemas']['SubmissionCheck'];
type Piece = components['schemas']['SubmissionPiece'];
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A size cap and who sets it. */
export type SizeLimit = { bytes: number; source: string | null; by: 'rc' | 'platform' };

/** What "formats largement disponibles" covers without doubt: PDF, office documents, common images, XML (the DUME), archives. */
const COMMON_FORMATS = new Set('pdf doc docx xls xlsx ppt pptx odt ods odp odg rtf txt csv jpg png gif xml html zip'.split(' '));
/** Spellings of one format: a list naming one accepts the other. */
const SAME_FORMAT: Record<string, string> = { jpeg: 'jpg', htm: 'html', tiff: 'tif' };
const formatOf = (ext: string) => SAME_FORMAT[ext] ?? ext;
export const extensionOf = (fileName: string) => /\.([a-z0-9]{1,10})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** The fact's value, or null when the analysis has none (or a value not of its shape). */
export function fileRulesOf(fact: StoredFact | undefined): FileRules | null {
  return fact && fact.value && typeof fact.value === 'object' && !Array.isArray(fact.value) ? (fact.value as FileRules) : null;
}

/** The RC's sentence that states `part`, as the folder cites it (file, page, words); the first source when none reads so. */
export function ruleSource(fact: StoredFact | undefined, part: FileRulePart): string | null {
  const sources = fact?.sources ?? [];
  const source = sources.find((s) => fileRulePartsOf(s.excerpt)[part] !== undefined) ?? sources[0];
  return source ? `${source.fileName}, p. ${source.page} : « ${source.excerpt} »` : null;
}

/** The caps that apply: the RC's or the platform's, whichever is lower. */
export function sizeLimits(platform: Platform | null, fact: StoredFact | undefined): { file: SizeLimit | null; total: SizeLimit | null } {
  const rules = fileRulesOf(fact);
  const pick = (rc: number | undefined, part: 'maxFileBytes' | 'maxTotalBytes', platformBytes: number | null | undefined): SizeLimit | null => {
    const fromRc = rc ? { bytes: rc, source: ruleSource(fact, part), by: 'rc' as const } : null;
    const fromPlatform = platformBytes ? { bytes: platformBytes, source: platform?.source ?? null, by: 'platform' as const } : null;
    if (fromRc && fromPlatform) return fromRc.bytes <= fromPlatform.bytes ? fromRc : fromPlatform;
    return fromRc ?? fromPlatform;
  };
  return { file: pick(rules?.maxFileBytes, 'maxFileBytes', platform?.maxFileBytes), total: pick(rules?.maxTotalBytes, 'maxTotalBytes', platform?.maxTotalBytes) };
}

/** Sizes in the messages: megabytes to one decimal. */
export const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/** A file over its cap marks its piece over_limit; the message names who sets the cap. */
export function checkFileSize(piece: Piece, limit: SizeLimit | null, t: Translate): void {
  const bytes = piece.file?.bytes;
  if (bytes === null || bytes === undefined || !limit || bytes <= limit.bytes) return;
  const key = limit.by === 'rc' ? 'submission-check_file_size_rc' : 'submission-check_file_size';
  piece.checks.push({ key: 'file_size', ok: false, severity: 'error', msg: t(key, { size: megabytes(bytes), max: megabytes(limit.bytes) }), source: limit.source });
  piece.status = 'over_limit';
}

/** The folder's total against its cap, or a warning that no cap is known. */
/**
 * The pli's size against the lower cap. `unmeasured` counts the pieces made when downloaded or
 * zipped (their size is not known before): then the size said is of the files already there, and
 * the message says the generated pieces add to it.
 */
export function checkTotalSize(totalBytes: number, unmeasured: number, limit: SizeLimit | null, platform: Platform | null, t: Translate): Check {
  if (!limit) return { key: 'total_size', ok: false, severity: 'warning', msg: platform ? t('submission-check_platform_no_limit', { platform: platform.name }) : t('submission-check_platform_unknown'), source: null };
  const vars = { size: megabytes(totalBytes), max: megabytes(limit.bytes), platform: platform?.name ?? '', count: unmeasured };
  const key = `submission-check_total_size${limit.by === 'rc' ? '_rc' : ''}${unmeasured ? '_known' : ''}`;
  return { key: 'total_size', ok: totalBytes <= limit.bytes, severity: 'error', msg: t(key, vars), source: limit.source };
}

/**
 * Each piece's format against the RC's: refused, or not PDF where the RC wants PDF, is an error
 * (status issues); outside the RC's list of accepted formats, a warning (RCs list ".doc" meaning
 * Word). Returns the folder's check of formats, or none when the RC says nothing of them.
 */
export function checkFormats(pieces: Piece[], fact: StoredFact | undefined, t: Translate): Check[] {
  const rules = fileRulesOf(fact);
  if (!rules || (!rules.accepted?.length && !rules.refused?.length && !rules.pdfRequiredFor?.length && !rules.anyCommonFormat)) return [];
  const accepted = rules.accepted?.map(formatOf);
  const refused = rules.refused?.map(formatOf) ?? [];
  const failed: string[] = [];
  for (const piece of pieces) {
    if (!piece.file) continue;
    const ext = formatOf(extensionOf(piece.file.path || piece.file.fileName));
    const shown = ext ? `.${ext}` : '—';
    if (refused.includes(ext)) {
      piece.checks.push({ key: 'format', ok: false, severity: 'error', msg: t('submission-check_format_refused', { ext: shown }), source: ruleSource(fact, 'refused') });
    } else if (rules.pdfRequiredFor?.includes(piece.code) && ext !== 'pdf') {
      piece.checks.push({ key: 'format', ok: false, severity: 'error', msg: t('submission-check_format_pdf_required', { ext: shown }), source: ruleSource(fact, 'pdfRequiredFor') });
    } else if (accepted && !accepted.includes(ext)) {
      piece.checks.push({ key: 'format', ok: false, severity: 'warning', msg: t('submission-check_format_not_listed', { ext: shown, formats: accepted.map((f) => `.${f}`).join(', ') }), source: ruleSource(fact, 'accepted') });
    } else if (!accepted && rules.anyCommonFormat && !COMMON_FORMATS.has(ext)) {
      piece.checks.push({ key: 'format', ok: false, severity: 'warning', msg: t('submission-check_format_uncommon', { ext: shown }), source: ruleSource(fact, 'anyCommonFormat') });
    } else continue;
    if (piece.checks.at(-1)?.severity === 'error') {
      failed.push(piece.label);
      if (piece.status === 'ok') piece.status = 'issues';
    }
  }
  const part: FileRulePart = rules.accepted ? 'accepted' : rules.refused ? 'refused' : rules.pdfRequiredFor ? 'pdfRequiredFor' : 'anyCommonFormat';
  return [
    failed.length
      ? { key: 'format', ok: false, severity: 'error', msg: t('submission-check_formats_failed', { pieces: failed.join(', ') }), source: ruleSource(fact, part) }
      : { key: 'format', ok: true, severity: 'error', msg: t(rules.anyCommonFormat && !rules.accepted ? 'submission-check_formats_any' : 'submission-check_formats_ok'), source: ruleSource(fact, part) },
  ];
}

// A naming rule the product can apply: the piece's code alone ("nommés selon le code de la pièce").
// One that asks for anything else (the candidate's name, the lot, a date, a number) is shown in its words.
const BY_CODE = /\b(?:code|abreviation|sigle|acronyme)s? (?:de la |du |des |de chaque )?(?:pieces?|documents?)\b/;
const OTHER_PARTS = /\bnom (?:du|de l'|de la) (?:candidat|soumissionnaire|entreprise|societe|mandataire)|\braison sociale\b|\bdenomination sociale\b|\blots?\b|\bdates?\b|\bnumeros?\b|\bconsultation\b|\bversion\b|\bindice\b|\bsiret\b|\bmarche\b/;
const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[’‘]/g, "'").toLowerCase();

/** Whether the RC's naming rule is "each file named by its piece's code". */
export const namesByCode = (rule: string) => BY_CODE.test(fold(rule)) && !OTHER_PARTS.test(fold(rule));

/** The RC's naming rule as a check: applied by the ZIP when mechanical, else to be done by hand, in the RC's words. */
export function checkNaming(fact: StoredFact | undefined, t: Translate): Check[] {
  const rule = fileRulesOf(fact)?.naming?.rule;
  if (!rule) return [];
  const source = ruleSource(fact, 'naming');
  return namesByCode(rule)
    ? [{ key: 'naming', ok: true, severity: 'warning', msg: t('submission-check_naming_applied'), source }]
    : [{ key: 'naming', ok: false, severity: 'warning', msg: t('submission-check_naming_manual', { rule }), source }];
}

/**
 * Where the ZIP puts files: the RC's folder names when they map onto the candidature and the
 * offer, each file under its piece's code when the RC names files so; with the checks that say it.
 */
export function filePlacing(fact: StoredFact | undefined, t: Translate): { folders: Record<Part, string> | null; byCode: boolean; checks: Check[] } {
  const rules = fileRulesOf(fact);
  const folders = rcFolders(rules?.folders);
  const checks: Check[] = [];
  if (rules?.folders?.length) {
    const names = rules.folders.map((name) => `« ${name} »`).join(', ');
    checks.push(
      folders
        ? { key: 'folders', ok: true, severity: 'warning', msg: t('submission-check_folders_rc', { names }), source: ruleSource(fact, 'folders') }
        : { key: 'folders', ok: false, severity: 'warning', msg: t('submission-check_folders_unmapped', { names }), source: ruleSource(fact, 'folders') },
    );
  }
  return { folders, byCode: !!rules?.naming && namesByCode(rules.naming.rule), checks: [...checks, ...checkNaming(fact, t)] };
}
