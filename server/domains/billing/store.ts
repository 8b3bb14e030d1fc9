import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { companies, planChanges, subscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import { pickLanguage } from '../../i18n';
import { FALLBACK_PLAN, isPlanCode, PLANS, planLifting, TRIAL_DAYS, TRIAL_PLAN, type LimitKey, type Plan, type PlanCode } from './plans';

/** A transaction or the database: both run the same queries. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'execute'>;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The company's subscription; a company without one (made since issue 14) gets its trial, counted from its creation. */
export async function subscriptionOf(db: Queryable, companyId: string): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  if (row) return row;
  const [company] = await db.select({ createdAt: companies.createdAt }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return null;
  const trialEndsAt = new Date(company.createdAt.getTime() + TRIAL_DAYS * DAY_MS);
  await db
    .insert(subscriptions)
    .values({ companyId, plan: TRIAL_PLAN, status: 'trialing', trialEndsAt })
    .onConflictDoNothing();
  const [made] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
  return made ?? null;
}

/** The plan whose limits apply now: a trial past its end, or a canceled subscription, is the free plan. */
export function effectivePlan(row: Pick<SubscriptionRow, 'plan' | 'status' | 'trialEndsAt'>, now = new Date()): Plan {
  if (row.status === 'canceled') return PLANS[FALLBACK_PLAN];
  if (row.status === 'trialing' && row.trialEndsAt && row.trialEndsAt.getTime() <= now.getTime()) return PLANS[FALLBACK_PLAN];
  return isPlanCode(row.plan) ? PLANS[row.plan] : PLANS[FALLBACK_PLAN];
}

export type Usage = Record<LimitKey, number>;

/**
 * What the company uses of each limit, in one query: its users and pending invitations, its
 * tenders still in play (not won, lost or non-compliant), the DCE and CCTP analyses started this
 * calendar month, and the bytes of its stored files (tender and company documents, résumés, memory images)
 * with the text read from its tender documents (issue 23: a small file can hold megabytes of text).
 */
export async function usageOf(db: Queryable, companyId: string): Promise<Usage> {
  const result = await db.execute(sql`
    select
      (select count(*) from users where company_id = ${companyId} and active)
        + (select count(*) from invitations where company_id = ${companyId} and accepted_at is null and revoked_at is null and expires_at > now()) as users,
      (select count(*) from tenders where company_id = ${companyId} and status not in ('won', 'lost', 'non_compliant')) as active_tenders,
      (select count(*) from dce_analyses a join tenders t on t.id = a.tender_id where t.company_id = ${companyId} and a.created_at >= date_trunc('month', now()))
        + (select count(*) from cctp_analyses a join tenders t on t.id = a.tender_id where t.company_id = ${companyId} and a.created_at >= date_trunc('month', now())) as analyses,
      (select coalesce(sum(size + coalesce((extraction->>'textBytes')::bigint, 0)), 0) from tender_documents where company_id = ${companyId})
        + (select coalesce(sum(size), 0) from company_documents where company_id = ${companyId})
        + (select coalesce(sum(size), 0) from resumes where company_id = ${companyId})
        + (select coalesce(sum(size), 0) from memory_images where company_id = ${companyId}) as storage
  `);
  // Both drivers answer { rows }.
  const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
  return {
    users: Number(row.users ?? 0),
    activeTenders: Number(row.active_tenders ?? 0),
    analysesPerMonth: Number(row.analyses ?? 0),
    storageBytes: Number(row.storage ?? 0),
  };
}

/** What the company may still add of a limit under its plan now (0 when over it); null when unlimited. */
export async function roomLeft(db: Queryable, companyId: string, limit: LimitKey): Promise<number | null> {
  const row = await subscriptionOf(db, companyId);
  if (!row) return 0;
  const max = effectivePlan(row).limits[limit];
  if (max === null) return null;
  return Math.max(0, max - (await usageOf(db, companyId))[limit]);
}

/** Limit names in the refusal, per language (the catalogue's `billing-limit_*` keys hold the sentences). */
const LIMIT_KEY_CATALOGUE: Record<LimitKey, string> = {
  users: 'billing-limit_users',
  activeTenders: 'billing-limit_active_tenders',
  analysesPerMonth: 'billing-limit_analyses',
  storageBytes: 'billing-limit_storage',
};

const formatLimit = (limit: LimitKey, value: number, lng: 'fr' | 'en') => {
  if (limit !== 'storageBytes') return String(value);
  const gb = value / (1024 * 1024 * 1024);
  const text = gb >= 1 ? `${Number(gb.toFixed(1))} ${lng === 'fr' ? 'Go' : 'GB'}` : `${Math.round(value / (1024 * 1024))} ${lng === 'fr' ? 'Mo' : 'MB'}`;
  return lng === 'fr' ? text.replace('.', ',') : text;
};

/**
 * Refuses with 402 when `adding` more of `limit` would pass the company's plan: the message names
 * the limit, the current plan and the plan that lifts it. Data above a lower limit stays; only new
 * usage is refused.
 *
 * Call it inside the transaction that writes the new usage (issue 24): it locks the company's row
 * until that transaction ends, so two requests at the limit cannot both count the same usage and
 * both insert. FOR NO KEY UPDATE rather than FOR UPDATE: rows that reference the company (taking
 * FOR KEY SHARE) are still inserted meanwhile, only the other limit checks of the company wait.
 */
export async function enforceLimit(tx: Queryable, request: FastifyRequest | null, companyId: string, limit: LimitKey, adding = 1): Promise<void> {
  await tx.execute(sql`select 1 from companies where id = ${companyId} for no key update`);
  const row = await subscriptionOf(tx, companyId);
  if (!row) return;
  const plan = effectivePlan(row);
  const max = plan.limits[limit];
  if (max === null) return;
  const used = (await usageOf(tx, companyId))[limit];
  if (used + adding <= max) return;
  const lng = pickLanguage(request?.headers['accept-language'] as string | undefined);
  const lifting = planLifting(limit, used + adding);
  throw new AppError(
    402,
    lifting ? LIMIT_KEY_CATALOGUE[limit] : `${LIMIT_KEY_CATALOGUE[limit]}_top`,
    { limit: formatLimit(limit, max, lng), plan: plan.name[lng], upgrade: lifting ? lifting.name[lng] : '' },
    { limit, max, used, plan: plan.code, upgradePlan: lifting?.code ?? null },
  );
}

/** Sets a company's plan and records why, by whom and how, in the same transaction. */
export async function changePlan(
  db: Queryable,
  companyId: string,
  change: { plan: PlanCode; status: SubscriptionRow['status']; cycle?: 'monthly' | 'yearly'; paymentMethod?: 'card' | 'transfer' | null; currentPeriodEnd?: Date | null; source: string; reason?: string; changedBy?: string | null },
): Promise<void> {
  const current = await subscriptionOf(db, companyId);
  await db
    .update(subscriptions)
    .set({
      plan: change.plan,
      status: change.status,
      ...(change.cycle ? { cycle: change.cycle } : {}),
      ...(change.paymentMethod !== undefined ? { paymentMethod: change.paymentMethod } : {}),
      ...(change.currentPeriodEnd !== undefined ? { currentPeriodEnd: change.currentPeriodEnd } : {}),
      ...(change.status !== 'trialing' ? { trialEndsAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(subscriptions.companyId, companyId));
  await db.insert(planChanges).values({
    companyId,
    fromPlan: current?.plan ?? null,
    toPlan: change.plan,
    source: change.source,
    reason: change.reason ?? '',
    changedBy: change.changedBy ?? null,
  });
}
