// The acte d'engagement on the structure of the DAJ's ATTRI1 form, for a DCE that holds no AE of
// the buyer's (the DAJ's own file is not kept here: see official/SOURCES.md). Written with `docx`
// as the memory's export is, titled as established on that model, with the form's sections
// (A object; B1 identity and price, B2 groupement, B3 accounts, B4 advance, B5 duration, B6
// validity; C and D signatures; E the buyer's, left to the buyer). The tender's facts are written
// here; the candidate's identity and the price go in the model's places through fillAeDocument,
// as they would in a buyer's copy, so that one filler decides every AE's places.
import { AlignmentType, BorderStyle, Document, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { fillAeDocument, type AeData } from './ae';

const FONT = 'Arial';
const HEADING_FILL = '1F3A5F';
const DOTS = '……………………………………………………';

const text = (value: string, options: { bold?: boolean; italics?: boolean; size?: number } = {}) => new TextRun({ text: value, font: FONT, size: options.size ?? 20, bold: options.bold, italics: options.italics });
const line = (value: string, options: { bold?: boolean; italics?: boolean; size?: number; after?: number } = {}) => new Paragraph({ spacing: { after: options.after ?? 80 }, children: [text(value, options)] });
/** An empty paragraph: the place a value is written in. */
const place = () => new Paragraph({ spacing: { after: 80 }, children: [] });
const box = (ticked: boolean, label: string) => new Paragraph({ spacing: { after: 60 }, indent: { left: 280 }, children: [text(`${ticked ? '☒' : '☐'} ${label}`)] });

/** A section heading as the DAJ forms draw them: white text in a dark table row ("B - …", read back by FormDocument.sections()). */
function heading(label: string) {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: { style: BorderStyle.NONE, size: 0, color: 'auto' }, bottom: { style: BorderStyle.NONE, size: 0, color: 'auto' }, left: { style: BorderStyle.NONE, size: 0, color: 'auto' }, right: { style: BorderStyle.NONE, size: 0, color: 'auto' }, insideHorizontal: { style: BorderStyle.NONE, size: 0, color: 'auto' }, insideVertical: { style: BorderStyle.NONE, size: 0, color: 'auto' } },
    rows: [
      new TableRow({
        children: [
          new TableCell({
            shading: { type: ShadingType.CLEAR, color: 'auto', fill: HEADING_FILL },
            children: [new Paragraph({ spacing: { before: 60, after: 60 }, children: [new TextRun({ text: label, font: FONT, size: 22, bold: true, color: 'FFFFFF' })] })],
          }),
        ],
      }),
    ],
  });
}

const subheading = (label: string) => new Paragraph({ spacing: { before: 200, after: 100 }, children: [text(label, { bold: true, size: 21 })] });
const gap = () => new Paragraph({ spacing: { after: 120 }, children: [] });

/** The AE on the ATTRI1 model, with the candidate's identity and the price in their places (none when the price files give no total). */
export async function writeAttri1Ae(data: AeData): Promise<Uint8Array> {
  const { tender } = data;
  const lots = tender.lots;
  const children = [
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 60 }, children: [text('MARCHÉS PUBLICS', { bold: true, size: 22 })] }),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 60 }, children: [text("ACTE D'ENGAGEMENT", { bold: true, size: 32 })] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 240 },
      children: [text("Établi sur le modèle du formulaire ATTRI1 de la Direction des affaires juridiques du ministère de l'Économie, à vérifier et à signer par le candidat.", { italics: true, size: 18 })],
    }),
    heading("A - Objet de l'acte d'engagement."),
    line('Acheteur :', { bold: true }),
    line(tender.buyerName),
    line('Objet du marché public :', { bold: true }),
    line(tender.object),
    ...(tender.reference ? [line(`Référence de la consultation : ${tender.reference}`)] : []),
    line("Cet acte d'engagement correspond :", { bold: true }),
    box(!lots.length, "à l'ensemble du marché public ;"),
    box(lots.length > 0, lots.length ? `au lot n° ${lots.map((lot) => lot.number).join(', ')} du marché public${lots.some((lot) => lot.title) ? ` (${lots.map((lot) => [lot.number, lot.title].filter(Boolean).join(' : ')).join(' ; ')})` : ''} ;` : 'au lot n° ……… du marché public ;'),
    box(true, "à l'offre de base ;"),
    box(false, 'à la variante suivante : ………'),
    gap(),
    heading('B - Engagement du titulaire ou du groupement titulaire.'),
    subheading('B1 - Identification et engagement du titulaire ou du groupement titulaire'),
    line('Après avoir pris connaissance des pièces constitutives du marché public, le signataire :'),
    // In a groupement the box is the members' (below), ticked by fillAeDocument as in a buyer's copy.
    box(!data.groupement, "s'engage, sur la base de son offre et pour son propre compte ;"),
    line('Nom commercial et dénomination sociale :'),
    place(),
    line('Adresse postale et siège social :'),
    place(),
    line('Adresse électronique :'),
    place(),
    line('Numéros de téléphone :'),
    place(),
    line('Numéro SIRET :'),
    place(),
    line('Nom, prénom et qualité du signataire :'),
    place(),
    box(false, "engage la société ……… sur la base de son offre ;"),
    box(false, "l'ensemble des membres du groupement s'engagent, sur la base de l'offre du groupement ;"),
    line('à exécuter les prestations demandées dans les conditions définies ci-après ;'),
    line(`aux prix indiqués ci-dessous${data.priceFiles.length ? `, tels qu'ils résultent des pièces financières jointes (${data.priceFiles.join(', ')})` : ''} :`),
    line(`Taux de la TVA : ${DOTS}`),
    line(`Montant hors taxes arrêté en chiffres à : ${DOTS}`),
    line(`Montant hors taxes arrêté en lettres à : ${DOTS}`),
    line(`Montant de la TVA : ${DOTS}`),
    line(`Montant TTC arrêté en chiffres à : ${DOTS}`),
    line(`Montant TTC arrêté en lettres à : ${DOTS}`),
    subheading('B2 - Nature du groupement et, en cas de groupement conjoint, répartition des prestations'),
    line('(En cas de groupement d’opérateurs économiques.)', { italics: true }),
    line('Pour l’exécution du marché public, le groupement d’opérateurs économiques est :'),
    box(false, 'conjoint'),
    box(false, 'solidaire'),
    line('En cas de groupement conjoint, les membres du groupement indiquent dans le tableau ci-dessous la répartition des prestations que chacun d’entre eux s’engage à réaliser.', { italics: true }),
    coContractorsTable(),
    subheading('B3 - Compte(s) à créditer'),
    line('(Joindre un ou des relevé(s) d’identité bancaire ou postal.)', { italics: true }),
    line(`Nom de l’établissement bancaire : ${DOTS}`),
    line(`Numéro de compte (IBAN) : ${DOTS}`),
    subheading('B4 - Avance'),
    line('Le titulaire ou, en cas de groupement, le mandataire :'),
    box(false, 'refuse de percevoir l’avance prévue à l’article R. 2191-3 du code de la commande publique ;'),
    box(false, 'ne refuse pas de percevoir l’avance.'),
    subheading('B5 - Durée d’exécution du marché public'),
    line('La durée d’exécution du marché public est celle fixée par les pièces de la consultation.'),
    subheading('B6 - Délai de validité de l’offre'),
    line('Le présent engagement lie le signataire pour la durée de validité des offres indiquée dans le règlement de la consultation.'),
    gap(),
    heading('C - Signature du marché public par le titulaire individuel.'),
    signatureTable(),
    gap(),
    heading('D - Signature du marché public en cas de groupement.'),
    line('Les membres du groupement d’opérateurs économiques désignent le mandataire suivant : ………', { italics: true }),
    gap(),
    heading('E - Identification et signature de l’acheteur.'),
    line('(Cadre réservé à l’acheteur.)', { italics: true }),
    line(`Désignation de l’acheteur : ${tender.buyerName}`),
    line(`Nom, prénom, qualité du signataire du marché public : ${DOTS}`),
    line(`À ……………………, le ……………………`),
  ];
  const document = new Document({
    creator: 'Soumissio',
    title: "Acte d'engagement (modèle ATTRI1)",
    styles: { default: { document: { run: { font: FONT, size: 20 } } } },
    sections: [{ properties: { page: { margin: { top: 1000, bottom: 1000, left: 1100, right: 1100 } } }, children }],
  });
  const model = new Uint8Array(await Packer.toBuffer(document));
  return fillAeDocument(model, data).docx;
}

function cell(paragraphs: Paragraph[], width: number, header = false) {
  return new TableCell({
    width: { size: width, type: WidthType.PERCENTAGE },
    ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'D9E2F3' } } : {}),
    children: paragraphs,
  });
}

function coContractorsTable() {
  const headerRow = new TableRow({
    tableHeader: true,
    children: [
      cell([line('Désignation des membres du groupement', { bold: true })], 40, true),
      cell([line('Prestations exécutées par les membres du groupement conjoint', { bold: true })], 40, true),
      cell([line('Montant HT de la prestation', { bold: true })], 20, true),
    ],
  });
  const blankRow = () => new TableRow({ children: [cell([place()], 40), cell([place()], 40), cell([place()], 20)] });
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [headerRow, blankRow(), blankRow()] });
}

function signatureTable() {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        tableHeader: true,
        children: [cell([line('Nom, prénom et qualité du signataire (*)', { bold: true })], 40, true), cell([line('Lieu et date de signature', { bold: true })], 30, true), cell([line('Signature', { bold: true })], 30, true)],
      }),
      new TableRow({ children: [cell([place()], 40), cell([place()], 30), cell([place()], 30)] }),
    ],
  });
}
