import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenders, type TenderStatus } from '../../db/schema';
import { notFound } from '../../errors';
import type { Caller } from '../companies/scope';

export type TenderRef = { id: string; companyId: string; tenderCallId: string; status: TenderStatus; answeredLots: number[] };

/**
 * The tender `id` as the caller may reach it: any tender for an admin, one of their company's
 * for staff. Anything else answers 404, like an id that does not exist (ids cannot be probed).
 */
export async function reachableTender(db: Database, caller: Caller, id: string): Promise<TenderRef> {
  const scope = caller.role === 'admin' ? undefined : eq(tenders.companyId, caller.companyId ?? '00000000-0000-0000-0000-000000000000');
  const [row] = await db
    .select({ id: tenders.id, companyId: tenders.companyId, tenderCallId: tenders.tenderCallId, status: tenders.status, answeredLots: tenders.answeredLots })
    .from(tenders)
    .where(and(eq(tenders.id, id), scope))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
