import type { Role } from '../../db/schema';
import { forbidden, notFound } from '../../errors';

export type Caller = { id: string; role: Role; companyId: string | null };

/**
 * Staff reach their own company only. Another company answers 404, never 403, so that a
 * caller cannot tell which ids exist.
 */
export function readScope(caller: Caller, companyId: string): void {
  if (caller.role !== 'admin' && caller.companyId !== companyId) throw notFound();
}

/** Writes: an admin, or a manager of that company. */
export function writeScope(caller: Caller, companyId: string): void {
  readScope(caller, companyId);
  if (caller.role !== 'admin' && caller.role !== 'manager') throw forbidden();
}
