// The DUME / ESPD response as a PDF a buyer reads: the procedure, the company's identity, then one
// section per criterion with the answers of the XML (same espdAnswers), in French or English.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { EspdAnswer, EspdAnswerValue } from './answers';
import { criterionName, frenchArticle } from './criteria';
import type { EspdResponseInput } from './model';
import { companySize, espdAnswers, responseLot } from './write';

// Liberation Sans (SIL OFL), shipped with pdfjs-dist, as the invoices use: every glyph of French text.
const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');
const FONT_BOLD = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf');
const BLUE = '#1d4ed8';
const GREY = '#52525b';

type Language = 'fr' | 'en';

const TEXT = {
  fr: {
    title: 'Document unique de marché européen (DUME)',
    procedure: 'Procédure',
    buyer: 'Acheteur',
    object: 'Objet',
    reference: 'Référence',
    lot: 'Lot',
    wholeProcedure: 'Ensemble de la procédure',
    company: 'Opérateur économique',
    siret: 'SIRET',
    vat: 'N° TVA intracommunautaire',
    address: 'Adresse',
    contact: 'Contact',
    representative: 'Représentant légal',
    size: 'Taille',
    sizes: { sme: 'PME (micro, petite ou moyenne entreprise)', large: 'Grande entreprise' },
    exclusion: 'Motifs d’exclusion',
    selection: 'Critères de sélection',
    other: 'Autres informations',
    article: (article: string) => `Code de la commande publique, article ${article}`,
    unanswered: 'Non renseigné : à compléter si l’acheteur l’exige.',
    yes: 'Oui',
    no: 'Non',
    noExclusion: 'Non : l’opérateur déclare ne relever d’aucun cas de ce motif.',
    issued: (date: string) => `Établi le ${date}`,
    questions: {
      'Your answer': 'Réponse',
      'Your answer?': 'Réponse',
      'Does the EO fulfil the criteria by itself?': 'L’opérateur remplit-il seul ce critère ?',
      'Start date; End date': 'Exercice',
      Amount: 'Montant',
      Year: 'Année',
      Number: 'Effectif moyen',
      'Please indicate the role of the economic operator in the group (leader, responsible for specific tasks...)': 'Rôle de l’opérateur dans le groupement',
      'Please identify the other economic operators participating in the procurement procedure together': 'Autres membres du groupement',
      'Where applicable, name of the participating group:': 'Nom du groupement',
    } as Record<string, string>,
    roles: { 'group-lead': 'Chef de file du groupement (mandataire)' },
  },
  en: {
    title: 'European Single Procurement Document (ESPD)',
    procedure: 'Procedure',
    buyer: 'Buyer',
    object: 'Subject',
    reference: 'Reference',
    lot: 'Lot',
    wholeProcedure: 'Whole procedure',
    company: 'Economic operator',
    siret: 'SIRET',
    vat: 'VAT number',
    address: 'Address',
    contact: 'Contact',
    representative: 'Legal representative',
    size: 'Size',
    sizes: { sme: 'SME (micro, small or medium-sized enterprise)', large: 'Large enterprise' },
    exclusion: 'Exclusion grounds',
    selection: 'Selection criteria',
    other: 'Other information',
    article: (article: string) => `French public procurement code, article ${article}`,
    unanswered: 'Not given: to be completed if the buyer requires it.',
    yes: 'Yes',
    no: 'No',
    noExclusion: 'No: the operator declares that none of this ground applies to it.',
    issued: (date: string) => `Issued on ${date}`,
    questions: {} as Record<string, string>,
    roles: { 'group-lead': 'Group leader' },
  },
};

const formatSiret = (siret: string) => {
  const digits = siret.replace(/\s/g, '');
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`;
};
// Intl puts U+202F between thousands, which Liberation Sans lacks: a no-break space instead.
const money = (amount: number, language: Language) => new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(amount).replace(/[\u202f\u00a0]/g, '\u00a0');
const integer = (n: number, language: Language) => new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB').format(n).replace(/[\u202f\u00a0]/g, '\u00a0');
const date = (iso: string, language: Language) => (language === 'fr' ? iso.split('-').reverse().join('/') : iso);

function valueText(value: EspdAnswerValue, language: Language, exclusion: boolean): string {
  const t = TEXT[language];
  switch (value.kind) {
    case 'indicator':
      return value.value ? t.yes : exclusion ? t.noExclusion : t.no;
    case 'amount':
      return money(value.value, language);
    case 'period':
      // A calendar year reads as the year.
      return value.start.endsWith('-01-01') && value.end === `${value.start.slice(0, 4)}-12-31` ? value.start.slice(0, 4) : `${date(value.start, language)} – ${date(value.end, language)}`;
    case 'quantity':
      return value.unit === 'YEAR' ? String(value.value) : integer(value.value, language);
    case 'description':
      return value.value;
    case 'role':
      return t.roles[value.value];
  }
}

/** The ESPD response's answers as a readable PDF (A4), French labels when the language is 'fr'. */
export async function espdResponsePdf(input: EspdResponseInput): Promise<Buffer> {
  const language = input.language;
  const t = TEXT[language];
  const { company, tender } = input;
  const answered = espdAnswers(input);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 56, left: 48, right: 48 },
    lang: language === 'fr' ? 'fr-FR' : 'en-GB',
    info: { Title: `${t.title} — ${company.name}`, Author: company.name, Creator: 'Soumissio', Producer: 'Soumissio', CreationDate: input.issuedAt, ModDate: input.issuedAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);

  const heading = (text: string, size = 13) => {
    doc.moveDown(0.6).font('bold').fontSize(size).fillColor(BLUE).text(text).fillColor('black').moveDown(0.2);
  };
  const field = (label: string, value: string | undefined) => {
    if (!value) return;
    doc.font('bold').fontSize(10).text(`${label} : `, { continued: true }).font('regular').text(value);
  };

  doc.font('bold').fontSize(18).fillColor(BLUE).text(t.title);
  doc.font('regular').fontSize(9).fillColor(GREY).text(t.issued(date(input.issuedAt.toISOString().slice(0, 10), language))).fillColor('black');

  heading(t.procedure);
  field(t.buyer, tender.buyerName || input.request?.buyerName);
  field(t.object, tender.title);
  field(t.reference, tender.reference ?? input.request?.contractFolderId);
  const lot = responseLot(input);
  field(t.lot, lot === 'LOT-0000' ? t.wholeProcedure : lot);

  heading(t.company);
  field(language === 'fr' ? 'Raison sociale' : 'Name', company.name);
  field(t.siret, formatSiret(company.siret));
  field(t.vat, company.vatNumber);
  const { street, postalCode, city, country } = company.address;
  field(t.address, [street, [postalCode, city].filter(Boolean).join(' '), country].filter(Boolean).join(', '));
  field(t.contact, [company.contact.name, company.contact.email, company.contact.phone].filter(Boolean).join(' — '));
  if (company.legalRepresentative) field(t.representative, [company.legalRepresentative.name, company.legalRepresentative.capacity].filter(Boolean).join(', '));
  field(t.size, t.sizes[companySize(company)]);

  let section: string | null = null;
  for (const { criterion, answers } of answered) {
    if (criterion.type !== section) {
      section = criterion.type;
      doc.moveDown(0.4);
      heading(t[criterion.type], 14);
    }
    doc.moveDown(0.3).font('bold').fontSize(11).text(criterionName(criterion, language));
    const article = criterion.type === 'exclusion' ? frenchArticle(criterion.code) : undefined;
    if (article) doc.font('regular').fontSize(8).fillColor(GREY).text(t.article(article)).fillColor('black');
    if (!answers.length) {
      doc.font('regular').fontSize(10).fillColor(GREY).text(t.unanswered).fillColor('black');
      continue;
    }
    // Repeated groups (a year of turnover, of staff) print one line per row.
    const rows = new Map<number, EspdAnswer[]>();
    const single: EspdAnswer[] = [];
    for (const answer of answers) {
      if (answer.value.kind === 'indicator' || answer.value.kind === 'role' || answer.value.kind === 'description') single.push(answer);
      else rows.set(answer.row, [...(rows.get(answer.row) ?? []), answer]);
    }
    for (const answer of single) field(t.questions[answer.property.description] ?? answer.property.description, valueText(answer.value, language, criterion.type === 'exclusion'));
    for (const row of rows.values())
      doc
        .font('regular')
        .fontSize(10)
        .text(row.map((answer) => `${t.questions[answer.property.description] ?? answer.property.description} : ${valueText(answer.value, language, false)}`).join('   ·   '));
  }

  doc.end();
  await done;
  return Buffer.concat(chunks);
}
