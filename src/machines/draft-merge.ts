/**
 * Lost updates (issue 10): when a full replace meets a newer version, the client compares three
 * lists of items keyed by `_id` — the one the draft was drawn from (base), the user's draft, and
 * the saved one (theirs) — to show who changed what, and to reapply the draft onto theirs.
 * Pure functions: they never mutate their input.
 */
export type Keyed = { _id?: string };

export type ListChanges<T> = {
  added: T[];
  removed: T[];
  /** Items present on both sides whose compared fields differ, as they are after the change. */
  changed: T[];
};

const byId = <T extends Keyed>(items: readonly T[]) => new Map(items.flatMap((item) => (item._id ? [[item._id, item] as const] : [])));

function sameFields<T>(a: T, b: T, fields: readonly (keyof T)[]): boolean {
  return fields.every((field) => a[field] === b[field]);
}

/** What went from `before` to `after`: items without an _id (not saved yet) count as added. */
export function changesBetween<T extends Keyed>(before: readonly T[], after: readonly T[], fields: readonly (keyof T)[]): ListChanges<T> {
  const old = byId(before);
  const next = byId(after);
  return {
    added: after.filter((item) => !item._id || !old.has(item._id)),
    removed: before.filter((item) => item._id && !next.has(item._id)),
    changed: after.filter((item) => {
      const was = item._id ? old.get(item._id) : undefined;
      return was !== undefined && !sameFields(was, item, fields);
    }),
  };
}

export const hasChanges = (changes: ListChanges<unknown>) => changes.added.length + changes.removed.length + changes.changed.length > 0;

/**
 * The draft's changes reapplied onto theirs, field by field: a field the user changed takes the
 * user's value, any other keeps theirs. Their order is kept; the user's new items follow it. An
 * item the user removed goes unless they changed it meanwhile (their work is not dropped); an item
 * the user changed that they removed comes back (the user's work is not dropped either).
 */
export function reapplyDraft<T extends Keyed>(base: readonly T[], draft: readonly T[], theirs: readonly T[], fields: readonly (keyof T)[]): T[] {
  const baseItems = byId(base);
  const draftItems = byId(draft);
  const theirItems = byId(theirs);
  const merged: T[] = [];
  for (const item of theirs) {
    const was = item._id ? baseItems.get(item._id) : undefined;
    const mine = item._id ? draftItems.get(item._id) : undefined;
    if (!was) merged.push(item);
    else if (!mine) {
      if (!sameFields(was, item, fields)) merged.push(item);
    } else {
      const result = { ...item };
      for (const field of fields) if (mine[field] !== was[field]) result[field] = mine[field];
      merged.push(result);
    }
  }
  for (const mine of draft) {
    const was = mine._id ? baseItems.get(mine._id) : undefined;
    if (!was) merged.push(mine);
    else if (!theirItems.has(mine._id!) && !sameFields(was, mine, fields)) merged.push(mine);
  }
  return merged;
}
