// The one place that decides whether a company's documents and texts may go to the language model
// (issue 14, "LLM features on/off" per plan). Every feature that reaches the model asks here, at
// the moment it would send (a job when it runs, not when it was queued): with no model configured,
// or a company whose effective plan has llmFeatures off, the answer is null and the feature takes
// its path without a model (extractive chat, rules, templates), as it does without LLM_BASE_URL.
import type { FastifyRequest } from 'fastify';
import type { Llm } from './client';
import { AppError } from '../errors';
import { pickLanguage } from '../i18n';
import { PLAN_CODES, PLANS, type Plan } from '../domains/billing/plans';
import { effectivePlan, subscriptionOf, type Queryable } from '../domains/billing/store';

export type LlmAccess = {
  /** The model to use for this company, or null: nothing of the company's is sent. */
  llm: Llm | null;
  /** A model is configured but the company's plan does not include it (the UI says so, not "no model configured"). */
  notInPlan: boolean;
  /** The company's effective plan (null: no model configured, or no such company). */
  plan: Plan | null;
};

/** Whether the company may use the configured model, and why not. */
export async function llmAccess(deps: { db: Queryable; llm: Llm | null }, companyId: string | null | undefined): Promise<LlmAccess> {
  if (!deps.llm || !companyId) return { llm: null, notInPlan: false, plan: null };
  const row = await subscriptionOf(deps.db, companyId);
  if (!row) return { llm: null, notInPlan: false, plan: null };
  const plan = effectivePlan(row);
  return plan.llmFeatures ? { llm: deps.llm, notInPlan: false, plan } : { llm: null, notInPlan: true, plan };
}

/** The model for this company, or null (no model configured, or not in its plan). */
export const llmFor = async (deps: { db: Queryable; llm: Llm | null }, companyId: string | null | undefined): Promise<Llm | null> => (await llmAccess(deps, companyId)).llm;

/** The cheapest plan that includes the language-model features. */
export const planWithLlm = (): Plan => PLANS[PLAN_CODES.find((code) => PLANS[code].llmFeatures)!];

/**
 * The refusal of an operation that exists only with the model, for a company whose plan leaves it
 * out: 402 naming the plan and the one that includes it, like the other limits.
 */
export function llmNotInPlan(request: Pick<FastifyRequest, 'headers'> | null, plan: Plan): AppError {
  const lng = pickLanguage(request?.headers['accept-language'] as string | undefined);
  const upgrade = planWithLlm();
  return new AppError(402, 'billing-limit_llm', { plan: plan.name[lng], upgrade: upgrade.name[lng] }, { limit: 'llmFeatures', plan: plan.code, upgradePlan: upgrade.code });
}
