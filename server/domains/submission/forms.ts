// The candidature forms of a tender's folder (issue 26), made from what the product holds: the
// DC1 and DC2 filled in the buyer's own copies when the DCE holds them (else the official DAJ
// forms kept in server/analysis/forms/official), and the DUME (ESPD response, XML and PDF)
// answering the buyer's ESPD request when the DCE holds one, else the French default criteria;
// and the AE (acte d'engagement), the buyer's own filled when the DCE holds it as DOCX or ODT,
// else written on the ATTRI1 model, with the company's identity and the price files' total.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, companyDocuments, priceFiles, tenderCallLots, tenderCalls, tenders, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { AppError, notFound } from '../../errors';
import { latestDceAnalysis } from '../memories/outline';
import { tenderFileBytes } from '../memories/frame';
import { candidatureOut } from '../companies/company';
import { candidatureGroupement, groupementOf, type Groupement } from './groupement';
import { detectDcForm, fillDc1, fillDc2, type CandidatureData, type CompanyIdentity, type DcForm } from '../../analysis/forms';
import { readOfficialDcForm } from '../../analysis/forms/official';
import { fillAeDocument, isAeForm, type AeData } from '../../analysis/forms/ae';
import { writeAttri1Ae } from '../../analysis/forms/ae-attri1';
import { frameDocx, type OdtToDocx } from '../../analysis/frame/read-frame';
import { AE_CODES, offerTotal, type OfferTotal } from './ae';
import { EspdReadError, EspdWriteError, espdResponsePdf, readEspdRequest, writeEspdResponse, type EspdGroup, type EspdResponseInput } from '../../analysis/espd';

export type GeneratedFile = { fileName: string; body: Buffer };

async function inputsOf(db: Database, tenderId: string) {
  const [row] = await db
    .select({
      companyId: tenders.companyId,
      answeredLots: tenders.answeredLots,
      callId: tenderCalls.id,
      title: tenderCalls.title,
      buyer: tenderCalls.buyer,
      reference: tenderCalls.reference,
      company: companies,
    })
    .from(tenders)
    .innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId))
    .innerJoin(companies, eq(companies.id, tenders.companyId))
    .where(eq(tenders.id, tenderId))
    .limit(1);
  if (!row) throw notFound();
  const [lots, vault, [manager], groupement] = await Promise.all([
    row.answeredLots.length
      ? db.select({ number: tenderCallLots.number, title: tenderCallLots.title }).from(tenderCallLots).where(and(eq(tenderCallLots.tenderCallId, row.callId), inArray(tenderCallLots.number, row.answeredLots))).orderBy(asc(tenderCallLots.number))
      : Promise.resolve([]),
    db.select({ kind: companyDocuments.kind, title: companyDocuments.title, validUntil: companyDocuments.validUntil }).from(companyDocuments).where(eq(companyDocuments.companyId, row.companyId)),
    // The company's contact: its first manager's email.
    db.select({ email: users.email }).from(users).where(and(eq(users.companyId, row.companyId), eq(users.role, 'manager'))).orderBy(asc(users.createdAt)).limit(1),
    groupementOf(db, tenderId),
  ]);
  return { ...row, lots, vault, email: manager?.email, groupement };
}

type Inputs = Awaited<ReturnType<typeof inputsOf>>;

/** The groupement as the DUME names it: "Groupement A / B / C", the mandataire first, then the co-contractors with their share. */
const espdGroup = (groupement: Groupement, companyName: string): EspdGroup => ({
  name: `Groupement ${[companyName, ...groupement.members.map((m) => m.name)].join(' / ')}`,
  members: groupement.members.map((m) => ({ name: m.name, siret: m.siret, role: m.role })),
});

function candidatureData(inputs: Inputs): CandidatureData {
  const { company } = inputs;
  const candidature = candidatureOut(company.candidature);
  const candidate: CompanyIdentity = {
    name: company.name,
    siret: company.siret ?? '',
    legalForm: candidature.legalForm || undefined,
    nafCode: candidature.nafCode || undefined,
    address: { street: company.address, postalCode: company.postalCode, city: company.city, country: 'France' },
    email: inputs.email,
    phone: company.phone || undefined,
    legalRepresentative: candidature.legalRepresentative ?? undefined,
  };
  return {
    tender: { buyerName: inputs.buyer, object: inputs.title, reference: inputs.reference, lots: inputs.lots.map((lot) => ({ number: String(lot.number), title: lot.title })) },
    candidate,
    // In a groupement the company is the mandataire: the DC1 names the members, the DC2 stays the company's own.
    groupement: candidatureGroupement(inputs.groupement, candidate),
    figures: {
      turnover: candidature.figures.filter((f) => f.turnover !== null && f.turnover !== undefined).map((f) => ({ year: f.year, amount: f.turnover! })),
      staff: candidature.figures.filter((f) => f.staff !== null && f.staff !== undefined).map((f) => ({ year: f.year, count: f.staff! })),
    },
    references: inputs.vault.filter((d) => d.kind === 'reference_letter').map((d) => ({ title: d.title })),
    qualifications: inputs.vault.filter((d) => d.kind === 'certification').map((d) => ({ name: d.title, ...(d.validUntil ? { validUntil: d.validUntil } : {}) })),
  };
}

export function candidatureForms({ db, storage, office }: { db: Database; storage: Storage; office: { odtToDocx: OdtToDocx } }) {
  /** A DCE document of the latest analysis of the given kind whose file passes `accept`. */
  const dceDocument = async (tenderId: string, kind: string, accept: (bytes: Buffer, fileName: string) => boolean) => {
    const analysis = await latestDceAnalysis(db, tenderId);
    for (const document of (analysis?.documents ?? []).filter((d) => d.kind === kind)) {
      const file = await tenderFileBytes(db, storage, tenderId, document.documentId, document.entry).catch(() => null);
      if (file && accept(file.bytes, file.fileName)) return file;
    }
    return null;
  };

  return {
    async dc(tenderId: string, form: DcForm): Promise<GeneratedFile> {
      const inputs = await inputsOf(db, tenderId);
      const own = await dceDocument(tenderId, form, (bytes, fileName) => /\.docx$/i.test(fileName) && detectDcForm(new Uint8Array(bytes)) === form);
      const blank = own ? new Uint8Array(own.bytes) : readOfficialDcForm(form);
      const data = candidatureData(inputs);
      const filled = form === 'DC1' ? fillDc1(blank, data) : fillDc2(blank, data);
      return { fileName: `${form}.docx`, body: Buffer.from(filled) };
    },

    /**
     * The AE with the company's identity and the price files' total (`total`, null when they give
     * none: the amount places stay empty). The buyer's copy when the DCE holds one with a place for
     * the candidate's name, else the ATTRI1 model.
     */
    async ae(tenderId: string): Promise<GeneratedFile & { total: OfferTotal | null }> {
      const inputs = await inputsOf(db, tenderId);
      const rows = await db.select({ id: priceFiles.id, fileName: priceFiles.fileName, read: priceFiles.read, prices: priceFiles.prices }).from(priceFiles).where(eq(priceFiles.tenderId, tenderId)).orderBy(asc(priceFiles.fileName));
      const total = offerTotal(rows);
      const { tender, candidate, groupement } = candidatureData(inputs);
      const data: AeData = {
        tender,
        candidate,
        // In a groupement the AE is the members' together: ticked, and the co-contractors listed (ATTRI1 B1, B2, D).
        ...(groupement ? { groupement } : {}),
        amount: total ? { exclVat: total.exclVat, inclVat: total.inclVat, vatRate: total.vatRate } : null,
        priceFiles: rows.map((row) => row.fileName),
      };
      const analysis = await latestDceAnalysis(db, tenderId);
      for (const document of (analysis?.documents ?? []).filter((d) => AE_CODES.has(d.kind))) {
        const file = await tenderFileBytes(db, storage, tenderId, document.documentId, document.entry).catch(() => null);
        // An ODT converted by LibreOffice as the frames are; a PDF cannot be filled.
        const docx = file ? await frameDocx(file.bytes, file.fileName, office.odtToDocx) : null;
        if (!docx || !isAeForm(new Uint8Array(docx))) continue;
        const filled = fillAeDocument(new Uint8Array(docx), data);
        if (filled.placed.includes('name')) return { fileName: 'AE.docx', body: Buffer.from(filled.docx), total };
      }
      return { fileName: 'AE.docx', body: Buffer.from(await writeAttri1Ae(data)), total };
    },

    async espd(tenderId: string, format: 'xml' | 'pdf', language: 'fr' | 'en'): Promise<GeneratedFile> {
      const inputs = await inputsOf(db, tenderId);
      const own = await dceDocument(tenderId, 'DUME', (bytes, fileName) => /\.xml$/i.test(fileName) && bytes.includes('QualificationApplicationRequest'));
      const data = candidatureData(inputs);
      const candidature = candidatureOut(inputs.company.candidature);
      try {
        const input: EspdResponseInput = {
          ...(own ? { request: readEspdRequest(own.bytes.toString('utf8')) } : {}),
          issuedAt: new Date(),
          language,
          tender: { buyerName: inputs.buyer, title: inputs.title, reference: inputs.reference, lots: inputs.lots.map((lot) => String(lot.number)) },
          // In a groupement the company's DUME says it leads it and names the others (each fills its own DUME too).
          ...(inputs.groupement ? { group: espdGroup(inputs.groupement, data.candidate.name) } : {}),
          company: {
            name: data.candidate.name,
            siret: data.candidate.siret,
            ...(candidature.vatNumber ? { vatNumber: candidature.vatNumber } : {}),
            address: { street: inputs.company.address, postalCode: inputs.company.postalCode, city: inputs.company.city, country: 'FR' },
            contact: { name: candidature.legalRepresentative?.name, email: inputs.email, phone: inputs.company.phone || undefined },
            ...(candidature.legalRepresentative ? { legalRepresentative: candidature.legalRepresentative } : {}),
            ...(candidature.sme !== null ? { sme: candidature.sme } : {}),
            turnover: data.figures.turnover,
            staff: data.figures.staff,
            references: data.references,
            qualifications: data.qualifications.map((q) => ({ name: q.name, ...(q.validUntil ? { validUntil: q.validUntil } : {}) })),
          },
        };
        if (format === 'xml') return { fileName: 'DUME.xml', body: Buffer.from(writeEspdResponse(input), 'utf8') };
        return { fileName: 'DUME.pdf', body: await espdResponsePdf(input) };
      } catch (error) {
        // The buyer's request unreadable, or the company's data short of what the model requires: said, never guessed.
        if (error instanceof EspdReadError || error instanceof EspdWriteError) throw new AppError(409, `submission-${error.reason.replace(/-/g, '_')}`);
        throw error;
      }
    },
  };
}
