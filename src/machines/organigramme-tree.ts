/**
 * The editor's changes to a chart's positions, each answering new positions and never mutating its
 * input. The rules the server enforces live in rules/organigramme-tree.ts.
 */
import type { Position } from '../../rules/organigramme-tree';

export type PositionFields = Pick<Position, 'title' | 'name' | 'contact'>;

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
