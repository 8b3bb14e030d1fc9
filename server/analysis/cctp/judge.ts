// Whether a sentence states a requirement, and of which kind. Written for folded text (see
// fold in ../dce/text.ts: lower case, no accents, one apostrophe).
import { fold } from '../dce/text';
import { findNorms } from './norms';

export type RequirementKind = 'obligation' | 'performance' | 'norm' | 'deliverable' | 'training' | 'warranty' | 'other';

const STRONG = new RegExp(
  [
    String.raw`\bdoi(?:t|vent)\b`,
    String.raw`\bdevr(?:a|ont)\b`,
    String.raw`\bser(?:a|ont) exige(?:e|s|es)?\b`,
    String.raw`\b(?:est|sont) exige(?:e|s|es)?\b`,
    String.raw`\bexige(?:e|s|es)? (?:est|sont)\b`,
    String.raw`\bobligatoire(?:s|ment)?\b`,
    String.raw`\ba minima\b`,
    String.raw`\bau (?:minimum|maximum|moins)\b`,
    String.raw`\b(?:minimum|maximum) (?:de|d')`,
    String.raw`\b(?:delai|duree|valeur|temps|niveau|exigence|performance|puissance|capacite|nombre|seuil|surface|diametre|resolution)s? (?:minima|maxima)(?:l|le|les|ux)\b`,
    String.raw`\bconformes? (?:a|aux|au)\b`,
    String.raw`\bconformement aux normes\b`,
    String.raw`\bs'engagen?t?\b`,
    String.raw`\bil appartient (?:au|a l')`,
    String.raw`\b(?:est|sont) tenue?s? (?:de|d'|a|au)`,
    String.raw`\bimperativement\b`,
    String.raw`\bne (?:peut|peuvent|pourra|pourront|saurai?t)\b`,
    String.raw`\binterdite?s?\b`,
    String.raw`\bs'interdit\b`,
    String.raw`\bse conforme(?:nt)?\b`,
    String.raw`\ba la charge (?:du|de la|de l') ?(?:titulaire|prestataire|candidat|fournisseur|entreprise)`,
    String.raw`\bcompris(?:e|es)? dans (?:l'offre|le prix|le forfait)`,
  ].join('|'),
);

// "Le titulaire fournit …": French clauses state duties in the present tense.
const DUTY_VERBS =
  'fournit|garantit|assure|remet|transmet|produit|informe|communique|detruit|met|presente|affecte|prend|limite|privilegie|reserve|notifie|traite|verifie|repond|veille|respecte|realise|installe|livre|effectue|execute|fait parvenir|adresse|declare souscrire|definit|tient|conserve|s\'inscrit|depose|s\'assure|procede|forme|accompagne|maintient|organise|controle|surveille|signale|rend compte|etablit|redige|elabore|a en charge|a la charge|dispose|intervient|porte|nettoie|mobilise|pilote|supervise|documente|planifie|coordonne|anime|gere';
// Who owes the work: the holder by any of its names, and its staff (a guarding CCTP speaks of its agents).
const HOLDER = String.raw`(?:\b(?:titulaire|prestataire|fournisseur|soumissionnaire|entrepreneur|entreprise titulaire|cocontractant)s?|\b(?:l'|les )agents?(?: de (?:securite|surveillance|gardiennage))?|(?:^|[.;:,] )ils?)`;
// Plural present and the future of any verb ("les agents effectuent", "le titulaire mettra en
// place"): a CCTP states duties in the present or the future as often as with "doit".
const PLURAL_DUTY_VERBS = 'assurent|effectuent|realisent|veillent|controlent|surveillent|verifient|respectent|fournissent|remettent|portent|signalent|interviennent|disposent';
const DUTY = new RegExp(
  String.raw`${HOLDER}(?: du marche)?,? (?:(?:lui-meme|en outre|egalement|ainsi|notamment|par ailleurs|alors|donc|aussi) )*(?:${DUTY_VERBS}|${PLURAL_DUTY_VERBS}|(?!pourra|pourront)[a-z]{2,}(?:era|ira|ra|ront))\b` +
    String.raw`|\b(?:est|sont|sera|seront) [a-z]+(?:e|s|es)? par le (?:titulaire|prestataire|fournisseur)` +
    // "Les rondes seront effectuées …": the work to be done, in the passive future.
    String.raw`|\b(?:sera|seront) (?:effectue|realise|assure|fourni|livre|installe|remis|controle|verifie|maintenu|respecte|execute|tenu|transmis|redige|mis en oeuvre|mis en place)(?:e|s|es)?\b`,
);
// "Le délai de garantie … est fixé à un an", "Cette garantie d'une durée de 10 ans".
const WARRANTY_TERM = /\bgarantie\b[^.]{0,80}\b(?:duree|fixee?)\b[^.]{0,25}\b(?:\d+|un|une|deux|trois|cinq|dix) (?:ans?|annees?|mois)\b/;
const LEAD_IN = /\bdescription des (?:travaux|prestations|missions|taches)\b|\b(?:travaux|livrables?)\b[^:]{0,60}\b(?:suivants|a realiser|attendus|a fournir|a remettre)\b|\bcompren(?:d|nent|ant)\b|\bcomporter(?:a|ont)\b|\bconsiste(?:nt|ra|ront)? (?:a|en)\b|\b(?:missions?|taches|prestations|activites|operations|interventions)\b[^:]{0,80}\b(?:suivantes|sont les suivantes|attendues|a realiser|a effectuer)\b/;

const OPTIONAL = /(?<!\bne )\b(?:peut|peuvent|pourra|pourront|a la faculte|possibilite de)\b/;
// The buyer acting, the object of the contract, the context: not the holder's duties.
const BUYER_SUBJECT =
  /^(?:(?:a|en|dans|par|pour|sur|apres|des|lors)\b[^,]{0,80}, )?(?:france travail|l'acheteur|le pouvoir adjudicateur|la personne publique|le maitre d'ouvrage|l'administration|l'etablissement|l'universite|la direction|le directeur|le representant de)\b/;
const CONTEXT = /\ba pour objet\b|\best destinee?s?\b|\bsont decrite?s?\b|\bne sont pas pris(?:es)? en compte\b|\bsont communique(?:e|s|es)? au titulaire\b/;

// "VSGP s'engage à communiquer …": a commitment of someone who is not the holder is the buyer's.
const OTHERS_COMMITMENT = new RegExp(String.raw`^(?:(?!${HOLDER}).)*\bs'engagen?t?\b`);

// "La VA sera réalisée par le SPC", "… seront fournis au titulaire": work someone else does, or hands over.
const OTHERS_WORK = /\b(?:sera|seront) [a-z]+(?:e|s|es)?\b[^.]{0,80}?(?:\bpar (?:le |la |l'|les )(?!titulaire|prestataire|fournisseur|entreprise)|\b(?:au|aux) (?:titulaire|prestataire)s?\b)/;

/** Whether a (folded) sentence states a duty of the holder. */
export function statesRequirement(folded: string): boolean {
  if (OTHERS_COMMITMENT.test(folded) && !STRONG.test(folded.replace(/\bs'engagen?t?\b/g, ''))) return false;
  if (OTHERS_WORK.test(folded) && !STRONG.test(folded)) return false;
  const strong = STRONG.test(folded);
  const duty = strong || DUTY.test(folded) || WARRANTY_TERM.test(folded);
  if (!duty) return false;
  if (BUYER_SUBJECT.test(folded) && !/\bet le (?:titulaire|prestataire)\b/.test(folded)) return false;
  if (!strong && (OPTIONAL.test(folded) || CONTEXT.test(folded))) return false;
  if (CONTEXT.test(folded) && !/\b(?:doi(?:t|vent)|devr(?:a|ont))\b/.test(folded)) return false;
  return true;
}

/** Whether a sentence ending in ':' announces a list of duties. */
export function leadsDuties(folded: string): boolean {
  return statesRequirement(folded) || (LEAD_IN.test(folded) && !BUYER_SUBJECT.test(folded) && !OPTIONAL.test(folded));
}

const TRAINING = /\bformation|\bformer\b|\bsensibilis/;
const DELIVERABLE =
  /\bdocumentations?\b|\bdocuments?\b|\brapports?\b|\bcomptes?[- ]rendus?\b|\bplans? (?:de|des|d')|\bdoe\b|dossier des ouvrages|\bnotices?\b|\bmanuels?\b|proces-verbal|proces-verbaux|\bpv\b|\bbilans?\b|\btutoriels?\b|\battestations?\b|\bcertificats?\b|\bpieces (?:justificatives|attestant)|\bcopie\b|fiches? techniques?|\bliste\b|\bsynoptique|\bschemas?\b/;
const NORM_WORDS = /\bnormes?\b|\bnormative|marquage ce\b|\bnf\b/;
const WARRANTY = /\bgaranties?\b|\bmaintenance\b|pieces detachees|\bsav\b|parfait achevement|decennale|biennale/;
// Units written as in the text (case matters: "16 A", not "il y a").
const UNIT = /\d\s?(?:µm|μm|mm|cm²?\/min|cm|m²|m³\/h|km|GHz|MHz|kHz|Hz|kVA|kWh|kW|MW|W|mA|kV|V|A|dB\(A\)|dB|bars?|l\/min|°C|Ω|lm|lux|Wh|Ah)(?![\w/])/;
const PERCENT = /\d\s?%(?!\s*(?:du|de la|des) (?:montant|droits|prix|capital))/;
const NUMBER_WORD = '(?:\\d+(?:[.,]\\d+)?|un|une|deux|trois|quatre|cinq|six|huit|dix|douze|quinze|vingt|trente|quarante-huit|soixante-douze)';
const RESPONSE_TIME = new RegExp(
  String.raw`(?:delai|intervention|reponse|retablissement|disponibilite|prise en main|sous|dans les)[^.]{0,80}?\b${NUMBER_WORD}\s?(?:h\d{0,2}|heures?|minutes?|min|jours?(?: ouvres| ouvrables| calendaires)?|journee)\b|\b\d{1,3}h\d{2}\b`,
);

/** The kind of a requirement, from the words of its text (its lead-in included). */
export function kindOf(text: string): RequirementKind {
  const folded = fold(text);
  if (TRAINING.test(folded)) return 'training';
  if (DELIVERABLE.test(folded)) return 'deliverable';
  if (findNorms(text).length || NORM_WORDS.test(folded)) return 'norm';
  if (WARRANTY.test(folded)) return 'warranty';
  if (UNIT.test(text) || PERCENT.test(text) || /[≤≥±]|\+\/-/.test(text) || /\bip ?\d{2}\b|\bik ?\d{2}\b/.test(folded) || RESPONSE_TIME.test(folded)) return 'performance';
  return 'obligation';
}

/** Whether a table row's cells (past the first) demand a value. */
export function rowDemands(cells: string[]): boolean {
  const values = cells.slice(1).join(' ');
  if (!values) return false;
  return statesRequirement(fold(cells.join(' '))) || kindOf(values) === 'performance' || findNorms(values).length > 0;
}
