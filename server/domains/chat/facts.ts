// Questions the DCE analysis has already answered: the deadline, the questions' deadline, the
// award criteria, the pieces to hand in, the site visit, the penalties, the offers' validity and the
// contract's duration. Such a question, in French or in English, is answered from the tender's
// latest analysis (a fact a person confirmed or corrected first), with the fact's sources as
// citations, before the documents are searched. Pure: the caller reads the analysis.
import type { StoredFact } from '../../db/schema';
import { translate, type Language } from '../../i18n';
import { foldText, meaningfulWords } from '../../analysis/retrieval';
import { PRODUCT_ZONE } from '../../../rules/calendar';

export type ChatFactKey =
  | 'submissionDeadline'
  | 'questionsDeadline'
  | 'awardCriteria'
  | 'candidatureDocuments'
  | 'offerDocuments'
  | 'siteVisit'
  | 'penalties'
  | 'offerValidityDays'
  | 'contractDuration';

type Citation = StoredFact['sources'][number];

// What a question is about, on folded text (accents and case aside).
const QUESTIONS = /\b(questions?|renseignements? complementaires?|demandes? de (precisions?|renseignements?)|precisions?|clarifications?|quer(y|ies)|enquir\w*|inquir\w*)\b/;
const WHEN = /\b(quand|dates?|jusqu|avant quel\w*|limites?|heures?|deadlines?|due|when|until|latest|cut ?off|closing)\b/;
const SUBMITTING = /\b(offres?|plis?|remise|remettre|rendre|deposer|depot|soumission|soumettre|reponses?|repondre|envoyer|bids?|offers?|tenders?|submi\w*|proposals?|respon\w*)\b/;
const DEADLINE = /\b(date limite|deadline|due date|closing date)\b/;
const VISIT = /\bvisit\w*/;
const CRITERIA = /\b(criteres?|criteria|criterion|ponderations?|ponderee?s?|notation|notee?s?|jugement|weight\w*|weigh|scor\w*|evaluat\w*)\b/;
const PIECES = /\b(pieces?|documents?|justificatifs?|paperwork)\b/;
const HANDING_IN = /\b(fourni\w*|joindre|joint\w*|produire|remettre|deposer|contenir|contient|comport\w*|inclure|provid\w*|attach\w*|suppl\w*|submit\w*|includ\w*|contain\w*|requi\w*|need\w*|exige\w*|demande\w*)\b/;
const CONTAINING = /\b(contenir|contient|comporter|fournir|joindre|contain|provide|attach|include)\b/;
const CANDIDATURE = /\b(candidatures?|applications?|candidacy)\b/;
const OFFER = /\b(offres?|plis?|offers?|bids?|tenders?|proposals?)\b/;
const PENALTIES = /\b(penalit\w*|penalt\w*|penalis\w*|penaliz\w*|liquidated damages)\b/;
const VALIDITY = /\b(validite|valables?|valid|validity)\b/;
const DURATION = /\b(duree|durer?|duration|term|length|last|lasts|conclue?)\b|combien de temps|pour combien|how long/;
const CONTRACT = /\b(marche|contrat|accord|framework|agreement|contract)\b/;

// The words each kind of question may hold besides its subject: another word ("lot 2", "tranche
// ferme", "interruption de service") asks something narrower than the fact, and the documents are
// searched instead.
const COMMON = 'ils|elles|marche|contrat|contract|consultation|appel|dce|acheteur|buyer|pouvoir|adjudicat\\w*|procurement|exact\\w*|precis\\w*|svp|merci|please|savoir|connaitre|indiqu\\w*|rappel\\w*|donn\\w*|tell|know|give|remind|prevue?s?|fixee?s?|applicable|appliqu\\w*|existe|exist|entreprise|company|candidats?|soumissionnaires?|bidders?|tenderers?|applicants?|candidates?|obligatoires?|exige\\w*|demande\\w*|required|requirements?';
const WORDS: Record<ChatFactKey, RegExp> = {
  submissionDeadline: /^(dates?|limites?|heures?|quand|jusqu|remise|remettre|rendre|depot|deposer|envoyer|envoi|transmettre|transmission|soumettre|soumission|offres?|plis?|reponses?|repondre|reception|cloture|echeance|deadline|due|closing|submission|submit\w*|send\w*|bids?|offers?|tenders?|proposals?|respon\w*|when|until|latest|time|day|final|last|cut|off)$/,
  questionsDeadline: /^(dates?|limites?|heures?|quand|jusqu|avant|questions?|poser|envoyer|adresser|transmettre|renseignements?|complementaires?|precisions?|demandes?|clarifications?|ask\w*|send\w*|quer(y|ies)|enquir\w*|inquir\w*|deadline|due|when|until|latest|last|day|put)$/,
  siteVisit: /^(visites?|visiter|visit\w*|sites?|lieux|locaux|obligatoires?|facultatives?|mandatory|compulsory|optional|required|necessaire|possible|organisee?s?|dates?|quand|when|avant|before|remettre|remise|offres?|deposer|premises|place|inspection)$/,
  awardCriteria: /^(criteres?|criteria|criterion|attribution|jugement|choix|selection|evaluat\w*|notation|notes?|notee?s?|noter|ponderee?s?|ponderations?|poids|pese|peser|weigh\w*|scor\w*|marks?|points?|prix|price|valeur|technique|technical|qualite|quality|offres?|offers?|bids?|chaque|each|part|porte|classement|award\w*|jugee?s?)$/,
  candidatureDocuments: /^(pieces?|documents?|justificatifs?|dossier|fourni\w*|joindre|jointe?s?|produire|remettre|deposer|contenir|contient|comport\w*|compose\w*|inclure|requis|necessaires?|liste|candidatures?|provid\w*|attach\w*|suppl\w*|submit\w*|includ\w*|contain\w*|need\w*|paperwork|supporting|list|applications?)$/,
  offerDocuments: /^(pieces?|documents?|justificatifs?|dossier|fourni\w*|joindre|jointe?s?|produire|remettre|deposer|contenir|contient|comport\w*|compose\w*|inclure|requis|necessaires?|liste|offres?|plis?|provid\w*|attach\w*|suppl\w*|submit\w*|includ\w*|contain\w*|need\w*|paperwork|supporting|list|offers?|bids?|tenders?|proposals?)$/,
  penalties: /^(penalit\w*|penalt\w*|penalis\w*|penaliz\w*|liquidated|damages|retards?|late|lateness|delays?|montants?|amount|jours?|days?|taux|rate|encour\w*|risque\w*|risk\w*|sanctions?|applique\w*|appl\w*|cas|case)$/,
  offerValidityDays: /^(validite|valables?|valid|validity|remain|rester|reste|maintenir|maintenue?s?|engagee?s?|engagement|binding|delai|duree|temps|offres?|offers?|bids?|tenders?|proposals?|jours|mois|days|months|period|periode|stay)$/,
  contractDuration: /^(duree|durer?|temps|duration|term|length|last|lasts|accord|cadre|framework|agreement|reconduction\w*|reconductible|reconduit|renewal\w*|renewable|renew\w*|prolongation\w*|included|inclus\w*|compris\w*|initiale?|totale?|maximale?|maximum|annees|ans|mois|years|months|conclue?|concluded|periode|period)$/,
};
const COMMON_WORDS = new RegExp(`^(${COMMON})$`);

/** The facts a question asks for, or none when it asks something else (or something narrower). */
export function askedFacts(question: string): ChatFactKey[] {
  const q = foldText(question).replace(/[’‘]/g, "'").replace(/-/g, ' ');
  const keys: ChatFactKey[] = [];
  const aboutQuestions = QUESTIONS.test(q);
  if (aboutQuestions && WHEN.test(q)) keys.push('questionsDeadline');
  else if ((DEADLINE.test(q) || (WHEN.test(q) && SUBMITTING.test(q))) && !VISIT.test(q) && !VALIDITY.test(q) && !aboutQuestions) keys.push('submissionDeadline');
  if (VISIT.test(q) && !aboutQuestions) keys.push('siteVisit');
  if (CRITERIA.test(q)) keys.push('awardCriteria');
  if ((PIECES.test(q) && HANDING_IN.test(q)) || (CONTAINING.test(q) && (OFFER.test(q) || CANDIDATURE.test(q)))) {
    const candidature = CANDIDATURE.test(q);
    const offer = OFFER.test(q);
    if (candidature || !offer) keys.push('candidatureDocuments');
    if (offer || !candidature) keys.push('offerDocuments');
  }
  if (PENALTIES.test(q)) keys.push('penalties');
  if (VALIDITY.test(q)) keys.push('offerValidityDays');
  else if (DURATION.test(q) && CONTRACT.test(q)) keys.push('contractDuration');
  if (keys.length === 0) return [];
  // Every word must belong to what these facts say.
  const narrower = meaningfulWords(q).filter((word) => !COMMON_WORDS.test(word) && !keys.some((key) => WORDS[key].test(word)));
  return narrower.length === 0 ? keys : [];
}

/** The fact of a key: one a person confirmed or corrected first, else the one the analysis extracted (none for `reviewedOnly`). */
export function factOf(facts: StoredFact[], key: ChatFactKey | 'awardCriteriaByLots', reviewedOnly: boolean): StoredFact | undefined {
  const reviewed = facts.find((fact) => fact.key === key && fact.status !== 'extracted');
  if (reviewed || reviewedOnly) return reviewed;
  return facts.find((fact) => fact.key === key);
}

const locale = (lng: Language) => (lng === 'fr' ? 'fr-FR' : 'en-GB');

/** A date and time on Paris's clock, in the language's words ("mercredi 15 juillet 2026 à 12:00"). */
function formatDate(lng: Language, iso: unknown): string | null {
  if (typeof iso !== 'string') return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(locale(lng), { dateStyle: 'full', timeStyle: 'short', timeZone: PRODUCT_ZONE }).format(at);
}

const percent = (lng: Language, weight: number) => new Intl.NumberFormat(locale(lng), { style: 'percent', maximumFractionDigits: 1 }).format(weight / 100);

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

type Weighted = { name?: unknown; weight?: unknown; subCriteria?: unknown };

/** One line per criterion and sub-criterion with its weight, or null for a value of another shape. */
function criteriaLines(lng: Language, value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const lines: string[] = [];
  for (const criterion of value as Weighted[]) {
    if (!isText(criterion?.name) || typeof criterion.weight !== 'number') return null;
    lines.push(`• ${translate(lng, 'chat-fact_weighted', { name: criterion.name, weight: percent(lng, criterion.weight) })}`);
    for (const sub of Array.isArray(criterion.subCriteria) ? (criterion.subCriteria as Weighted[]) : []) {
      if (isText(sub?.name) && typeof sub.weight === 'number') lines.push(`   – ${translate(lng, 'chat-fact_weighted', { name: sub.name, weight: percent(lng, sub.weight) })}`);
    }
  }
  return lines;
}

/** The criteria of each group of lots ("Lots 1 à 6 :" then its list). */
function criteriaByLotsLines(lng: Language, value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const lines = [translate(lng, 'chat-fact_awardCriteria')];
  for (const group of value as { lots?: unknown; criteria?: unknown }[]) {
    const list = criteriaLines(lng, group?.criteria);
    if (!list || !Array.isArray(group.lots)) return null;
    lines.push(translate(lng, 'chat-fact_lots_group', { lots: (group.lots as number[]).join(', ') }), ...list);
  }
  return lines;
}

/** The sentences that say a fact's value in the language, or null for a value of another shape. */
function sentences(lng: Language, key: ChatFactKey, value: unknown): string[] | null {
  const t = (k: string, vars?: Record<string, string | number>) => translate(lng, k, vars);
  switch (key) {
    case 'submissionDeadline':
    case 'questionsDeadline': {
      const date = formatDate(lng, value);
      return date ? [t(`chat-fact_${key}`, { date })] : null;
    }
    case 'siteVisit': {
      const visit = value as { required?: unknown; date?: unknown } | null;
      if (typeof visit?.required !== 'boolean') return null;
      const date = formatDate(lng, visit.date);
      const kind = visit.required ? 'required' : 'optional';
      return [date ? t(`chat-fact_visit_${kind}_on`, { date }) : t(`chat-fact_visit_${kind}`)];
    }
    case 'awardCriteria': {
      const list = criteriaLines(lng, value);
      return list ? [t('chat-fact_awardCriteria'), ...list] : null;
    }
    case 'candidatureDocuments':
    case 'offerDocuments': {
      if (!Array.isArray(value) || value.length === 0 || !value.every(isText)) return null;
      const name = (code: string) => {
        const named = t(`dcedoc-${code}`);
        return named === `dcedoc-${code}` ? code : named;
      };
      return [t(`chat-fact_${key}`), ...(value as string[]).map((code) => `• ${name(code)}`)];
    }
    case 'penalties': {
      const summary = (value as { summary?: unknown } | null)?.summary;
      return isText(summary) ? [t('chat-fact_penalties', { summary: summary.trim() })] : null;
    }
    case 'offerValidityDays':
      return typeof value === 'number' && value > 0 ? [t('chat-fact_offerValidityDays', { days: new Intl.NumberFormat(locale(lng)).format(value) })] : null;
    case 'contractDuration':
      return isText(value) ? [t('chat-fact_contractDuration', { duration: value.trim() })] : null;
  }
}

/**
 * The answer to a question the analysis answers, in the language, its facts' sources as the
 * citations; null when the question asks no fact, or the analysis has none of those asked.
 * `reviewedOnly`: only facts a person confirmed or corrected (an employee sees no others).
 */
export function factAnswer(question: string, facts: StoredFact[], lng: Language, reviewedOnly: boolean): { answer: string; citations: Citation[] } | null {
  const keys = askedFacts(question);
  const lines: string[] = [];
  const citations: Citation[] = [];
  let allReviewed = true;
  for (const key of keys) {
    // Criteria given per group of lots answer a question on the criteria.
    const byLots = key === 'awardCriteria' && !factOf(facts, key, reviewedOnly) ? factOf(facts, 'awardCriteriaByLots', reviewedOnly) : undefined;
    const fact = byLots ?? factOf(facts, key, reviewedOnly);
    const said = byLots ? criteriaByLotsLines(lng, byLots.value) : fact ? sentences(lng, key, fact.value) : null;
    if (!fact || !said) continue;
    lines.push(...said);
    if (fact.status === 'extracted') allReviewed = false;
    for (const source of fact.sources) {
      const citation = { documentId: source.documentId, entry: source.entry ?? null, fileName: source.fileName, page: source.page, excerpt: source.excerpt };
      if (!citations.some((c) => c.documentId === citation.documentId && c.entry === citation.entry && c.page === citation.page && c.excerpt === citation.excerpt)) citations.push(citation);
    }
  }
  if (lines.length === 0) return null;
  lines.push(translate(lng, allReviewed ? 'chat-fact_reviewed' : 'chat-fact_extracted'));
  return { answer: lines.join('\n'), citations };
}
