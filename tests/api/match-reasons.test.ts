// A score is explained by its reasons (issue 24): "35/100" beside "Aucun critère de votre profil ne
// correspond" must never happen. Over many (profile, call) pairs drawn from a seeded generator, the
// reasons' points sum to the score, a score above 0 has reasons, and a score of 0 with reasons is
// only a verdict taking off what the others gave. A company's département matches a call placed in it.
import { describe, expect, it } from 'vitest';
import { matchCall, type KnownCall, type MatchedCall, type MatchProfile } from '../../server/domains/tenders/match';

/** mulberry32: the same pairs on every run, so a failure names a pair that can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T,>(list: readonly T[], max: number): T[] => [...new Set(Array.from({ length: Math.floor(next() * (max + 1)) }, () => pick(list)))];
  return { next, pick, some };
}

const WORDS = ['couverture', 'zinguerie', 'menuiserie', 'peinture', 'isolation', 'nettoyage', 'maçonnerie', 'électricité', 'laser', 'gendarmerie', 'école', 'toiture'];
const CPV = ['45261000', '45262000', '45421000', '45442100', '45321000', '90910000', '71200000', '38636100', '45000000'];
const DEPTS = ['38', '69', '52', '02', '13', '75', '74'];
const REGIONS = ['Auvergne-Rhône-Alpes', 'Grand Est', 'Hauts-de-France', 'Île-de-France', "Provence-Alpes-Côte d'Azur"];
const REGION_OF: Record<string, string> = { '38': 'Auvergne-Rhône-Alpes', '69': 'Auvergne-Rhône-Alpes', '74': 'Auvergne-Rhône-Alpes', '52': 'Grand Est', '02': 'Hauts-de-France', '13': "Provence-Alpes-Côte d'Azur", '75': 'Île-de-France' };
const BUYERS = ['Ville de Grenoble', 'SGAMI Est', 'Grenoble INP', 'Région Auvergne-Rhône-Alpes'];
const CERTS = ['Certificat Qualibat 3191 — Couverture', 'ISO 9001:2015', 'MASE', 'RGE Qualibat'];

function pairOf(seed: number): { call: MatchedCall; profile: MatchProfile } {
  const g = generator(seed);
  const dept = g.next() < 0.8 ? g.pick(DEPTS) : null;
  const known = (): KnownCall => ({ id: `k${Math.floor(g.next() * 1e6)}`, title: g.some(WORDS, 3).join(' ') || 'travaux', buyer: g.pick(BUYERS), cpvCodes: g.some(CPV, 2) });
  const call: MatchedCall = {
    id: `c${seed}`,
    title: `${g.some(WORDS, 4).join(' ')} ${g.next() < 0.2 ? 'qualibat 3191 exigé' : ''}`,
    description: g.some(WORDS, 3).join(', ') + (g.next() < 0.2 ? ' MASE' : ''),
    lotTitles: g.some(WORDS, 2),
    cpvCodes: g.some(CPV, 3),
    department: dept,
    region: dept ? REGION_OF[dept]! : g.next() < 0.5 ? g.pick(REGIONS) : null,
    estimatedAmount: g.next() < 0.7 ? Math.round(g.next() * 2_000_000) : null,
    buyer: g.pick(BUYERS),
  };
  const profile: MatchProfile = {
    keywords: g.some(WORDS, 4),
    cpvCodes: g.some(CPV, 3),
    departments: g.some(DEPTS, 3),
    regions: g.some(REGIONS, 2),
    amountMin: g.next() < 0.5 ? 50_000 : null,
    amountMax: g.next() < 0.5 ? 1_000_000 : null,
    certifications: g.some(CERTS, 2),
    wins: Array.from({ length: Math.floor(g.next() * 3) }, known),
    verdicts: Array.from({ length: Math.floor(g.next() * 4) }, () => ({ ...known(), verdict: g.next() < 0.5 ? ('relevant' as const) : ('not_relevant' as const) })),
  };
  return { call, profile };
}

describe('every score is explained by its reasons', () => {
  it('over 5,000 (profile, call) pairs: the points sum to the score, no score without reasons, 0 with reasons only under a verdict', () => {
    let scored = 0;
    let capped = 0;
    let cancelled = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const { call, profile } = pairOf(seed);
      const match = matchCall(call, profile);
      const sum = match.reasons.reduce((total, r) => total + r.points, 0);
      const where = `pair ${seed}: ${JSON.stringify(match)}`;
      expect(match.score, where).toBe(sum);
      expect(match.score, where).toBeGreaterThanOrEqual(0);
      expect(match.score, where).toBeLessThanOrEqual(100);
      if (match.reasons.length === 0) expect(match.score, where).toBe(0);
      if (match.score === 0 && match.reasons.length > 0) expect(match.reasons.some((r) => r.points < 0), where).toBe(true);
      for (const r of match.reasons) expect(r.points, where).not.toBe(0);
      if (match.score > 0) scored++;
      if (match.score === 100) capped++;
      if (match.score === 0 && match.reasons.length > 0) cancelled++;
    }
    // The generator reaches the cases that matter: scores, the 100 cap and verdicts that cancel.
    expect(scored).toBeGreaterThan(1000);
    expect(capped).toBeGreaterThan(20);
    expect(cancelled).toBeGreaterThan(5);
  });

  it('past 100, the reasons say what they actually added (keywords, CPV, place, amount, certification: 115 → 100)', () => {
    const match = matchCall(
      { title: 'Couverture et zinguerie, Qualibat 3191 exigé', description: '', lotTitles: [], cpvCodes: ['45261000-4'], department: '38', region: 'Auvergne-Rhône-Alpes', estimatedAmount: 200_000 },
      { keywords: ['couverture', 'zinguerie'], cpvCodes: ['45261000'], departments: ['38'], regions: [], amountMin: 50_000, amountMax: 1_000_000, certifications: ['Certificat Qualibat 3191 — Couverture'] },
    );
    expect(match.score).toBe(100);
    expect(match.reasons.map((r) => [r.criterion, r.points])).toEqual([
      ['keywords', 35],
      ['cpv', 35],
      ['place', 20],
      ['amount', 10],
    ]);
  });

  it('a company in département 38 gets a place reason on a Grenoble call (38), none in another département', () => {
    const grenoble: MatchedCall = {
      title: "Fourniture d'une machine de prototypage laser pour Grenoble INP",
      description: '',
      lotTitles: [],
      cpvCodes: ['38636100-3'],
      department: '38',
      region: 'Auvergne-Rhône-Alpes',
      estimatedAmount: null,
    };
    const demo: MatchProfile = { keywords: ['gros œuvre'], cpvCodes: ['45000000'], departments: ['69', '01', '38', '42'], regions: [], amountMin: null, amountMax: null };
    const match = matchCall(grenoble, demo);
    expect(match.reasons).toEqual([{ criterion: 'place', points: 20, matched: ['38'] }]);
    expect(match.score).toBe(20);
    expect(matchCall({ ...grenoble, department: '52', region: 'Grand Est' }, demo)).toEqual({ score: 0, status: 'none', reasons: [] });
  });
});
