// The acte d'engagement (server/analysis/forms/ae*.ts): the amount excl. VAT read from a filled AE
// (the Vigicrues buyer's blank AE gives none; filled ones in several wordings give theirs; two
// different amounts give none), amounts in French words, a buyer's AE filled with only its places
// changed, and the ATTRI1 model written and filled.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { amountInWords, fillAeDocument, frenchWords, isAeForm, parseFigure, readAeAmount, type AeData } from '../../server/analysis/forms/ae';
import { writeAttri1Ae } from '../../server/analysis/forms/ae-attri1';
import { applyEdits } from '../../server/analysis/forms/docx-form';
import { BUYER_AE_PARAGRAPHS, buyerAeDocx, paragraphTexts } from '../support/ae-docx';

const VIGICRUES_AE = readFileSync(join(__dirname, '../fixtures/dce/vigicrues-aquareel-tma-2025/AE_2025_TMA AQUAREEL_vd.md'), 'utf8');
const NBSP = '\u00a0';

const data: AeData = {
  tender: { buyerName: 'Université de Test', object: 'Maintenance des équipements', reference: '2026-AE-01', lots: [] },
  candidate: {
    name: 'Électro Proto SAS',
    siret: '84512345600027',
    address: { street: '12 rue des Arts & Métiers', postalCode: '38000', city: 'Grenoble', country: 'France' },
    email: 'ao@electroproto.fr',
    phone: '04 76 12 34 56',
    legalRepresentative: { name: 'Claire Martin', capacity: 'Présidente' },
  },
  amount: { exclVat: 12345.67, vatRate: 0.2, inclVat: 14814.8 },
  priceFiles: ['DQE.xlsx'],
};

const documentXml = (docx: Uint8Array) => strFromU8(unzipSync(docx)['word/document.xml']!);

describe('readAeAmount', () => {
  it('finds no amount on the Vigicrues buyer’s blank AE (its dotted lines, the administration’s own amounts and the insertion clause’s “100 000 € HT” are none)', () => {
    expect(readAeAmount(VIGICRUES_AE)).toBeNull();
  });

  it.each([
    ['Montant hors taxes : 12 345,67 €', 12345.67],
    ['Montant HT (en chiffres) : 12.345,67 euros\nTaux de TVA : 20 %\nMontant TTC : 14 814,80 €', 12345.67],
    ['Total H.T. : 12 345.67 EUR', 12345.67],
    ['Montant hors taxes arrêté en chiffres à :\n48 500,00 €\nMontant hors taxes arrêté en lettres à : quarante-huit mille cinq cents euros', 48500],
    ['Le candidat s’engage pour le prix global et forfaitaire de 1 234 567 € HT.', 1234567],
    ['pour un montant de 8 900,50 euros hors taxes, soit 10 680,60 euros TTC', 8900.5],
    ['Montant total hors TVA : 950 €', 950],
  ])('reads “%s”', (text, amount) => {
    const read = readAeAmount(`ACTE D'ENGAGEMENT\n${text}\nFait à Grenoble`);
    expect(read?.amount).toBe(amount);
    expect(read?.excerpt).toMatch(/montant|total|prix/i);
  });

  it('gives none for a TTC amount alone, a rate, or two different HT amounts (which is the total is not guessed)', () => {
    expect(readAeAmount('Montant TTC : 14 814,80 €')).toBeNull();
    expect(readAeAmount('Montant HT : ……………………\nTaux de la TVA : 20 %')).toBeNull();
    expect(readAeAmount('Lot 1 – Montant HT : 10 000,00 €\nLot 2 – Montant HT : 5 000,00 €')).toBeNull();
    // The same amount written twice is one amount.
    expect(readAeAmount('Montant HT : 10 000,00 €\nTotal HT : 10 000 €')?.amount).toBe(10000);
  });

  it('reads figures whatever their separators', () => {
    expect(parseFigure('12 345,67')).toBe(12345.67);
    expect(parseFigure('12.345,67')).toBe(12345.67);
    expect(parseFigure('12 345.67')).toBe(12345.67);
    expect(parseFigure('1.234.567')).toBe(1234567);
    expect(parseFigure('950')).toBe(950);
  });
});

describe('amounts in words', () => {
  it.each([
    [21, 'vingt et un'],
    [71, 'soixante et onze'],
    [80, 'quatre-vingts'],
    [91, 'quatre-vingt-onze'],
    [200, 'deux cents'],
    [203, 'deux cent trois'],
    [1000, 'mille'],
    [80000, 'quatre-vingt mille'],
    [200000, 'deux cent mille'],
    [1_200_000, 'un million deux cent mille'],
    [2_000_000, 'deux millions'],
  ])('%d is “%s”', (n, words) => expect(frenchWords(n)).toBe(words));

  it('writes euros and centimes', () => {
    expect(amountInWords(12345.67)).toBe('douze mille trois cent quarante-cinq euros et soixante-sept centimes');
    expect(amountInWords(1)).toBe('un euro');
    expect(amountInWords(1_000_000)).toBe("un million d'euros");
  });
});

describe('the buyer’s AE filled', () => {
  const blank = buyerAeDocx();

  it('is recognised as an AE', () => {
    expect(isAeForm(blank)).toBe(true);
    expect(isAeForm(buyerAeDocx(['Cadre de réponse technique', 'Question 1']))).toBe(false);
  });

  it('writes the identity and the amounts in their places, and changes nothing else', () => {
    const { docx, edits, placed } = fillAeDocument(blank, data);
    const before = paragraphTexts(documentXml(blank));
    const after = paragraphTexts(documentXml(docx));
    expect(after).toHaveLength(before.length);
    const at = (label: string) => after[BUYER_AE_PARAGRAPHS.findIndex((p) => p.startsWith(label))]!;
    expect(at('Dénomination sociale')).toBe('Dénomination sociale : Électro Proto SAS');
    expect(at('Nom, prénom')).toBe('Nom, prénom et qualité du signataire : Claire Martin, Présidente');
    expect(after[BUYER_AE_PARAGRAPHS.indexOf('Adresse professionnelle :') + 1]).toBe('12 rue des Arts & Métiers38000 Grenoble');
    expect(at('N° SIRET')).toBe('N° SIRET : 845 123 456 00027');
    expect(at('Montant hors taxes (en chiffres)')).toBe(`Montant hors taxes (en chiffres) : 12${NBSP}345,67${NBSP}€`);
    expect(at('Montant hors taxes en lettres')).toBe('Montant hors taxes en lettres : douze mille trois cent quarante-cinq euros et soixante-sept centimes');
    expect(at('Taux de la TVA')).toBe('Taux de la TVA : 20 %');
    expect(at('Montant de la TVA')).toBe(`Montant de la TVA : 2${NBSP}469,13${NBSP}€`);
    expect(at('Montant TTC')).toBe(`Montant TTC : 14${NBSP}814,80${NBSP}€`);
    expect(placed).toEqual(expect.arrayContaining(['name', 'representative', 'address', 'email', 'phone', 'siret', 'exclVat', 'words', 'vatRate', 'vat', 'inclVat']));
    // The administration's places (the nantissement's amounts, the place and date) stay blank.
    const untouched = before.map((text, index) => (text === after[index] ? index : -1)).filter((i) => i >= 0);
    for (const label of ['la totalité de l’accord-cadre', 'Montant initial', 'Fait à', 'Accord-cadre n°']) expect(untouched).toContain(BUYER_AE_PARAGRAPHS.findIndex((p) => p.startsWith(label)));
    // Only the places changed: each edit replaces a dotted blank by text or inserts a run, and undoing them gives the buyer's XML back.
    for (const edit of edits) {
      const replaced = documentXml(blank).slice(edit.start, edit.end);
      expect(replaced === '' || /^[.…_]+$/.test(replaced), replaced).toBe(true);
      expect(edit.text).not.toMatch(/<w:p[ >]/);
    }
    expect(applyEdits(documentXml(blank), edits)).toBe(documentXml(docx));
  });

  it('leaves the amount places blank when the price files give no total', () => {
    const { docx, placed } = fillAeDocument(blank, { ...data, amount: null });
    expect(placed).not.toContain('exclVat');
    expect(paragraphTexts(documentXml(docx))).toContain('Montant hors taxes (en chiffres) : ……………………………');
  });
});

// A groupement conjoint of the company (mandataire) and two co-contractors, as the folder passes it.
const member = (name: string, siret: string, role: string) => ({ name, siret, address: { street: '1 rue de la Gare', postalCode: '38000', city: 'Grenoble', country: 'France' }, role });
const grouped: AeData = {
  ...data,
  groupement: {
    kind: 'conjoint',
    mandataireSolidaire: true,
    members: [{ ...data.candidate, role: 'Fourniture des équipements' }, member('Alpes Maintenance Industrielle', '51234567800019', 'Maintenance préventive'), member('Vercors Électricité', '73282932000074', 'Courants faibles')],
    mandataireIndex: 0,
  },
};

describe('the buyer’s AE in a groupement', () => {
  const paragraphs = [
    ...BUYER_AE_PARAGRAPHS.slice(0, 13),
    '☐ Je m’engage, sur la base de mon offre et pour mon propre compte ;',
    '☐ L’ensemble des membres du groupement s’engagent, sur la base de l’offre du groupement ;',
    'Pour l’exécution du marché public, le groupement d’opérateurs économiques est :',
    '☐ conjoint ☐ solidaire',
    'Les membres du groupement d’opérateurs économiques désignent le mandataire suivant : ……………………',
    ...BUYER_AE_PARAGRAPHS.slice(13),
  ];
  const blank = buyerAeDocx(paragraphs);

  it('ticks the members’ commitment and the kind, names the mandataire, and changes only those places', () => {
    const { docx, edits } = fillAeDocument(blank, grouped);
    const after = paragraphTexts(documentXml(docx));
    expect(after).toContain('☒ L’ensemble des membres du groupement s’engagent, sur la base de l’offre du groupement ;');
    expect(after).toContain('☐ Je m’engage, sur la base de mon offre et pour mon propre compte ;');
    expect(after).toContain('☒ conjoint ☐ solidaire');
    expect(after).toContain('Les membres du groupement d’opérateurs économiques désignent le mandataire suivant : Électro Proto SAS');
    for (const edit of edits) {
      const replaced = documentXml(blank).slice(edit.start, edit.end);
      expect(replaced === '' || replaced === '☐' || /^[.…_]+$/.test(replaced), replaced).toBe(true);
    }
    expect(applyEdits(documentXml(blank), edits)).toBe(documentXml(docx));
  });

  it('is filled as before when the company answers alone', () => {
    const after = paragraphTexts(documentXml(fillAeDocument(blank, data).docx));
    expect(after).toContain('☐ L’ensemble des membres du groupement s’engagent, sur la base de l’offre du groupement ;');
    expect(after).toContain('☐ conjoint ☐ solidaire');
  });
});

describe('the AE on the ATTRI1 model', () => {
  it('in a groupement: the members commit together, the kind ticked, each member in the B2 table with its SIRET and share, the mandataire named', async () => {
    const text = paragraphTexts(documentXml(await writeAttri1Ae(grouped)));
    expect(text).toContain("☒ l'ensemble des membres du groupement s'engagent, sur la base de l'offre du groupement ;");
    expect(text).toContain("☐ s'engage, sur la base de son offre et pour son propre compte ;");
    expect(text).toContain('☒ conjoint');
    expect(text).toContain('☐ solidaire');
    const table = text.slice(text.indexOf('Désignation des membres du groupement'), text.indexOf('B3 - Compte(s) à créditer'));
    expect(table.join('\n')).toContain('Électro Proto SAS (mandataire)SIRET : 845 123 456 00027\nFourniture des équipements');
    expect(table.join('\n')).toContain('Alpes Maintenance IndustrielleSIRET : 512 345 678 00019\nMaintenance préventive');
    expect(table.join('\n')).toContain('Vercors ÉlectricitéSIRET : 732 829 320 00074\nCourants faibles');
    expect(text.find((t) => t.startsWith('Les membres du groupement'))).toBe('Les membres du groupement d’opérateurs économiques désignent le mandataire suivant : Électro Proto SAS');
    // The candidate's identity and the price as alone.
    expect(text[text.indexOf('Nom commercial et dénomination sociale :') + 1]).toBe('Électro Proto SAS');
  });

  it('is titled as established on the ATTRI1 model, with the form’s sections, the candidate and the price', async () => {
    const docx = await writeAttri1Ae({ ...data, tender: { ...data.tender, lots: [{ number: '2', title: 'Maintenance' }] } });
    const text = paragraphTexts(documentXml(docx));
    expect(text[1]).toBe("ACTE D'ENGAGEMENT");
    expect(text[2]).toMatch(/modèle du formulaire ATTRI1/);
    for (const section of ["A - Objet de l'acte d'engagement.", 'B - Engagement du titulaire ou du groupement titulaire.', 'C - Signature du marché public par le titulaire individuel.', 'E - Identification et signature de l’acheteur.'])
      expect(text).toContain(section);
    expect(text).toContain('☒ au lot n° 2 du marché public (2 : Maintenance) ;');
    expect(text[text.indexOf('Nom commercial et dénomination sociale :') + 1]).toBe('Électro Proto SAS');
    expect(text[text.indexOf('Numéro SIRET :') + 1]).toBe('845 123 456 00027');
    expect(text).toContain(`Montant hors taxes arrêté en chiffres à : 12${NBSP}345,67${NBSP}€`);
    expect(text).toContain('Montant TTC arrêté en lettres à : quatorze mille huit cent quatorze euros et quatre-vingts centimes');
    expect(isAeForm(docx)).toBe(true);
  });

  it('leaves the amounts to complete when there is no total', async () => {
    const text = paragraphTexts(documentXml(await writeAttri1Ae({ ...data, amount: null })));
    expect(text.find((t) => t.startsWith('Montant hors taxes arrêté en chiffres'))).toMatch(/……$/);
    expect(text[text.indexOf('Nom commercial et dénomination sociale :') + 1]).toBe('Électro Proto SAS');
  });
});
