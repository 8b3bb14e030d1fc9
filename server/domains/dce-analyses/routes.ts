import { asc, eq, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import { dceAnalyses, planningTasks, plannings, type StoredFact } from '../../db/schema';
import { AppError } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { analysisRuns, runOf, translator, type RunRow, type Translate } from '../analysis-runs';
import { ANALYSE_DCE } from './job';
import { checkFactValue } from './fact-values';
import { dayIn } from '../../../rules/calendar';

type DceAnalysis = components['schemas']['DceAnalysis'];

/** A document code in a message by its name in the caller's language (KBIS: "Extrait Kbis"). */
function namedVars(vars: Record<string, string | number>, translate: Translate) {
  if (typeof vars.document !== 'string') return vars;
  const key = `dcedoc-${vars.document}`;
  const name = translate(key);
  return { ...vars, document: name === key ? vars.document : name };
}

const results = { documents: dceAnalyses.documents, missing: dceAnalyses.missing, facts: dceAnalyses.facts, redFlags: dceAnalyses.redFlags };
type Row = RunRow & Pick<typeof dceAnalyses.$inferSelect, keyof typeof results>;

function toAnalysis(row: Row, translate: Translate): DceAnalysis {
  return {
    ...runOf(row, translate),
    documents: row.documents as DceAnalysis['documents'],
    missing: row.missing,
    facts: row.facts as DceAnalysis['facts'],
    redFlags: row.redFlags.map((flag) => ({ key: flag.key as DceAnalysis['redFlags'][number]['key'], msg: translate(`dceanalysis-flag_${flag.key}`, namedVars(flag.vars, translate)), sources: flag.sources })),
  };
}

/** The key dates a confirmed or corrected analysis puts in the planning, as milestones. */
const PLANNED_DATES = [
  { key: 'questionsDeadline', label: 'dceanalysis-milestone_questions' },
  { key: 'siteVisit', label: 'dceanalysis-milestone_visit' },
  { key: 'submissionDeadline', label: 'dceanalysis-milestone_submission' },
] as const;

/**
 * DCE analyses (issue 11): admins and the managers of the tender's company; another company's
 * analysis answers 404 like a missing one.
 */
export function dceAnalysesHandlers({ db, jobs }: Deps): Handlers<'createDceAnalysis' | 'listDceAnalyses' | 'getDceAnalysis' | 'updateDceFact' | 'addDceDatesToPlanning'> {
  const runs = analysisRuns({ db, jobs, table: dceAnalyses, jobKind: ANALYSE_DCE, prefix: 'dceanalysis', results });
  const analysisById = async (id: string, translate: Translate) => toAnalysis((await runs.byId(id))!, translate);

  return {
    async createDceAnalysis(request, reply) {
      const id = await runs.queue(request, reply, request.params.id);
      return { msg: t(request, 'dceanalysis-queued'), details: await analysisById(id, translator(request)) };
    },

    async listDceAnalyses(request) {
      const { rows, ...page } = await runs.list(request, request.params.id, request.query);
      return { ...page, analyses: rows.map((row) => toAnalysis(row, translator(request))) };
    },

    async getDceAnalysis(request) {
      return toAnalysis((await runs.reachable(sessionOf(request).user, request.params.id)).row, translator(request));
    },

    async updateDceFact(request) {
      const { id, key } = request.params;
      const body = request.body as { value?: unknown; status?: 'confirmed' };
      runs.finished((await runs.reachable(sessionOf(request).user, id)).row);
      if ('value' in body) checkFactValue(key, body.value);
      const { user } = sessionOf(request);
      // Reviewing a fact again settles a change of its source.
      const reviewed = { reviewedBy: { _id: user.id, username: user.username }, reviewedAt: new Date().toISOString(), sourceChanged: false };
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ facts: dceAnalyses.facts }).from(dceAnalyses).where(eq(dceAnalyses.id, id)).for('update');
        const facts = [...(row?.facts ?? [])];
        const at = facts.findIndex((f) => f.key === key);
        if ('value' in body) {
          const corrected: StoredFact = { ...(facts[at] ?? { key, sources: [], confidence: 1 }), key, value: body.value, status: 'corrected', origin: 'user', confidence: 1, ...reviewed };
          if (at >= 0) facts[at] = corrected;
          else facts.push(corrected);
        } else {
          // Only a fact that was found can be confirmed as found.
          if (at < 0) throw new AppError(404, 'dceanalysis-fact_not_found');
          // A corrected value confirmed again (its source changed) stays the person's value.
          facts[at] = { ...facts[at]!, status: facts[at]!.status === 'corrected' ? 'corrected' : 'confirmed', ...reviewed };
        }
        await tx.update(dceAnalyses).set({ facts, updatedAt: new Date() }).where(eq(dceAnalyses.id, id));
      });
      return { msg: t(request, 'value' in body ? 'dceanalysis-fact_corrected' : 'dceanalysis-fact_confirmed'), details: await analysisById(id, translator(request)) };
    },

    async addDceDatesToPlanning(request) {
      const { row: current, tender } = await runs.reachable(sessionOf(request).user, request.params.id);
      const dates = PLANNED_DATES.flatMap(({ key, label }) => {
        const fact = current.facts.find((f) => f.key === key && f.status !== 'extracted');
        const iso = key === 'siteVisit' ? (fact?.value as { date?: string } | undefined)?.date : (fact?.value as string | undefined);
        return iso ? [{ name: t(request, label), day: dayIn(iso) }] : [];
      });
      if (dates.length === 0) throw new AppError(400, 'dceanalysis-no_confirmed_dates');
      const result = await db.transaction(async (tx) => {
        let [planning] = await tx.select({ id: plannings.id }).from(plannings).where(eq(plannings.tenderId, tender.id)).for('update');
        planning ??= (await tx.insert(plannings).values({ tenderId: tender.id, companyId: tender.companyId }).returning({ id: plannings.id }))[0]!;
        const existing = await tx.select({ name: planningTasks.name, startDate: planningTasks.startDate, position: planningTasks.position }).from(planningTasks).where(eq(planningTasks.planningId, planning.id)).orderBy(asc(planningTasks.position));
        const fresh = dates.filter((d) => !existing.some((task) => task.name === d.name && task.startDate === d.day));
        const next = existing.reduce((max, task) => Math.max(max, task.position + 1), 0);
        if (fresh.length) {
          await tx.insert(planningTasks).values(fresh.map((d, i) => ({ planningId: planning.id, position: next + i, name: d.name, startDate: d.day, endDate: d.day, milestone: true })));
          // The planning changed under anyone editing it: their next whole-list save is a conflict.
          await tx.update(plannings).set({ version: sql`${plannings.version} + 1`, updatedAt: new Date() }).where(eq(plannings.id, planning.id));
        }
        return { added: fresh.length, planningId: planning.id };
      });
      // Nothing added says why: every confirmed date is already a milestone of the planning.
      const key = result.added > 0 ? 'dceanalysis-dates_planned' : 'dceanalysis-dates_already_planned';
      const count = result.added > 0 ? result.added : dates.length;
      return { msg: t(request, count === 1 ? `${key}_one` : key, { count }), details: result };
    },
  };
}
