import type { StoredFact, StoredRedFlag } from '../../db/schema';
import { dayIn, daysUntil } from '../../../rules/calendar';

export type VaultDocument = { kind: string; title: string; validUntil: string | null };

/** A deadline this close leaves too little time to answer well. */
export const DEADLINE_SOON_DAYS = 10;
/** Price weighing more than this makes the technical answer count for little. */
export const PRICE_WEIGHT_MAX = 60;
/**
 * Late penalties above the CCAG's defaults (1/3000 of the amount a day for works, 1/1000 for
 * supplies and services since 2021), or a fixed amount above 300 € a day, are unusual.
 */
export const PENALTY_FRACTION_MAX = 1 / 1000;
export const PENALTY_AMOUNT_MAX = 300;

/** Pieces a candidate must hand in that the company keeps in its vault, by the vault's kind. */
const VAULT_KINDS: Record<string, string> = { KBIS: 'kbis', INSURANCE: 'insurance', CERTIFICATIONS: 'certification', URSSAF: 'urssaf', TAX: 'tax' };

const factOf = (facts: StoredFact[], key: string) => facts.find((f) => f.key === key);

/** The red flags of an analysis, each with the sources of the fact that raised it. */
export function redFlagsOf(facts: StoredFact[], vault: VaultDocument[], now: Date): StoredRedFlag[] {
  const flags: StoredRedFlag[] = [];
  const deadlineFact = factOf(facts, 'submissionDeadline');
  const deadline = typeof deadlineFact?.value === 'string' ? new Date(deadlineFact.value) : undefined;
  if (deadlineFact && deadline && !Number.isNaN(deadline.getTime())) {
    const days = daysUntil(deadline, now);
    if (deadline <= now) flags.push({ key: 'deadline_passed', vars: {}, sources: deadlineFact.sources });
    else if (days <= DEADLINE_SOON_DAYS) flags.push({ key: 'deadline_soon', vars: { days }, sources: deadlineFact.sources });
  }

  const visit = factOf(facts, 'siteVisit');
  if (visit && (visit.value as { required?: boolean } | null)?.required === true) flags.push({ key: 'site_visit_required', vars: {}, sources: visit.sources });

  const penalties = factOf(facts, 'penalties');
  const perDay = (penalties?.value as { perDay?: { fraction?: number; amount?: number } } | null)?.perDay;
  if (penalties && perDay && ((perDay.fraction ?? 0) > PENALTY_FRACTION_MAX || (perDay.amount ?? 0) > PENALTY_AMOUNT_MAX)) {
    const rate = perDay.fraction ? `1/${Math.round(1 / perDay.fraction)}` : `${perDay.amount} €`;
    flags.push({ key: 'penalties_high', vars: { rate }, sources: penalties.sources });
  }

  // One list for every lot, or one per group of lots: each is read the same way.
  const criteria = factOf(facts, 'awardCriteria');
  const byLots = factOf(facts, 'awardCriteriaByLots');
  const lists: { criteria: { name: string; weight: number }[]; sources: StoredFact['sources'] }[] = [];
  if (criteria && Array.isArray(criteria.value)) lists.push({ criteria: criteria.value as { name: string; weight: number }[], sources: criteria.sources });
  if (byLots && Array.isArray(byLots.value)) for (const group of byLots.value as { criteria: { name: string; weight: number }[] }[]) lists.push({ criteria: group.criteria, sources: byLots.sources });
  for (const list of lists) {
    const price = list.criteria.find((c) => /prix|co[uû]t|price/i.test(c.name));
    if (price && price.weight > PRICE_WEIGHT_MAX && !flags.some((f) => f.key === 'price_weight_high')) flags.push({ key: 'price_weight_high', vars: { weight: price.weight }, sources: list.sources });
    // Weights are shown as the RC states them, never scaled to 100: a list that does not add
    // up lost a criterion or misread one, and says so.
    const sum = Math.round(list.criteria.reduce((total, c) => total + c.weight, 0) * 100) / 100;
    if (Math.abs(sum - 100) > 0.5) flags.push({ key: 'criteria_incomplete', vars: { sum }, sources: list.sources });
  }

  const required = factOf(facts, 'candidatureDocuments');
  if (required && Array.isArray(required.value)) {
    for (const code of required.value as string[]) {
      const kind = VAULT_KINDS[code];
      if (!kind) continue;
      const held = vault.filter((d) => d.kind === kind);
      if (held.length === 0) {
        flags.push({ key: 'vault_missing', vars: { document: code }, sources: required.sources });
        continue;
      }
      // Valid on the deadline (or today when the deadline is unknown) by at least one document of that kind.
      const needed = dayIn(deadline ?? now);
      const valid = held.some((d) => d.validUntil === null || d.validUntil >= needed);
      if (!valid) {
        const latest = held.map((d) => d.validUntil!).sort().at(-1)!;
        flags.push({ key: 'vault_expires', vars: { document: code, date: latest }, sources: required.sources });
      }
    }
  }
  return flags;
}
