import { fold, type PageView } from './text';
import type { FactSource } from './types';

// What the RC asks the candidate to put in the candidature and in the offer. Codes, not labels,
// so that the page can check them off against what the company holds.

export const CODES: [string, RegExp][] = [
  ['DC1', /\bdc ?1\b|\blettre de candidature\b/],
  ['DC2', /\bdc ?2\b|\bdeclaration du candidat\b/],
  ['DUME', /\bdume\b|\bdocument unique de marche europeen\b/],
  ['KBIS', /\bk ?bis\b|\bextrait (?:du registre du commerce|d'immatriculation)/],
  ['INSURANCE', /\battestations? d'assurance|\bassurance (?:de )?responsabilite (?:civile|professionnelle)|\bpreuve d'(?:une )?assurance|\bassurance (?:pour|couvrant) (?:les )?risques professionnels/],
  ['REFERENCES', /\breferences\b|\bliste des (?:principa(?:les|ux) )?(?:fournitures|services|travaux|prestations|livraisons)/],
  ['HONOUR_DECLARATION', /\b(?:declaration|attestation) sur l'honneur\b/],
  ['TURNOVER', /\bchiffre d'affaires\b/],
  ['STAFF', /\beffectifs? (?:moyens? )?annuels?\b|\bdeclaration (?:indiquant )?les effectifs\b/],
  ['CERTIFICATIONS', /\bcertificats? de qualification|\bqualifications? professionnelles?\b|\bqualibat\b|\bcertifications? (?:iso|qualite)/],
  ['POWER', /\bpouvoirs? (?:du|des|de la) (?:personne|signataire)/],
  ['AE', /\bacte d'engagement\b|\(ae\)/],
  ['BPU', /\bbordereau des prix\b|\bbpu\b/],
  ['DQE', /\bdetail quantitatif\b|\bdqe\b/],
  ['DPGF', /\bdecomposition du prix global\b|\bdpgf\b/],
  ['CRF', /\bcadre de reponse financier\b|\bcrf\b/],
  ['CRT', /\bcadre de reponse technique\b|\bcrte?\b/],
  ['MEMOIRE_TECHNIQUE', /\bmemoire (?:technique|justificatif)\b/],
  ['RIB', /\brib\b|\breleve d'identite bancaire\b|\bbic iban\b/],
  ['ATTRI1', /\battri ?1\b/],
  ['TECHNICAL_SHEETS', /\bfiches? techniques?\b|\bdocumentations? techniques?\b/],
  ['PLANNING', /\bplanning\b/],
];

const CODES_BY_NAME = Object.fromEntries(CODES) as Record<string, RegExp>;

const CANDIDATURE_CODES = new Set(['DC1', 'DC2', 'DUME', 'KBIS', 'INSURANCE', 'REFERENCES', 'HONOUR_DECLARATION', 'TURNOVER', 'STAFF', 'CERTIFICATIONS', 'POWER']);

// The RC's parts on the candidature and the offer, as R. 2143-3 to R. 2143-16 and R. 2151-1 of the
// Code de la commande publique and the DAJ's model RC name them.
const CANDIDATURE_HEAD =
  /\b(?:pieces|contenu|composition|presentation|constitution) (?:du dossier )?de (?:la |leur )?candidature\b|\bdossier de candidature\b|\bpieces relatives a la candidature\b|\bjustificatifs? (?:a produire|de candidature)|\bcandidature (?:sous (?:la )?forme|au moyen) d|\bliste des (?:documents|pieces) justificati|^(?:article\s+\d+\s*[-–:.]?\s*)?(?:la )?candidatures?$/;
const OFFER_HEAD =
  /\b(?:pieces|contenu|composition|presentation|constitution) (?:du dossier )?de l'offre\b|\bdossier d'offre\b|\bpieces relatives a l'offre\b|\bprojet de (?:marche|contrat)\b.{0,20}comprenant|\bl'offre (?:du (?:soumissionnaire|candidat) )?(?:comporte|comprend|contient|est composee)|^(?:article\s+\d+\s*[-–:.]?\s*)?(?:l')?offres?$/;
const SECTION_HEAD = /\b(?:documents|pieces) a (?:produire|fournir|remettre)\b|\bpresentation des (?:candidatures|offres|plis)\b|\bcontenu des plis\b/;
// A numbered heading ends a section ("5.2 - Visites sur site", "ARTICLE 6").
const HEADING = /^(?:article\s+)?\d{1,2}(?:\.\d{1,2}){0,3}\s*[-.–)]?\s+[a-z]/;
// Sentences about the winner, sub-contractors or what is NOT asked are no requirement.
const NOT_REQUIRED = /\battributaire\b|\bsous-trait|\bn'(?:est|sont) pas (?:tenus?|exige|demande|requis)|\bne (?:sont|seront) pas (?:tenus?|exiges?|demandes?)|\bne requierent pas\b|\bdisponibles? (?:gratuitement )?sur\b|\bdossier de consultation\b|\bdce\b.{0,20}\bcontient\b/;

type Section = 'candidature' | 'offer' | 'both';
type Found = { codes: Map<string, FactSource> };

/** Reads the RC's "documents à produire" part sentence by sentence. */
export function findRequiredDocuments(views: PageView[]): { candidature: Found; offer: Found } | undefined {
  const candidature: Found = { codes: new Map() };
  const offer: Found = { codes: new Map() };
  let section: Section | null = null;
  let sawSection = false;
  let listOpen = false;
  for (const view of views) {
    const { doc } = view;
    for (const raw of view.flat.split('\n')) {
      // Each paragraph of the flat text, split again on the layout's numbered headings.
      const folded = fold(raw);
      if (/\.{5,}/.test(folded)) continue; // a table of contents
      // A heading opens its paragraph; "le pli contient les pièces de la candidature et les
      // pièces de l'offre" in the middle of a sentence opens nothing.
      const heads = (re: RegExp) => {
        const at = folded.search(re);
        return at >= 0 && (at < 40 || folded.length < 150);
      };
      const opens = heads(CANDIDATURE_HEAD) || heads(OFFER_HEAD) || heads(SECTION_HEAD);
      // "2. L'infrastructure …, fiches techniques des équipements," is an item of a list, not a
      // heading, and so is "01. L'acte d'engagement (ATTRI1) et ses annexes :" after a lead-in
      // ("… comporte les pièces suivantes :"); "7.2 Examen des offres" or "ARTICLE 8" ends it.
      const trimmed = folded.trim();
      const item = listOpen && /^\d{1,2}\s*[.)-]?\s/.test(trimmed);
      const heading = HEADING.test(folded) && trimmed.length < 100 && !/[.,;]$/.test(trimmed) && !item;
      if (heading) listOpen = false;
      if (trimmed.endsWith(':')) listOpen = true;
      if (heading && !opens) section = null;
      if (heads(SECTION_HEAD)) section = 'both';
      if (heads(CANDIDATURE_HEAD)) section = 'candidature';
      if (heads(OFFER_HEAD)) section = 'offer';
      // "Documents à fournir par l'attributaire": only the winner provides those.
      if (opens && /\battributaire\b|\btitulaire\b|\bcandidat retenu\b/.test(folded.slice(0, 120))) section = null;
      if (!section) continue;
      sawSection = true;
      // Sentences, and the items of a numbered list run together ("… ses annexes. 03. un acte …").
      for (const sentence of raw.split(/(?<=[.;])\s+(?=[A-ZÀ-Ý•-]|\d{1,2}[.)]\s)/)) {
        const f = fold(sentence);
        if (NOT_REQUIRED.test(f)) continue;
        for (const [code, re] of CODES) {
          if (!re.test(f)) continue;
          // ATTRI1 is the acte d'engagement's form: "l'acte d'engagement (ATTRI1)" is one piece.
          if (code === 'AE' && CODES_BY_NAME.ATTRI1?.test(f)) continue;
          const isCandidature = CANDIDATURE_CODES.has(code);
          // In a section that holds both, a code goes where it belongs.
          const into = section === 'candidature' ? candidature : section === 'offer' ? offer : isCandidature ? candidature : offer;
          if (section === 'offer' && isCandidature && code !== 'REFERENCES') continue;
          if (section === 'candidature' && !isCandidature) continue;
          if (!into.codes.has(code)) {
            into.codes.set(code, { documentId: doc.documentId, entry: doc.entry, fileName: doc.fileName, page: view.page, excerpt: sentence.replace(/\s+/g, ' ').trim().slice(0, 300) });
          }
        }
      }
    }
  }
  return sawSection ? { candidature, offer } : undefined;
}
