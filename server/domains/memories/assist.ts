// Assisted writing of a memory's section (issue 12): a suggestion the writer accepts or rejects,
// never written to the section here. With the configured language model, a draft from the
// section's criterion, the buyer's passages, the CCTP requirements it covers and the company's
// library and resumes, or a rewrite of a passage; without one, a draft template made of the same
// material, and nothing is sent anywhere.
import { PassThrough } from 'node:stream';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { cctpRequirements, libraryBlocks, memories, memorySections, type MemoryCriterion } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { LlmError, type ChatMessage } from '../../llm/client';
import { llmAccess, llmNotInPlan } from '../../llm/for-company';
import { reachableTender } from '../tenders/access';
import { tsQueryOf } from '../library/view';
import { loadResources } from './resources';
import { plainText, type TipTapDoc, type TipTapNode } from './tiptap';

export type AssistAction = 'draft' | 'rewrite' | 'shorten' | 'expand' | 'translate' | 'fix_french';
type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** What the model (or the template) is given about a section. */
export type AssistContext = {
  title: string;
  criterion: MemoryCriterion | null;
  /** What the buyer asks: the DCE passages quoted in the section. */
  passages: string[];
  /** The CCTP requirements linked to the section, their text. */
  requirements: string[];
  /** The company's library blocks that best match the section. */
  library: { title: string; text: string }[];
  staff: string[];
  references: string[];
  /** The section's own text (the buyer's quotes left out). */
  written: string;
};

const LIBRARY_BLOCKS = 2;
const PEOPLE = 8;
const REFERENCES = 8;
const POINTS = 5;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

/** The text of each blockquote of a section: the buyer's words the outline quoted. */
export function quotedPassages(content: TipTapDoc): string[] {
  const out: string[] = [];
  const walk = (node: TipTapNode) => {
    if (node.type === 'blockquote') {
      const text = plainText(node).trim();
      if (text) out.push(text);
      return;
    }
    for (const child of node.content ?? []) walk(child);
  };
  for (const node of content.content ?? []) walk(node);
  return out;
}

/** Any of the words (each as a stem prefix), for ranking blocks rather than filtering them. */
const anyWordQuery = (text: string) => {
  const all = tsQueryOf(text);
  if (!all) return null;
  const words = [...new Set(all.split(' & '))].slice(0, 24);
  return words.join(' | ');
};

export async function assistContext(
  db: Database,
  memory: { companyId: string; tenderId: string },
  section: { title: string; content: unknown; criterion: MemoryCriterion | null; requirementIds: string[] },
): Promise<AssistContext> {
  const content = section.content as TipTapDoc;
  const criterion = section.criterion;
  const query = anyWordQuery([section.title, criterion?.name, criterion?.subCriterion].filter(Boolean).join(' '));
  const [requirements, library, resources] = await Promise.all([
    section.requirementIds.length ? db.select({ id: cctpRequirements.id, text: cctpRequirements.text }).from(cctpRequirements).where(inArray(cctpRequirements.id, section.requirementIds)) : Promise.resolve([]),
    query
      ? db
          .select({ title: libraryBlocks.title, text: libraryBlocks.text })
          .from(libraryBlocks)
          .where(and(eq(libraryBlocks.companyId, memory.companyId), sql`${libraryBlocks.searchVector} @@ to_tsquery('french'::regconfig, ${query})`))
          .orderBy(desc(sql`ts_rank(${libraryBlocks.searchVector}, to_tsquery('french'::regconfig, ${query}))`), libraryBlocks.title)
          .limit(LIBRARY_BLOCKS)
      : Promise.resolve([]),
    loadResources(db, memory.companyId, memory.tenderId),
  ]);
  const order = new Map(section.requirementIds.map((id, i) => [id, i]));
  return {
    title: section.title,
    criterion,
    passages: quotedPassages(content),
    requirements: [...requirements].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map((r) => r.text),
    library,
    staff: resources.resumes.slice(0, PEOPLE).map((r) =>
      [
        r.fullName,
        r.jobTitle,
        r.yearsExperience !== null ? `${r.yearsExperience} ans d'expérience` : null,
        r.certifications.length ? `certifications : ${r.certifications.map((c) => c.name).join(', ')}` : null,
        r.skills.length ? `compétences : ${r.skills.slice(0, 8).join(', ')}` : null,
      ]
        .filter(Boolean)
        .join(' — '),
    ),
    references: [
      ...resources.resumes.flatMap((r) => r.projects.map((p) => [p.title, p.client, p.year].filter(Boolean).join(', '))),
      ...resources.letters.map((l) => `Attestation de bonne exécution : ${l.title}`),
    ].slice(0, REFERENCES),
    written: plainText(content, { ownOnly: true }),
  };
}

/** The points the buyer asks about: the passages' sentences or list lines long enough to answer. */
function pointsOf(passages: string[]): string[] {
  const points = passages
    .flatMap((p) => p.split(/\n+|(?<=[.;:!?])\s+(?=[A-ZÀ-Ý•\-–])/u))
    .map((s) => s.replace(/^[\s•\-–*]+/u, '').trim())
    .filter((s) => s.split(/\s+/).length >= 4);
  return [...new Set(points)].slice(0, POINTS).map((p) => cut(p, 160));
}

/**
 * The draft without a model: a heading per point the buyer asks with a prompt to answer it, a
 * paragraph per requirement to cover, the best library block's text and the team. Plain text:
 * paragraphs apart by a blank line, headings start with "### ".
 */
export function templateDraft(context: AssistContext, translate: Translate): string {
  const blocks: string[] = [];
  const criterion = context.criterion?.subCriterion ?? context.criterion?.name ?? context.title;
  blocks.push(translate('memory-assist_tpl_intro', { criterion }));
  for (const point of pointsOf(context.passages)) blocks.push(`### ${point}`, translate('memory-assist_tpl_point'));
  if (context.requirements.length) {
    blocks.push(`### ${translate('memory-assist_tpl_requirements')}`);
    for (const text of context.requirements) blocks.push(translate('memory-assist_tpl_requirement', { text: cut(text, 300) }));
  }
  const best = context.library[0];
  if (best) blocks.push(`### ${translate('memory-assist_tpl_library', { title: best.title })}`, best.text.trim());
  const people = context.staff.map((s) => s.split(' — ').slice(0, 2).join(', '));
  if (people.length) blocks.push(translate('memory-assist_tpl_staff', { people: people.join(' ; ') }));
  return blocks.filter((b) => b.trim()).join('\n\n');
}

const SYSTEM = [
  "Tu rédiges des mémoires techniques pour répondre à des marchés publics français, au nom de l'entreprise candidate (« nous »).",
  'Français clair, précis et professionnel, orienté vers ce que l\'acheteur notera.',
  'Réponds uniquement par le texte demandé : aucun préambule, aucune phrase sur ta démarche, aucune conclusion adressée à l\'utilisateur.',
  "N'invente jamais de certification, qualification, chiffre, montant, délai, nom de personne ni référence qui ne figure pas dans les éléments fournis ; là où une précision manque, écris [à compléter].",
  'Texte brut : paragraphes séparés par une ligne vide ; un intertitre commence par « ### » ; un élément de liste par « - ».',
].join('\n');

const list = (items: string[]) => items.map((i) => `- ${i}`).join('\n');

/** The section's material, as the model reads it. */
function contextText(context: AssistContext, full: boolean): string {
  const parts = [`Section : ${context.title}`];
  const c = context.criterion;
  if (c) {
    parts.push(`Critère de jugement : ${c.name} (pondération ${c.weight})`);
    if (c.subCriterion) parts.push(`Sous-critère : ${c.subCriterion}${c.subWeight !== undefined ? ` (pondération ${c.subWeight})` : ''}`);
  }
  if (context.passages.length) parts.push(`Ce que demande l'acheteur (extraits du DCE) :\n${list(context.passages.map((p) => cut(p, 1500)))}`);
  if (context.requirements.length) parts.push(`Exigences du CCTP à couvrir :\n${list(context.requirements.map((r) => cut(r, 600)))}`);
  if (full) {
    if (context.library.length) parts.push(`Blocs de notre bibliothèque (à réutiliser s'ils conviennent) :\n${context.library.map((b) => `### ${b.title}\n${cut(b.text, 2500)}`).join('\n\n')}`);
    if (context.staff.length) parts.push(`Notre équipe (CV) :\n${list(context.staff)}`);
    if (context.references.length) parts.push(`Nos références :\n${list(context.references)}`);
  }
  return parts.join('\n\n');
}

const INSTRUCTIONS: Record<Exclude<AssistAction, 'draft' | 'translate'>, string> = {
  rewrite: 'Reformule ce texte pour le rendre plus clair, plus précis et plus convaincant pour l\'acheteur, sans changer les faits ni les engagements.',
  shorten: 'Raccourcis ce texte d\'environ un tiers en gardant tous les faits et tous les engagements.',
  expand: 'Développe ce texte : précise les moyens, les méthodes et ce que l\'acheteur y gagne, en t\'appuyant uniquement sur les éléments fournis.',
  fix_french: 'Corrige l\'orthographe, la grammaire, la ponctuation et la typographie française de ce texte (espace insécable avant « : ; ? ! », guillemets « »), sans changer ni le sens ni le style.',
};

/** The messages for the model: a system message of rules, the section's material and the task. */
export function assistMessages(action: AssistAction, context: AssistContext, text: string, language: 'fr' | 'en'): ChatMessage[] {
  let task: string;
  if (action === 'draft') {
    task = [
      contextText(context, true),
      context.written.trim() ? `Déjà écrit dans la section (à compléter sans le répéter) :\n${cut(context.written, 4000)}` : '',
      "Rédige le contenu de cette section : réponds point par point à ce que demande l'acheteur et couvre chaque exigence du CCTP, en t'appuyant sur notre équipe, nos références et la bibliothèque.",
    ]
      .filter(Boolean)
      .join('\n\n');
  } else if (action === 'translate') {
    const target = language === 'en' ? 'anglais' : 'français';
    task = `Traduis ce texte en ${target}. Garde les noms propres, les chiffres et les références tels quels. Réponds uniquement par la traduction.\n\nTexte :\n<<<\n${text}\n>>>`;
  } else {
    task = `${contextText(context, action === 'expand')}\n\n${INSTRUCTIONS[action]}\n\nTexte :\n<<<\n${text}\n>>>`;
  }
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: task },
  ];
}

/** A model failure as the product shows it: 429 when it limits the rate, 503 otherwise. */
export const llmFailure = (error: LlmError) => new AppError(error.key === 'llm-rate_limited' ? 429 : 503, error.key);

/** The model's answer without the fences or quote marks some models wrap it in. */
export const cleanSuggestion = (text: string) =>
  text
    .trim()
    .replace(/^<<<\s*|\s*>>>$/g, '')
    .trim();

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * assistMemorySection: the members of the memory's company and admins, like the section's save;
 * another company's memory answers 404 like a missing one. A company whose plan leaves the model
 * out gets the template draft, as without a model; the other actions, which exist only with the
 * model, answer 402 naming the plan that includes them.
 */
export function assistHandlers({ db, llm: configured }: Deps): Handlers<'assistMemorySection'> {
  return {
    async assistMemorySection(request, reply) {
      const { user } = sessionOf(request);
      const [memory] = await db.select().from(memories).where(eq(memories.id, request.params.id)).limit(1);
      if (!memory) throw notFound();
      await reachableTender(db, user, memory.tenderId);
      const [section] = await db
        .select()
        .from(memorySections)
        .where(and(eq(memorySections.id, request.params.sectionId), eq(memorySections.memoryId, memory.id)))
        .limit(1);
      if (!section) throw new AppError(404, 'memory-section_not_found');
      const { action } = request.body;
      const text = request.body.text?.trim() ?? '';
      if (action !== 'draft' && !text) throw new AppError(400, 'memory-assist_text_required');
      const { llm, notInPlan, plan } = await llmAccess({ db, llm: configured }, memory.companyId);
      if (!llm && action !== 'draft') throw notInPlan && plan ? llmNotInPlan(request, plan) : new AppError(409, 'memory-assist_needs_model');
      const context = await assistContext(db, memory, { ...section, criterion: section.criterion ?? null });
      const streamed = request.headers.accept?.includes('text/event-stream') ?? false;
      const result = (suggestion: string, mode: 'llm' | 'template') => ({
        msg: t(request, mode === 'template' ? 'memory-assist_template_ready' : 'memory-assist_suggested'),
        details: { action, text: suggestion, mode },
      });

      if (!llm) {
        // Without a model nothing leaves the server: the template is made of the section's material.
        const draft = templateDraft(context, (key, vars) => t(request, key, vars));
        if (!streamed) return result(draft, 'template');
        reply.type('text/event-stream; charset=utf-8').header('X-Accel-Buffering', 'no');
        return reply.send(sse('token', { text: draft }) + sse('done', result(draft, 'template')));
      }

      // A person who leaves stops the model, which is paid by the token.
      const aborted = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      const messages = assistMessages(action, context, text, request.body.language ?? 'en');
      const chunks = llm.stream(messages, { signal: aborted.signal, temperature: 0.3 })[Symbol.asyncIterator]();
      // The first chunk before answering: a model that fails at once is a 503 (or 429), not a 200.
      let first: IteratorResult<string>;
      try {
        first = await chunks.next();
      } catch (error) {
        if (error instanceof LlmError) throw llmFailure(error);
        throw error;
      }
      if (!streamed) {
        let whole = first.done ? '' : first.value;
        try {
          for (let next = first; !next.done; ) {
            next = await chunks.next();
            if (!next.done) whole += next.value;
          }
        } catch (error) {
          if (error instanceof LlmError) throw llmFailure(error);
          throw error;
        }
        const suggestion = cleanSuggestion(whole);
        if (!suggestion) throw new AppError(503, 'llm-unavailable');
        return result(suggestion, 'llm');
      }

      const stream = new PassThrough();
      reply.type('text/event-stream; charset=utf-8').header('X-Accel-Buffering', 'no');
      void (async () => {
        let whole = '';
        try {
          for (let next = first; !next.done; next = await chunks.next()) {
            whole += next.value;
            stream.write(sse('token', { text: next.value }));
          }
          const suggestion = cleanSuggestion(whole);
          if (!suggestion) throw new LlmError('llm-unavailable');
          stream.write(sse('done', result(suggestion, 'llm')));
        } catch (error) {
          if (!aborted.signal.aborted) {
            request.log.error({ err: error instanceof LlmError ? { message: error.message, key: error.key } : error }, 'memory assist failed mid-stream');
            stream.write(sse('error', { msg: t(request, error instanceof LlmError ? error.key : 'common-internal_server_error') }));
          }
        } finally {
          stream.end();
        }
      })();
      return reply.send(stream);
    },
  };
}
