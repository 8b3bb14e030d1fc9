/**
 * A chart's positions as one tree: the server's rules (mirrored from
 * server/domains/organigrammes/tree.ts; tests/contract/organigramme-tree.test.ts fails when the two
 * differ) and the editor's changes, each answering new positions and never mutating its input.
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
export type PositionFields = Pick<Position, 'title' | 'name' | 'contact'>;

export type TreeProblemKey = 'organigramme-duplicate_position' | 'organigramme-one_root' | 'organigramme-unknown_parent' | 'organigramme-cycle' | 'organigramme-blank_field';
export type TreeProblem = { key: TreeProblemKey; positionIds: string[] };

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

/** A fresh id the contract accepts (letters, digits, - and _). */
export const newPositionId = () => `p-${crypto.randomUUID()}`;

export type TreeNode = Position & { children: TreeNode[] };

/** The nested tree from its root, children in the positions' order; null without a root. */
export function toTree(positions: readonly Position[]): TreeNode | null {
  const root = positions.find((p) => p.parentId === null);
  if (!root) return null;
  const visited = new Set<string>();
  const build = (position: Position): TreeNode => {
    visited.add(position._id);
    return {
      ...position,
      children: positions.filter((p) => p.parentId === position._id && !visited.has(p._id)).map(build),
    };
  };
  return build(root);
}

/** The ids under a position, at any depth. */
export function descendantsOf(positions: readonly Position[], id: string): Set<string> {
  const found = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    for (const p of positions) {
      if (p.parentId !== current || found.has(p._id)) continue;
      found.add(p._id);
      stack.push(p._id);
    }
  }
  return found;
}

export type EditResult = { ok: true; positions: Position[] } | { ok: false; key: 'organigramme-cycle' | 'organigramme-root_removal' };

/** A chart's first position: its root. */
export const rootPosition = (fields: PositionFields, id = newPositionId()): Position[] => [{ _id: id, parentId: null, ...fields }];

export function addPosition(positions: readonly Position[], parentId: string, fields: PositionFields, id = newPositionId()): Position[] {
  return [...positions, { _id: id, parentId, ...fields }];
}

export function updatePosition(positions: readonly Position[], id: string, fields: PositionFields): Position[] {
  return positions.map((p) => (p._id === id ? { ...p, ...fields } : p));
}

/** The parents a position may move under: anything but itself and what hangs below it. */
export function possibleParents(positions: readonly Position[], id: string): Position[] {
  const below = descendantsOf(positions, id);
  return positions.filter((p) => p._id !== id && !below.has(p._id));
}

/** Moves a position (and what hangs below it) under another; refused when that would make a cycle. */
export function movePosition(positions: readonly Position[], id: string, parentId: string): EditResult {
  const moving = positions.find((p) => p._id === id);
  // The root has no parent to keep: under any other position it would depend on itself.
  if (!moving || moving.parentId === null || !possibleParents(positions, id).some((p) => p._id === parentId)) return { ok: false, key: 'organigramme-cycle' };
  return {
    ok: true,
    positions: positions.map((p) => (p._id === id ? { ...p, parentId } : p)),
  };
}

/**
 * Removes a position; the positions under it move up to its parent, keeping their place in the
 * order. The root goes only with the whole chart (deleting the chart).
 */
export function removePosition(positions: readonly Position[], id: string): EditResult {
  const removed = positions.find((p) => p._id === id);
  if (!removed || removed.parentId === null) return { ok: false, key: 'organigramme-root_removal' };
  return {
    ok: true,
    positions: positions.filter((p) => p._id !== id).map((p) => (p.parentId === id ? { ...p, parentId: removed.parentId } : p)),
  };
}
