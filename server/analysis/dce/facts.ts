import { findCriteriaGroups, type CriteriaGroup } from './criteria';
import { daysBefore, findDates, parisIso, wallOfIso, type WallTime } from './dates';
import { findRequiredDocuments } from './documents';
import { fileRules } from './file-rules';
import { findLots } from './lots';
import {
  DURATION,
  QUANTITY,
  before,
  durationDays,
  durationText,
  fold,
  pageViews,
  quantityValue,
  scan,
  sentenceBounds,
  sentenceOf,
  sentencePrefix,
  sourceOf,
  type Hit,
  type PageView,
} from './text';
import type { AnalysedDocument, CriteriaByLots, DocumentKind, Fact, FactKey, FactSource, Penalties, Procedure, SiteVisit } from './types';

type Doc = AnalysedDocument & { kind: DocumentKind };
type Candidate = { value: unknown; source: FactSource; score: number };

// How much a statement weighs by the document it is in: the RC rules the consultation, the
// CCAP and the AE (or the contract) the contract; the CCTP and the Q&A only confirm.
const DOC_WEIGHT: Partial<Record<DocumentKind, number>> = { RC: 1, CCAP: 0.95, CCP: 0.95, AE: 0.95, QR: 0.8, CCTP: 0.6 };
const weightOf = (view: PageView) => DOC_WEIGHT[view.doc.kind] ?? 0;

/** The value most candidates back, the best-scored first; its sources are all that agree. */
function decide(key: FactKey, candidates: Candidate[], identity: (value: unknown) => string = (v) => JSON.stringify(v)): Fact | undefined {
  const groups = new Map<string, { value: unknown; sources: FactSource[]; best: number }>();
  for (const c of candidates) {
    if (c.score <= 0) continue;
    const id = identity(c.value);
    const group = groups.get(id) ?? { value: c.value, sources: [], best: 0 };
    if (c.score > group.best) [group.best, group.value] = [c.score, c.value];
    if (!group.sources.some((s) => s.documentId === c.source.documentId && s.page === c.source.page && s.excerpt === c.source.excerpt)) group.sources.push(c.source);
    groups.set(id, group);
  }
  const ranked = [...groups.values()].sort((a, b) => b.best + b.sources.length * 0.02 - (a.best + a.sources.length * 0.02));
  const top = ranked[0];
  if (!top) return undefined;
  // A rival value lowers the confidence; agreeing sources raise it.
  const rival = ranked[1] ? Math.min(0.25, ranked[1].best / 3) : 0;
  const confidence = Math.max(0.05, Math.min(0.98, top.best + 0.03 * (top.sources.length - 1) - rival));
  return { key, value: top.value, sources: top.sources.slice(0, 6), confidence: Math.round(confidence * 100) / 100 };
}

const candidate = (hit: Hit, value: unknown, score: number): Candidate => ({ value, source: sourceOf(hit.view, hit.start, hit.end), score: score * weightOf(hit.view) });

// ------------------------------------------------------------------------------------------------
// Deadlines

const SUBMISSION_LABEL =
  /\b(?:date (?:et (?:l')?heure )?|heure et date )?limites? (?:de |des )?(?:reception|remise|depot)(?: des| de)? (?:offres|plis|candidatures|propositions|dossiers)|\b(?:remise|reception|depot) des (?:offres|plis)\b[^.\n]{0,40}?\b(?:avant le|au plus tard le|jusqu'au|le)\s*$/;

function submissionDeadline(views: PageView[], now: Date | undefined): { fact?: Fact; wall?: WallTime } {
  const candidates: (Candidate & { wall: WallTime })[] = [];
  for (const view of views) {
    for (const date of findDates(view.folded, now)) {
      const lead = view.folded.slice(Math.max(0, date.index - 140), date.index);
      const label = SUBMISSION_LABEL.exec(lead);
      if (!label) continue;
      const between = lead.slice(label.index + label[0].length);
      if (/\bquestions?\b|\brenseignements?\b|\bvisite\b|\bimprime\b/.test(between) || between.length > 90) continue;
      const hit: Hit = { view, match: Object.assign([lead], { index: date.index, input: view.folded }) as unknown as RegExpExecArray, start: date.index, end: date.index + date.length };
      // Without an hour the deadline is the end of that day, and a guess.
      const wall = date.hasTime ? date.wall : { ...date.wall, hour: 23, minute: 59 };
      candidates.push({ ...candidate(hit, parisIso(wall), date.hasTime ? 0.95 : 0.6), wall });
    }
  }
  const fact = decide('submissionDeadline', candidates);
  return { fact, wall: fact ? wallOfIso(fact.value as string) : undefined };
}

const QUESTION_WORDS = /\bquestions?\b|\bdemandes?\b|\brenseignements?\b|\beclaircissements?\b|\bprecisions?\b/;
// Who acts in the clause: the buyer answering or changing the DCE is not the candidates' deadline.
const BUYER_ACTS = /\breponses?\b|\bmodifications?\b|\badress(?:e|ee|era)\b|\benvo(?:i|ye)|\bcommuniqu|\bse reserve\b|\bcomplements?\b/;

function questionsDeadline(views: PageView[], submission: WallTime | undefined, now: Date | undefined): Fact | undefined {
  const candidates: Candidate[] = [];
  if (submission) {
    const relative = new RegExp(`(${QUANTITY})\\s*jours?\\s*(calendaires|ouvres|ouvrables|francs)?\\s*(?:au plus tard\\s+)?avant (?:la )?(?:date|l'heure|la date et l'heure) (?:et (?:l')?heure )?(?:limite|de (?:reception|remise|depot) des (?:offres|plis))`);
    for (const hit of scan(views, relative)) {
      const days = quantityValue(hit.match[1] ?? '');
      if (!days || days > 60) continue;
      const prefix = sentencePrefix(hit);
      // "Les réponses aux demandes … reçues au plus tard 8 jours avant …": the requests' deadline,
      // though the sentence begins with the buyer's answers (R. 2132-6).
      const asked = QUESTION_WORDS.test(prefix) && /\b(?:recues?|posees?|parvenues?|formulees?)\b[^.\n]{0,40}$/.test(prefix);
      if (BUYER_ACTS.test(prefix) && !asked) continue;
      const sentence = sentenceOf(hit);
      const lead = before(hit, 400);
      const inSentence = QUESTION_WORDS.test(prefix) || /\bquestions?\b/.test(sentence);
      if (!inSentence && !QUESTION_WORDS.test(lead.slice(-250))) continue;
      const wall = daysBefore(submission, days, /ouvr/.test(hit.match[2] ?? ''));
      candidates.push(candidate(hit, parisIso(wall), inSentence ? 0.85 : 0.75));
    }
  }
  for (const view of views) {
    for (const date of findDates(view.folded, now)) {
      const lead = view.folded.slice(Math.max(0, date.index - 160), date.index);
      // "Question n°3 (08/12/2025)": the day a question was asked, in a register of questions.
      if (/\bquestions?\s*(?:n\s*[°o]\s*)?\d+\s*[(:-]?\s*(?:du\s+|posee le\s+)?$/.test(lead)) continue;
      if (!/\bquestions?\b|\bdemandes? de renseignements?\b|\brenseignements? complementaires?\b/.test(lead)) continue;
      if (!/\bau plus tard\b|\bavant\b|\bjusqu'au\b|\blimite\b/.test(lead) || BUYER_ACTS.test(lead.slice(-80)) || /\bimprime\b/.test(lead)) continue;
      const wall = date.hasTime ? date.wall : { ...date.wall, hour: 23, minute: 59 };
      const hit = { view, start: date.index, end: date.index + date.length } as Hit;
      candidates.push(candidate(hit, parisIso(wall), date.hasTime ? 0.85 : 0.6));
    }
  }
  return decide('questionsDeadline', candidates);
}

// ------------------------------------------------------------------------------------------------
// Consultation

const VISIT =
  /\b(?:visites? (?:sur (?:le |les )?sites?|des lieux|de sites?|du site|des sites|sur place|des locaux|des installations|des batiments|prealable)|(?:cette|la) visite (?=(?:est|sera) ))\b[^.\n]{0,80}?\b(n'est pas obligatoire|non obligatoire|obligatoires?|facultatives?|possibles?|conseillees?|recommandees?|imposees?|sans|non|oui|avec)\b|\b(?:pas de|aucune) visite/;

const DEEMED_VISITED = /\b(?:est|sont|sera|seront) reputes? (?:avoir (?:effectue|fait|realise) (?:une|la) visite|avoir visite|s'etre rendus? sur (?:le |les )?(?:site|lieux))/;

function siteVisit(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  // A visit stated in a CCTP counts too (its weight is lower than the RC's).
  for (const hit of scan(views, VISIT)) {
    const word = hit.match[1] ?? 'aucune';
    const required = /^(?:obligatoire|imposee|oui|avec)/.test(word) && !/\b(?:n'est pas|non|pas)\s+$/.test(hit.match[0].slice(0, hit.match[0].length - word.length));
    const value: SiteVisit = { required };
    const sentence = sentenceOf(hit);
    const date = findDates(sentence)[0];
    if (date && date.hasTime) value.date = parisIso(date.wall);
    candidates.push(candidate(hit, value, /^(?:obligatoire|facultative|n'est pas|non obligatoire)/.test(word) ? 0.9 : 0.75));
  }
  // "L'entrepreneur est réputé avoir visité les lieux": no visit is organised or asked of him.
  for (const hit of scan(views, DEEMED_VISITED)) candidates.push(candidate(hit, { required: false }, 0.6));
  return decide('siteVisit', candidates, (v) => String((v as SiteVisit).required));
}

const PROCEDURES: [Procedure, RegExp, number][] = [
  ['adapted', /\bprocedure adaptee\b|\bmapa\b/, 0.9],
  ['adapted', /\b[lr]\.?\s?2123-1\b/, 0.6],
  ['open', /\bappel d'offres? ouvert\b/, 0.9],
  ['restricted', /\bappel d'offres? restreint\b/, 0.9],
  ['negotiated', /\bprocedure (?:concurrentielle )?avec negociation\b|\bmarche negocie sans publicite\b/, 0.85],
  ['competitive_dialogue', /\bdialogue competitif\b/, 0.9],
  ['other', /\bpartenariat d'innovation\b|\bprocedure de concours\b/, 0.7],
];
const PROCEDURE_LABEL = /\b(?:mode|procedure|type|forme) de (?:passation|procedure)\b|\bprocedure\s*:|\bla procedure (?:de passation )?(?:utilisee )?est\b|\bpasse(?:e)? (?:selon|sous la forme d')/;

function procedure(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  for (const [value, re, score] of PROCEDURES) {
    for (const hit of scan(views, re)) {
      const labelled = PROCEDURE_LABEL.test(before(hit, 80));
      candidates.push(candidate(hit, value, labelled ? Math.min(0.95, score + 0.05) : score - 0.15));
    }
  }
  return decide('procedure', candidates);
}

// ------------------------------------------------------------------------------------------------
// Contract

const NOT_CONTRACT_DURATION = /\bgarantie|\bmaintenance\b|\bvalidite\b|\bavance\b|\bdonnees\b|\bconservation\b|\bpse\b|\bextension\b|\binferieure\b|\bsuperieure\b|\begale\b|\bsi la duree\b|\bbons? de commande\b/;

function contractDuration(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  const firmAndMax = new RegExp(`\\bduree (?:ferme|initiale) (?:de |d')?${DURATION}[^.]{0,220}?\\bduree (?:maximale|totale|maximum)(?: du marche)? (?:de |d')?${DURATION}`);
  for (const hit of scan(views, firmAndMax)) {
    const firm = durationText(hit.match[1] ?? '', hit.match[2] ?? '');
    const max = durationText(hit.match[3] ?? '', hit.match[4] ?? '');
    if (firm && max) candidates.push(candidate(hit, `${firm} ferme, ${max} au maximum`, 0.92));
  }
  const stated = new RegExp(
    `\\b(?:duree (?:du marche|du contrat|de l'accord-cadre|globale|d'execution du marche)|(?:marche|contrat|accord-cadre) est conclu pour une (?:duree|periode)|conclu pour une (?:duree|periode))[^.\\n]{0,50}?(?:\\bde |\\bd'|\\ba |:\\s*)${DURATION}`,
  );
  for (const hit of scan(views, stated)) {
    const sentence = sentenceOf(hit);
    // "conclu pour une durée ferme de trois ans … maximale de quatre ans" was read whole above.
    if (NOT_CONTRACT_DURATION.test(sentence) || firmAndMax.test(sentence)) continue;
    const text = durationText(hit.match[1] ?? '', hit.match[2] ?? '');
    if (text) candidates.push(candidate(hit, text, 0.8));
  }
  // The cover table of the RC or CCAP: "Durée / Délai   6 mois".
  for (const hit of scan(views, new RegExp(`\\bduree(?: du marche)?\\s*(?:/\\s*delai)?\\s*:?\\s*${DURATION}`))) {
    if (NOT_CONTRACT_DURATION.test(before(hit, 40))) continue;
    const text = durationText(hit.match[1] ?? '', hit.match[2] ?? '');
    if (text && hit.start === hit.view.folded.lastIndexOf('duree', hit.start + 5)) candidates.push(candidate(hit, text, 0.6));
  }
  const base = decide('contractDuration', candidates);
  return base ? withRenewals(base, views) : undefined;
}

// Renewals and the longest term, wherever the RC or the CCAP state them (often in the next
// sentence or article): "reconductible 3 (trois) fois pour la même période", "reconductible
// tacitement deux (2) fois pour une période de douze (12) mois", "soit un maximum de 48 mois",
// "sans que leur durée ne puisse excéder 48 mois", "La durée globale du marché est de 48 mois".
const RENEWAL = new RegExp(`\\breconductible(s)?\\b(?:\\s+(tacitement|expressement))?[^.\\n]{0,140}`);
const RENEWAL_COUNT = new RegExp(`(${QUANTITY})(?:\\s*\\([a-z]+\\))?\\s*fois`);
const RENEWAL_PERIOD = new RegExp(`\\bperiodes? (?:successives? )?(?:de |d')${DURATION}`);
const LONGEST = new RegExp(
  `\\b(?:duree (?:maximale|globale|totale|maximum)(?: du marche| de l'accord-cadre| du contrat| des marches)?[^.\\n]{0,30}?(?:\\bde |\\bd'|:\\s*|est de\\s*)|soit (?:un maximum de|une duree (?:maximale|totale|globale) de) |(?:ne (?:puisse|peut|pourra) exceder|sans exceder|n'excede pas) )${DURATION}`,
);

/** A duration's length in days, to compare a term with its maximum. */
const lengthOf = (text: string) => {
  const [quantity, unit] = text.split(' ');
  return durationDays(quantityValue(quantity ?? '') ?? 0, unit ?? '');
};

function withRenewals(base: Fact, views: PageView[]): Fact {
  const contract = views.filter((view) => view.doc.kind !== 'CCTP' && view.doc.kind !== 'QR');
  // "3 ans ferme, 4 ans au maximum": the renewal goes between the term and its maximum.
  const stated = /^(.*), (\S+ \S+) au maximum$/.exec(String(base.value));
  let text = stated ? (stated[1] as string) : String(base.value);
  let max = stated ? (stated[2] as string) : undefined;
  const sources = [...base.sources];
  const renewal = scan(contract, RENEWAL).find((hit) => !/\bnon reconductible|\bn'est pas reconductible/.test(before(hit, 20) + hit.match[0]));
  if (renewal && !/\breconductible\b/.test(fold(text))) {
    const clause = renewal.match[0];
    const count = RENEWAL_COUNT.exec(clause);
    const times = count ? quantityValue(count[1] ?? '') : /\bpour une (?:seule )?(?:nouvelle )?periode\b/.test(clause) ? 1 : undefined;
    const period = RENEWAL_PERIOD.exec(clause);
    const periodText = period ? durationText(period[1] ?? '', period[2] ?? '') : undefined;
    const tacit = renewal.match[2] === 'tacitement' || /\btacite reconduction\b/.test(sentenceOf(renewal));
    text += `, reconductible${tacit ? ' tacitement' : ''}${times ? ` ${times} fois` : ''}${periodText ? ` par période de ${periodText}` : ''}`;
    sources.push(sourceOf(renewal.view, renewal.start, renewal.end));
  }
  if (!max) {
    // The longest term stated for the contract: never shorter than the term itself (a "durée
    // maximale de 2 mois" elsewhere is some phase's, not the contract's).
    const floor = lengthOf(text.split(',')[0]!.replace(/ ferme$/, ''));
    const terms = scan(contract, LONGEST)
      .filter((hit) => !NOT_CONTRACT_DURATION.test(sentenceOf(hit).replace(/\bduree (?:maximale|globale|totale)/, '')))
      .map((hit) => ({ hit, text: durationText(hit.match[1] ?? '', hit.match[2] ?? '') }))
      .filter((term): term is { hit: Hit; text: string } => Boolean(term.text) && lengthOf(term.text!) > floor);
    const longest = terms.sort((a, b) => lengthOf(b.text) - lengthOf(a.text))[0];
    if (longest) {
      max = longest.text;
      sources.push(sourceOf(longest.hit.view, longest.hit.start, longest.hit.end));
    }
  }
  if (max) text += `, ${max} au maximum`;
  return { ...base, value: text, sources: sources.slice(0, 6) };
}

const PHASE = `(tranche (?:ferme|optionnelle|conditionnelle)(?: n?\\s*[°o]?\\s*\\d+)?|phase (?:d'initialisation|de demarrage|de mise en place|de transition|de reprise))`;
const PHASE_TERM = new RegExp(
  `\\bla ${PHASE} (?:court|dure|s'execute|se deroule) (?:pour |sur |pendant )?(?:une duree (?:maximale )?(?:de |d'))?${DURATION}(?: maximum)?|\\bla duree (?:maximale )?de la ${PHASE} (?:est (?:fixee a |de )|ne (?:pourra|peut) (?:pas )?(?:depasser|exceder) )${DURATION}`,
);
const ONE_TASK = /(?:d'execution|de livraison|de realisation)\s+(?:de (?:l'|la |cette |ce |chaque )|du |d'une? )(?!(?:ensemble des )?(?:prestations|travaux|fournitures|marche|accord|contrat|commande|bon de commande|operation)\b)/;

function executionDelay(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  const stated = new RegExp(
    `\\bdelais? (?:global |maximum |maximal |contractuel |maximaux )?(?:d'execution|de livraison|de realisation)(?: des (?:prestations|travaux|fournitures))?[^.\\n]{0,40}?(?:\\best (?:fixe a|de)\\s*|\\bsera de\\s*|:\\s*|\\bde\\s+)${DURATION}`,
  );
  for (const hit of scan(views, stated)) {
    if (/\bprolongation\b|\bgarantie\b|\bpaiement\b/.test(sentenceOf(hit))) continue;
    // "Le délai de réalisation de l'audit est de 4 semaines": one task's delay, not the contract's.
    if (ONE_TASK.test(hit.match[0])) continue;
    const text = durationText(hit.match[1] ?? '', hit.match[2] ?? '');
    if (text) candidates.push(candidate(hit, text, /execution/.test(hit.match[0]) ? 0.85 : 0.8));
  }
  // A first tranche's or phase's term is the delay the holder must keep (R. 2113-4 to R. 2113-6):
  // "La tranche ferme 1 court pour une durée de 3 mois maximum", "La durée de la phase
  // d'initialisation ne pourra pas dépasser 4 mois".
  for (const hit of scan(views, PHASE_TERM)) {
    const phase = (hit.match[1] ?? hit.match[4] ?? '').replace(/\s+/g, ' ');
    const quantity = hit.match[2] ?? hit.match[5] ?? '';
    const unit = hit.match[3] ?? hit.match[6] ?? '';
    const text = durationText(quantity, unit);
    const most = /\bmaximum\b|\bdepasser\b|\bexceder\b|\bau plus\b/.test(hit.match[0]) ? ' maximum' : '';
    const named = hit.view.flat.slice(hit.start, hit.end).match(/(?:tranche|phase)[^,;]*?(?=\s+(?:court|dure|s'ex|se d|ne |est |pour ))/i)?.[0] ?? phase;
    if (text) candidates.push(candidate(hit, `${text}${most} (${named.replace(/\s+/g, ' ')})`, 0.6));
  }
  for (const hit of scan(views, new RegExp(`\\bduree\\s*/\\s*delai\\s*:?\\s*${DURATION}`))) {
    const text = durationText(hit.match[1] ?? '', hit.match[2] ?? '');
    if (text) candidates.push(candidate(hit, text, 0.55));
  }
  return decide('executionDelay', candidates);
}

function offerValidity(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  const re = new RegExp(`\\b(?:validite des (?:offres|propositions)|engages par (?:leur|son|les) offres?|(?:offres?|propositions?) (?:reste|restent|sont|seront|demeurent) valables?)[^.\\n]{0,80}?(${QUANTITY})\\s*(jours|mois)\\b`);
  for (const hit of scan(views, re)) {
    const value = quantityValue(hit.match[1] ?? '');
    if (value) candidates.push(candidate(hit, durationDays(value, hit.match[2] ?? 'jours'), 0.9));
  }
  return decide('offerValidityDays', candidates);
}

const VARIANTS_NO =
  /\baucune variante n'est (?:autorisee|admise|acceptee)|\bvariantes?\b[^.\n]{0,80}?\b(?:ne sont pas|n'est pas|ne seront pas|non) (?:autorisees?|admises?|acceptees?|prises? en compte)|\bne (?:peuvent|peut|pourront|doivent) pas (?:proposer|presenter|remettre) (?:de|des|une) variantes?|\b(?:ne sont pas|n'est pas|ne seront pas) autorises? a (?:proposer|presenter|remettre) (?:de|des|une) variantes?|\bvariantes? (?:sont|est) (?:interdites?|refusees?)|\bpas de variantes?\b|\bvariantes?\s*:?\s*(?:sans|non|interdites?|non autorisees?)\b|\bne (?:peuvent|peut) pas presenter (?:de|une) variante/;
const VARIANTS_YES = /\bvariantes? (?:sont|est) (?:autorisees?|admises?|acceptees?|possibles?|obligatoires?)|\bvariantes?\s*:?\s*(?:avec|oui|autorisees?)\b|\b(?:peuvent|peut|pourront|sont autorises a|est autorise a) (?:proposer|presenter|remettre) (?:des|une|de) variantes?|\bvariantes?\b[^.\n]{0,80}?\b(?:sont|seront) (?:autorisees|admises|acceptees)/;

const VARIANTS_IF = /\b(?:si|lorsque|dans la mesure ou|sous reserve que)\b[^.\n]{0,60}\b(?:l'autorise|les autorise|le permet|les permet|le prevoit|les prevoit|autorise(?:nt)? les variantes)\b/;

function variants(views: PageView[]): Fact | undefined {
  const candidates = [
    ...scan(views, VARIANTS_NO).map((hit) => candidate(hit, false, 0.9)),
    // "L'entrepreneur peut proposer des variantes, si le règlement de consultation l'autorise" says nothing.
    ...scan(views, VARIANTS_YES)
      .filter((hit) => !VARIANTS_IF.test(sentenceOf(hit)))
      .map((hit) => candidate(hit, true, 0.85)),
  ];
  return decide('variantsAllowed', candidates);
}

// The three forms of price of the Code de la commande publique (R. 2112-9 to R. 2112-14): firm,
// firm but adjusted once to the start of execution ("actualisables"), and revised along the
// contract ("révisables", also "ajustables"). Prices firm for a first period and revised after it
// are revisable; a price "non actualisable" or "non révisable" is not.
const PRICE_STATEMENT = /\b(?:prix|ils|elles)\b[^.\n]{0,150}?\b(?:sont|seront|est|sera|restent|demeurent)\s+(?:reputes?\s+)?([^.\n]{0,160})/;
const PRICE_REVISION = /\b(?:formule|clause) de revision des prix\b|\bprix (?:sont|seront) revises\b/;

function priceForm(predicate: string): 'firm' | 'adjustable' | 'revisable' | undefined {
  const said = (word: string) => new RegExp(`\\b${word}`).test(predicate) && !new RegExp(`\\b(?:non|ne sont pas|ne seront pas|pas)\\s+(?:\\S+\\s+)?${word}`).test(predicate);
  const firm = /^(?:fermes?|forfaitaires? et fermes?)\b/.test(predicate);
  if (said('revis') || said('ajustab')) return 'revisable';
  if (firm && /\b(?:premiere annee|premiers? (?:\S+ )?mois|jusqu'au|de la notification au)\b/.test(predicate) && /\b(?:puis|ensuite|au-dela|annees suivantes)\b/.test(predicate)) return 'revisable';
  if (said('actualisab')) return 'adjustable';
  return firm ? 'firm' : undefined;
}

function priceType(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  for (const hit of scan(views, PRICE_STATEMENT)) {
    const form = priceForm(hit.match[1] ?? '');
    if (form) candidates.push(candidate(hit, form, 0.9));
  }
  for (const hit of scan(views, PRICE_REVISION)) candidates.push(candidate(hit, 'revisable', 0.6));
  for (const hit of scan(views, /\bprix (fermes?|actualisables?|revisables?|ajustables?)\b/)) {
    const word = hit.match[1] ?? '';
    candidates.push(candidate(hit, /^ferme/.test(word) ? 'firm' : /^actualis/.test(word) ? 'adjustable' : 'revisable', 0.5));
  }
  // A revision anywhere in the contract outweighs the firm period before it, and an adjustment a
  // bare "fermes": the form is the most that is said, not the most often said.
  const rank = { firm: 0, adjustable: 1, revisable: 2 } as const;
  const strong = candidates.filter((c) => c.score >= 0.5);
  const most = strong.reduce<keyof typeof rank | undefined>((top, c) => (top === undefined || rank[c.value as keyof typeof rank] > rank[top] ? (c.value as keyof typeof rank) : top), undefined);
  return decide('priceType', most ? candidates.filter((c) => c.value === most) : candidates);
}

const WARRANTY_SKIP = /\bextension\b|\bfinancieres?\b|\bretenue\b|\bpremiere demande\b|\bpse\b|\bau-dela\b|\bissue de la periode\b|\bavance\b|\bassurances?\b/;
const WARRANTY_KINDS: [string, RegExp][] = [
  ['parfait achèvement', /parfait achevement/],
  ['biennale', /biennale|bon fonctionnement/],
  ['décennale', /decennale/],
];

// "Les prestations ne font pas l'objet d'une garantie spécifique": the contract says there is none.
const NO_WARRANTY = /\bne (?:font|fait|feront|fera) (?:pas l'objet d'une|l'objet d'aucune) garantie\b|\b(?:aucune|pas de) garantie (?:n'est (?:prevue|demandee|exigee)|particuliere|specifique|contractuelle)\b/;

function noWarranty(views: PageView[]): Fact | undefined {
  const candidates = scan(views, NO_WARRANTY).map((hit) => {
    const [from, to] = sentenceBounds(hit.view.flat, hit.start, hit.end);
    return candidate(hit, hit.view.flat.slice(from, to).replace(/\s+/g, ' ').trim().replace(/\.$/, '').slice(0, 200), 0.75);
  });
  return decide('warranty', candidates);
}

function warranty(views: PageView[]): Fact | undefined {
  const parts = new Map<string, { text: string; source: FactSource; score: number }>();
  // "garantie de 2 ans", "durée de garantie : 1 an", "sera garanti un an (pièces et main d'œuvre)".
  const re = new RegExp(
    `\\bgaranties?\\b[^.\\n]{0,120}?(?:\\bde |\\bd'|\\ba |:\\s*)${DURATION}|\\bduree (?:minimale )?de (?:la )?garantie[^.\\n]{0,40}?(?:\\bde |\\bd'|\\ba |:\\s*)${DURATION}|\\b(?:sera|seront|est|sont) garantie?s? (?:pendant |pour |sur )?(?:une duree d(?:e |'))?${DURATION}`,
  );
  for (const hit of scan(views, re)) {
    const sentence = sentenceOf(hit);
    if (WARRANTY_SKIP.test(sentence)) continue;
    const quantity = hit.match[1] ?? hit.match[3] ?? hit.match[5] ?? '';
    const unit = hit.match[2] ?? hit.match[4] ?? hit.match[6] ?? '';
    if (!/^(?:an|annee|mois)/.test(unit)) continue;
    const duration = durationText(quantity, unit);
    if (!duration) continue;
    // "Cette garantie … d'une durée de 2 ans" names its kind in the heading above.
    const context = `${before(hit, 160)} ${sentence}`;
    const own = WARRANTY_KINDS.find(([, k]) => k.test(sentence)) ?? WARRANTY_KINDS.find(([, k]) => k.test(context.slice(-260)));
    const labour = /pieces et main d'(?:oe|œ)uvre/.test(sentence) ? " pièces et main d'œuvre" : '';
    const text = own ? `${duration} (${own[0]})` : `${duration}${labour}`;
    const key = own ? own[0] : 'base';
    const score = weightOf(hit.view) * 0.8;
    const known = parts.get(key);
    if (!known || score > known.score) parts.set(key, { text, source: sourceOf(hit.view, hit.start, hit.end), score });
  }
  if (parts.size === 0) return noWarranty(views);
  const ordered = [...parts.values()];
  return {
    key: 'warranty',
    value: ordered.map((part) => part.text).join(', '),
    sources: ordered.map((part) => part.source),
    confidence: Math.round(Math.max(...ordered.map((part) => part.score)) * 100) / 100,
  };
}

// The contract's penalty for late execution (CCAG art. 14.1) before those for a missing document,
// an unavailable service, an absence at a meeting or the social and environmental clauses.
const LATE_EXECUTION = /\bretard (?:dans |d')(?:l'execution|la livraison|la realisation)|\bdelais? d'execution\b|\bretard de livraison\b/;
const SIDE_PENALTY = /\bdocuments?\b|\blivrables?\b|\binterruption\b|\bindisponibilite\b|\babsences?\b|\brendez-vous\b|\breunions?\b|\binsertion\b|\bclauses? (?:sociales?|environnementales?)\b|\brapports?\b/;
const penaltyKind = (summary: string) => (LATE_EXECUTION.test(summary) ? 0.03 : SIDE_PENALTY.test(summary) ? -0.1 : 0);
// "P = V × R / 1000", "P = 0,5*V x R / 100": the CCAG's formula, a share of the value a day.
const PENALTY_FORMULA = /\bp\s*=\s*\(?\s*(?:(\d+(?:[.,]\d+)?)\s*[*x×]\s*)?v\s*[*x×]\s*r\s*\)?\s*\/\s*(\d{2,5})\b/;

function penalties(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  const perDay = /\bpar jour\b|\bjournali|\bpar jour (?:calendaire|ouvre|de retard)/;
  for (const view of views) {
    const hits = scan([view], /\bpar jours?\b(?: (?:calendaires?|ouvres?|de retard))?/);
    for (const hit of hits) {
      const sentence = sentenceOf(hit);
      const lead = before(hit, 1500);
      if (!/\bpenalit/.test(sentence) && !/\bpenalit/.test(lead)) continue;
      const near = view.folded.slice(Math.max(0, hit.start - 120), hit.end + 60);
      // The clause around "par jour", not the whole table it may sit in.
      const [from, to] = sentenceBounds(view.flat, hit.start, hit.end);
      let start = Math.max(from, view.flat.lastIndexOf(' ', Math.max(from, hit.start - 140)) + 1);
      const lastRetard = view.folded.lastIndexOf('retard', hit.start);
      if (lastRetard >= start) start = lastRetard;
      let end = Math.min(to, hit.end + 60);
      const nextRow = view.flat.slice(hit.end, end).search(/\sRetard\b/);
      if (nextRow >= 0) end = hit.end + nextRow;
      const summary = view.flat.slice(start, end).replace(/\s+/g, ' ').trim();
      const value: Penalties = { summary };
      // The amount of this "par jour", not of a row above it.
      const amount = [...view.folded.slice(Math.max(0, hit.start - 80), hit.end).matchAll(/(\d{1,3}(?:[ .]?\d{3})*(?:,\d{1,2})?)\s*(?:€|euros?)(?:\s*h\.?t\.?)?\s*(?:\([^)]*\)\s*)?par jours?\b/g)].at(-1);
      const fraction = /\b(\d+(?:[.,]\d+)?)\s*\/\s*(\d[\d ]*\d|\d)(?:e|eme)?\b(?!\s*\/)/.exec(sentence);
      const percent = /(\d+(?:[.,]\d+)?)\s*%[^.\n]{0,80}?par jour/.exec(near);
      if (amount) value.perDay = { amount: Number((amount[1] as string).replace(/[ .]/g, '').replace(',', '.')) };
      else if (fraction && perDay.test(sentence)) {
        const [n, d] = [Number((fraction[1] as string).replace(',', '.')), Number((fraction[2] as string).replace(/ /g, ''))];
        if (d > 0) value.perDay = { fraction: Math.round((n / d) * 1e6) / 1e6 };
      } else if (percent) value.perDay = { fraction: Math.round((Number((percent[1] as string).replace(',', '.')) / 100) * 1e6) / 1e6 };
      if (!value.perDay) continue;
      const retard = /\bretard\b/.test(sentence) || /\bretard\b/.test(near);
      const source = { ...sourceOf(view, hit.start, hit.end), excerpt: summary.slice(0, 300) };
      // What this amount is for: its clause up to just after "par jour", not the next row's.
      const clause = view.folded.slice(start, Math.min(end, hit.end + 40));
      candidates.push({ value, source, score: ((retard ? 0.85 : 0.7) + penaltyKind(clause)) * weightOf(view) });
    }
  }
  // The CCAG's formula written out: "P = V × R / 1000" (R the days of delay), "… × nombre de jours
  // de retard / 3000": a fraction of the value a day.
  for (const hit of scan(views, /(?:\bnombre de jours (?:calendaires |ouvres )?de retard|\br)\s*\)?\s*\/\s*(\d{3,5})\b/)) {
    const sentence = sentenceOf(hit);
    if (!/\bpenalit/.test(sentence) && !/\bpenalit/.test(before(hit, 400))) continue;
    if (PENALTY_FORMULA.test(sentence)) continue; // read whole, with its coefficient, below
    if (hit.match[0].trim().startsWith('r') && !/\bretard\b/.test(`${before(hit, 400)} ${sentence}`)) continue;
    const divisor = Number(hit.match[1]);
    const [from, to] = sentenceBounds(hit.view.flat, hit.start, hit.end);
    const summary = hit.view.flat.slice(from, to).replace(/\s+/g, ' ').trim().slice(0, 300);
    candidates.push({ value: { summary, perDay: { fraction: Math.round((1 / divisor) * 1e6) / 1e6 } }, source: { ...sourceOf(hit.view, hit.start, hit.end), excerpt: summary }, score: 0.85 * weightOf(hit.view) });
  }
  for (const hit of scan(views, PENALTY_FORMULA)) {
    const coefficient = hit.match[1] ? Number(hit.match[1].replace(',', '.')) : 1;
    const divisor = Number(hit.match[2]);
    if (!(coefficient > 0 && divisor > 0)) continue;
    const [from, to] = sentenceBounds(hit.view.flat, hit.start, hit.end);
    const summary = hit.view.flat.slice(from, to).replace(/\s+/g, ' ').trim().slice(0, 300);
    candidates.push({ value: { summary, perDay: { fraction: Math.round((coefficient / divisor) * 1e6) / 1e6 } }, source: { ...sourceOf(hit.view, hit.start, hit.end), excerpt: summary }, score: 0.88 * weightOf(hit.view) });
  }
  // The first late-delivery penalty of the most authoritative document, not the most common one.
  const best = candidates.sort((a, b) => b.score - a.score)[0];
  if (!best) return undefined;
  const same = candidates.filter((c) => JSON.stringify((c.value as Penalties).perDay) === JSON.stringify((best.value as Penalties).perDay));
  return { key: 'penalties', value: best.value, sources: same.map((c) => c.source).slice(0, 6), confidence: Math.round(best.score * 100) / 100 };
}

// ------------------------------------------------------------------------------------------------
// Submission

const PLATFORMS: [RegExp, string][] = [
  [/marches-publics\.gouv\.fr/, 'https://www.marches-publics.gouv.fr'],
  [/marches-publics\.info/, 'https://www.marches-publics.info'],
  [/maximilien\.fr/, 'https://marches.maximilien.fr'],
  [/achatpublic\.com/, 'https://www.achatpublic.com'],
  [/e-marchespublics\.com/, 'https://www.e-marchespublics.com'],
  [/marches-securises\.fr/, 'https://www.marches-securises.fr'],
];
const PLATFORM_NAMES: [RegExp, string][] = [
  [/\bplate-?forme (?:des achats de l'etat )?\(?place\)?|\bplace\b(?= \(|\s*$)/, 'PLACE'],
  [/\baws[- ]achat\b/, 'AWS achat'],
  [/\bmaximilien\b/, 'maximilien'],
  [/\bachatpublic\b/, 'achatpublic'],
  [/\bmegalis\b/, 'Mégalis'],
];
// Sites that are not where offers are submitted: courts, law, invoicing, and the services that
// collect the holder's compliance certificates during execution (e-attestations, Provigis…).
const NOT_PLATFORM = /tribunal|juradm|eidas|europa\.eu|economie\.gouv|legifrance|chorus|ssi\.gouv|cnil|boamp|mediation|service-public|e-attestations|attestation-legale|provigis|sipsi/;

function submissionPlatform(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  const scoreOf = (sentence: string) =>
    /\b(?:transmission|depot|remise|deposes?|transmis(?:es)?|remis(?:es)?)\b[^.]{0,120}\b(?:plis|offres?|candidatures?|documents)\b|\b(?:plis|offres?|candidatures?)\b[^.]{0,120}\b(?:transmis|deposes?|remis)\b/.test(sentence)
      ? 0.9
      : /\bprofil d'acheteur\b|\bplate-?forme\b/.test(sentence)
        ? 0.7
        : 0.4;
  for (const hit of scan(views, /\b(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:fr|com|info|eu|org|net)\b[^\s)"<>]*/)) {
    const url = hit.match[0].replace(/[.,;:]+$/, '');
    if (NOT_PLATFORM.test(url) || /@/.test(hit.view.folded.slice(Math.max(0, hit.start - 40), hit.start + 1))) continue;
    const sentence = sentenceOf(hit);
    const known = PLATFORMS.find(([re]) => re.test(url));
    const score = scoreOf(sentence);
    if (!known && score < 0.7) continue;
    const value = known ? known[1] : `https://${url.replace(/^https?:\/\//, '').replace(/\/$/, '')}`;
    // A platform where one merely creates an account, or asks questions, is not where one submits.
    const penalty = /\binvite a creer\b|\bquestions?\b|\bsignature\b|\bsigne\b/.test(sentence) ? 0.25 : 0;
    candidates.push(candidate(hit, value, score - penalty));
  }
  for (const [re, name] of PLATFORM_NAMES) {
    for (const hit of scan(views, re)) {
      // PLACE is a name in capitals, "sur place" is not.
      if (name === 'PLACE' && !hit.view.flat.slice(hit.start, hit.end).includes('PLACE')) continue;
      const sentence = sentenceOf(hit);
      if (PLATFORMS.some(([url]) => url.test(sentence))) continue; // the URL beside it said it already
      candidates.push(candidate(hit, name, scoreOf(sentence) - 0.1));
    }
  }
  return decide('submissionPlatform', candidates);
}

const SIGNATURE_NOT =
  /\bsignature electronique (?:des (?:documents|offres|pieces)|de l'offre|des plis|du contrat|de l'acte d'engagement)?[^.\n]{0,40}?\bn'est pas (?:exigee|obligatoire|requise|imposee)|\bpas de signature electronique\b|\bsignature electronique (?:est )?facultative\b|\bsans signature electronique\b|\bsigne(?:e|s)? electroniquement par (?:le |l')(?:soumissionnaire retenu|attributaire|candidat retenu)\b/;
const SIGNATURE_YES =
  /\bsignature electronique (?:des (?:documents|offres|pieces)|de l'offre|des plis|du contrat|de l'acte d'engagement)?[^.\n]{0,40}?\b(?:est |sera )?(?:exigee|obligatoire|requise|imposee)\b|\bdoivent etre signes? electroniquement\b|\bsignes? electroniquement\b[^.\n]{0,40}\bobligatoire/;

function electronicSignature(views: PageView[]): Fact | undefined {
  const candidates = [
    ...scan(views, SIGNATURE_NOT).map((hit) => candidate(hit, false, 0.9)),
    ...scan(views, SIGNATURE_YES)
      .filter((hit) => !/n'est pas|ne sont pas/.test(hit.match[0]))
      .map((hit) => candidate(hit, true, 0.85)),
  ];
  return decide('electronicSignatureRequired', candidates);
}

// ------------------------------------------------------------------------------------------------
// The technical memory's length

/** Only what the text states: a limit in pages or words, with the layout it imposes when it does. */
export type MemoryPageLimit = { pages?: number; words?: number; format?: string; fontSize?: number; annexesIncluded?: boolean };

// What the limit bears on: the mémoire technique (justificatif, méthodologique), the note
// méthodologique, the offre/proposition technique or the buyer's frame for it. Not RAM.
const MEMORY_SUBJECT = /\bmemoires?\b(?! (?:vive|ram|en reclamation)\b)|\bnotes? (?:methodologique|technique)s?\b|\b(?:offre|proposition|reponse)s? techniques?\b|\bcadre (?:de |du )?(?:reponse|memoire)s?\b|\bquestionnaire technique\b/;
// Another part limited in the same sentence: the CVs, the synthesis, the annexes as a subject.
const OTHER_SUBJECT = /\b(?:cv|curriculum|fiches?|references?|synthese|resume|lettre|planning|plans?)\b|\bannexes? (?:ne |n'|sont |seront |etant |est |sera |doivent |devront |pourront |limitee?s? )/;
const AMOUNT = `(\\d{1,3}(?:[ .]\\d{3})+|${QUANTITY})`;
const PAGE_OR_WORD = `(pages?|mots)\\b`;
const LIMIT_BEFORE = new RegExp(
  `\\b(?:ne (?:devra|doit|pourra|peut|devront|doivent|pourront|peuvent|saurait)(?: pas)? (?:exceder|depasser)|n'excede(?:ra)? pas|ne depasse(?:ra)? pas|ne pas (?:exceder|depasser)|sans (?:exceder|depasser)|limitee?s? a|dans (?:la )?limite de|plafonnee?s? a|au maximum|maximum(?: de)?|un maximum de|au plus|jusqu'a)\\s+${AMOUNT}\\s*${PAGE_OR_WORD}`,
);
const LIMIT_AFTER = new RegExp(`\\b${AMOUNT}\\s*${PAGE_OR_WORD}[^.\\n;]{0,40}?\\b(?:maximum|max|maxi|au maximum|au plus)\\b`);
const ANNEXES_EXCLUDED = /\bhors annexes?\b|\bannexes? (?:non (?:comprises?|incluses?|comptees?)|exclues?|en sus|en plus)\b|\b(?:non compris|sans (?:compter )?|en dehors d)(?:es |les )?annexes?\b|\bannexes? ne (?:sont|seront) pas (?:comprises|incluses|comptees|prises en compte)\b/;
const ANNEXES_INCLUDED = /\bannexes? (?:comprises?|incluses?)\b|\by compris (?:les |ses )?annexes?\b|\b(?<!non )compris (?:les |ses )annexes\b/;
const FONT_SIZE = /\b(?:police|taille (?:de (?:la )?)?(?:police|caracteres?)|corps|arial|calibri|times(?: new roman)?|verdana|helvetica|tahoma|garamond|century gothic|marianne)\b[^.\n;]{0,30}?\b(\d{1,2}(?:[.,]5)?)\b(?!\s*(?:pages?|mots|%))/;
// The next sentence goes on with the same memory's layout ("Il sera rédigé en Arial 11, format A4").
const LAYOUT_NEXT = /^\s*(?:il|elle|celui-ci|ce document|ce memoire|le memoire|la police|police|le format|format|les pages|le texte|la taille|la mise en page)\b/;

// The RC (or the buyer's frame, the Q&A) rules the memory; a CCAP or CCTP seldom speaks of it.
const MEMORY_DOC_WEIGHT: Partial<Record<DocumentKind, number>> = { RC: 1, CCP: 0.95, CRT: 0.9, QR: 0.8, CCAP: 0.7, CCTP: 0.5 };

const amountOf = (text: string) => (/^\d{1,3}(?:[ .]\d{3})+$/.test(text) ? Number(text.replace(/\D/g, '')) : quantityValue(text));

function memoryPageLimit(views: PageView[]): Fact | undefined {
  const candidates: Candidate[] = [];
  for (const re of [LIMIT_BEFORE, LIMIT_AFTER]) {
    for (const hit of scan(views, re)) {
      const [from, to] = sentenceBounds(hit.view.flat, hit.start, hit.end);
      const prefix = hit.view.folded.slice(from, hit.start);
      // The memory is named in the sentence before the limit, or heads the paragraph just above
      // ("Mémoire technique :" then "20 pages maximum").
      const subjects = [...prefix.matchAll(new RegExp(MEMORY_SUBJECT.source, 'g'))];
      const last = subjects.at(-1);
      const between = last ? prefix.slice((last.index ?? 0) + last[0].length) : '';
      const heading = !last && MEMORY_SUBJECT.test(hit.view.folded.slice(Math.max(0, from - 120), from));
      if ((!last && !heading) || OTHER_SUBJECT.test(between) || /^\s*(?:par |pour )?(?:chacune?|chaque|par (?:page|intervenant|personne|cv|fiche))\b/.test(hit.view.folded.slice(hit.end, hit.end + 30))) continue;
      const amount = amountOf(hit.match[1] ?? '');
      if (!amount || amount <= 0) continue;
      const unit = (hit.match[2] ?? '').startsWith('mot') ? 'words' : 'pages';
      if ((unit === 'pages' && amount > 500) || (unit === 'words' && amount < 100)) continue;
      let end = to;
      const next = sentenceBounds(hit.view.flat, Math.min(hit.view.flat.length, to + 1), Math.min(hit.view.flat.length, to + 1));
      if (hit.view.flat[to] !== '\n' && LAYOUT_NEXT.test(hit.view.folded.slice(to, next[1]))) end = next[1];
      const window = hit.view.folded.slice(from, end);
      const value: MemoryPageLimit = { [unit]: amount };
      // The other unit when the same sentence gives both ("20 pages ou 8 000 mots").
      for (const other of [LIMIT_BEFORE, LIMIT_AFTER]) {
        const more = new RegExp(other.source).exec(hit.view.folded.slice(from, to));
        const moreUnit = (more?.[2] ?? '').startsWith('mot') ? 'words' : 'pages';
        const moreAmount = more ? amountOf(more[1] ?? '') : undefined;
        if (more && moreUnit !== unit && moreAmount && value[moreUnit] === undefined) value[moreUnit] = moreAmount;
      }
      const format = /\b(a[345])\b/.exec(window);
      if (format) value.format = (format[1] as string).toUpperCase();
      const font = FONT_SIZE.exec(window);
      const size = font ? Number((font[1] as string).replace(',', '.')) : undefined;
      if (size && size >= 6 && size <= 20) value.fontSize = size;
      if (ANNEXES_EXCLUDED.test(window)) value.annexesIncluded = false;
      else if (ANNEXES_INCLUDED.test(window)) value.annexesIncluded = true;
      const excerpt = hit.view.flat.slice(from, end).replace(/\s+/g, ' ').trim();
      const source = { ...sourceOf(hit.view, hit.start, hit.end), ...(excerpt.length <= 300 ? { excerpt } : {}) };
      // Of two readings of the same limit, the one that says more (its layout too) is kept.
      const said = Object.keys(value).length * 0.001;
      candidates.push({ value, source, score: (last ? 0.9 : 0.75) * (MEMORY_DOC_WEIGHT[hit.view.doc.kind] ?? 0) + said });
    }
  }
  // The limit the most authoritative document states; its sources are all that agree on it.
  return decide('memoryPageLimit', candidates, (v) => {
    const limit = v as MemoryPageLimit;
    return `${limit.pages ?? ''}/${limit.words ?? ''}`;
  });
}

// ------------------------------------------------------------------------------------------------

/** Kinds read for facts: the forms, notices, price schedules and plans say nothing of this tender. */
const FACT_KINDS = new Set<DocumentKind>(['RC', 'CCAP', 'CCP', 'AE', 'CCTP', 'QR']);
/** The buyer's technical frame may state the memory's limit, and nothing else read here. */
const MEMORY_KINDS = new Set<DocumentKind>(['RC', 'CCP', 'CRT', 'QR', 'CCAP', 'CCTP']);
const ORDER: DocumentKind[] = ['RC', 'CCAP', 'CCP', 'AE', 'QR', 'CCTP'];

export function extractFacts(documents: Doc[], options: { now?: Date } = {}): Fact[] {
  const docs = documents.filter((doc) => FACT_KINDS.has(doc.kind)).sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  const views = docs.flatMap(pageViews);
  const rcViews = views.filter((view) => view.doc.kind === 'RC');
  const facts: (Fact | undefined)[] = [];

  const submission = submissionDeadline(views, options.now);
  facts.push(submission.fact, questionsDeadline(views, submission.wall, options.now), siteVisit(views), procedure(views));

  // The lots as the RC, CCAP or AE state them; a DCE of CCTPs alone lists them in its CCTPs.
  const cctpLots = () => {
    const found = findLots(views.filter((view) => view.doc.kind === 'CCTP'));
    return found && { ...found, confidence: Math.min(found.confidence, 0.6) };
  };
  const lots = findLots(views.filter((view) => view.doc.kind !== 'QR' && view.doc.kind !== 'CCTP')) ?? cctpLots();
  if (lots) facts.push({ key: 'lots', value: lots.value, sources: lots.sources, confidence: lots.confidence });

  const criteriaViews = rcViews.length > 0 ? rcViews : views.filter((view) => view.doc.kind !== 'CCTP');
  const groups = findCriteriaGroups(criteriaViews);
  const complete = groups.every((group) => Math.abs(group.criteria.reduce((total, c) => total + c.weight, 0) - 100) <= 1);
  if (groups.length === 1) {
    const [{ criteria, sources }] = groups as [CriteriaGroup];
    facts.push({ key: 'awardCriteria', value: criteria, sources, confidence: complete ? 0.85 : 0.5 });
  } else if (groups.length > 1) {
    const value: CriteriaByLots = groups.map((group) => ({ lots: group.lots ?? [], criteria: group.criteria }));
    facts.push({ key: 'awardCriteriaByLots', value, sources: groups.flatMap((group) => group.sources), confidence: complete ? 0.8 : 0.5 });
  }

  facts.push(contractDuration(views), executionDelay(views), offerValidity(views), variants(views), priceType(views), warranty(views), penalties(views));

  const required = findRequiredDocuments(rcViews);
  if (required) {
    for (const [key, found] of [['candidatureDocuments', required.candidature], ['offerDocuments', required.offer]] as const) {
      if (found.codes.size === 0) continue;
      facts.push({ key, value: [...found.codes.keys()], sources: [...found.codes.values()], confidence: 0.7 });
    }
  }

  facts.push(submissionPlatform(views.filter((view) => view.doc.kind !== 'CCTP')), electronicSignature(views));
  facts.push(memoryPageLimit(documents.filter((doc) => MEMORY_KINDS.has(doc.kind)).flatMap(pageViews)));
  // The RC's rules on the pli's files (formats, sizes, names, folders): server/analysis/dce/file-rules.ts.
  facts.push(fileRules(views));
  return facts.filter((fact): fact is Fact => Boolean(fact));
}
