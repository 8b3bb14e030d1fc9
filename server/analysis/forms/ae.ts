// The acte d'engagement (AE; the DAJ's ATTRI1 form or the buyer's own): its amount read from a
// copy the company filled (issue 25's `ae_mismatch`), and the buyer's DOCX filled with the
// candidate's identity and the offer's total (issue 26), only its places changed. Places are
// found by the labels of the ATTRI1 and of the buyers' AEs ("Nom commercial et dénomination
// sociale", "Numéro SIRET", "Montant hors taxes", "Taux de la TVA", "Montant TTC", "en lettres").
import { FormDocument, documentTitleText, normalise, type FormEdit } from './docx-form';
import { addressLines, formatSiret, frenchNumber, frenchPercent } from './format';
import { fillTableRows } from './dc1';
import type { CandidatureData, CompanyIdentity } from './types';

/** What an AE says: the tender, the candidate, and the offer's total when the price files give one. */
export type AeData = {
  tender: CandidatureData['tender'];
  candidate: CompanyIdentity;
  /** The price files' total; null when they give none (unit prices alone: the places stay empty). */
  amount: { exclVat: number; vatRate: number | null; inclVat: number | null } | null;
  /** The price files the prices are those of ("aux prix indiqués dans …"). */
  priceFiles: string[];
  /** The groupement the company answers in as its mandataire (the members, the company among them), absent alone. */
  groupement?: CandidatureData['groupement'];
};

export type AeAmount = { amount: number; excerpt: string };

// ---------------------------------------------------------------------------------------------
// The amount written on a filled AE

// "12 345,67", "12 345.67", "12.345,67", "12345,67", "1 234 567": groups of three after the first.
const FIGURE = String.raw`\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const EUROS = String.raw`(?:€|euros?\b|eur\b)`;
const EXCL_VAT = String.raw`(?<![\p{L}])(?:hors\s+taxes?|hors\s+t\.?v\.?a\.?|h\.?\s?t\.?)(?![\p{L}])`;
/** A label whose figure follows: "Montant hors taxes", "Montant HT", "Total H.T.", "prix global et forfaitaire (HT)". */
const LABEL_FIRST = new RegExp(
  String.raw`\b(?:(?:montant|total|prix)\b[^\d\n]{0,40}?${EXCL_VAT}|prix\s+global\s+et\s+forfaitaire)(?<gap>[^\d]{0,80}?)(?<figure>${FIGURE})\s*(?<unit>${EUROS})?(?<after>[^\n]{0,16})`,
  'giu',
);
/** A figure followed by "HT" after "montant", "prix", "total" or "offre": "pour un montant de 12 345,67 € HT". */
const FIGURE_FIRST = new RegExp(String.raw`\b(?:montant|prix|total|offre)\b(?<gap>[^\d\n]{0,60}?)(?<figure>${FIGURE})\s*${EUROS}?\s*${EXCL_VAT}`, 'giu');
/** The words a gap between a label and its figure may hold: "(en chiffres) :", "arrêté à la somme de". */
const GAP_WORDS = /\b(?:en|chiffres?|soit|de|du|la|le|l|somme|a|est|arrete|fixe|offre|total|global|et|forfaitaire|euros?|eur|hors|taxes?|ht|tva|montant|marche|public|s)\b/g;

/** A figure as a number, whatever the writer's separators: the last of "." and "," followed by one or two digits is the decimal one. */
export function parseFigure(written: string): number | null {
  const compact = written.replace(/[\s\u00a0\u202f]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = decimal ? compact.slice(0, decimal.index) : compact;
  const digits = whole.replace(/[.,]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const value = Number(digits) + (decimal ? Number(`0.${decimal[1]}`) : 0);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

const quiet = (gap: string) => !/ttc|toutes\s+taxes|lettres/i.test(gap) && !normalise(gap).replace(GAP_WORDS, '').replace(/[^\p{L}]/gu, '');

/**
 * The amount excluding VAT a candidate wrote on an AE, with the words that say it; null when the
 * form is blank (its dotted lines left) or when it holds two different such amounts (a price per
 * lot, a base offer and an option: which is the total is not for us to guess).
 */
export function readAeAmount(text: string): AeAmount | null {
  const found: AeAmount[] = [];
  const take = (match: RegExpMatchArray) => {
    const groups = match.groups!;
    if (!quiet(groups.gap ?? '')) return;
    // "Montant TTC" read as the HT's neighbour, or a rate: not the amount.
    if (/^\s*(?:ttc|t\.t\.c|toutes|%)/i.test(groups.after ?? '')) return;
    const amount = parseFigure(groups.figure!);
    if (amount === null || amount === 0) return;
    const end = match[0].length - (groups.after?.length ?? 0);
    found.push({ amount, excerpt: match[0].slice(0, end).replace(/\s+/g, ' ').trim() });
  };
  for (const match of text.matchAll(LABEL_FIRST)) take(match);
  for (const match of text.matchAll(FIGURE_FIRST)) take({ ...match, groups: { ...match.groups, after: '' } } as RegExpMatchArray);
  if (!found.length) return null;
  const amounts = new Set(found.map((f) => f.amount));
  return amounts.size === 1 ? found[0]! : null;
}

// ---------------------------------------------------------------------------------------------
// Amounts in words ("en lettres"), as French forms and cheques write them

const UNITS = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize', 'dix-sept', 'dix-huit', 'dix-neuf'];
const TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];

/** 0–99: "vingt et un", "soixante et onze", "quatre-vingts", "quatre-vingt-onze". */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n]!;
  const ten = Math.floor(n / 10);
  const unit = n % 10;
  if (ten === 7 || ten === 9) {
    const base = ten === 7 ? 'soixante' : 'quatre-vingt';
    return `${base}${ten === 7 && unit === 1 ? ' et ' : '-'}${UNITS[10 + unit]}`;
  }
  if (ten === 8) return unit === 0 ? 'quatre-vingts' : `quatre-vingt-${UNITS[unit]}`;
  if (unit === 0) return TENS[ten]!;
  return unit === 1 ? `${TENS[ten]} et un` : `${TENS[ten]}-${UNITS[unit]}`;
}

/** 0–999, with "cents" taking its s only at the end ("deux cents", "deux cent trois"). */
function belowThousand(n: number, final: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const restWords = rest ? belowHundred(rest) : '';
  // "quatre-vingts" loses its s before "mille": "quatre-vingt mille".
  const tail = !final && rest === 80 ? 'quatre-vingt' : restWords;
  if (!hundreds) return tail;
  const head = hundreds === 1 ? 'cent' : `${UNITS[hundreds]} cent${!rest && final ? 's' : ''}`;
  return rest ? `${head} ${tail}` : head;
}

/** A whole number in French words ("un million deux cent mille", "mille vingt"). */
export function frenchWords(value: number): string {
  let n = Math.floor(Math.abs(value));
  if (n === 0) return 'zéro';
  const parts: string[] = [];
  const scales: [number, string][] = [
    [1_000_000_000, 'milliard'],
    [1_000_000, 'million'],
  ];
  for (const [size, name] of scales) {
    const count = Math.floor(n / size);
    if (count) parts.push(`${belowThousand(count, true)} ${name}${count > 1 ? 's' : ''}`);
    n %= size;
  }
  const thousands = Math.floor(n / 1000);
  if (thousands) parts.push(thousands === 1 ? 'mille' : `${belowThousand(thousands, false)} mille`);
  n %= 1000;
  if (n) parts.push(belowThousand(n, true));
  return parts.join(' ');
}

/** "douze mille trois cent quarante-cinq euros et soixante-sept centimes". */
export function amountInWords(euros: number): string {
  const cents = Math.round(euros * 100);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  // "un million d'euros": a round million or milliard takes "d'".
  const unit = whole >= 1_000_000 && whole % 1_000_000 === 0 ? "d'euros" : whole > 1 ? 'euros' : 'euro';
  const euroPart = `${frenchWords(whole)} ${unit}`;
  return rest ? `${euroPart} et ${frenchWords(rest)} centime${rest > 1 ? 's' : ''}` : euroPart;
}

// ---------------------------------------------------------------------------------------------
// The buyer's AE filled

// The first paragraphs make the title: a buyer's AE says so ("Acte d'engagement", "ATTRI1").
const TITLE_PARAGRAPHS = 15;
const AE_TITLE = /acte d'engagement|\battri ?1\b/;

/** Whether a DOCX is an acte d'engagement, from its title (then its footers). */
export function isAeForm(docx: Uint8Array): boolean {
  const text = documentTitleText(docx);
  return !!text && (text.body.slice(0, TITLE_PARAGRAPHS).some((p) => AE_TITLE.test(p)) || text.footers.some((p) => AE_TITLE.test(p)));
}

/** The labels of the places, normalised (docx-form's normalise). The first match in the document is the candidate's. */
const PLACES = {
  name: /^(?:nom commercial et )?(?:denomination|raison) sociale\b|^nom commercial\b/,
  representative: /^nom,? prenom,? (?:et )?qualite du signataire|^nom et qualite du signataire/,
  address: /^adresses? (?:postale|professionnelle|du siege|de l'etablissement)/,
  email: /^adresse (?:electronique|mail|courriel)|^courriel\b|^e-?mail\b/,
  phone: /^(?:n° de |numeros? de )?telephone\b|^tel\b/,
  siret: /^(?:n° |numero )?siret\b/,
  vatRate: /^taux (?:de (?:la )?)?tva\b/,
  exclVat: /^montant (?:total )?(?:hors taxes?|hors tva|h\.?t\.?)(?![a-z])(?!.*en lettres)/,
  vat: /^montant (?:de (?:la )?)?tva\b/,
  inclVat: /^montant (?:total )?(?:ttc|t\.t\.c\.?|toutes taxes)(?!.*en lettres)/,
  words: /en lettres/,
} as const;

export type AePlace = keyof typeof PLACES;

/** An AE's amounts to the cent, as they are signed: "48 500,00 €". */
const euros = (value: number) => `${frenchNumber(value, 2)}\u00a0€`;

/**
 * The buyer's AE with the candidate's identity and the offer's total in their places: the value
 * replaces the label's dotted blank, else goes in the empty paragraph after it; a place already
 * written by the buyer, or with neither, is left. `placed` names what was written, so that a DOCX
 * with no place for the candidate's name is known not to be the form.
 */
export function fillAeDocument(docx: Uint8Array, data: AeData): { docx: Uint8Array; edits: FormEdit[]; placed: AePlace[] } {
  const form = FormDocument.open(docx);
  const placed: AePlace[] = [];
  const put = (place: AePlace, lines: string[], from = 0): number => {
    const kept = lines.filter((l) => l.trim());
    const at = kept.length ? form.find(PLACES[place], from) : -1;
    if (at < 0) return -1;
    // The value on the label's own dotted line, else in the empty paragraph below it.
    const written = form.fillDots(at, 0, kept.join(', ')) || form.writeAfter(at, kept);
    if (written) {
      form.markUsed(at);
      placed.push(place);
    }
    return written ? at : -1;
  };
  const { candidate, amount } = data;
  put('name', [candidate.name]);
  if (candidate.legalRepresentative) put('representative', [`${candidate.legalRepresentative.name}, ${candidate.legalRepresentative.capacity}`]);
  put('address', addressLines(candidate.address));
  if (candidate.email) put('email', [candidate.email]);
  if (candidate.phone) put('phone', [candidate.phone]);
  put('siret', [formatSiret(candidate.siret)]);
  if (amount) {
    const excl = put('exclVat', [euros(amount.exclVat)]);
    if (amount.vatRate !== null) put('vatRate', [`${frenchPercent(amount.vatRate * 100)} %`]);
    if (amount.inclVat !== null) put('vat', [euros(Math.round((amount.inclVat - amount.exclVat) * 100) / 100)]);
    const incl = amount.inclVat !== null ? put('inclVat', [euros(amount.inclVat)]) : -1;
    // "en lettres" after each figure: the amount it follows, in words.
    if (excl >= 0) wordsAfter(form, excl, incl >= 0 && incl > excl ? incl : form.paragraphs.length, amount.exclVat, placed);
    if (incl >= 0 && amount.inclVat !== null) wordsAfter(form, incl, incl + 6, amount.inclVat, placed);
  }
  if (data.groupement) fillGroupement(form, data.groupement);
  return { docx: form.save(), edits: form.changes(), placed };
}

/**
 * A groupement's commitment, in the ATTRI1's words (B1, B2, D): "l'ensemble des membres du
 * groupement s'engagent" ticked, the groupement's kind, the members' table (each with its SIRET
 * and its share of the work; the amounts of each share are the members' to write), the mandataire
 * named. Each found by its label; a form without one is left as it is.
 */
function fillGroupement(form: FormDocument, groupement: NonNullable<AeData['groupement']>) {
  form.tick(/^l'ensemble des membres du groupement s'engage/);
  const kindLine = form.find(/le groupement d'operateurs economiques est\s*:?$|^nature du groupement|groupement (?:d'operateurs economiques )?est\s*:$/);
  if (kindLine >= 0) form.tick(groupement.kind === 'conjoint' ? /^conjoint/ : /^solidaire/, kindLine, kindLine + 4);
  const header = form.find(/^designation des membres du groupement/);
  const mandataire = groupement.members[groupement.mandataireIndex];
  if (header >= 0)
    fillTableRows(
      form,
      header,
      groupement.members.map((member, index) => [[index === groupement.mandataireIndex ? `${member.name} (mandataire)` : member.name, `SIRET : ${formatSiret(member.siret)}`], member.role]),
    );
  const named = form.find(/designent (?:le mandataire suivant|comme mandataire)/);
  if (named >= 0 && mandataire) form.fillDots(named, 0, mandataire.name);
}

/** The "en lettres" place within a few paragraphs after a figure's label, filled with the figure in words. */
function wordsAfter(form: FormDocument, label: number, before: number, euros: number, placed: AePlace[]) {
  const at = form.find(PLACES.words, label, Math.min(before, label + 6));
  if (at < 0) return;
  const words = amountInWords(euros);
  // "Montant HT : …… en lettres : ……" on one line: the second blank.
  if (form.fillDots(at, at === label ? 1 : 0, words) || form.writeAfter(at, [words])) {
    form.markUsed(at);
    placed.push('words');
  }
}
