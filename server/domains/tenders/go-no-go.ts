import { eq, exists, notExists, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import type { Deps } from '../../deps';
import type { Handlers } from '../../openapi/handlers';
import type { Database } from '../../db/client';
import { companies, tenderGoNoGo, tenders, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { sessionOf } from '../../auth/session';
import { t } from '../../i18n';
import { readScope, writeScope } from '../companies/scope';
import { reachableTender } from './access';

type GoNoGo = components['schemas']['GoNoGo'];
type Weights = components['schemas']['GoNoGoWeights'];
type Criterion = components['schemas']['GoNoGoCriterion'];

/** The grid's criteria, in the order it shows them. */
export const GO_NO_GO_CRITERIA: readonly Criterion[] = ['strategic_fit', 'capacity', 'technical_match', 'references', 'price', 'risk'];
/** A company that never set its weights: every criterion counts the same. */
export const DEFAULT_WEIGHTS: Weights = { strategic_fit: 5, capacity: 5, technical_match: 5, references: 5, price: 5, risk: 5 };
export const RATING_MAX = 4;
export const REASON_MAX = 2000;
/** Statuses a decision can still be taken on: the tender is not submitted nor decided. */
const DECIDABLE = new Set(['not_started', 'in_progress', 'pending']);

/** Σ weight × rating ÷ (Σ weight × 4), in %, rounded; 0 when every weight is 0. */
export function goNoGoScore(weights: Weights, ratings: Partial<Record<Criterion, number>>): number {
  let total = 0;
  let max = 0;
  for (const c of GO_NO_GO_CRITERIA) {
    total += weights[c] * (ratings[c] ?? 0);
    max += weights[c] * RATING_MAX;
  }
  return max === 0 ? 0 : Math.round((100 * total) / max);
}

/** The tenders the active pipeline shows: those no no-go has set aside. */
const noGoRow = () => sql`(select 1 from ${tenderGoNoGo} where ${tenderGoNoGo.tenderId} = ${tenders.id} and ${tenderGoNoGo.decision} = 'no_go')`;
export const notSetAside = (): SQL => notExists(noGoRow());

/** The list filter `goNoGo`: active (default), no_go, all. */
export function goNoGoFilter(value: string | undefined): SQL | undefined {
  if (value === 'all') return undefined;
  if (value === 'no_go') return exists(noGoRow());
  return notSetAside();
}

const weightsOf = (stored: Record<string, number> | null | undefined): Weights => (stored ? { ...DEFAULT_WEIGHTS, ...stored } : { ...DEFAULT_WEIGHTS });

async function companyWeights(db: Database, companyId: string): Promise<Weights> {
  const [row] = await db.select({ weights: companies.goNoGoWeights }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw notFound();
  return weightsOf(row.weights);
}

async function gridOf(db: Database, tenderId: string, companyId: string): Promise<GoNoGo> {
  const weights = await companyWeights(db, companyId);
  const [row] = await db
    .select({
      ratings: tenderGoNoGo.ratings,
      version: tenderGoNoGo.version,
      decision: tenderGoNoGo.decision,
      reason: tenderGoNoGo.reason,
      decidedBy: tenderGoNoGo.decidedBy,
      decidedAt: tenderGoNoGo.decidedAt,
      username: users.username,
    })
    .from(tenderGoNoGo)
    .leftJoin(users, eq(users.id, tenderGoNoGo.decidedBy))
    .where(eq(tenderGoNoGo.tenderId, tenderId));
  const stored = row?.ratings ?? {};
  const criteria = GO_NO_GO_CRITERIA.map((criterion) => ({ criterion, rating: stored[criterion]?.rating ?? 0, note: stored[criterion]?.note ?? '' }));
  return {
    criteria,
    weights,
    score: goNoGoScore(weights, Object.fromEntries(criteria.map((c) => [c.criterion, c.rating]))),
    decision: row?.decision ?? null,
    reason: row?.reason ?? null,
    decidedBy: row?.decidedBy && row.username !== null ? { _id: row.decidedBy, username: row.username } : null,
    decidedAt: row?.decidedAt ? row.decidedAt.toISOString() : null,
    version: row?.version ?? 0,
  };
}

/** The Go/No-Go grid of a tender and the company's weights. */
export function goNoGoHandlers({ db }: Deps): Handlers<'getTenderGoNoGo' | 'saveTenderGoNoGo' | 'decideTenderGoNoGo' | 'getGoNoGoWeights' | 'saveGoNoGoWeights'> {
  return {
    async getTenderGoNoGo(request) {
      const tender = await reachableTender(db, sessionOf(request).user, request.params.id);
      return gridOf(db, tender.id, tender.companyId);
    },

    async saveTenderGoNoGo(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const { ratings: list, version } = request.body;
      const seen = new Set<string>();
      for (const r of list) {
        if (seen.has(r.criterion)) throw new AppError(400, 'go_no_go-duplicate_criterion');
        seen.add(r.criterion);
      }
      const saved = await db.transaction(async (tx) => {
        const [current] = await tx.select({ ratings: tenderGoNoGo.ratings, version: tenderGoNoGo.version }).from(tenderGoNoGo).where(eq(tenderGoNoGo.tenderId, tender.id)).for('update');
        if ((current?.version ?? 0) !== version) return false;
        // Criteria left out keep what they had.
        const ratings = { ...(current?.ratings ?? {}) };
        for (const r of list) ratings[r.criterion] = { rating: r.rating, note: (r.note ?? '').trim() };
        if (!current) {
          const inserted = await tx.insert(tenderGoNoGo).values({ tenderId: tender.id, ratings, updatedBy: user.id }).onConflictDoNothing().returning({ v: tenderGoNoGo.version });
          return inserted.length > 0;
        }
        await tx
          .update(tenderGoNoGo)
          .set({ ratings, version: sql`${tenderGoNoGo.version} + 1`, updatedBy: user.id, updatedAt: new Date() })
          .where(eq(tenderGoNoGo.tenderId, tender.id));
        return true;
      });
      if (!saved) throw new AppError(409, 'go_no_go-conflict', {}, await gridOf(db, tender.id, tender.companyId));
      return { msg: t(request, 'go_no_go-saved'), details: await gridOf(db, tender.id, tender.companyId) };
    },

    async decideTenderGoNoGo(request) {
      const { user } = sessionOf(request);
      const tender = await reachableTender(db, user, request.params.id);
      const { decision } = request.body;
      const reason = request.body.reason?.trim() ?? '';
      if (decision === 'no_go' && !reason) throw new AppError(400, 'go_no_go-reason_required');
      if (!DECIDABLE.has(tender.status)) throw new AppError(409, 'go_no_go-closed');
      const values = { decision, reason: reason || null, decidedBy: user.id, decidedAt: new Date() };
      await db
        .insert(tenderGoNoGo)
        .values({ tenderId: tender.id, updatedBy: user.id, ...values })
        .onConflictDoUpdate({ target: tenderGoNoGo.tenderId, set: { ...values, version: sql`${tenderGoNoGo.version} + 1`, updatedAt: new Date() } });
      return { msg: t(request, decision === 'go' ? 'go_no_go-decided_go' : 'go_no_go-decided_no_go'), details: await gridOf(db, tender.id, tender.companyId) };
    },

    async getGoNoGoWeights(request) {
      readScope(sessionOf(request).user, request.params.companyId);
      return companyWeights(db, request.params.companyId);
    },

    async saveGoNoGoWeights(request) {
      const { companyId } = request.params;
      writeScope(sessionOf(request).user, companyId);
      const weights = Object.fromEntries(GO_NO_GO_CRITERIA.map((c) => [c, request.body[c]])) as Weights;
      if (GO_NO_GO_CRITERIA.every((c) => weights[c] === 0)) throw new AppError(400, 'go_no_go-weights_all_zero');
      const updated = await db.update(companies).set({ goNoGoWeights: weights, updatedAt: new Date() }).where(eq(companies.id, companyId)).returning({ id: companies.id });
      if (!updated.length) throw notFound();
      return { msg: t(request, 'go_no_go-weights_saved'), details: weights };
    },
  };
}

