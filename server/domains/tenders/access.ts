import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { tenders, type TenderStatus } from '../../db/schema';
import { notFound } from '../../errors';
import type { Caller } from '../companies/scope';

export type TenderRef = { id: string; companyId: string; tenderCallId: string; status: TenderStatus; answeredLots: number[] };

/**
 * The tender `id` as the caller may reach it: any tender for an admin, one of their company's
 * for staff. Anything else answers 404, like an id that does not exist (ids cannot be probed).
 */
const reachable = (db: Database, scoped: boolean) =>
  db
    .select({ id: tenders.id, companyId: tenders.companyId, tenderCallId: tenders.tenderCallId, status: tenders.status, answeredLots: tenders.answeredLots })
    .from(tenders)
    .where(and(eq(tenders.id, sql.placeholder('id')), scoped ? eq(tenders.companyId, sql.placeholder('companyId')) : undefined))
    .limit(1);
// Built once each (issue 24, bench:overhead): any tender (admins), one of a company's (staff).
const anyTender = preparedPer((db) => reachable(db, false).prepare('reachable_tender_any'));
const companyTender = preparedPer((db) => reachable(db, true).prepare('reachable_tender_of_company'));

export async function reachableTender(db: Database, caller: Caller, id: string): Promise<TenderRef> {
  const [row] =
    caller.role === 'admin'
      ? await anyTender(db).execute({ id })
      : await companyTender(db).execute({ id, companyId: caller.companyId ?? '00000000-0000-0000-0000-000000000000' });
  if (!row) throw notFound();
  return row;
}
