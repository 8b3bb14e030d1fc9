/**
 * The plans, in one place: names, prices (cents excluding VAT) and the limits the server enforces.
 * A limit of null is unlimited. A new company tries the top plan for TRIAL_DAYS, then falls back
 * to the free plan unless it subscribed.
 */
export const PLAN_CODES = ['free', 'essential', 'pro'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export const LIMIT_KEYS = ['users', 'activeTenders', 'analysesPerMonth', 'storageBytes'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

export type Plan = {
  code: PlanCode;
  name: { fr: string; en: string };
  /** Cents excluding VAT; 0 for the free plan. */
  monthlyPrice: number;
  yearlyPrice: number;
  limits: Record<LimitKey, number | null>;
  /** The features a language model helps (chat, assisted writing, the analyses' LLM pass). */
  llmFeatures: boolean;
};

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const PLANS: Record<PlanCode, Plan> = {
  free: {
    code: 'free',
    name: { fr: 'Gratuit', en: 'Free' },
    monthlyPrice: 0,
    yearlyPrice: 0,
    limits: { users: 3, activeTenders: 5, analysesPerMonth: 5, storageBytes: 500 * MB },
    llmFeatures: false,
  },
  essential: {
    code: 'essential',
    name: { fr: 'Essentiel', en: 'Essential' },
    monthlyPrice: 49_00,
    yearlyPrice: 490_00,
    limits: { users: 10, activeTenders: 30, analysesPerMonth: 60, storageBytes: 10 * GB },
    llmFeatures: true,
  },
  pro: {
    code: 'pro',
    name: { fr: 'Pro', en: 'Pro' },
    monthlyPrice: 149_00,
    yearlyPrice: 1490_00,
    limits: { users: 50, activeTenders: null, analysesPerMonth: 1000, storageBytes: 100 * GB },
    llmFeatures: true,
  },
};

/** The plan a new company tries, and for how long. */
export const TRIAL_PLAN: PlanCode = 'pro';
export const TRIAL_DAYS = 14;
/** The plan of a company whose trial ended or whose subscription was canceled. */
export const FALLBACK_PLAN: PlanCode = 'free';
/** Plans one can pay for, cheapest first. */
export const PAID_PLANS: PlanCode[] = ['essential', 'pro'];

/** French VAT on the subscription (services), in hundredths of a percent. */
export const VAT_RATE = 2000;

export const isPlanCode = (value: string): value is PlanCode => (PLAN_CODES as readonly string[]).includes(value);

/** The cheapest plan whose limit is above `needed` (null: none does). */
export function planLifting(limit: LimitKey, needed: number): Plan | null {
  for (const code of PLAN_CODES) {
    const max = PLANS[code].limits[limit];
    if (max === null || max >= needed) {
      if (code !== 'free') return PLANS[code];
    }
  }
  return null;
}

export const planPrice = (plan: Plan, cycle: 'monthly' | 'yearly') => (cycle === 'yearly' ? plan.yearlyPrice : plan.monthlyPrice);
