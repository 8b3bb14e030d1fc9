// The memory's analysis with a language model (issue 12, "LLM grading when configured, marked as
// such"): the rules grade first, then the model reads each criterion's text, the requirements and
// the rules' reasons and adjusts the score with a short reason. Any failure of the model (no
// answer, no JSON) leaves the rules' answer, marked 'rules'.
import type { Llm } from '../../llm/client';
import { analyseMemory, type AnalysisInput, type MemoryAnalysis, type MemoryGrader } from './analysis';

const TEXT_PER_CRITERION = 6000;
const REASON_MAX = 300;

const round1 = (n: number) => Math.round(n * 10) / 10;
const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const SYSTEM = [
  "Tu es membre d'une commission d'appel d'offres public français : tu notes le mémoire technique d'un candidat, critère par critère.",
  'Pour chaque critère, pars de la note des règles et ajuste-la selon la qualité réelle de la réponse : pertinence, précision, engagements concrets, couverture des exigences.',
  'La note reste entre 0 et le maximum du critère.',
  'Réponds uniquement en JSON : {"criteria":[{"criterion":"<nom exact>","score":<nombre>,"reason":"<une phrase courte en français>"}]}.',
].join('\n');

type Answer = { criteria?: { criterion?: unknown; score?: unknown; reason?: unknown }[] };

export function llmGrader(llm: Llm): MemoryGrader {
  return {
    async grade(input, options = {}) {
      const rules = analyseMemory(input);
      if (!rules.criteria.length) return rules;
      try {
        const graded = await adjust(llm, input, rules);
        return graded;
      } catch (error) {
        options.log?.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, 'language model grading failed, rules answer kept');
        return rules;
      }
    },
  };
}

async function adjust(llm: Llm, input: AnalysisInput, rules: MemoryAnalysis): Promise<MemoryAnalysis> {
  const criteria = rules.criteria.map((c) => {
    const sections = input.sections.filter((s) => c.sectionIds.includes(s.id));
    const requirements = [...new Set(sections.flatMap((s) => s.requirementIds))].map((id) => input.requirements.get(id)?.text).filter((text): text is string => !!text);
    return {
      criterion: c.criterion,
      max: c.max,
      rulesScore: c.score,
      rulesFindings: c.reasons.filter((r) => !r.ok).map((r) => ({ kind: r.kind, ...r.vars })),
      requirements: requirements.map((r) => cut(r, 400)),
      text: cut(sections.map((s) => `${s.title}\n${s.ownText}`).join('\n\n'), TEXT_PER_CRITERION),
    };
  });
  const answer = await llm.complete(
    [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: JSON.stringify({ criteria }) },
    ],
    { json: true, temperature: 0 },
  );
  const parsed = JSON.parse(answer) as Answer;
  if (!Array.isArray(parsed.criteria)) throw new Error('no criteria in the model answer');
  const byName = new Map(parsed.criteria.filter((c) => typeof c.criterion === 'string').map((c) => [c.criterion as string, c]));
  let adjusted = 0;
  const out = rules.criteria.map((c) => {
    const said = byName.get(c.criterion);
    const score = typeof said?.score === 'number' && Number.isFinite(said.score) ? said.score : null;
    if (score === null) return c;
    adjusted++;
    const bounded = round1(Math.min(c.max, Math.max(0, score)));
    const reason = typeof said?.reason === 'string' && said.reason.trim() ? cut(said.reason.trim(), REASON_MAX) : null;
    return {
      ...c,
      score: bounded,
      reasons: reason ? [{ kind: 'model' as const, ok: bounded >= c.max * 0.7, key: 'memoryreason-model', vars: { text: reason } }, ...c.reasons] : c.reasons,
    };
  });
  if (!adjusted) throw new Error('the model graded no criterion');
  return { ...rules, mode: 'llm', criteria: out, total: { score: round1(out.reduce((n, c) => n + c.score, 0)), max: rules.total.max } };
}
