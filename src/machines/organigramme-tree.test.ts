import { describe, expect, it } from 'vitest';
import { treeProblem, type Position } from '../../rules/organigramme-tree';
import { addPosition, movePosition, possibleParents, removePosition, rootPosition, toTree, updatePosition } from './organigramme-tree';

const person = (title: string, name: string, contact = '') => ({
  title,
  name,
  contact,
});
// Directeur de travaux → Conducteur → Chef de chantier; Directeur → QSE.
function siteTeam(): Position[] {
  let positions = rootPosition(person('Directeur de travaux', 'Marc Lefèvre'), 'dt');
  positions = addPosition(positions, 'dt', person('Conducteur de travaux', 'Sophie Girard'), 'ct');
  positions = addPosition(positions, 'dt', person('Responsable QSE', 'Nadia Benali', '06 12 34 56 78'), 'qse');
  return addPosition(positions, 'ct', person('Chef de chantier', 'Paul Roux'), 'cc');
}

describe('building a chart', () => {
  it('starts with a root and adds positions under chosen parents, in order', () => {
    const positions = siteTeam();
    expect(positions.map((p) => [p._id, p.parentId])).toEqual([
      ['dt', null],
      ['ct', 'dt'],
      ['qse', 'dt'],
      ['cc', 'ct'],
    ]);
    expect(treeProblem(positions)).toBeNull();
    const tree = toTree(positions)!;
    expect(tree.title).toBe('Directeur de travaux');
    expect(tree.children.map((c) => c._id)).toEqual(['ct', 'qse']);
    expect(tree.children[0]!.children.map((c) => c.name)).toEqual(['Paul Roux']);
  });

  it('edits a position', () => {
    const positions = updatePosition(siteTeam(), 'cc', person('Cheffe de chantier', 'Lina Roux', 'l.roux@exemple.fr'));
    expect(positions.find((p) => p._id === 'cc')).toEqual({
      _id: 'cc',
      parentId: 'ct',
      title: 'Cheffe de chantier',
      name: 'Lina Roux',
      contact: 'l.roux@exemple.fr',
    });
  });

  it('gives fresh ids the contract accepts', () => {
    const [root] = rootPosition(person('Gérant', 'Léa Morel'));
    const added = addPosition([root!], root!._id, person('Adjoint', 'Tom Morel')).at(-1)!;
    expect(root!._id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(added._id).not.toBe(root!._id);
  });
});

describe('moving a position', () => {
  it('moves a position with what hangs below it', () => {
    const result = movePosition(siteTeam(), 'ct', 'qse');
    expect(result.ok).toBe(true);
    if (result.ok) expect(toTree(result.positions)!.children[0]!.children[0]!.children[0]!._id).toBe('cc');
  });

  it('refuses a move under itself, under its own subordinate, or of the root (a cycle)', () => {
    expect(movePosition(siteTeam(), 'ct', 'ct')).toEqual({
      ok: false,
      key: 'organigramme-cycle',
    });
    expect(movePosition(siteTeam(), 'ct', 'cc')).toEqual({
      ok: false,
      key: 'organigramme-cycle',
    });
    expect(movePosition(siteTeam(), 'dt', 'qse')).toEqual({
      ok: false,
      key: 'organigramme-cycle',
    });
  });

  it('offers as parents only the positions outside what hangs below', () => {
    expect(possibleParents(siteTeam(), 'ct').map((p) => p._id)).toEqual(['dt', 'qse']);
    expect(possibleParents(siteTeam(), 'dt')).toEqual([]);
  });
});

describe('removing a position', () => {
  it('moves its subordinates up to its parent', () => {
    const result = removePosition(siteTeam(), 'ct');
    expect(result).toEqual({ ok: true, positions: expect.any(Array) });
    if (result.ok) {
      expect(result.positions.map((p) => [p._id, p.parentId])).toEqual([
        ['dt', null],
        ['qse', 'dt'],
        ['cc', 'dt'],
      ]);
      expect(treeProblem(result.positions)).toBeNull();
    }
  });

  it('refuses to remove the root: the whole chart is deleted instead', () => {
    expect(removePosition(siteTeam(), 'dt')).toEqual({
      ok: false,
      key: 'organigramme-root_removal',
    });
  });
});
