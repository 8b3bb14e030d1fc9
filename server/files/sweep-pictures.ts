import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Storage } from '../storage/storage';

/** Profile pictures live under this folder, one sub-folder per user. */
export const PICTURES_PREFIX = 'pictures';
/**
 * A picture is written before the row that names it: a younger file may belong to an update
 * still running (in this process or another), so only files older than this are swept.
 */
export const PICTURE_SWEEP_GRACE_MS = 60 * 60_000;

/**
 * Removes the profile pictures no account names any more (a removal whose file delete failed,
 * a server killed between the two writes), returning how many. Only the pictures folder, only
 * files past the grace period, and only after the database said nobody references them.
 */
export async function sweepUnreferencedPictures(db: Pick<Database, 'select'>, storage: Storage, graceMs = PICTURE_SWEEP_GRACE_MS, now = Date.now()): Promise<number> {
  const old = (await storage.list(PICTURES_PREFIX)).filter((file) => now - file.modifiedMs >= graceMs);
  let removed = 0;
  // In slices, so that a large folder never makes one huge query.
  for (let i = 0; i < old.length; i += 500) {
    const slice = old.slice(i, i + 500);
    const referenced = new Set(
      (await db.select({ key: users.pictureKey }).from(users).where(inArray(users.pictureKey, slice.map((f) => f.key)))).map((row) => row.key),
    );
    for (const file of slice) {
      if (referenced.has(file.key)) continue;
      await storage.delete(file.key);
      removed++;
    }
  }
  return removed;
}
