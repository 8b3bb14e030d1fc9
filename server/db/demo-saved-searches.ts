// The demo company's saved searches (issue 24): a Grenoble building firm watching heating work
// near home by its CPV class (45331000, heating; its alerts on, so that the digest tells of new
// ones) and school refurbishments in the region by keywords.
// Written only when the company has none, so that the demo's edits are kept.
import { count, eq } from 'drizzle-orm';
import type { Database } from './client';
import { savedSearches } from './schema';

export const DEMO_SAVED_SEARCHES = ['Chauffage – Isère et Savoie', 'Écoles – réhabilitation'] as const;

export async function seedDemoSavedSearches(db: Database, companyId: string, by: { manager: string | null; employee: string | null }): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.companyId, companyId))) as [{ n: number }];
  if (n > 0) return;
  await db.insert(savedSearches).values([
    {
      companyId,
      name: DEMO_SAVED_SEARCHES[0],
      cpvCodes: ['45331000-6'],
      departments: ['38', '73'],
      alerts: true,
      createdBy: by.manager,
    },
    {
      companyId,
      name: DEMO_SAVED_SEARCHES[1],
      keywords: ['réhabilitation école', 'réhabilitation groupe scolaire', 'rénovation école', 'réhabilitation collège'],
      regions: ['Auvergne-Rhône-Alpes'],
      amountMin: 200_000,
      alerts: false,
      createdBy: by.employee,
    },
  ]);
}
