// The plan's storage limit (issue 14) for every path that keeps a file the company's usage counts
// (tender and company documents, résumés, memory images): called inside the transaction that
// writes the file's row, so that a refusal rolls the row back and discards the new file, and a
// replaced file stays as it was.
import type { FastifyRequest } from 'fastify';
import { enforceLimit, type Queryable } from '../domains/billing/store';

/**
 * Refuses with 402 a file that would take the company's stored bytes past its plan. A new file
 * counts its size; a replacement counts only what it adds to the file it replaces, so one no
 * bigger than the old file always passes, even above a limit lowered since.
 */
export async function enforceStorage(tx: Queryable, request: FastifyRequest | null, companyId: string, size: number, replacedSize: number | null = 0): Promise<void> {
  const adding = size - (replacedSize ?? 0);
  if (adding <= 0) return;
  await enforceLimit(tx, request, companyId, 'storageBytes', adding);
}
