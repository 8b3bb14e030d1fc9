// The RC's rules on the pli's files (issue 26): the formats it accepts or refuses, or its free
// choice among "formats largement disponibles", the pieces it wants in PDF, its size caps per
// file and for the whole pli, how files are to be named and what the pli's folders are called.
// Written from the words French RCs use for them (the DAJ's model RC, "Présentation des dossiers
// et format des fichiers", "Formats de fichiers", "La taille de chaque fichier … ne peut excéder"),
// never filled in: a part the text does not state is absent.
import { CODES } from './documents';
import { pageViews, sentenceBounds, sourceOf, type PageView } from './text';
import type { DocumentKind, Fact, FactSource } from './types';

export type FileRules = {
  /** Extensions, lower case, without the dot, in the RC's order. */
  accepted?: string[];
  refused?: string[];
  /** "Aucun format n'est préconisé … formats largement disponibles". */
  anyCommonFormat?: boolean;
  /** Piece codes (docs/dce-analysis.md) the RC wants in PDF. */
  pdfRequiredFor?: string[];
  maxFileBytes?: number;
  maxTotalBytes?: number;
  /** The RC's own words on how files are named. */
  naming?: { rule: string };
  /** The RC's own names of the pli's folders, in its order. */
  folders?: string[];
};
export type FileRulePart = keyof FileRules;

type Doc = { kind: DocumentKind };
type Reading = { part: FileRulePart; value: unknown; view: PageView; start: number; end: number; excerpt?: string };

// Extensions a procurement text names. With a dot anywhere (".exe, .com, .scr"); bare only in a
// list of formats, and never the ones that are ordinary words or host names ("com").
const EXTENSIONS = new Set(
  'pdf doc docx docm dot dotx xls xlsx xlsm ppt pptx pps ppsx odt ods odp odg rtf txt csv jpg jpeg png gif bmp tif tiff svg html htm xml json zip 7z rar dwg dxf dwf ifc mpp exe com scr bat cmd msi vbs js jar pif ps1 p7s'.split(' '),
);
const BARE = new Set('pdf doc docx xls xlsx ppt pptx odt ods odp odg rtf txt csv jpg jpeg png gif bmp tif tiff svg html xml zip rar dwg dxf ifc exe'.split(' '));
const PRODUCT_NAMES: [RegExp, string[]][] = [
  [/^word$/, ['doc', 'docx']],
  [/^excel$/, ['xls', 'xlsx']],
  [/^powerpoint$/, ['ppt', 'pptx']],
];
const TOKEN = /(?<![a-z0-9])\.([a-z0-9]{2,4})\b|\b([a-z0-9]{2,10})\b/g;

/** The extensions a folded text names, in order, once each. */
export function extensionsIn(folded: string): string[] {
  const found: string[] = [];
  for (const match of folded.matchAll(TOKEN)) {
    const dotted = match[1];
    const word = match[2];
    const named = dotted ? (EXTENSIONS.has(dotted) ? [dotted] : []) : word && BARE.has(word) ? [word] : (PRODUCT_NAMES.find(([re]) => re.test(word ?? ''))?.[1] ?? []);
    for (const ext of named) if (!found.includes(ext)) found.push(ext);
  }
  return found;
}

// ------------------------------------------------------------------------------------------------
// The vocabulary

// "Les formats acceptés sont…", "Seuls les formats suivants sont autorisés", "Les documents
// devront être transmis au format PDF", "format PDF exigé".
const ACCEPTED =
  /\bformats? (?:de fichiers? |electroniques? )?(?:acceptes?|autorises?|admis|recevables?|exiges?|imposes?|obligatoires?)\b|\bformats? suivants?\b[^.\n]{0,40}?\b(?:acceptes?|autorises?|admis|exiges?)\b|\b(?:documents|fichiers|pieces)\b[^.\n]{0,80}?\b(?:doivent|devront|seront|sont) (?:obligatoirement |imperativement |exclusivement )?(?:etre )?(?:remis|transmis|deposes|fournis|presentes|produits)\b[^.\n]{0,40}?\b(?:aux? |sous (?:le |les )?|en |dans (?:les |l'un des )?)formats?\b|\bformat pdf (?:est )?(?:exige|obligatoire|impose)\b/;
// What the candidate must not send: "ne doit pas utiliser de code actif … formats exécutables,
// notamment : .exe", "à ne pas utiliser certains formats, notamment les .exe", "sont interdits".
const REFUSED =
  /\bne (?:doi(?:t|vent)|devr(?:a|ont)|peu(?:t|vent)|pourr(?:a|ont)) pas (?:utiliser|contenir|comporter|employer|transmettre|deposer|etre (?:transmis|remis|deposes|utilises))\b|\bne pas (?:utiliser|transmettre|employer|deposer)\b|\b(?:sont|seront) (?:interdits?|proscrits?|refuses?|exclus|rejetes?|pas (?:acceptes?|autorises?|admis))\b|\bnon (?:acceptes?|autorises?|admis)\b|\bformats? (?:interdits?|proscrits?|refuses?|exclus)\b|\ba proscrire\b/;
// The buyer's free choice: "Aucun format électronique n'est préconisé … formats largement disponibles".
const ANY_COMMON = /\baucun format (?:electronique |de fichiers? |particulier )?n'est (?:preconise|impose|exige|requis|demande)\b|\bformats? largement disponibles?\b/;
const PDF = /\b(?:au|en|sous) format (?:\.)?pdf\b|\bformat pdf (?:est )?(?:exige|obligatoire|impose)\b/;
// "La taille de chaque fichier … ne peut excéder 1 Go", "le poids total du pli est limité à 500 Mo".
const SIZE = /(\d+(?:[.,]\d+)?)\s*(go|gigaoctets?|giga-octets?|gb|mo|megaoctets?|mega-octets?|mb|ko|kilooctets?|kilo-octets?|kb)\b/;
const SIZE_LIMIT =
  /\bne (?:peu(?:t|vent)|doi(?:t|vent)|pourr(?:a|ont)|devr(?:a|ont)|saurai(?:t|ent))(?: pas)? (?:exceder|depasser)\b|\bn'excede(?:ra)? pas\b|\bne depasse(?:ra)? pas\b|\bne pas (?:exceder|depasser)\b|\bsans (?:exceder|depasser)\b|\blimitee?s? a\b|\bplafonnee?s? a\b|\bmaxim(?:um|ale|al)\b|\bau plus\b|\bsuperieure? a\b|\bdans la limite de\b|\bau-dela de\b|\bexcedant\b/;
const SIZE_SUBJECT = /\bfichiers?\b|\bplis?\b|\bdocuments?\b|\bpieces?\b|\bdepots?\b|\benvois?\b|\breponses?\b|\boffres?\b/;
// Memory, disks and bandwidth are what a CCTP sizes, not the pli.
const NOT_FILES = /\bram\b|\bmemoire vive\b|\bdisques?\b|\bstockage\b|\bbande passante\b|\bdebit\b|\bserveurs?\b|\bmessagerie\b|\bboite\b/;
const FILE_SCOPE = /\b(?:chaque|par|un|tout|d'un|un seul|le) (?:fichier|document|piece)\b|\bchacun des (?:fichiers|documents)\b/;
const TOTAL_SCOPE = /\btota(?:l|le|lite)\b|\bglobale?\b|\bl'ensemble\b|\bcumule?e?s?\b|\bplis?\b|\bla reponse\b|\bl'offre\b|\bdepot\b|\benvoi\b/;
// "Les fichiers seront nommés…", "Nommage des fichiers", "le nom de chaque fichier devra comporter…".
const NAMING =
  /\b(?:fichiers?|documents?|pieces?)\b[^.\n]{0,60}?\b(?:seront|devront etre|doivent etre|sont|sera|devra etre|doit etre) (?:nommee?s?|renommee?s?|intitulee?s?|denommee?s?|libellee?s?)\b|\b(?:nommage|denomination|intitule|nom|libelle)s? des fichiers\b|\bnoms? (?:de chaque|du|des) fichiers?\b[^.\n]{0,40}?\b(?:comport|reprend|indiqu|mentionn|conten|compos|sera|devra|doit)/;
// "Le pli contiendra deux sous-dossiers intitulés « Candidature » et « Offre »".
const FOLDERS = /\b(?:sous-)?(?:dossiers?|repertoires?)\b/;
const FOLDER_NAME = /"\s*([^"\n]{2,60}?)\s*"/g;
// The platform's or the buyer's advice, the DCE's own files, a signature's formats: no rule on the pli's files.
const ADVICE = /\bconseill|\brecommand|\bpreferable\b|\bsouhaitable\b|\bil est prudent\b/;
const NOT_SUBMITTED = /\bdisposer (?:des|de|du) (?:formats?|logiciels?|outils)\b|\b(?:lire|ouvrir|consulter|decompresser) (?:les|ces) (?:documents|fichiers)\b|\bmis a (?:la |leur )?disposition\b|\bdossier de consultation\b|\bdce\b|\bsauvegarde\b/;
const OR_EQUIVALENT = /\bou (?:tout )?(?:autre )?(?:format )?equivalent\b|\bou tout autre format\b/;
const OPTIONAL = /\bpeu(?:t|vent)\b|\bpourr(?:a|ont)\b|\bde preference\b|\bsi possible\b|\beventuellement\b|\bfacultati/;

const UNIT_BYTES: [RegExp, number][] = [
  [/^(?:go|giga|gb)/, 1024 ** 3],
  [/^(?:mo|mega|mb)/, 1024 ** 2],
  [/^(?:ko|kilo|kb)/, 1024],
];

// ------------------------------------------------------------------------------------------------
// Reading

/** A sentence's bounds, and the list items that follow it when it introduces one ("… : - .exe ;"). */
function sentenceWithList(view: PageView, start: number, end: number): [number, number] {
  const [from, to] = sentenceBounds(view.flat, start, end);
  let stop = to;
  if (!view.folded.slice(from, to).includes(':')) return [from, to];
  for (let items = 0; items < 12; items++) {
    const next = stop + (view.flat[stop] === '\n' ? 1 : 0);
    if (!/^\s*[-•o▪➢]\s/.test(view.flat.slice(next, next + 4))) break;
    const [, itemEnd] = sentenceBounds(view.flat, next + 2, next + 3);
    if (itemEnd <= stop) break;
    stop = itemEnd;
  }
  return [from, stop];
}

type Clause = { text: string; start: number; end: number };

/** A folded text's clauses, with their offsets in the page (`at` = the text's own). */
function clausesOf(text: string, at: number): Clause[] {
  const clauses: Clause[] = [];
  let from = 0;
  for (const cut of [...text.matchAll(/;\s|\bmais\b|\bcependant\b|\btoutefois\b/g), null]) {
    const to = cut ? (cut.index ?? 0) + 1 : text.length;
    clauses.push({ text: text.slice(from, to), start: at + from, end: at + to });
    from = to;
  }
  return clauses;
}

/** Where the last of the clauses that name an extension ends. */
const lastNaming = (clauses: Clause[]) => Math.max(...clauses.filter((clause) => extensionsIn(clause.text).length).map((clause) => clause.end));

/** The extensions a refusing clause names: after "ne pas utiliser …", else before "… sont interdits" (after any "acceptés"). */
function refusedIn(clause: string): string[] {
  const refusal = REFUSED.exec(clause)!;
  const after = extensionsIn(clause.slice(refusal.index));
  if (after.length) return after;
  const lead = clause.slice(0, refusal.index);
  const accepting = [...lead.matchAll(new RegExp(ACCEPTED.source, 'g'))].at(-1);
  return extensionsIn(lead.slice(accepting ? (accepting.index ?? 0) + accepting[0].length : 0));
}

const FILE_WORDS = /\bformats?\b|\bfichiers?\b|\bextensions?\b|\bexecutables?\b|\bcode actif\b|\.[a-z]{2,4}\b/;

const excerptOf = (view: PageView, from: number, to: number) => view.flat.slice(from, to).replace(/\s+/g, ' ').trim();

/** Every rule the pages state, each with where it is said. */
function readings(views: PageView[]): Reading[] {
  const found: Reading[] = [];
  const add = (reading: Reading) => found.push(reading);
  for (const view of views) {
    const seen = new Set<number>();
    const sentences: [number, number][] = [];
    // Sentence by sentence: each rule is read within its sentence (and the list it introduces).
    for (let at = 0; at < view.flat.length; ) {
      const [from, to] = sentenceBounds(view.flat, at, at);
      if (!seen.has(from)) {
        seen.add(from);
        sentences.push([from, to]);
      }
      at = Math.max(to + 1, at + 1);
    }
    for (const [from] of sentences) {
      const [start, end] = sentenceWithList(view, from, from);
      const text = view.folded.slice(start, end);
      const sentence = view.folded.slice(from, sentenceBounds(view.flat, from, from)[1]);
      if (NOT_SUBMITTED.test(sentence)) continue;
      const reading = (part: FileRulePart, value: unknown, excerpt?: string) => add({ part, value, view, start, end, excerpt });

      if (ANY_COMMON.test(sentence)) reading('anyCommonFormat', true);

      // Accepted and refused are read clause by clause ("les .pdf sont acceptés ; les .exe sont
      // interdits"), each cited up to its last clause that names an extension.
      const clauses = clausesOf(text, start);
      const refusing = clauses.filter((clause) => REFUSED.test(clause.text) && FILE_WORDS.test(clause.text));
      const refused = refusing.flatMap((clause) => refusedIn(clause.text));
      if (refused.length) add({ part: 'refused', value: [...new Set(refused)], view, start, end: lastNaming(refusing) });
      // A list of accepted formats names no piece (that is pdfRequiredFor) and leaves out the clauses that refuse.
      const allowing = clauses.filter((clause) => !REFUSED.test(clause.text));
      if (allowing.some((clause) => ACCEPTED.test(clause.text)) && !ADVICE.test(sentence) && !OR_EQUIVALENT.test(sentence) && !CODES.some(([, re]) => re.test(sentence))) {
        const accepted = extensionsIn(allowing.map((clause) => clause.text).join(' '));
        if (accepted.length) add({ part: 'accepted', value: accepted, view, start, end: lastNaming(allowing) });
      }

      if (PDF.test(sentence) && !OR_EQUIVALENT.test(sentence) && !OPTIONAL.test(sentence) && !REFUSED.test(sentence)) {
        // The pieces named before "au format PDF", since the last other format the sentence names.
        const at = PDF.exec(sentence)!.index;
        const lead = sentence.slice(0, at);
        const otherFormat = extensionsIn(sentence).some((ext) => ext !== 'pdf');
        const pieces = CODES.filter(([, re]) => re.test(lead)).map(([code]) => code);
        if (pieces.length && !otherFormat) reading('pdfRequiredFor', pieces);
      }

      const size = SIZE.exec(sentence);
      if (size && SIZE_LIMIT.test(sentence) && SIZE_SUBJECT.test(sentence) && !NOT_FILES.test(sentence) && !ADVICE.test(sentence)) {
        const unit = UNIT_BYTES.find(([re]) => re.test(size[2] ?? ''));
        const amount = Number((size[1] ?? '').replace(',', '.'));
        if (unit && amount > 0) {
          const lead = sentence.slice(0, size.index);
          const perFile = FILE_SCOPE.test(lead) || (!TOTAL_SCOPE.test(lead) && /\bfichiers?\b|\bdocuments?\b|\bpieces?\b/.test(lead));
          reading(perFile ? 'maxFileBytes' : 'maxTotalBytes', Math.round(amount * unit[1]));
        }
      }

      if (NAMING.test(sentence)) {
        const excerpt = excerptOf(view, start, end);
        reading('naming', { rule: excerpt.slice(0, 300) }, excerpt.length <= 300 ? excerpt : undefined);
      }

      if (FOLDERS.test(sentence) && /\b(?:nommes?|intitules?|denommes?|libelles?|appeles?|suivants?|contien|comport|compos)/.test(sentence)) {
        const names = [...text.matchAll(FOLDER_NAME)].map((m) => view.flat.slice((m.index ?? 0) + m[0].indexOf(m[1] as string), (m.index ?? 0) + m[0].indexOf(m[1] as string) + (m[1] as string).length).trim());
        if (names.length >= 2) reading('folders', names);
      }
    }
  }
  return found;
}

/** The documents read: the RC, or when there is none, the CCAP, CCP or AE. */
export function fileRulesViews<T extends { doc: Doc }>(views: T[]): T[] {
  const rc = views.filter((view) => view.doc.kind === 'RC');
  return rc.length ? rc : views.filter((view) => view.doc.kind === 'CCAP' || view.doc.kind === 'CCP' || view.doc.kind === 'AE');
}

/** The fact fileRules: each part from the first document (RC first) that states it, each with its sentence as a source. */
export function fileRules(views: PageView[]): Fact | undefined {
  const value: FileRules = {};
  const sources: FactSource[] = [];
  for (const reading of readings(fileRulesViews(views))) {
    if (value[reading.part] !== undefined) {
      // The same part said again (a list over two clauses): its extensions join, its source too.
      if (reading.part !== 'accepted' && reading.part !== 'refused' && reading.part !== 'pdfRequiredFor') continue;
      const list = value[reading.part] as string[];
      const more = (reading.value as string[]).filter((item) => !list.includes(item));
      if (!more.length) continue;
      list.push(...more);
    } else {
      (value as Record<string, unknown>)[reading.part] = reading.value;
    }
    const source = sourceOf(reading.view, reading.start, reading.end);
    const excerpt = reading.excerpt ?? (reading.end - reading.start <= 300 ? excerptOf(reading.view, reading.start, reading.end) : source.excerpt);
    if (!sources.some((s) => s.documentId === source.documentId && s.page === source.page && s.excerpt === excerpt)) sources.push({ ...source, excerpt });
  }
  if (Object.keys(value).length === 0) return undefined;
  return { key: 'fileRules', value, sources: sources.slice(0, 8), confidence: 0.8 };
}

/** The parts of the rules an excerpt states: which of a fact's sources backs which part. */
export function fileRulePartsOf(excerpt: string): FileRules {
  const views = pageViews({ documentId: '', entry: null, fileName: '', pages: [{ page: 1, text: excerpt }], kind: 'RC' });
  return (fileRules(views)?.value as FileRules | undefined) ?? {};
}
