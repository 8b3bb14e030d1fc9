// With a language model configured, the facts the DCE rules did not find are asked of it, in one
// request, from a few passages of the RC, CCAP, AE and other documents. Only what it can show is
// kept: a value of its key's shape, from a passage it was given, with an excerpt that is there.
import type { FactKey } from '../../analysis/dce/types';
import { buildIndex, foldText, lexemes, queryTerms, search, type Passage } from '../../analysis/retrieval';
import type { ReadDocument } from '../tender-docs/read';
import type { StoredFact } from '../../db/schema';
import { AppError } from '../../errors';
import { LlmError, type ChatMessage, type Llm } from '../../llm/client';
import { checkFactValue } from './fact-values';

/** Where the model is asked for a key, the French query that finds its passages and the shape of its value (docs/dce-analysis.md). */
// candidatureDocuments and offerDocuments are not asked: their lists run over a page or more of
// the RC, more than a passage holds, and a part of the list would pass for the whole of it.
const ASKED: Partial<Record<FactKey, { query: string; shape: string }>> = {
  submissionDeadline: { query: 'date heure limite de remise réception des offres', shape: 'date-heure ISO 8601 avec le décalage de Paris, ex. "2026-07-15T12:00:00+02:00"' },
  questionsDeadline: { query: 'date limite questions demandes de renseignements complémentaires', shape: 'date-heure ISO 8601 avec le décalage de Paris, ex. "2026-07-05T12:00:00+02:00"' },
  siteVisit: { query: 'visite des lieux du site obligatoire facultative', shape: '{"required": booléen, "date"?: date-heure ISO 8601 avec le décalage de Paris}' },
  procedure: { query: 'procédure de passation adaptée appel d\'offres ouvert restreint', shape: 'une de "open", "restricted", "adapted" (MAPA), "negotiated", "competitive_dialogue", "other"' },
  lots: { query: 'allotissement décomposition en lots', shape: '{"allotted": booléen, "lots": [{"number": entier, "title": texte, "estimatedAmount"?: nombre en euros HT}]}' },
  awardCriteria: { query: 'critères de jugement des offres pondération prix valeur technique', shape: '[{"name": texte, "weight": % du total, "subCriteria"?: [{"name", "weight"}]}], les poids totalisent 100 ("sur 40 points" ramené en %)' },
  contractDuration: { query: 'durée du marché reconduction', shape: 'texte tel qu\'écrit, ex. "1 an reconductible 3 fois"' },
  executionDelay: { query: 'délai d\'exécution de livraison', shape: 'texte tel qu\'écrit, ex. "6 semaines"' },
  offerValidityDays: { query: 'délai de validité des offres', shape: 'nombre entier de jours ("4 mois" vaut 120)' },
  variantsAllowed: { query: 'variantes autorisées', shape: 'booléen' },
  priceType: { query: 'prix fermes révisables actualisables révision des prix', shape: '"firm" (prix fermes, non actualisables), "adjustable" (prix fermes actualisables) ou "revisable" (prix révisables, y compris fermes la première année puis révisés)' },
  warranty: { query: 'délai de garantie des prestations', shape: 'texte tel qu\'écrit, ex. "12 mois à compter de la réception"' },
  penalties: { query: 'pénalités de retard par jour', shape: '{"summary": texte court, "perDay"?: {"fraction"?: fraction du montant par jour, ex. 0.001 pour 1/1000, "amount"?: euros par jour}}' },
  submissionPlatform: { query: 'plateforme de dématérialisation remise des offres profil d\'acheteur', shape: 'texte : l\'adresse ou le nom de la plateforme' },
  electronicSignatureRequired: { query: 'signature électronique exigée', shape: 'booléen' },
};

/** Kinds whose pages are read: the CCTP, price schedules and forms say little of these facts. */
const READ_KINDS = new Set(['RC', 'CCAP', 'AE', 'OTHER']);
const MAX_PASSAGES = 6;
/** The whole request: instructions, shapes and passages. */
const MAX_REQUEST_CHARS = 6000;
/** A passage is cut to the lines around what its key asks, so that six fit. */
const MAX_PASSAGE_CHARS = 900;
const MIN_EXCERPT_CHARS = 4;
const MAX_EXCERPT_CHARS = 300;
export const LLM_CONFIDENCE = 0.5;

const SYSTEM_PROMPT = [
  "Tu lis le dossier de consultation d'un marché public français pour une entreprise qui y répond.",
  'Tu réponds uniquement à partir des extraits numérotés fournis, jamais de mémoire, en JSON.',
  "Quand les extraits ne disent pas une information, sa valeur est null : ne devine pas.",
].join('\n');

/** Folded and whitespace-collapsed, for comparing an excerpt with its passage. */
const flat = (text: string) => foldText(text).replace(/[’‘`]/g, "'").replace(/[«»“”]/g, '"').replace(/\s+/g, ' ').trim();

/** The lines of a passage, at most MAX_PASSAGE_CHARS, that hold most of what the query asks. */
function window(text: string, query: string): string {
  if (text.length <= MAX_PASSAGE_CHARS) return text;
  const terms = queryTerms(query);
  const lines = text.split('\n');
  const weights = lines.map((line) => lexemes(line).reduce((sum, term) => sum + (terms.get(term) ?? 0), 0));
  let best = { from: 0, to: 0, score: -1 };
  for (let from = 0; from < lines.length; from++) {
    let length = 0;
    let score = 0;
    let to = from;
    while (to < lines.length && length + (lines[to] as string).length + 1 <= MAX_PASSAGE_CHARS) {
      length += (lines[to] as string).length + 1;
      score += weights[to] as number;
      to++;
    }
    if (to > from && score > best.score) best = { from, to, score };
  }
  // A single line longer than the cap: its start.
  return best.to > best.from ? lines.slice(best.from, best.to).join('\n') : text.slice(0, MAX_PASSAGE_CHARS);
}

function messages(keys: FactKey[], passages: Passage[]): ChatMessage[] {
  const shapes = keys.map((key) => `- ${key} : ${ASKED[key]!.shape}`).join('\n');
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.fileName}, p. ${p.page}\n${p.text.trim()}`).join('\n\n');
  const user = [
    `Informations demandées, avec la forme de chaque valeur :\n${shapes}`,
    'Réponds par un objet JSON {"facts": {"<clé>": {"value": <valeur>, "passage": <numéro de l\'extrait>, "excerpt": "<court passage recopié mot pour mot de cet extrait>"} ou null}}, une entrée par clé demandée.',
    `Extraits :\n\n${numbered}`,
  ].join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: user },
  ];
}

/** Each key's best passages in turn (its first, then its second…) until MAX_PASSAGES or the request's size. */
function selectPassages(keys: FactKey[], documents: ReadDocument[], budget: number): Passage[] {
  const index = buildIndex(
    documents
      .filter((doc) => READ_KINDS.has(doc.kind))
      .flatMap((doc) => doc.pages.map((page) => ({ documentId: doc.documentId, entry: doc.entry, fileName: doc.fileName, page: page.page, body: page.text }))),
  );
  const ranked = keys.map((key) => search(index, ASKED[key]!.query, MAX_PASSAGES).map((hit) => ({ passage: hit.passage, query: ASKED[key]!.query })));
  const chosen: Passage[] = [];
  const taken = new Set<Passage>();
  let used = 0;
  for (let depth = 0; depth < MAX_PASSAGES && chosen.length < MAX_PASSAGES; depth++) {
    for (const hits of ranked) {
      const hit = hits[depth];
      if (!hit || taken.has(hit.passage) || chosen.length >= MAX_PASSAGES) continue;
      const text = window(hit.passage.text, hit.query);
      if (used + text.length > budget) continue;
      taken.add(hit.passage);
      chosen.push({ ...hit.passage, text });
      used += text.length + 40; // its header line
    }
  }
  return chosen;
}

/** The model's excerpt without the quotes or ellipses it may wrap it in. */
const bareExcerpt = (excerpt: string) => excerpt.replace(/\s+/g, ' ').trim().replace(/^["«“'\s]+|["»”'\s]+$/g, '').replace(/^(\.\.\.|…)\s*|\s*(\.\.\.|…)$/g, '').trim();

function shortened(excerpt: string): string {
  if (excerpt.length <= MAX_EXCERPT_CHARS) return excerpt;
  const cut = excerpt.slice(0, MAX_EXCERPT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

/** The facts of the answer that pass every check; the others are dropped one by one. */
function keptFacts(answer: unknown, keys: FactKey[], passages: Passage[]): StoredFact[] {
  const facts = (answer as { facts?: unknown } | null)?.facts;
  if (typeof facts !== 'object' || facts === null) return [];
  const kept: StoredFact[] = [];
  for (const key of keys) {
    const entry = (facts as Record<string, unknown>)[key] as { value?: unknown; passage?: unknown; excerpt?: unknown } | null | undefined;
    if (typeof entry !== 'object' || entry === null || entry.value === null || entry.value === undefined) continue;
    try {
      checkFactValue(key, entry.value);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const number = typeof entry.passage === 'string' ? Number(entry.passage.replace(/[[\]\s]/g, '')) : entry.passage;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > passages.length) continue;
    const passage = passages[number - 1] as Passage;
    const excerpt = typeof entry.excerpt === 'string' ? bareExcerpt(entry.excerpt) : '';
    if (flat(excerpt).length < MIN_EXCERPT_CHARS || !flat(passage.text).includes(flat(excerpt))) continue;
    kept.push({
      key,
      value: entry.value,
      sources: [{ documentId: passage.documentId, entry: passage.entry, fileName: passage.fileName, page: passage.page, excerpt: shortened(excerpt) }],
      confidence: LLM_CONFIDENCE,
      status: 'extracted',
      origin: 'llm',
    });
  }
  return kept;
}

/**
 * Asks the model, in one JSON request, for the facts the rules did not find, from the passages of
 * the RC, CCAP, AE and other documents that best match each one, and returns those it can back
 * with a passage it was sent (origin 'llm', confidence 0.5). Nothing is sent when no fact is
 * missing or no passage matches. Throws LlmError when the model fails or its answer is no JSON.
 */
export async function fillGapsWithLlm(llm: Llm, documents: ReadDocument[], facts: { key: string }[], options: { signal?: AbortSignal } = {}): Promise<StoredFact[]> {
  const found = new Set(facts.map((fact) => fact.key));
  // Criteria read per group of lots are the criteria.
  if (found.has('awardCriteriaByLots')) found.add('awardCriteria');
  const keys = (Object.keys(ASKED) as FactKey[]).filter((key) => !found.has(key));
  if (keys.length === 0) return [];
  const budget = MAX_REQUEST_CHARS - messages(keys, []).reduce((sum, m) => sum + m.content.length, 0);
  const passages = selectPassages(keys, documents, budget);
  if (passages.length === 0) return [];

  const reply = await llm.complete(messages(keys, passages), { json: true, temperature: 0, signal: options.signal });
  let answer: unknown;
  try {
    // json mode asks for bare JSON; some endpoints still fence it.
    answer = JSON.parse(reply.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch (error) {
    throw new LlmError('llm-unavailable', error);
  }
  return keptFacts(answer, keys, passages);
}
