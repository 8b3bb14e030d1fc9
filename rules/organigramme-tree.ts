/**
 * The rules a chart's positions must follow before anything is written (docs/decisions.md,
 * "Organisation charts"): unique ids, exactly one root, parents that exist, no cycle, a title and
 * a name. The server refuses what breaks them; the editor (src/machines/organigramme-tree.ts)
 * checks the same so it never sends what the server refuses. The position's shape is the
 * contract's OrganigrammePosition, written here so the folder imports nothing
 * (tests/contract/organigramme-tree.test.ts fails when they differ).
 */
export type PositionInput = {
  _id: string;
  parentId: string | null;
  title: string;
  name: string;
  contact?: string;
};
export type Position = {
  _id: string;
  parentId: string | null;
  title: string;
  name: string;
  contact: string;
};

export type TreeProblemKey = 'organigramme-duplicate_position' | 'organigramme-one_root' | 'organigramme-unknown_parent' | 'organigramme-cycle' | 'organigramme-blank_field';
/** The first rule broken and the positions that break it. */
export type TreeProblem = { key: TreeProblemKey; positionIds: string[] };

/** Texts trimmed, a missing contact stored as ''; the order is kept. */
export function normalisePositions(positions: readonly PositionInput[]): Position[] {
  return positions.map((p) => ({
    _id: p._id,
    parentId: p.parentId,
    title: p.title.trim(),
    name: p.name.trim(),
    contact: (p.contact ?? '').trim(),
  }));
}

export function treeProblem(positions: readonly Position[]): TreeProblem | null {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const p of positions) (seen.has(p._id) ? duplicates : seen).add(p._id);
  if (duplicates.size)
    return {
      key: 'organigramme-duplicate_position',
      positionIds: [...duplicates],
    };

  const roots = positions.filter((p) => p.parentId === null);
  if (roots.length !== 1)
    return {
      key: 'organigramme-one_root',
      positionIds: roots.map((p) => p._id),
    };

  const orphans = positions.filter((p) => p.parentId !== null && !seen.has(p.parentId));
  if (orphans.length)
    return {
      key: 'organigramme-unknown_parent',
      positionIds: orphans.map((p) => p._id),
    };

  // With one root and known parents, a position whose chain of parents never reaches the root is
  // on a cycle (or hangs from one).
  const parentOf = new Map(positions.map((p) => [p._id, p.parentId]));
  const looping = positions.filter((p) => {
    let current: string | null | undefined = p.parentId;
    for (let steps = 0; steps <= positions.length; steps += 1) {
      if (current === null) return false;
      current = parentOf.get(current!);
    }
    return true;
  });
  if (looping.length)
    return {
      key: 'organigramme-cycle',
      positionIds: looping.map((p) => p._id),
    };

  const blank = positions.filter((p) => p.title === '' || p.name === '');
  if (blank.length)
    return {
      key: 'organigramme-blank_field',
      positionIds: blank.map((p) => p._id),
    };
  return null;
}
