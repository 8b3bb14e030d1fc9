// Which memory section each CCTP requirement belongs to (issue 23). A section is an award
// criterion or sub-criterion: its name, the RC's words under it ("Apprécié au regard de la
// largeur minimale de piste…") and its parent's name; a requirement is its text and the headings
// it sits under in the CCTP ("Garantie, SAV et support technique › Garantie"). The headings
// decide first, the text when they say nothing clear; the words they share count by how much
// they belong to that section rather than to the others. A requirement goes to its best section
// only when the match is clear: enough shared words, and well ahead of the runner-up; otherwise
// to none (the outline's "Exigences du CCTP"), since a wrong link is worse than none: it tells
// the writer to answer the requirement where the grader will not look for it, and counts it
// against the wrong criterion. Pure functions; `npm run bench:links` measures them.
import { headingOf } from '../../analysis/cctp/layout';
import { foldText, lexemes, words } from '../../analysis/retrieval/lexemes';
import { ENGLISH_TERMS, SYNONYMS } from '../../analysis/retrieval/synonyms';

export type LinkSection = {
  /** The criterion's name, or the sub-criterion's. */
  name: string;
  /** The criterion's name, for a sub-criterion. */
  parent?: string;
  /** The RC's words under the (sub-)criterion, when found. */
  passage?: string;
};
export type LinkRequirement = {
  id: string;
  text: string;
  /** The CCTP headings the requirement sits under, outermost first (its own heading last). */
  headings: string[];
};
export type Link = {
  requirementId: string;
  /** The index of the section, or null: no clear match. */
  section: number | null;
  score: number;
  /** The runner-up section's score. */
  runnerUp: number;
};

/**
 * The least score a link by the requirement's text needs: two words of the criterion's name, or
 * one with two of the RC's words about it (one word alone is chance: "sécurité" in an audit's tasks).
 */
export const LINK_MIN_SCORE = 1.6;
/** The least score a link by the requirement's CCTP headings needs: one word of the name, or one said the same ("maintenance" for "SAV"). */
export const LINK_MIN_HEADING_SCORE = 1;
/** And how far ahead of the runner-up a link must be (best ≥ MARGIN × runner-up). */
export const LINK_MARGIN = 1.6;
/** A word in more than this share of the requirements counts less, down to nothing in all of them (from 20 requirements on). */
const COMMON_SHARE = 1 / 3;
const MIN_FOR_COMMON = 20;
/** A link by text alone needs this share of its heading's requirements going the same way (from 3 requirements on). */
const GROUP_SHARE = 1 / 3;
/** Weights of a section's words (its name, the RC's words under it, its parent's name, phrases said the same as the name's) and of a requirement's (its text, its headings). */
const WEIGHT = { name: 1, passage: 0.8, parent: 0.35, related: 0.7, text: 1, heading: 1.5 };
// Stems of one word family the stemmer leaves apart.
const IRREGULAR: Record<string, string> = { suivr: 'suiv', suit: 'suiv', pilotag: 'pilot', environnemental: 'environ' };
// The headings of the CCTP's object, context or definitions speak of the whole contract.
const CONTEXT_HEADING = /^\s*(?:l'|la |le |les )?(?:objet|contexte|presentation|preambule|definitions?|glossaire|generalites|sommaire)\b/;

// Words any requirement or criterion may hold: they say nothing of which criterion it answers.
const GENERIC = new Set(
  lexemes(
    `titulaire prestataire fournisseur marché marchés système systèmes prestation prestations candidat candidats soumissionnaire offre offres acheteur pouvoir adjudicateur
    cahier charges clauses article document documents devra être fourni fournir fournit ensemble cadre présent présente apprécié appréciée appréciés regard notamment
    critère critères sous-critère sous-critères note noté notés notation points pondération pondéré qualité valeur technique techniques performance performances
    minimum minimal minimale minimaux maximum maximal maximale maximaux tel telle tels telles décrit décrites décrits prise compte lien objet général générale
    mise place mettre œuvre oeuvre assurer assure garantir permettre permet capacité capacités moyens proposé proposée proposés proposer proposition justifié justifiés données
    niveau ensemble cas besoin besoins ci-dessous suivant suivants suivantes également chacun chacune toute partie nécessaire nécessaires adapté adaptée adaptés
    gestion service services cctp ccap rc spécification spécifications solution solutions application applications utilisateur utilisateurs usager usagers pts pt
    jour jours mois an ans année années semaine semaines heure heures lot lots exécution
    explique expliquer démontre démontrer montre montrer détaille détailler décrit décrire précise préciser présente présenter
    justifie justifier évalue évaluer évaluation apprécie apprécier juge jugé jugée prend prendre compte manière comment façon faculté
    clarté pertinence cohérence adéquation taux défini définie définis propre propres appuyant appui`,
  ),
);
const NUMBER = /^\d/;

const keep = (lexeme: string) => !GENERIC.has(lexeme) && !NUMBER.test(lexeme) && lexeme.length > 1;

// "…des performances du système, hors finesse de structuration, notamment…": what a criterion
// leaves out is not its subject.
const EXCLUSION = /\b(?:hors|sauf|a l'exception d[eu]s?|a l'exclusion d[eu]s?|excepte)\b[^,;:.()]*/g;
const withoutExclusions = (text: string) => foldText(text).replace(/[’‘]/g, "'").replace(EXCLUSION, ' ');

// Groups of phrases that say the same thing in procurement French (the chat's synonyms, and the
// French side of its English lexicon), as lexeme sequences: "SAV" is "maintenance" and "support
// technique", "BPU" is "prix" and "bordereau". A group with a generic word ("marché",
// "prestations", "titulaire") would tie everything to everything: left out. A phrase of several
// words counts only whole ("mise en service"), as one term.
type Phrase = string[];
// And the usual subjects of award criteria, as a CCTP words them.
const CRITERIA_TERMS: readonly (readonly string[])[] = [
  ['transition', 'migration', 'bascule', 'initialisation', 'phase de transition'],
  ['réversibilité', 'portabilité', 'fin de marché', 'restitution', 'transfert de compétences'],
  ['gouvernance', 'pilotage', 'comité de pilotage', 'COPIL', 'comité de suivi', 'COSUI', 'instances de suivi'],
  ['planning', 'calendrier', 'jalons', 'échéancier', 'rétroplanning'],
  ['environnement', 'environnemental', 'sobriété', 'énergie', 'énergétique', 'déchets', 'emballages', 'recyclage', 'recyclés', 'carbone', 'écoconception'],
  ['SAV', 'service après-vente', 'garantie', 'pièces détachées', 'support technique', 'hotline', 'dépannage'],
  ['sécurité', 'cybersécurité', 'confidentialité', 'RGPD', 'données personnelles'],
  ['formation', 'sensibilisation', 'prise en main', 'transfert de compétences'],
];
const RELATED: Phrase[][] = [...SYNONYMS, ...ENGLISH_TERMS.map((entry) => entry.fr), ...CRITERIA_TERMS]
  .map((group) => group.map((phrase) => lexemes(phrase)).filter((phrase) => phrase.length > 0))
  .filter((group) => group.length > 1 && group.every((phrase) => phrase.length > 1 || keep(phrase[0] as string)));
const MAX_PHRASE = Math.max(...RELATED.flat().map((phrase) => phrase.length));

const containsPhrase = (sequence: string[], phrase: Phrase) => {
  outer: for (let at = 0; at + phrase.length <= sequence.length; at++) {
    for (let k = 0; k < phrase.length; k++) if (sequence[at + k] !== phrase[k]) continue outer;
    return true;
  }
  return false;
};

type Vocabulary = Map<string, number>;
const add = (into: Vocabulary, terms: string[], weight: number) => {
  for (const raw of terms) {
    const term = IRREGULAR[raw] ?? raw;
    if ((term.includes(' ') || keep(term)) && (into.get(term) ?? 0) < weight) into.set(term, weight);
  }
};
/** A text's terms: its lexemes, and its runs of two or more lexemes (the phrases of RELATED are looked up among them). */
const phrasesOf = (sequence: string[]) => {
  const out: string[] = [];
  for (let n = 2; n <= MAX_PHRASE; n++) for (let at = 0; at + n <= sequence.length; at++) out.push(sequence.slice(at, at + n).join(' '));
  return out;
};

/** A section's words and their weights: its name, the RC's words under it, its parent's name, and the phrases related to them. */
export function sectionVocabulary(section: LinkSection): Vocabulary {
  const vocabulary: Vocabulary = new Map();
  const own = [
    { text: section.name, weight: WEIGHT.name, related: true },
    { text: section.passage ?? '', weight: WEIGHT.passage, related: false },
    { text: section.parent ?? '', weight: WEIGHT.parent, related: true },
  ];
  for (const { text, weight, related } of own) {
    const sequence = lexemes(withoutExclusions(text));
    add(vocabulary, sequence, weight);
    // Phrases said the same as the names' only: a passage says enough in its own words.
    if (!related) continue;
    for (const group of RELATED) {
      if (!group.some((phrase) => containsPhrase(sequence, phrase))) continue;
      for (const phrase of group) add(vocabulary, [phrase.join(' ')], weight * WEIGHT.related);
    }
  }
  return vocabulary;
}

/** A requirement's words and their weights: its text (unless `withText` is false) and its headings, which say more of what it is for. */
export function requirementVocabulary(requirement: Pick<LinkRequirement, 'text' | 'headings'>, withText = true): Vocabulary {
  const vocabulary: Vocabulary = new Map();
  const parts = [...(withText ? [{ text: requirement.text, weight: WEIGHT.text }] : []), ...requirement.headings.map((text) => ({ text, weight: WEIGHT.heading }))];
  for (const { text, weight } of parts) {
    const sequence = lexemes(text);
    add(vocabulary, sequence, weight);
    add(vocabulary, phrasesOf(sequence), weight);
  }
  return vocabulary;
}

/**
 * Each requirement's section. A word counts for a section as its weight in the requirement times
 * its weight in the section times its share of the word's weight over all sections (a word every
 * sub-criterion has from their parent counts little), less when most requirements have it. The
 * requirement's CCTP headings decide first, when they clearly say a section's subject (score ≥
 * LINK_MIN_HEADING_SCORE, LINK_MARGIN ahead); else its text with them (≥ LINK_MIN_SCORE, LINK_MARGIN
 * ahead), a link its heading's other requirements do not share being dropped; the CCTP's object or
 * context is no section's. Null: no clear section.
 */
export function linkRequirements(sections: LinkSection[], requirements: LinkRequirement[]): Link[] {
  const vocabularies = sections.map(sectionVocabulary);
  const total = new Map<string, number>();
  for (const vocabulary of vocabularies) for (const [term, weight] of vocabulary) total.set(term, (total.get(term) ?? 0) + weight);
  const termsOf = requirements.map((r) => requirementVocabulary(r));
  // A word most of the CCTP's requirements have (a heading over hundreds of them: "Description
  // et modalités d'exécution") tells them apart from nothing: it counts less above a third of them.
  const df = new Map<string, number>();
  for (const terms of termsOf) for (const term of terms.keys()) if (total.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
  const common = (term: string) => {
    const share = (df.get(term) ?? 0) / requirements.length;
    return share <= COMMON_SHARE || requirements.length < MIN_FOR_COMMON ? 1 : Math.max(0, Math.log(1 / share) / Math.log(1 / COMMON_SHARE));
  };
  const scoresOf = (terms: Vocabulary) =>
    vocabularies.map((vocabulary) => {
      let score = 0;
      for (const [term, weight] of terms) {
        const own = vocabulary.get(term);
        if (own) score += weight * own * (own / (total.get(term) as number)) * common(term);
      }
      return score;
    });
  const decide = (scores: number[], least: number) => {
    let best = -1;
    let runnerUp = 0;
    scores.forEach((score, at) => {
      if (best < 0 || score > (scores[best] as number)) {
        if (best >= 0) runnerUp = Math.max(runnerUp, scores[best] as number);
        best = at;
      } else runnerUp = Math.max(runnerUp, score);
    });
    const score = best >= 0 ? (scores[best] as number) : 0;
    return { section: score >= least && score >= LINK_MARGIN * runnerUp ? best : null, score, runnerUp };
  };
  // The headings first: the CCTP's own outline says what a requirement is for ("Réversibilité ›
  // Livrables obligatoires: Dossiers d'exploitation…" is reversibility, not operations); the text
  // with them when they say nothing clear. A heading says a section's subject when it has a word of the section's name (or one said
  // the same), two words of the RC's description of it, or all its words in that description
  // ("Indicateurs"): one word of a description is chance ("mise à disposition" is not "dispositif").
  const described = sections.map((section, at) => {
    const named = sectionVocabulary({ ...section, passage: '' });
    return new Set([...(vocabularies[at] as Vocabulary).keys()].filter((term) => !named.has(term)));
  });
  const saysSubject = (headings: string[], section: number) => {
    const vocabulary = vocabularies[section] as Vocabulary;
    const onlyDescribed = described[section] as Set<string>;
    const words = headings.map((heading) => [...requirementVocabulary({ text: '', headings: [heading] }, false).keys()]);
    const matched = new Set(words.flat().filter((term) => vocabulary.has(term)));
    if ([...matched].some((term) => !onlyDescribed.has(term))) return true;
    if ([...matched].filter((term) => !term.includes(' ')).length >= 2) return true;
    return words.some((terms) => {
      const single = terms.filter((term) => !term.includes(' '));
      return single.length > 0 && single.every((term) => vocabulary.has(term));
    });
  };
  const byHeadings = new Map<string, ReturnType<typeof decide>>();
  const decisions = requirements.map((requirement, at) => {
    const key = requirement.headings.join('\u0000');
    let heading = byHeadings.get(key);
    if (!heading) {
      heading = decide(scoresOf(requirementVocabulary(requirement, false)), LINK_MIN_HEADING_SCORE);
      if (heading.section !== null && !saysSubject(requirement.headings, heading.section)) heading = { ...heading, section: null };
      byHeadings.set(key, heading);
    }
    return heading.section !== null ? { key, byText: false, ...heading } : { key, byText: true, ...decide(scoresOf(termsOf[at] as Vocabulary), LINK_MIN_SCORE) };
  });
  // A link by its text alone that few of its heading's requirements share is a stray word ("la
  // sécurité" among an audit's tasks): kept when at least a third of the heading's requirements go
  // the same way.
  const groups = new Map<string, number>();
  const votes = new Map<string, number>();
  for (const d of decisions) {
    groups.set(d.key, (groups.get(d.key) ?? 0) + 1);
    if (d.byText && d.section !== null) votes.set(`${d.key}\u0001${d.section}`, (votes.get(`${d.key}\u0001${d.section}`) ?? 0) + 1);
  }
  return decisions.map(({ key, byText, section, score, runnerUp }, at) => {
    const requirement = requirements[at] as LinkRequirement;
    const size = groups.get(key) as number;
    const stray = byText && section !== null && size > 2 && (votes.get(`${key}\u0001${section}`) as number) < size * GROUP_SHARE;
    const general = CONTEXT_HEADING.test(foldText(requirement.headings[0] ?? ''));
    return { requirementId: requirement.id, section: stray || general ? null : section, score, runnerUp };
  });
}

// ---------------------------------------------------------------------------------------------
// The RC's words under each criterion.

type PageLike = { documentId: string; entry: string | null; page: number; body: string };
type Token = { word: string; line: number };

const BULLET = /^\s*(?:[•●▪■◦○·∙►➢✓*\-–—]|o(?=\s)|[\uE000-\uF8FF])\s*/u;
const indentOf = (line: string) => line.length - line.trimStart().length;
/** The words of a criterion's name, as matched in the RC: folded, numbers and weights aside. */
const nameWords = (name: string) => words(name).filter((w) => !NUMBER.test(w));
const PASSAGE_WORDS = 150;

/**
 * The RC's words under each named criterion: for each place its name is written (a table row,
 * a list item, the scoring method), the lines that follow, down to the next criterion's name, a
 * heading, a paragraph that is not the criterion's (after a blank line, back at the name's
 * indent and not a list item), or 150 words. `names` are every criterion's and sub-criterion's;
 * only pages of `documentIds` are read when given (the RC, from the criteria's sources).
 */
export function criterionPassages(names: string[], pages: PageLike[], documentIds?: Set<string>): string[] {
  const keys = names.map(nameWords);
  const passages = names.map(() => new Set<string>());
  for (const page of pages) {
    if (documentIds?.size && !documentIds.has(page.documentId)) continue;
    const lines = page.body.split('\n');
    const tokens: Token[] = [];
    lines.forEach((line, at) => {
      for (const word of words(line)) tokens.push({ word, line: at });
    });
    // Where each name starts and ends (its first words, at least three, or all of a shorter name at a line's start).
    const starts: { name: number; from: number; to: number }[] = [];
    keys.forEach((key, name) => {
      const probe = key.slice(0, Math.min(key.length, 6));
      if (!probe.length) return;
      for (let at = 0; at + probe.length <= tokens.length; at++) {
        if (!probe.every((word, k) => tokens[at + k]?.word === word)) continue;
        if (probe.length < 3) {
          const line = tokens[at]!.line;
          const before = tokens.filter((t, i) => i < at && t.line === line).map((t) => t.word);
          // Only list markers before a short name: "2.1 -", "Critère n°2 :", "a)".
          if (before.some((w) => !/^(?:\d+|[a-z]|n|critere|sous|sous-critere)$/.test(w))) continue;
        }
        // The rest of the name, over a weight written in its middle ("…mise en service, 10.0 % formation, SAV…").
        let to = at + probe.length;
        let matched = probe.length;
        for (let next = to; next < tokens.length && matched < key.length; next++) {
          const word = tokens[next]!.word;
          if (word === key[matched]) {
            matched++;
            to = next + 1;
          } else if (!NUMBER.test(word)) break;
        }
        starts.push({ name, from: at, to });
      }
    });
    starts.sort((a, b) => a.from - b.from);
    for (const [k, start] of starts.entries()) {
      const stop = starts.slice(k + 1).find((s) => s.from >= start.to && s.name !== start.name)?.from ?? tokens.length;
      const nameLine = tokens[start.from]!.line;
      const nameIndent = indentOf(lines[nameLine] ?? '');
      const kept: string[] = [];
      let count = 0;
      // The rest of the name's last line (after the name: a weight, a colon, the start of its description).
      const lastLine = tokens[start.to - 1]!.line;
      const tail = tokens.filter((t, i) => i >= start.to && i < stop && t.line === lastLine).map((t) => t.word);
      if (tail.length) {
        kept.push(tail.join(' '));
        count += tail.length;
      }
      const stopLine = stop < tokens.length ? tokens[stop]!.line : lines.length;
      let blank = false;
      for (let line = lastLine + 1; line < stopLine && count < PASSAGE_WORDS; line++) {
        const text = lines[line] ?? '';
        if (!text.trim()) {
          blank = true;
          continue;
        }
        if (headingOf(text)) break;
        if (blank && !BULLET.test(text) && indentOf(text) <= nameIndent + 2) break;
        blank = false;
        // The line as written (its commas and brackets bound a "hors …" clause), up to the next name.
        const lineTokens = tokens.filter((t, i) => t.line === line && i < stop);
        const raw = lineTokens.length < words(text).length ? lineTokens.map((t) => t.word).join(' ') : text.trim();
        kept.push(raw);
        count += lineTokens.length;
      }
      const passage = kept.join(' ').trim();
      if (passage) passages[start.name]!.add(passage);
    }
  }
  return passages.map((set) => [...set].join(' '));
}

// ---------------------------------------------------------------------------------------------
// The CCTP headings a requirement sits under.

export type HeadedRequirement = { documentId?: string | null; entry?: string | null; page: number; sectionNumber: string; sectionTitle?: string };
type Heading = { number: string; title: string; page: number; order: number };

// A line of the table of contents: dot leaders and a page number.
const TOC_LINE = /(?:\.{4,}|…{2,}|(?:\. ){4,}|_{4,})\s*\d{1,3}\s*$/;

/**
 * The headings each requirement sits under, outermost first: its own section's heading, and the
 * headings whose numbers prefix its number ("3.1.2" sits under "3.1" and "3"), the last of each
 * written before it in its document. A requirement of a document not in `pages` has its own title only.
 */
export function headingPaths(requirements: HeadedRequirement[], pages: PageLike[]): string[][] {
  const byDocument = new Map<string, Heading[]>();
  let order = 0;
  for (const page of pages) {
    const key = `${page.documentId}\u0000${page.entry ?? ''}`;
    const list = byDocument.get(key) ?? [];
    for (const line of page.body.split('\n')) {
      if (TOC_LINE.test(line)) continue;
      const heading = headingOf(line);
      if (heading?.number) list.push({ ...heading, page: page.page, order: order++ });
    }
    byDocument.set(key, list);
  }
  return requirements.map((requirement) => {
    const own = requirement.sectionTitle ?? '';
    if (!requirement.sectionNumber) return own ? [own] : [];
    const headings = byDocument.get(`${requirement.documentId ?? ''}\u0000${requirement.entry ?? ''}`) ?? [];
    const before = headings.filter((h) => h.page <= requirement.page);
    const mine = before.findLast((h) => h.number === requirement.sectionNumber && (!own || foldText(h.title) === foldText(own)));
    const path: string[] = [];
    const parts = requirement.sectionNumber.split('.');
    for (let depth = 1; depth < parts.length; depth++) {
      const number = parts.slice(0, depth).join('.');
      const parent = before.findLast((h) => h.number === number && (!mine || h.order < mine.order));
      if (parent) path.push(parent.title);
    }
    path.push(own || mine?.title || '');
    return path.filter(Boolean);
  });
}
