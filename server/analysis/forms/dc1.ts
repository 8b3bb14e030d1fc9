// DC1, lettre de candidature (DAJ form, version of 01/04/2019): the buyer and the object when the
// buyer left them blank, what the candidature is for (whole contract or lots), the candidate alone
// or the groupement (its kind, its members and their services, its mandataire), and the DC2 as
// the capacities' evidence.
import { descendants, type XmlNode } from '../frame/ooxml';
import { escapeXml } from '../frame/ooxml';
import { FormDocument, type FormEdit } from './docx-form';
import { addressLines, formatSiret, identityLines } from './format';
import type { CandidatureData, CompanyIdentity } from './types';

export function fillDc1Document(docx: Uint8Array, data: CandidatureData): { docx: Uint8Array; edits: FormEdit[] } {
  const form = FormDocument.open(docx);
  const sections = form.sections();
  const all = { start: 0, end: form.paragraphs.length };
  const section = (letter: string) => sections.get(letter) ?? all;

  writeBuyerAndObject(form, section('A'), section('B'), data);

  // C - Objet de la candidature.
  const c = section('C');
  const lots = data.tender.lots;
  if (!lots.length) form.tick(/^pour le marche public/, c.start, c.end);
  else {
    const line = form.find(/^pour le lot n°/, c.start, c.end);
    if (form.tick(/^pour le lot n°/, c.start, c.end) && line >= 0) {
      // "pour le lot n°……. ou les lots n°……………": one lot goes in the first blank, several in the second.
      form.fillDots(line, lots.length === 1 ? 0 : 1, lots.length === 1 ? lots[0]!.number : joinFrench(lots.map((lot) => lot.number)));
      const titled = lots.filter((lot) => lot.title?.trim());
      if (titled.length) form.writeAfter(line, titled.map((lot) => `Lot n° ${lot.number} : ${lot.title!.trim()}`), c.end);
    }
  }

  // D - Présentation du candidat.
  const d = section('D');
  const groupement = data.groupement;
  if (!groupement) {
    form.tick(/^le candidat se presente seul/, d.start, d.end);
    const alone = form.find(/^le candidat se presente seul/, d.start, d.end);
    const groupLine = form.find(/^le candidat est un groupement/, d.start, d.end);
    writeIdentity(form, data.candidate, alone < 0 ? d.start : alone, groupLine < 0 ? d.end : groupLine);
  } else {
    form.tick(/^le candidat est un groupement/, d.start, d.end);
    const kindLine = form.find(/^le candidat est un groupement/, d.start, d.end);
    form.tick(groupement.kind === 'conjoint' ? /^conjoint/ : /^solidaire/, Math.max(kindLine, d.start), d.end);
    if (groupement.kind === 'conjoint') {
      const question = form.find(/mandataire est solidaire/, d.start, d.end);
      if (question >= 0) form.tick(groupement.mandataireSolidaire ? /^oui/ : /^non/, question + 1, d.end);
    }
    fillMembersTable(form, section('E'), data);
    const mandataire = groupement.members[groupement.mandataireIndex];
    const g = section('G');
    if (mandataire && sections.has('G')) writeIdentity(form, mandataire, g.start, g.end);
  }

  // F3 - the capacities are shown by the DC2 the product fills alongside.
  const f = section('F');
  form.tick(/^le formulaire dc2/, f.start, f.end);

  return { docx: form.save(), edits: form.changes() };
}

/** Sections A and B: written only where the buyer left them blank (the buyer's own wording wins). */
export function writeBuyerAndObject(form: FormDocument, a: { start: number; end: number }, b: { start: number; end: number }, data: CandidatureData) {
  const afterGuidance = (range: { start: number; end: number }) => {
    const guidance = form.find(/^\(reprendre le contenu/, range.start, range.end);
    return guidance >= 0 ? guidance : range.start;
  };
  if (!form.hasAnswer(a.start + 1, a.end)) form.writeAfter(afterGuidance(a), [data.tender.buyerName], a.end);
  if (!form.hasAnswer(b.start + 1, b.end)) {
    const lines = [data.tender.object, data.tender.reference ? `Référence : ${data.tender.reference}` : ''];
    form.writeAfter(afterGuidance(b), lines, b.end);
  }
}

/** The identity block "Nom commercial… / Adresses… / Adresse électronique / Numéros de téléphone… / Numéro SIRET" in [from, to). */
export function writeIdentity(form: FormDocument, company: CompanyIdentity, from: number, to: number) {
  const at = (label: RegExp) => form.find(label, from, to);
  form.writeAfter(at(/^nom commercial et denomination sociale.*:$/), [company.name], to);
  form.writeAfter(at(/^adresses? postale.*:$/), addressLines(company.address), to);
  if (company.email) form.writeAfter(at(/^adresse electronique.*:$/), [company.email], to);
  if (company.phone) form.writeAfter(at(/^numeros? de telephone.*:$/), [company.phone], to);
  form.writeAfter(at(/^numero siret.*:$/), [formatSiret(company.siret)], to);
}

/**
 * Table E: one row a member (lots, identity, services). The form's blank rows are used first;
 * further members get copies of the last blank row ("Ajouter autant de lignes que nécessaires").
 */
function fillMembersTable(form: FormDocument, e: { start: number; end: number }, data: CandidatureData) {
  const groupement = data.groupement!;
  const header = form.find(/prestations executees par les membres/, e.start, e.end);
  const lots = data.tender.lots.map((lot) => lot.number).join(', ');
  const values = groupement.members.map((member, index) => [
    lots,
    identityLines(index === groupement.mandataireIndex ? { ...member, name: `${member.name} (mandataire)` } : member),
    member.role,
  ]);
  if (header >= 0) fillTableRows(form, header, values);
}

/**
 * The rows of the table holding paragraph `header`, one per value (a cell's lines each): the
 * form's blank rows first, then copies of the last blank row for the rest. Shared by the DC1's
 * members table and the AE's (ATTRI1 B2).
 */
export function fillTableRows(form: FormDocument, header: number, values: (string | string[])[][]) {
  const table = enclosingTable(form.paragraphs[header]!);
  if (!table) return;
  const rows = table.children.filter((r) => r.name === 'w:tr');
  const blankRows = rows.slice(1).filter((row) => rowIsBlank(form, row));
  values.forEach((cells, index) => {
    const row = blankRows[index];
    if (row) {
      rowCells(row).forEach((cell, column) => {
        const lines = toLines(cells[column]);
        const at = form.paragraphs.indexOf(cell.children.find((c) => c.name === 'w:p')!);
        if (lines.length && at >= 0) form.write(at, lines);
      });
    }
  });
  const extra = values.slice(blankRows.length);
  const template = blankRows.at(-1) ?? rows.at(-1);
  if (!extra.length || !template || rows.length < 2) return;
  const lastRow = rows.at(-1)!;
  form.push({ start: lastRow.end, end: lastRow.end, text: extra.map((cells) => copyRow(form.xml, template, cells)).join('') });
}

const toLines = (value: string | string[] | undefined) => (Array.isArray(value) ? value : value ? [value] : []).filter((line) => line.trim());

function enclosingTable(node: XmlNode): XmlNode | null {
  for (let n: XmlNode | null = node.parent; n; n = n.parent) if (n.name === 'w:tbl') return n;
  return null;
}

const rowCells = (row: XmlNode) => row.children.filter((c) => c.name === 'w:tc');

function rowIsBlank(form: FormDocument, row: XmlNode): boolean {
  return descendants(row, 'w:p').every((p) => {
    const index = form.paragraphs.indexOf(p);
    return index >= 0 && form.isBlank(index);
  });
}

/** A copy of a blank row with each cell's first paragraph holding its value (ids dropped: Word gives new ones). */
function copyRow(xml: string, row: XmlNode, cells: (string | string[])[]): string {
  const edits: { at: number; text: string }[] = [];
  rowCells(row).forEach((cell, column) => {
    const p = cell.children.find((c) => c.name === 'w:p');
    const lines = toLines(cells[column]);
    if (!p || !lines.length) return;
    const pPr = p.children.find((c) => c.name === 'w:pPr');
    const rPr = pPr?.children.find((c) => c.name === 'w:rPr');
    const properties = rPr ? `<w:rPr>${rPr.children.filter((c) => !['w:ins', 'w:del', 'w:rPrChange'].includes(c.name)).map((c) => xml.slice(c.start, c.end)).join('')}</w:rPr>` : '';
    const run = `<w:r>${properties}${lines.map((line) => `<w:t xml:space="preserve">${escapeXml(line)}</w:t>`).join('<w:br/>')}</w:r>`;
    if (xml.slice(p.start, p.end).endsWith('/>')) return;
    edits.push({ at: p.end - '</w:p>'.length - row.start, text: run });
  });
  let source = xml.slice(row.start, row.end);
  for (const edit of edits.sort((x, y) => y.at - x.at)) source = source.slice(0, edit.at) + edit.text + source.slice(edit.at);
  return source.replace(/ w14:(?:paraId|textId)="[^"]*"/g, '');
}

/** "1, 2 et 4". */
export function joinFrench(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}
