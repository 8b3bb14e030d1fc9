// The submission folder of a tender (issue 26): every piece the RC asks for, where its file comes
// from and whether it will pass, and the folder's pre-flight. Computed from what the product
// already holds (the DCE analysis, the vault, the memory, the price files); nothing is generated
// here — generated pieces are made when downloaded or zipped — so the state stays fast.
import { asc, desc, eq } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Database } from '../../db/client';
import { companies, companyDocuments, memories, memorySections, priceFiles, submissionDeposits, submissionPieces, tenderCalls, tenders, users, type StoredFact } from '../../db/schema';
import { latestDceAnalysis } from '../memories/outline';
import { limitOverruns } from '../memories/frame';
import { pageOverruns } from '../memories/page-spans';
import { checkPrices } from '../../analysis/prices/check-prices';
import { pricedRead } from '../price-files/pricing';
import { textMeasure } from '../../../rules/text-measure';
import { buyerText } from '../../../rules/working-notes';
import { PIECES, pieceKind, type PieceKind } from './catalogue';
import { platformOf, startUploadingBy } from './platforms';
import { checkFileSize, checkFormats, checkTotalSize, filePlacing, sizeLimits } from './file-checks';
import { zipPath } from './zip';
import { validityAt, type VaultDocument } from './validity';
import { candidatureOut } from '../companies/company';
import { isValidSiret } from '../../analysis/espd';
import { AE_CODES, aeTotalFor, offerTotal, uploadedAeOf, type OfferTotal, type StoredFile, type UploadedAe } from './ae';
import { describeMemberPieces, groupementOf, memberPieceCodes } from './groupement';

type Submission = components['schemas']['Submission'];
type Piece = components['schemas']['SubmissionPiece'];
type Check = components['schemas']['SubmissionCheck'];
type Source = components['schemas']['FactSource'];
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const ALTERNATIVE_SOURCE = 'C. comm. pub., art. R. 2143-4 : le DUME peut être présenté à la place du DC1 et du DC2';

/** Codes whose pieces commit the company and must carry its signature when the RC requires one. */
const SIGNED_CODES = new Set(['AE', 'ATTRI1']);

/** A file going into the folder: where it is read from when zipped. */
export type FolderFile =
  | { kind: 'stored'; storageKey: string; fileName: string; bytes: number; mime: string }
  | { kind: 'generated'; url: string; fileName: string };

export type FolderPiece = Piece & { origin?: FolderFile };

export type Folder = Omit<Submission, 'pieces'> & { pieces: FolderPiece[]; companyId: string; tenderStatus: string };

/** Everything the folder is computed from, read in parallel. */
async function loadInputs(db: Database, tenderId: string) {
  const [tender] = await db
    .select({
      id: tenders.id,
      companyId: tenders.companyId,
      status: tenders.status,
      deadline: tenderCalls.submissionDeadline,
      noticeUrl: tenderCalls.noticeUrl,
      candidature: companies.candidature,
      siret: companies.siret,
    })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .innerJoin(companies, eq(companies.id, tenders.companyId))
    .where(eq(tenders.id, tenderId))
    .limit(1);
  const [analysis, vault, chosen, memoryRows, prices, [deposit], groupement] = await Promise.all([
    latestDceAnalysis(db, tenderId),
    db
      .select({ id: companyDocuments.id, kind: companyDocuments.kind, title: companyDocuments.title, issueDate: companyDocuments.issueDate, validUntil: companyDocuments.validUntil, fileName: companyDocuments.fileName, size: companyDocuments.size, mime: companyDocuments.mime, storageKey: companyDocuments.storageKey })
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, tender!.companyId)),
    db.select().from(submissionPieces).where(eq(submissionPieces.tenderId, tenderId)),
    db.select({ id: memories.id, title: memories.title, status: memories.status, limits: memories.limits, frame: memories.frame, pdfPages: memories.pdfPages, updatedAt: memories.updatedAt }).from(memories).where(eq(memories.tenderId, tenderId)).orderBy(desc(memories.updatedAt)),
    db.select().from(priceFiles).where(eq(priceFiles.tenderId, tenderId)).orderBy(asc(priceFiles.fileName), asc(priceFiles.createdAt)),
    db
      .select({ deposit: submissionDeposits, username: users.username })
      .from(submissionDeposits)
      .leftJoin(users, eq(users.id, submissionDeposits.recordedBy))
      .where(eq(submissionDeposits.tenderId, tenderId))
      .limit(1),
    groupementOf(db, tenderId),
  ]);
  // The memory that goes into the folder: the final one, else the latest worked on.
  const memory = memoryRows.find((m) => m.status === 'final') ?? memoryRows[0] ?? null;
  const sections = memory ? await db.select({ id: memorySections.id, title: memorySections.title, content: memorySections.content, frameItem: memorySections.frameItem, updatedAt: memorySections.updatedAt }).from(memorySections).where(eq(memorySections.memoryId, memory.id)) : [];
  return { tender: tender!, analysis, vault, chosen, memory, sections, prices, deposit, groupement };
}

type Inputs = Awaited<ReturnType<typeof loadInputs>>;

const factOf = (facts: StoredFact[] | undefined, key: string) => facts?.find((f) => f.key === key);

/** The RC's sentence asking for a piece: the list's source whose excerpt names it, else the list's first. */
function askedFor(kind: PieceKind | undefined, fact: StoredFact): Source | null {
  const sources = fact.sources;
  const named = kind ? sources.find((s) => kind.words.test(s.excerpt)) : undefined;
  const source = named ?? sources[0];
  return source ? { documentId: source.documentId, entry: source.entry, fileName: source.fileName, page: source.page, excerpt: source.excerpt } : null;
}

const sourceText = (source: Source | null) => (source ? `${source.fileName}, p. ${source.page} : « ${source.excerpt} »` : null);

/** The pieces the RC's lists name, then those the product holds that the lists leave out (the memory, the price files). */
function listedPieces(inputs: Inputs): { code: string; part: 'candidature' | 'offre'; required: boolean; asked: Source | null }[] {
  const facts = inputs.analysis?.facts;
  const listed: { code: string; part: 'candidature' | 'offre'; required: boolean; asked: Source | null }[] = [];
  for (const [key, part] of [['candidatureDocuments', 'candidature'], ['offerDocuments', 'offre']] as const) {
    const fact = factOf(facts, key);
    if (!fact || !Array.isArray(fact.value)) continue;
    for (const code of fact.value as string[]) {
      if (listed.some((p) => p.code === code)) continue;
      listed.push({ code, part: pieceKind(code)?.part ?? part, required: true, asked: askedFor(pieceKind(code), fact) });
    }
  }
  const has = (...codes: string[]) => listed.some((p) => codes.includes(p.code));
  if (!has('DC1', 'DUME')) listed.push({ code: 'DC1', part: 'candidature', required: false, asked: null });
  if (!has('DC2', 'DUME')) listed.push({ code: 'DC2', part: 'candidature', required: false, asked: null });
  // In a groupement, each co-contractor's own DC2 and DUME (described once the company's are known).
  for (const member of memberPieceCodes(inputs.groupement, listed.map((p) => p.code))) listed.push({ code: member.code, part: 'candidature', required: false, asked: null });
  if (inputs.memory && !has('MEMOIRE_TECHNIQUE', 'CRT')) listed.push({ code: inputs.memory.frame ? 'CRT' : 'MEMOIRE_TECHNIQUE', part: 'offre', required: false, asked: null });
  for (const file of inputs.prices) {
    const code = file.read.kind === 'OTHER' ? 'BPU' : file.read.kind;
    if (!has(code)) listed.push({ code, part: 'offre', required: false, asked: null });
  }
  // An AE uploaded though the RC's lists do not name it (one asked of the winner alone, given now): checked all the same.
  const ae = inputs.chosen.find((c) => AE_CODES.has(c.code) && c.storageKey);
  if (ae && !has(...AE_CODES)) listed.push({ code: ae.code, part: 'offre', required: false, asked: null });
  return listed;
}

const check = (key: string, ok: boolean, msg: string, source: string | null = null, severity: 'error' | 'warning' = 'error'): Check => ({ key, ok, severity, msg, source });

/**
 * The folder of a tender. `t` writes messages in the caller's language; `signedBy` names the
 * signers of a stored PDF (injected: it reads the file's bytes), null for a file it cannot read.
 */
export async function submissionFolder(
  db: Database,
  tenderId: string,
  t: Translate,
  options: {
    signedBy?: (file: { storageKey: string; mime: string }) => Promise<string[] | null>;
    /** The text of a stored file (injected: it reads the file's bytes), for the amount written on an uploaded AE. */
    aeText?: (file: StoredFile) => Promise<string | null>;
    /** The language amounts are written in. */
    language?: 'fr' | 'en';
  } = {},
): Promise<Folder> {
  const inputs = await loadInputs(db, tenderId);
  const { tender, analysis } = inputs;
  const facts = analysis?.facts;
  const deadline = tender.deadline ?? null;
  const candidature = candidatureOut(tender.candidature);
  const platformFact = factOf(facts, 'submissionPlatform');
  const platform = platformOf(typeof platformFact?.value === 'string' ? platformFact.value : null, tender.noticeUrl);
  const maxFileBytes = platform?.maxFileBytes ?? null;
  const maxTotalBytes = platform?.maxTotalBytes ?? null;
  const signatureFact = factOf(facts, 'electronicSignatureRequired');
  const signatureRequired = signatureFact?.value === true;
  const pageLimitFact = factOf(facts, 'memoryPageLimit');
  // The RC's rules on files: its caps against the platform's, its folders and names in the ZIP.
  const fileRulesFact = factOf(facts, 'fileRules');
  const limits = sizeLimits(platform, fileRulesFact);
  const placing = filePlacing(fileRulesFact, t);

  const vault: (VaultDocument & { mime: string; storageKey: string })[] = inputs.vault.map((d) => ({ ...d, kind: d.kind as string }));
  const chosenOf = (code: string) => inputs.chosen.find((c) => c.code === code);
  const codes = listedPieces(inputs);
  const usedPrices = new Set<string>();
  // The offer's total and the amount written on an uploaded AE, compared on the AE and on the total's cell.
  const offer = offerTotal(inputs.prices);
  const uploadedAe = await uploadedAeOf(inputs.chosen, options.aeText);

  const pieces: FolderPiece[] = [];
  for (const listed of codes) {
    const kind = pieceKind(listed.code);
    const origin = kind?.origin ?? { from: 'upload' as const };
    const label = t(PIECES.some((p) => p.code === listed.code) ? `submission-piece_${listed.code}` : 'submission-piece_other', { code: listed.code });
    const base = { code: listed.code, label, part: listed.part, required: listed.required, asked: listed.asked } as const;
    const path = (fileName: string) => zipPath(listed.part, fileName, { folders: placing.folders, code: placing.byCode ? listed.code : undefined });
    const chosen = chosenOf(listed.code);
    const checks: Check[] = [];

    // A file uploaded for this tender replaces whatever the product would make or pick.
    if (chosen?.storageKey && chosen.fileName) {
      // An attestation uploaded here has no date the product knows: the vault's are checked.
      if (origin.from === 'vault') checks.push(check('valid_at_deadline', false, t('submission-check_upload_undated'), null, 'warning'));
      pieces.push({
        ...base,
        source: 'upload',
        documentId: chosen.id,
        status: 'ok',
        checks,
        file: { fileName: chosen.fileName, path: path(chosen.fileName), bytes: chosen.size ?? 0, url: `/api/tenders/${tenderId}/submission/pieces/${listed.code}/file` },
        origin: { kind: 'stored', storageKey: chosen.storageKey, fileName: chosen.fileName, bytes: chosen.size ?? 0, mime: chosen.mime ?? 'application/octet-stream' },
      });
      continue;
    }

    if (origin.from === 'generated') {
      if (origin.what === 'dc1' || origin.what === 'dc2' || origin.what === 'espd') {
        const fileName = origin.what === 'espd' ? 'DUME.xml' : `${listed.code}.docx`;
        const url = `/api/tenders/${tenderId}/submission/${origin.what === 'espd' ? 'espd-response.xml' : `${origin.what}.docx`}`;
        // Filled from the company's details: what is missing there stays blank in the form.
        if (!candidature.legalRepresentative) checks.push(check('candidate_data', false, t('submission-check_representative'), null, 'warning'));
        if (origin.what !== 'dc1' && candidature.figures.length === 0) checks.push(check('candidate_data', false, t('submission-check_figures'), null, 'warning'));
        // The ESPD model cannot be written without a valid SIRET and the company's size: no file until the details say them.
        const espdBlocked = origin.what === 'espd' ? espdBlocker(tender.siret, candidature) : null;
        if (espdBlocked) {
          pieces.push({ ...base, source: 'missing', status: 'missing', checks: [...checks, check('candidate_data', false, t(espdBlocked))], file: null });
          continue;
        }
        pieces.push({ ...base, source: 'generated', status: 'ok', checks, file: { fileName, path: path(fileName), bytes: null, url }, origin: { kind: 'generated', url, fileName } });
        continue;
      }
      if (origin.what === 'ae') {
        const fileName = `${listed.code}.docx`;
        const url = `/api/tenders/${tenderId}/submission/ae.docx`;
        if (!candidature.legalRepresentative) checks.push(check('candidate_data', false, t('submission-check_representative'), null, 'warning'));
        pieces.push({ ...base, source: 'generated', status: 'ok', checks, file: { fileName, path: path(fileName), bytes: null, url }, origin: { kind: 'generated', url, fileName } });
        continue;
      }
      if (origin.what === 'memory') {
        const memory = inputs.memory;
        if (!memory) {
          pieces.push({ ...base, source: 'missing', status: 'missing', checks: [check('present', false, t('submission-check_memory_missing'))], file: null });
          continue;
        }
        const intoFrame = !!memory.frame?.fillable;
        const fileName = intoFrame ? memory.frame!.fileName.replace(/\.(odt|docx)$/i, '.docx') : `${memory.title}.pdf`;
        const url = intoFrame ? `/api/memories/${memory.id}/export.docx?into=frame&acceptLimits=true` : `/api/memories/${memory.id}/export.pdf?acceptLimits=true`;
        const over = limitOverruns(inputs.sections);
        if (over.length) checks.push(check('item_limits', false, t('submission-check_item_limits', { count: over.length, items: over.map((o) => o.number).join(', ') })));
        const words = inputs.sections.reduce((sum, s) => sum + textMeasure(buyerText(s.content)).words, 0);
        if (memory.limits?.words) checks.push(check('word_limit', words <= memory.limits.words, t('submission-check_word_limit', { actual: words, max: memory.limits.words }), sourceText(pageLimitFact ? askedFor(undefined, pageLimitFact) : null)));
        // Pages are laid out by LibreOffice when the file is exported (the PDF, or the buyer's frame filled): the last such
        // export's counts, if it was of the file this piece is and no section changed since.
        const lastEdit = Math.max(memory.updatedAt.getTime(), ...inputs.sections.map((section) => section.updatedAt.getTime()));
        const laidOut = memory.pdfPages && (memory.pdfPages.layout ?? 'pdf') === (intoFrame ? 'frame' : 'pdf') && Date.parse(memory.pdfPages.countedAt) >= lastEdit ? memory.pdfPages : null;
        if (memory.limits?.pages) {
          const source = sourceText(pageLimitFact ? askedFor(undefined, pageLimitFact) : null);
          if (!laidOut) checks.push(check('page_limit', false, t('submission-check_page_limit', { max: memory.limits.pages }), source, 'warning'));
          else checks.push(check('page_limit', laidOut.count <= memory.limits.pages, t('submission-check_pages_counted', { count: laidOut.count, max: memory.limits.pages }), source));
        }
        const pageLimitedItems = inputs.sections.filter((section) => section.frameItem?.limit?.pages);
        if (pageLimitedItems.length) {
          const overPages = laidOut ? pageOverruns(laidOut.sections ?? [], inputs.sections) : [];
          const source = pageLimitedItems.map((section) => section.frameItem!.limit!.excerpt).filter(Boolean).join(' … ') || null;
          if (!laidOut) checks.push(check('item_pages', false, t('submission-check_item_pages_unmeasured', { count: pageLimitedItems.length }), source, 'warning'));
          else checks.push(check('item_pages', overPages.length === 0, overPages.length ? t('submission-check_item_pages_over', { count: overPages.length, items: overPages.map((o) => t('submission-item_pages', { number: o.number, pages: o.pages, max: o.max })).join(', ') }) : t('submission-check_item_pages_ok', { count: pageLimitedItems.length }), source));
        }
        if (memory.status !== 'final') checks.push(check('memory_final', false, t('submission-check_memory_draft', { title: memory.title }), null, 'warning'));
        const failed = checks.some((c) => !c.ok && c.severity === 'error');
        pieces.push({ ...base, source: 'generated', documentId: memory.id, status: failed ? 'over_limit' : 'ok', checks, file: { fileName, path: path(fileName), bytes: null, url }, origin: { kind: 'generated', url, fileName } });
        continue;
      }
      // Price files: the first of this kind not yet placed.
      const file = inputs.prices.find((f) => !usedPrices.has(f.id) && (f.read.kind === listed.code || (listed.code === 'BPU' && f.read.kind === 'OTHER')));
      if (!file) {
        pieces.push({ ...base, source: 'missing', status: 'missing', checks: [check('present', false, t('submission-check_prices_missing'))], file: null });
        continue;
      }
      usedPrices.add(file.id);
      const current = pricedRead(file.read, file.prices);
      const others = inputs.prices.filter((f) => f.id !== file.id).map((f) => pricedRead(f.read, f.prices));
      const issues = checkPrices(current, file.read, others, aeTotalFor(file.id, offer, uploadedAe));
      checks.push(check('price_issues', issues.length === 0, issues.length ? t('submission-check_price_issues', { count: issues.length }) : t('submission-check_price_clean')));
      const writable = file.read.format === 'xlsx' || file.read.format === 'ods';
      if (!writable) checks.push(check('present', false, t('submission-check_prices_not_writable')));
      const url = `/api/price-files/${file.id}/export`;
      pieces.push({
        ...base,
        source: writable ? 'generated' : 'missing',
        documentId: file.id,
        status: !writable ? 'missing' : issues.length ? 'issues' : 'ok',
        checks,
        file: writable ? { fileName: file.fileName, path: path(file.fileName), bytes: null, url } : null,
        ...(writable ? { origin: { kind: 'generated' as const, url, fileName: file.fileName } } : {}),
      });
      continue;
    }

    if (origin.from === 'vault') {
      const candidates = vault.filter((d) => origin.kinds.includes(d.kind));
      const picked = chosen?.companyDocumentId ? candidates.find((d) => d.id === chosen.companyDocumentId) ?? vault.find((d) => d.id === chosen.companyDocumentId) : bestOf(candidates, deadline);
      if (!picked) {
        pieces.push({ ...base, source: 'missing', status: 'missing', checks: [check('present', false, t('submission-check_vault_missing'))], file: null });
        continue;
      }
      const validity = deadline ? validityAt(picked, deadline) : [];
      for (const v of validity) checks.push(check(v.key, v.ok, t(`submission-check_${v.key}${v.ok ? '' : '_failed'}`, writtenDates(v.vars)), v.source));
      pieces.push({
        ...base,
        source: 'vault',
        documentId: picked.id,
        status: validity.every((v) => v.ok) ? 'ok' : 'expired',
        checks,
        file: { fileName: picked.fileName, path: path(picked.fileName), bytes: picked.size, url: `/api/companyDocs/${picked.id}/file` },
        origin: { kind: 'stored', storageKey: picked.storageKey, fileName: picked.fileName, bytes: picked.size, mime: picked.mime },
      });
      continue;
    }

    if (origin.from === 'within') {
      // Checked once every piece is known (below).
      pieces.push({ ...base, source: 'generated', status: 'ok', checks, file: null });
      continue;
    }

    pieces.push({ ...base, source: 'missing', status: 'missing', checks: [check('present', false, t('submission-check_upload_missing'))], file: null });
  }

  for (const piece of pieces) if (AE_CODES.has(piece.code) && piece.file) checkAeAmount(piece, offer, uploadedAe, t, options.language ?? 'fr');

  // Declarations made within another piece (turnover and staff in the DC2 or DUME).
  for (const piece of pieces) {
    const origin = pieceKind(piece.code)?.origin;
    if (origin?.from !== 'within' || piece.file) continue;
    const carriers = pieces.filter((p) => origin.codes.includes(p.code) && p.file);
    const within = carriers[0];
    // Said to the page too, which then offers no upload for it.
    if (within) piece.declaredIn = carriers.map((p) => p.code);
    if (within) piece.checks.push(check('within', true, t('submission-check_within', { piece: within.label })));
    else Object.assign(piece, { source: 'missing', status: 'missing', checks: [check('present', false, t('submission-check_within_missing', { pieces: origin.codes.join(', ') }))] });
  }

  // The DUME stands for the DC1 and the DC2 (C. comm. pub., art. R. 2143-4): an RC listing both
  // asks for one or the other.
  const dume = pieces.find((p) => p.code === 'DUME');
  const forms = pieces.filter((p) => p.code === 'DC1' || p.code === 'DC2');
  if (dume && forms.length) {
    const formsGiven = forms.every((p) => p.file);
    if (formsGiven) dume.required = false;
    else if (dume.file) for (const form of forms) form.required = false;
    // Said on the piece that is not needed, or on the DUME while neither is given.
    if (formsGiven) dume.checks.unshift(check('alternative', true, t('submission-check_dume_not_needed'), ALTERNATIVE_SOURCE));
    else if (dume.file) for (const form of forms) form.checks.unshift(check('alternative', true, t('submission-check_replaced_by_dume'), ALTERNATIVE_SOURCE));
    else {
      dume.required = false;
      dume.checks.unshift(check('alternative', false, t('submission-check_dume_or_forms'), ALTERNATIVE_SOURCE, 'warning'));
    }
  }
  describeMemberPieces(pieces, inputs.groupement, t);

  // Formats as the RC asks, sizes against the RC's and the platform's caps, and signatures where the RC requires them.
  const formatChecks = checkFormats(pieces, fileRulesFact, t);
  for (const piece of pieces) {
    checkFileSize(piece, limits.file, t);
    if (signatureRequired && SIGNED_CODES.has(piece.code) && piece.file) {
      const stored = piece.origin?.kind === 'stored' ? piece.origin : null;
      const signers = stored && options.signedBy ? await options.signedBy(stored) : null;
      const signed = !!signers?.length;
      piece.checks.push(check('signature', signed, signed ? t('submission-check_signed', { signers: signers!.join(', ') }) : t('submission-check_unsigned'), sourceText(askedFor(undefined, signatureFact!))));
      if (!signed && piece.status === 'ok') piece.status = 'unsigned';
    }
  }

  const totalBytes = pieces.reduce((sum, p) => sum + (p.file?.bytes ?? 0), 0);
  const folderChecks: Check[] = [];
  const missing = pieces.filter((p) => p.required && p.status === 'missing');
  folderChecks.push(check('present', missing.length === 0, missing.length ? t('submission-check_pieces_missing', { count: missing.length, pieces: missing.map((p) => p.label).join(', ') }) : t('submission-check_pieces_present')));
  if (!factOf(facts, 'candidatureDocuments') && !factOf(facts, 'offerDocuments')) folderChecks.push(check('rc_list', false, t('submission-check_rc_list'), null, 'warning'));
  const expired = pieces.filter((p) => p.status === 'expired');
  if (expired.length) folderChecks.push(check('valid_at_deadline', false, t('submission-check_expired', { pieces: expired.map((p) => p.label).join(', ') })));
  const unmeasured = pieces.filter((p) => p.file && p.file.bytes === null).length;
  folderChecks.push(checkTotalSize(totalBytes, unmeasured, limits.total, platform, t), ...formatChecks, ...placing.checks);
  if (deadline && deadline.getTime() < Date.now() && !inputs.deposit) folderChecks.push(check('deadline', false, t('submission-check_deadline_passed'), null, 'warning'));
  const startBy = deadline && candidature.uploadMbps ? startUploadingBy(deadline, totalBytes, candidature.uploadMbps) : null;
  if (!candidature.uploadMbps) folderChecks.push(check('start_by', false, t('submission-check_upload_speed'), null, 'warning'));
  const failedPieces = pieces.filter((p) => p.checks.some((c) => !c.ok && (c.severity ?? 'error') === 'error'));
  const ready = missing.length === 0 && failedPieces.length === 0 && folderChecks.every((c) => c.ok || c.severity === 'warning');
  // Failures first (errors, then warnings), then what passed.
  const rank = (c: Check) => (c.ok ? 2 : c.severity === 'warning' ? 1 : 0);
  folderChecks.sort((a, b) => rank(a) - rank(b));

  const deposit = inputs.deposit;
  return {
    companyId: tender.companyId,
    tenderStatus: tender.status,
    pieces,
    checks: folderChecks,
    ready,
    totalBytes,
    platform: { name: platform?.name ?? (typeof platformFact?.value === 'string' ? platformFact.value : null), url: platform?.url ?? null, maxFileBytes, maxTotalBytes, source: platform?.source ?? null },
    deadline: deadline?.toISOString() ?? null,
    uploadMbps: candidature.uploadMbps,
    startBy: startBy?.toISOString() ?? null,
    deposit: deposit
      ? {
          depositedAt: deposit.deposit.depositedAt.toISOString(),
          recordedAt: deposit.deposit.createdAt.toISOString(),
          recordedBy: deposit.deposit.recordedBy && deposit.username ? { _id: deposit.deposit.recordedBy, username: deposit.username } : null,
          acknowledgement: { fileName: deposit.deposit.acknowledgementName, bytes: deposit.deposit.acknowledgementSize, url: `/api/tenders/${tenderId}/submission/deposit/acknowledgement` },
          files: deposit.deposit.files,
          totalBytes: deposit.deposit.totalBytes,
        }
      : null,
  };
}

/**
 * The AE's amount against the price files' total (an AE that does not match the price files is a
 * ground for rejecting the offer as irregular), each figure with where it comes from. A generated
 * AE is written with the total; an uploaded one is read. An amount that cannot be read, or a total
 * the price files do not give, is a warning saying what to compare by hand, never a guess.
 */
function checkAeAmount(piece: FolderPiece, offer: OfferTotal | null, uploaded: UploadedAe | null, t: Translate, language: 'fr' | 'en') {
  const money = (value: number) => new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  const files = offer?.files.map((f) => f.fileName).join(', ') ?? '';
  if (piece.source === 'generated') {
    if (offer) piece.checks.push(check('ae_amount', true, t('submission-check_ae_generated', { total: money(offer.exclVat), files })));
    else piece.checks.push(check('ae_amount', false, t('submission-check_ae_no_total'), null, 'warning'));
    return;
  }
  if (piece.source !== 'upload' || !uploaded) return;
  if (!offer) return void piece.checks.push(check('ae_amount', false, t('submission-check_ae_uncompared'), null, 'warning'));
  if (!uploaded.read) return void piece.checks.push(check('ae_amount', false, t('submission-check_ae_unread', { fileName: uploaded.fileName, total: money(offer.exclVat), files }), null, 'warning'));
  const equal = Math.abs(uploaded.read.amount - offer.exclVat) < 0.005;
  const vars = { ae: money(uploaded.read.amount), total: money(offer.exclVat), files };
  piece.checks.push(check('ae_amount', equal, t(equal ? 'submission-check_ae_amount_equal' : 'submission-check_ae_amount_mismatch', vars), `${uploaded.fileName} : « ${uploaded.read.excerpt} »`));
  if (!equal && piece.status === 'ok') piece.status = 'issues';
}

/** Why the DUME cannot be written from the company's details (the key of the check), or null. */
function espdBlocker(siret: string | null, candidature: ReturnType<typeof candidatureOut>): string | null {
  if (!siret || !isValidSiret(siret)) return 'submission-espd_siret_invalid';
  const latest = candidature.figures[0];
  const sized = candidature.sme !== null || (latest && ((latest.staff ?? 0) >= 250 || (latest.turnover ?? 0) > 50_000_000 || (latest.staff != null && latest.turnover != null)));
  return sized ? null : 'submission-espd_company_size_unknown';
}

/** The vault document to put in: one valid on the deadline's day, the latest issued, else the latest. */
function bestOf<T extends VaultDocument>(documents: T[], deadline: Date | null): T | undefined {
  const latest = [...documents].sort((a, b) => (b.issueDate ?? '').localeCompare(a.issueDate ?? '') || (b.validUntil ?? '9999').localeCompare(a.validUntil ?? '9999'));
  if (!deadline) return latest[0];
  return latest.find((d) => validityAt(d, deadline).every((c) => c.ok)) ?? latest[0];
}

/** Dates in the messages as French forms write them (31/12/2026). */
const writtenDates = (vars: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : value]));


/** The folder as the client reads it: the file origins are the server's. */
export function publicFolder(folder: Folder): Submission {
  const { companyId: _company, tenderStatus: _status, pieces, ...rest } = folder;
  return { ...rest, pieces: pieces.map(({ origin: _origin, ...piece }) => piece) };
}

