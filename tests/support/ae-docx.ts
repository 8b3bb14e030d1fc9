// A small buyer's acte d'engagement as a DOCX, written in the tests with the vocabulary of the
// buyers' AEs (labels with dotted blanks, a label with its place below, the administration's own
// amounts that must stay blank): what the AE filler is tried on.
import { strToU8, zipSync } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const paragraph = (text: string) => (text ? `<w:p><w:pPr><w:rPr><w:sz w:val="20"/></w:rPr></w:pPr><w:r><w:rPr><w:sz w:val="20"/></w:rPr><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>` : '<w:p><w:pPr><w:rPr><w:sz w:val="20"/></w:rPr></w:pPr></w:p>');

export const BUYER_AE_PARAGRAPHS = [
  "ACTE D'ENGAGEMENT",
  'Accord-cadre n° ……………………………',
  'A – Pouvoir adjudicateur',
  'Université de Test, 1 place de la République, 38000 Grenoble',
  'C – Identification du candidat',
  'Dénomination sociale : ……………………………………………',
  'Nom, prénom et qualité du signataire : ……………………………………',
  'Adresse professionnelle :',
  '',
  'Adresse électronique : ……………………………',
  'N° de téléphone : ……………………',
  'N° SIRET : ……………………………',
  'E – Engagement du candidat et prix des prestations',
  'Je m’engage, sur la base de mon offre, à exécuter les prestations aux prix suivants :',
  'Montant hors taxes (en chiffres) : ……………………………',
  'Montant hors taxes en lettres : ……………………………………………………',
  'Taux de la TVA : ……………',
  'Montant de la TVA : ……………………',
  'Montant TTC : ……………………………',
  'H – Nantissement ou cession de créance',
  'la totalité de l’accord-cadre global dont le montant est de : ……………………………',
  'Montant initial : ……………………………',
  'Fait à ……………………, le ……………………',
];

/** The DOCX package: content types, relationships and the body's paragraphs. */
export function buyerAeDocx(paragraphs = BUYER_AE_PARAGRAPHS): Uint8Array {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}"><w:body>${paragraphs.map(paragraph).join('')}<w:sectPr/></w:body></w:document>`;
  return zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(document),
    },
    { mtime: new Date(1980, 0, 1) },
  );
}

const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** The text of each body paragraph of a DOCX. */
export function paragraphTexts(xml: string): string[] {
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g)].map((m) => unescape([...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')));
}
