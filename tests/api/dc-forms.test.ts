// fillDc1 / fillDc2 (server/analysis/forms) on the Grenoble INP copies of the DAJ forms and on the
// official blank copies kept in the repository: the answers under their labels, the right boxes
// ticked, and every other byte of the package as it was.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { bodyParagraphs, descendants, parseXml, type XmlNode } from '../../server/analysis/frame/ooxml';
import { detectDcForm, fillDc1, fillDc1Document, fillDc2, fillDc2Document, type CandidatureData, type FormEdit } from '../../server/analysis/forms';
import { readOfficialDcForm } from '../../server/analysis/forms/official';
import { requiredUnderCi } from '../support/ci-tools';

const FIXTURES = join(__dirname, '../fixtures/dc-forms');
const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
const hasSoffice = existsSync(SOFFICE);
const NBSP = '\u00a0';

const alone: CandidatureData = {
  tender: { buyerName: 'Institut polytechnique de Grenoble', object: 'Acquisition d’une machine de prototypage de circuits imprimés', reference: '2026FCSSA0025', lots: [] },
  candidate: {
    name: 'Électro Proto SAS',
    siret: '84512345600027',
    legalForm: 'SAS',
    nafCode: '2612Z',
    address: { street: '12 rue des Arts & Métiers', postalCode: '38000', city: 'Grenoble', country: 'France' },
    email: 'appels-offres@electroproto.fr',
    phone: '04 76 12 34 56',
    legalRepresentative: { name: 'Claire Martin', capacity: 'Présidente' },
  },
  figures: {
    turnover: [
      { year: 2021, amount: 990_000 },
      { year: 2022, amount: 1_234_567, shareOfContractScope: 35 },
      { year: 2023, amount: 1_480_250, shareOfContractScope: 40.5 },
      { year: 2024, amount: 1_802_000, shareOfContractScope: 42 },
    ],
    staff: [
      { year: 2023, count: 16, managers: 3 },
      { year: 2024, count: 18, managers: 4 },
    ],
  },
  references: [{ title: 'Graveuse laser pour circuits imprimés', buyer: 'CNRS Délégation Alpes', year: 2024, amount: 85_000 }],
  qualifications: [{ name: 'ISO 9001:2015', number: 'FR-2019-1234', validUntil: '2027-03-31' }],
};

const partner = {
  name: 'Alpes Maintenance Industrielle SARL',
  siret: '51234567800015',
  legalForm: 'SARL',
  address: { street: '3 avenue de l’Europe', postalCode: '38100', city: 'Grenoble' },
  email: 'contact@alpes-maintenance.fr',
  phone: '04 76 98 76 54',
};
const groupement: CandidatureData = {
  ...alone,
  tender: { buyerName: 'Université Grenoble Alpes', object: 'Équipements de laboratoire', lots: [{ number: '1', title: 'Machine de gravure laser' }, { number: '3', title: 'Maintenance' }] },
  groupement: {
    kind: 'conjoint',
    mandataireSolidaire: true,
    mandataireIndex: 0,
    members: [
      { ...alone.candidate, role: 'Fourniture et installation de la machine' },
      { ...partner, role: 'Maintenance préventive et curative' },
    ],
  },
};

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const documentXml = (docx: Uint8Array) => decode(unzipSync(docx)['word/document.xml']);

/** The body's paragraphs as a reader sees them: "[x]" / "[ ]" for each check box, then the text. */
function readParagraphs(xml: string): string[] {
  const body = descendants(parseXml(xml)!, 'w:body')[0]!;
  const show = (node: XmlNode): string =>
    node.children
      .map((c) => {
        if (c.name === 'w:checkBox') return c.children.some((k) => k.name === 'w:checked' && k.attrs['w:val'] !== '0' && k.attrs['w:val'] !== 'false') ? '[x]' : '[ ]';
        if (c.name === 'w:t') return c.text;
        if (c.name === 'w:br') return '\n';
        if (c.name === 'w:tab') return '\t';
        if (c.name === 'w:pPr') return '';
        if (c.name === 'w:txbxContent' || c.name === 'mc:Fallback') return '';
        return show(c);
      })
      .join('');
  // Some labels are typed with combining accents ("e\u0301lectronique"): compared composed.
  return bodyParagraphs(body).map((p) => show(p).normalize('NFC').replace(/\s+$/, ''));
}

const ticked = (paragraphs: string[]) => paragraphs.flatMap((p) => [...p.matchAll(/\[x\]\s*([^[]{0,40})/g)].map((m) => m[1]!.split('\t')[0]!.trim()));
/** The paragraph right after the one starting with `label` (from `from`; the symbol-font bullets before a label ignored), and its index. */
const after = (paragraphs: string[], label: RegExp, from = 0) => {
  const at = paragraphs.findIndex((p, i) => i >= from && label.test(p.replace(/[\uf000-\uf0ff]/g, '').replace(/\u00a0/g, ' ').trim()));
  return { at, next: paragraphs[at + 1] };
};

/** The original cut at the edits must be found, in order, in the output, with only the edits' texts between. */
function expectOnlyEditsChanged(before: string, afterXml: string, edits: FormEdit[]) {
  let from = 0;
  let position = 0;
  for (const edit of edits) {
    const piece = before.slice(from, edit.start);
    expect(afterXml.slice(position, position + piece.length)).toBe(piece);
    position += piece.length;
    expect(afterXml.slice(position, position + edit.text.length)).toBe(edit.text);
    position += edit.text.length;
    from = edit.end;
  }
  expect(afterXml.slice(position)).toBe(before.slice(from));
  // Each edit is a place of the form: a box's w:checked, a run in a paragraph the form left empty
  // (or before a cell's "%"), a dotted blank, or a table row appended after the last row.
  const paragraphs = bodyParagraphs(descendants(parseXml(before)!, 'w:body')[0]!);
  for (const edit of edits) {
    if (edit.text === '<w:checked/>') {
      expect(before.slice(edit.start - 40, edit.start)).toMatch(/<w:default w:val="0"\/>$/);
      continue;
    }
    if (edit.start !== edit.end) {
      expect(before.slice(edit.start, edit.end), 'a replaced span is a dotted blank').toMatch(/^[.…_]+$/);
      continue;
    }
    if (edit.text.startsWith('<w:tr')) {
      expect(before.slice(edit.start - '</w:tr>'.length, edit.start)).toBe('</w:tr>');
      continue;
    }
    const p = paragraphs.find((q) => q.start < edit.start && edit.start <= q.end)!;
    expect(edit.text).toMatch(/^<w:r>.*<\/w:r>$/s);
    const text = descendants(p, 'w:t').map((t) => t.text).join('');
    expect(text === '' || text.trim() === '%', `paragraph "${text}" was empty`).toBe(true);
  }
}

function expectOtherEntriesIdentical(original: Uint8Array, filled: Uint8Array) {
  const before = unzipSync(original);
  const afterEntries = unzipSync(filled);
  expect(Object.keys(afterEntries)).toEqual(Object.keys(before));
  for (const name of Object.keys(before)) if (name !== 'word/document.xml') expect(Buffer.compare(Buffer.from(afterEntries[name]!), Buffer.from(before[name]!)), name).toBe(0);
}

async function soffice(docx: Uint8Array, format: 'txt:Text' | 'fodt'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dc-forms-'));
  try {
    await writeFile(join(dir, 'filled.docx'), docx);
    await new Promise<void>((resolve, reject) =>
      execFile(SOFFICE, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', format, '--outdir', dir, join(dir, 'filled.docx')], { timeout: 120_000 }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    return await readFile(join(dir, format === 'fodt' ? 'filled.fodt' : 'filled.txt'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The words after each check box LibreOffice reads as ticked, from its flat ODT. */
function checkedInLibreOffice(fodt: string): string[] {
  return [...fodt.matchAll(/<field:fieldmark [^>]*FORMCHECKBOX"(\/?)>([\s\S]*?)(?=<field:fieldmark |$)/g)]
    .filter((m) => m[1] !== '/' && /Checkbox_Checked" field:value="true"/.test(m[2]!))
    .map((m) => m[2]!.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim().slice(0, 60));
}

/** Each label followed, later in the text, by its answer. */
function expectInOrder(lines: string, order: string[]) {
  // The forms put no-break spaces inside labels ("Adresse électronique") and the amounts have them.
  const text = lines.normalize('NFC').replace(/\u00a0/g, ' ');
  let position = 0;
  for (const words of order) {
    const found = text.indexOf(words, position);
    expect(found, words).toBeGreaterThanOrEqual(0);
    position = found + words.length;
  }
}

describe('detectDcForm', async () => {
  const dc1 = new Uint8Array(await readFile(join(FIXTURES, 'DC1.docx')));
  const dc2 = new Uint8Array(await readFile(join(FIXTURES, 'DC2.docx')));
  it('tells the DC1 from the DC2 although each names the other, and other DCE documents from both', async () => {
    expect(detectDcForm(dc1)).toBe('DC1');
    expect(detectDcForm(dc2)).toBe('DC2');
    expect(detectDcForm(readOfficialDcForm('DC1'))).toBe('DC1');
    expect(detectDcForm(readOfficialDcForm('DC2'))).toBe('DC2');
    const crte = await readFile(join(__dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/CRTE_2026FCSSA0025 v2.docx'));
    const register = await readFile(join(__dirname, '../fixtures/dce/grenoble-inp_2026FCSSA0025/Registre Questions-Reponses_2026FCSSA002.docx'));
    expect(detectDcForm(new Uint8Array(crte))).toBeNull();
    expect(detectDcForm(new Uint8Array(register))).toBeNull();
    expect(detectDcForm(new TextEncoder().encode('DC1 lettre de candidature'))).toBeNull();
  });
});

describe('fillDc1 on the Grenoble INP copy', async () => {
  const original = new Uint8Array(await readFile(join(FIXTURES, 'DC1.docx')));
  const originalXml = documentXml(original);

  describe('a company alone, for the whole contract', () => {
    const { docx, edits } = fillDc1Document(original, alone);
    const xml = documentXml(docx);
    const paragraphs = readParagraphs(xml);

    it('writes the identity under its labels in D, and keeps the buyer and object the buyer wrote', () => {
      expect(after(paragraphs, /^\S*\s*Nom commercial et dénomination sociale/).next).toBe('Électro Proto SAS');
      expect(after(paragraphs, /^\S*\s*Adresses postale/).next).toBe('12 rue des Arts & Métiers\n38000 Grenoble');
      expect(after(paragraphs, /^Adresse électronique/).next).toBe('appels-offres@electroproto.fr');
      expect(after(paragraphs, /^Numéros de téléphone/).next).toBe('04 76 12 34 56');
      expect(after(paragraphs, /^Numéro SIRET/).next).toBe('845 123 456 00027');
      // Section A and B were typed by the buyer: left as they are, nothing added.
      expect(paragraphs.filter((p) => p.includes('Institut polytechnique de Grenoble'))).toHaveLength(1);
      expect(paragraphs.join('\n')).not.toContain('2026FCSSA0025');
      // The mandataire's block (G) stays empty for a candidate alone.
      const g = paragraphs.findIndex((p) => p.startsWith('G - Désignation du mandataire'));
      expect(after(paragraphs, /^\S*\s*Nom commercial et dénomination sociale/, g).next).toBe('');
    });

    it('ticks the whole contract, the candidate alone and the DC2, and nothing else', () => {
      expect(ticked(paragraphs)).toEqual([expect.stringMatching(/^pour le marché public \(en cas de non all/), expect.stringMatching(/^Le candidat se présente seul/), 'le formulaire DC2.']);
      expect(xml.match(/<w:checked\/>/g)).toHaveLength(3);
    });

    it('changes only those places; every other entry of the package is byte for byte the same', () => {
      expect(edits).toHaveLength(3 + 5);
      expectOnlyEditsChanged(originalXml, xml, edits);
      expectOtherEntriesIdentical(original, docx);
      expect(parseXml(xml)).not.toBeNull();
    });

    it('returns the same bytes through fillDc1', () => {
      expect(Buffer.compare(Buffer.from(fillDc1(original, alone)), Buffer.from(docx))).toBe(0);
    });

    requiredUnderCi('LibreOffice (soffice)', hasSoffice, 'libreoffice-writer');
    it.runIf(hasSoffice)('opens in LibreOffice with the answers under their labels and the boxes ticked', async () => {
      const text = await soffice(docx, 'txt:Text');
      const d = text.slice(text.indexOf('D - Présentation du candidat'));
      expectInOrder(d, [
        'Nom commercial et dénomination sociale',
        'Électro Proto SAS',
        'Adresses postale et du siège social',
        '12 rue des Arts & Métiers',
        '38000 Grenoble',
        'Adresse électronique :',
        'appels-offres@electroproto.fr',
        'Numéros de téléphone',
        '04 76 12 34 56',
        'Numéro SIRET',
        '845 123 456 00027',
        'Le candidat est un groupement',
      ]);
      const fodt = await soffice(docx, 'fodt');
      expect(checkedInLibreOffice(fodt)).toEqual([expect.stringMatching(/^pour le marché public/), expect.stringMatching(/^Le candidat se présente seul/), expect.stringMatching(/^le formulaire DC2/)]);
    }, 240_000);
  });

  describe('a groupement of two, for lots 1 and 3', () => {
    const { docx, edits } = fillDc1Document(original, groupement);
    const xml = documentXml(docx);
    const paragraphs = readParagraphs(xml);

    it('ticks lots, groupement, conjoint and the mandataire solidaire', () => {
      expect(ticked(paragraphs)).toEqual(['pour le lot n°……. ou les lots n°1 et 3 d', 'Le candidat est un groupement d’entrepri', 'conjoint', 'Oui', 'le formulaire DC2.']);
      expect(after(paragraphs, /^\[x\] pour le lot n°/).next).toBe('Lot n° 1 : Machine de gravure laser\nLot n° 3 : Maintenance');
    });

    it('lists both members with their lots and services in table E, and names the mandataire in G', () => {
      const e = paragraphs.findIndex((p) => p.includes('Prestations exécutées par les membres du groupement'));
      expect(paragraphs.slice(e + 1, e + 7)).toEqual([
        '1, 3',
        'Électro Proto SAS (mandataire)\n12 rue des Arts & Métiers\n38000 Grenoble\nCourriel : appels-offres@electroproto.fr\nTél. : 04 76 12 34 56\nSIRET : 845 123 456 00027',
        'Fourniture et installation de la machine',
        '1, 3',
        'Alpes Maintenance Industrielle SARL\n3 avenue de l’Europe\n38100 Grenoble\nCourriel : contact@alpes-maintenance.fr\nTél. : 04 76 98 76 54\nSIRET : 512 345 678 00015',
        'Maintenance préventive et curative',
      ]);
      expect(paragraphs.slice(e + 7, e + 13).every((p) => p === '')).toBe(true);
      const g = paragraphs.findIndex((p) => p.startsWith('G - Désignation du mandataire'));
      expect(after(paragraphs, /^\S*\s*Nom commercial et dénomination sociale/, g).next).toBe('Électro Proto SAS');
      expect(after(paragraphs, /^Numéro SIRET/, g).next).toBe('845 123 456 00027');
      // The "candidate alone" block of D stays empty.
      expect(after(paragraphs, /^\S*\s*Nom commercial et dénomination sociale/).next).toBe('');
    });

    it('changes only those places', () => {
      expectOnlyEditsChanged(originalXml, xml, edits);
      expectOtherEntriesIdentical(original, docx);
    });

    it('adds rows to table E for members beyond its four blank rows', () => {
      const many: CandidatureData = {
        ...groupement,
        groupement: { ...groupement.groupement!, members: [1, 2, 3, 4, 5, 6].map((n) => ({ ...partner, name: `Membre ${n}`, role: `Prestation ${n}` })) },
      };
      const filled = fillDc1Document(original, many);
      const filledXml = documentXml(filled.docx);
      expectOnlyEditsChanged(originalXml, filledXml, filled.edits);
      const rows = readParagraphs(filledXml);
      const e = rows.findIndex((p) => p.includes('Prestations exécutées par les membres du groupement'));
      expect(rows.slice(e + 1, e + 19).filter((_, i) => i % 3 === 2)).toEqual(['Prestation 1', 'Prestation 2', 'Prestation 3', 'Prestation 4', 'Prestation 5', 'Prestation 6']);
      expect(rows[e + 19]!).toMatch(/^\(\*\) Préciser/);
      expect(filledXml.match(/w14:paraId="([^"]+)"/g)!.length).toBe(new Set(filledXml.match(/w14:paraId="([^"]+)"/g)).size);
    });

    it.runIf(hasSoffice)('opens in LibreOffice with both members in table E and the four boxes ticked', async () => {
      const text = await soffice(docx, 'txt:Text');
      expectInOrder(text.slice(text.indexOf('E - Identification des membres')), ['Prestations exécutées', 'Électro Proto SAS (mandataire)', 'Fourniture et installation', 'Alpes Maintenance Industrielle SARL', 'SIRET : 512 345 678 00015', 'Maintenance préventive', 'G - Désignation du mandataire', 'Nom commercial', 'Électro Proto SAS']);
      const fodt = await soffice(docx, 'fodt');
      expect(checkedInLibreOffice(fodt)).toEqual([
        expect.stringMatching(/^pour le lot n°……. ou les lots n°1 et 3/),
        expect.stringMatching(/^Le candidat est un groupement/),
        expect.stringMatching(/^conjoint/),
        expect.stringMatching(/^Oui/),
        expect.stringMatching(/^le formulaire DC2/),
      ]);
    }, 240_000);
  });
});

describe('fillDc2 on the Grenoble INP copy', async () => {
  const original = new Uint8Array(await readFile(join(FIXTURES, 'DC2.docx')));
  const originalXml = documentXml(original);
  const { docx, edits } = fillDc2Document(original, alone);
  const xml = documentXml(docx);
  const paragraphs = readParagraphs(xml);

  it('writes the identity, legal form and registration under their labels, and ticks SME: yes', () => {
    expect(after(paragraphs, /^Nom commercial et dénomination sociale.*:$/).next).toBe('Électro Proto SAS');
    expect(after(paragraphs, /^Adresses postale.*:$/).next).toBe('12 rue des Arts & Métiers\n38000 Grenoble');
    expect(after(paragraphs, /^Numéro SIRET/).next).toBe('845 123 456 00027');
    expect(after(paragraphs, /^Forme juridique/).next).toBe('SAS');
    expect(after(paragraphs, /E1 - Renseignements sur l’inscription/).next).toBe('SIRET : 845 123 456 00027 — code APE (NAF) : 2612Z');
    expect(ticked(paragraphs)).toEqual(['Oui']);
  });

  it('puts the last three turnovers under their financial years, with their share of the contract scope', () => {
    const table = paragraphs.findIndex((p) => p.startsWith('Exercice'));
    const rows = paragraphs.slice(table, table + 16);
    expect(rows.slice(0, 3)).toEqual(['Exercice\tdu 01/01/2022\n\tau 31/12/2022', 'Exercice\tdu 01/01/2023\n\tau 31/12/2023', 'Exercice\tdu 01/01/2024\n\tau 31/12/2024']);
    const global = paragraphs.findIndex((p) => p.startsWith('Chiffre d’affaires global'));
    expect(paragraphs.slice(global + 1, global + 5)).toEqual([`1${NBSP}234${NBSP}567${NBSP}€`, '', `1${NBSP}480${NBSP}250${NBSP}€`, `1${NBSP}802${NBSP}000${NBSP}€`]);
    const share = paragraphs.findIndex((p) => p.startsWith('Part du chiffre d’affaires'));
    expect(paragraphs.slice(share + 1, share + 7)).toEqual(['', `35${NBSP}%`, '', `40,5${NBSP}%`, '', `42${NBSP}%`]);
    // 2021 is not among the last three years.
    expect(paragraphs.join('\n')).not.toMatch(/990|2021/);
  });

  it('summarises staff, references and qualifications in G1', () => {
    const g1 = paragraphs.findIndex((p) => p.startsWith('G1 - Le candidat ne fournit'));
    expect(paragraphs.slice(g1 + 1, g1 + 4)).toEqual([
      "Effectifs moyens annuels :\n2023 : 16 personnes, dont 3 d'encadrement\n2024 : 18 personnes, dont 4 d'encadrement",
      `Principales références :\n– Graveuse laser pour circuits imprimés (CNRS Délégation Alpes, 2024, 85${NBSP}000${NBSP}€)`,
      "Qualifications et certifications :\n– ISO 9001:2015 n° FR-2019-1234, valable jusqu'au 31/03/2027",
    ]);
  });

  it('changes only those places; every other entry of the package is byte for byte the same', () => {
    expectOnlyEditsChanged(originalXml, xml, edits);
    expectOtherEntriesIdentical(original, docx);
    expect(Buffer.compare(Buffer.from(fillDc2(original, alone)), Buffer.from(docx))).toBe(0);
  });

  it('fills a member of a groupement with its own identity, and leaves SME unticked when its figures cannot tell', () => {
    const member: CandidatureData = { ...groupement, candidate: partner, figures: { turnover: [{ year: 2024, amount: 60_000_000 }], staff: [{ year: 2024, count: 120 }] }, references: [], qualifications: [] };
    const filled = fillDc2Document(original, member);
    const memberParagraphs = readParagraphs(documentXml(filled.docx));
    expect(after(memberParagraphs, /^Nom commercial et dénomination sociale.*:$/).next).toBe('Alpes Maintenance Industrielle SARL');
    expect(after(memberParagraphs, /^Forme juridique/).next).toBe('SARL');
    expect(ticked(memberParagraphs)).toEqual([]);
    const large = fillDc2Document(original, { ...member, figures: { turnover: [], staff: [{ year: 2024, count: 300 }] } });
    expect(ticked(readParagraphs(documentXml(large.docx)))).toEqual(['Non']);
    expectOnlyEditsChanged(originalXml, documentXml(filled.docx), filled.edits);
  });

  it.runIf(hasSoffice)('opens in LibreOffice with the answers under their labels', async () => {
    const text = await soffice(docx, 'txt:Text');
    expectInOrder(text, [
      'Nom commercial et dénomination sociale de l’unité',
      'Électro Proto SAS',
      'Forme juridique',
      'SAS',
      'E1 - Renseignements sur l’inscription',
      'SIRET : 845 123 456 00027',
      'F1 - Chiffres d’affaires',
      'du 01/01/2022',
      'au 31/12/2024',
      'Chiffre d’affaires global',
      '1 234 567 €',
      '1 802 000 €',
      'G1 - Le candidat',
      'Effectifs moyens annuels',
      'Principales références',
      'ISO 9001:2015',
    ]);
    expect(checkedInLibreOffice(await soffice(docx, 'fodt'))).toEqual([expect.stringMatching(/^Oui/)]);
  }, 240_000);
});

describe('the official blank copies', () => {
  const dc1 = readOfficialDcForm('DC1');
  const dc2 = readOfficialDcForm('DC2');

  it('are blank where the buyer writes: no Grenoble INP, no consultation reference', () => {
    for (const form of [dc1, dc2]) {
      const entries = unzipSync(form);
      const text = Object.entries(entries)
        .filter(([name]) => name.startsWith('word/') && name.endsWith('.xml'))
        .map(([, bytes]) => decode(bytes))
        .join('');
      expect(text).not.toContain('Grenoble');
      expect(text).not.toContain('2026FCSSA0025');
    }
  });

  it('get the buyer, the object and its reference in sections A and B, and the candidate as on the buyer’s copies', () => {
    const filled1 = fillDc1Document(dc1, groupement);
    const p1 = readParagraphs(documentXml(filled1.docx));
    expect(after(p1, /^\(Reprendre le contenu/).next).toBe('Université Grenoble Alpes');
    const b = p1.findIndex((p) => p.includes('B - Objet de la consultation'));
    expect(after(p1, /^\(Reprendre le contenu/, b).next).toBe('Équipements de laboratoire');
    expect(ticked(p1)).toHaveLength(5);
    expectOnlyEditsChanged(documentXml(dc1), documentXml(filled1.docx), filled1.edits);
    expectOtherEntriesIdentical(dc1, filled1.docx);

    const filled2 = fillDc2Document(dc2, alone);
    const p2 = readParagraphs(documentXml(filled2.docx));
    expect(after(p2, /^\(Reprendre le contenu/).next).toBe('Institut polytechnique de Grenoble');
    const b2 = p2.findIndex((p) => p.includes('B - Objet de la consultation'));
    expect(after(p2, /^\(Reprendre le contenu/, b2).next).toBe('Acquisition d’une machine de prototypage de circuits imprimés\nRéférence : 2026FCSSA0025');
    expect(after(p2, /^Nom commercial et dénomination sociale.*:$/).next).toBe('Électro Proto SAS');
    expectOnlyEditsChanged(documentXml(dc2), documentXml(filled2.docx), filled2.edits);
    expectOtherEntriesIdentical(dc2, filled2.docx);
  });

  it('refuse what is not a DOCX', () => {
    expect(() => fillDc1(new TextEncoder().encode('not a zip'), alone)).toThrow('dc-form-not_a_docx');
  });
});
