// DC2, déclaration du candidat individuel ou du membre du groupement (DAJ form, version of
// 21/11/2023): the buyer and the object when the buyer left them blank, the candidate's identity
// and legal form, whether it is an SME, its registration, its turnover for the last three
// financial years, and, as the technical and professional capacity it may summarise in G1, its
// staff, references and qualifications.
import type { XmlNode } from '../frame/ooxml';
import { writeBuyerAndObject, writeIdentity } from './dc1';
import { FormDocument, type FormEdit } from './docx-form';
import { formatSiret, frenchAmount, frenchDate, frenchNumber, frenchPercent, yearEnd, yearStart } from './format';
import type { CandidatureData } from './types';

/** The SME thresholds the form quotes (Commission recommendation of 6 May 2003): under 250 people and at most 50 M€ of turnover. */
const SME_STAFF = 250;
const SME_TURNOVER = 50_000_000;

export function fillDc2Document(docx: Uint8Array, data: CandidatureData): { docx: Uint8Array; edits: FormEdit[] } {
  const form = FormDocument.open(docx);
  const sections = form.sections();
  const all = { start: 0, end: form.paragraphs.length };
  const section = (letter: string) => sections.get(letter) ?? all;
  const company = data.candidate;

  writeBuyerAndObject(form, section('A'), section('B'), data);

  // C1 - identity, legal form, SME.
  const c = section('C');
  writeIdentity(form, company, c.start, c.end);
  if (company.legalForm) form.writeAfter(form.find(/^forme juridique/, c.start, c.end), [company.legalForm], c.end);
  const sme = isSme(data);
  const question = form.find(/micro, une petite ou une moyenne entreprise/, c.start, c.end);
  if (sme !== null && question >= 0) form.tick(sme ? /^oui/ : /^non/, question + 1, c.end);

  // E1 - registration: the SIRET and the activity code (APE/NAF).
  const e = section('E');
  const registration = form.find(/^e1\b.*registre professionnel/, e.start, e.end);
  form.writeAfter(registration, [`SIRET : ${formatSiret(company.siret)}${company.nafCode ? ` — code APE (NAF) : ${company.nafCode}` : ''}`], e.end);

  // F1 - turnover of the last three financial years, oldest first.
  const f = section('F');
  fillTurnover(form, f, data.figures.turnover);

  // G1 - what the candidate may summarise of its technical and professional capacity.
  const g = section('G');
  const summary = form.find(/^g1\b/, g.start, g.end);
  const blocks = capacityBlocks(data).filter((block) => block.length);
  const places = form.blanksAfter(summary, g.end);
  if (places.length && blocks.length) {
    const fitting = blocks.slice(0, places.length - 1);
    const rest = blocks.slice(places.length - 1);
    fitting.forEach((block, i) => form.write(places[i]!, block));
    // More blocks than empty lines: the last place takes the rest, one line break between them.
    form.write(places[fitting.length]!, rest.flat());
  }

  return { docx: form.save(), edits: form.changes() };
}

/** Whether the candidate is an SME by its latest figures; null when they cannot say (no staff, or the balance-sheet test would decide). */
export function isSme(data: CandidatureData): boolean | null {
  const latest = <T extends { year: number }>(list: T[]) => [...list].sort((a, b) => b.year - a.year)[0];
  const staff = latest(data.figures.staff);
  const turnover = latest(data.figures.turnover);
  if (!staff) return null;
  if (staff.count >= SME_STAFF) return false;
  if (!turnover) return null;
  return turnover.amount <= SME_TURNOVER ? true : null;
}

function fillTurnover(form: FormDocument, f: { start: number; end: number }, turnover: CandidatureData['figures']['turnover']) {
  const global = form.find(/^chiffre d'affaires global/, f.start, f.end);
  const row = global >= 0 ? enclosing(form.paragraphs[global]!, 'w:tr') : null;
  const table = row ? enclosing(row, 'w:tbl') : null;
  if (!row || !table) return;
  const rows = table.children.filter((r) => r.name === 'w:tr');
  const header = rows[0]!;
  const share = rows.find((r) => r !== header && r !== row && /part du chiffre d'affaires/.test(cellTexts(form, r)[0] ?? ''));
  const years = [...turnover].sort((a, b) => a.year - b.year).slice(-3);
  years.forEach((entry, i) => {
    const column = i + 1;
    const headerCell = paragraphIndexes(form, cells(header)[column]);
    const period = headerCell.find((index) => /du .*au/s.test(form.texts[index]!) || /^exercice/.test(form.texts[index]!));
    if (period !== undefined) {
      form.fillDots(period, 0, yearStart(entry.year));
      form.fillDots(period, 1, yearEnd(entry.year));
    }
    const amountPlace = paragraphIndexes(form, cells(row)[column]).find((index) => form.isBlank(index));
    if (amountPlace !== undefined) form.write(amountPlace, [frenchAmount(entry.amount)]);
    if (share && entry.shareOfContractScope !== undefined) {
      const shareCell = paragraphIndexes(form, cells(share)[column]);
      const withUnit = shareCell.find((index) => form.texts[index] === '%');
      if (withUnit !== undefined) form.writeBeforeUnit(withUnit, '%', `${frenchPercent(entry.shareOfContractScope)}\u00a0`);
      else if (shareCell.some((index) => form.isBlank(index))) form.write(shareCell.find((index) => form.isBlank(index))!, [`${frenchPercent(entry.shareOfContractScope)}\u00a0%`]);
    }
  });
}

function capacityBlocks(data: CandidatureData): string[][] {
  const staff = [...data.figures.staff].sort((a, b) => a.year - b.year);
  const staffBlock = staff.length
    ? [
        'Effectifs moyens annuels :',
        ...staff.map((s) => `${s.year} : ${frenchNumber(s.count)} personne${s.count > 1 ? 's' : ''}${s.managers !== undefined ? `, dont ${frenchNumber(s.managers)} d'encadrement` : ''}`),
      ]
    : [];
  const referencesBlock = data.references.length
    ? [
        'Principales références :',
        ...data.references.map((r) => {
          const details = [r.buyer, r.year !== undefined ? String(r.year) : '', r.amount !== undefined ? frenchAmount(r.amount) : ''].filter(Boolean);
          return `– ${r.title}${details.length ? ` (${details.join(', ')})` : ''}`;
        }),
      ]
    : [];
  const qualificationsBlock = data.qualifications.length
    ? [
        'Qualifications et certifications :',
        ...data.qualifications.map((q) => `– ${q.name}${q.number ? ` n° ${q.number}` : ''}${q.validUntil ? `, valable jusqu'au ${frenchDate(q.validUntil)}` : ''}`),
      ]
    : [];
  return [staffBlock, referencesBlock, qualificationsBlock];
}

const enclosing = (node: XmlNode, name: string): XmlNode | null => {
  for (let n: XmlNode | null = node.parent; n; n = n.parent) if (n.name === name) return n;
  return null;
};

const cells = (row: XmlNode) => row.children.filter((c) => c.name === 'w:tc');

const paragraphIndexes = (form: FormDocument, cell: XmlNode | undefined) =>
  (cell?.children ?? []).filter((c) => c.name === 'w:p').map((p) => form.paragraphs.indexOf(p)).filter((index) => index >= 0);

const cellTexts = (form: FormDocument, row: XmlNode) => cells(row).map((cell) => paragraphIndexes(form, cell).map((index) => form.texts[index]).join(' ').trim());
