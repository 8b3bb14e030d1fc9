import { describe, expect, it } from 'vitest';
import { normalisePositions, treeProblem, type PositionInput } from './organigramme-tree';

// A site team as a contractor draws it: Directeur de travaux → Conducteur → Chef de chantier.
const team: PositionInput[] = [
  { _id: 'dt', parentId: null, title: 'Directeur de travaux', name: 'Marc Lefèvre', contact: ' 06 12 34 56 78 ' },
  { _id: 'ct', parentId: 'dt', title: ' Conducteur de travaux ', name: 'Sophie Girard' },
  { _id: 'cc', parentId: 'ct', title: 'Chef de chantier', name: 'Paul Roux' },
];
const problemOf = (positions: PositionInput[]) => treeProblem(normalisePositions(positions));

describe('normalisePositions', () => {
  it('trims texts, stores a missing contact as empty and keeps the order', () => {
    expect(normalisePositions(team)).toEqual([
      { _id: 'dt', parentId: null, title: 'Directeur de travaux', name: 'Marc Lefèvre', contact: '06 12 34 56 78' },
      { _id: 'ct', parentId: 'dt', title: 'Conducteur de travaux', name: 'Sophie Girard', contact: '' },
      { _id: 'cc', parentId: 'ct', title: 'Chef de chantier', name: 'Paul Roux', contact: '' },
    ]);
  });

  it('leaves its input as it was', () => {
    const input = structuredClone(team);
    normalisePositions(input);
    expect(input).toEqual(team);
  });
});

describe('treeProblem', () => {
  it('accepts a tree with one root, known parents and every title and name', () => {
    expect(problemOf(team)).toBeNull();
  });

  it('names a position id used twice', () => {
    expect(problemOf([...team, { ...team[2]! }])).toEqual({ key: 'organigramme-duplicate_position', positionIds: ['cc'] });
  });

  it('wants exactly one root', () => {
    expect(problemOf([...team, { _id: 'x', parentId: null, title: 'Gérant', name: 'Léa' }])).toEqual({ key: 'organigramme-one_root', positionIds: ['dt', 'x'] });
    expect(problemOf(team.map((p) => (p._id === 'dt' ? { ...p, parentId: 'cc' } : p)))).toEqual({ key: 'organigramme-one_root', positionIds: [] });
  });

  it('names a position whose parent does not exist', () => {
    expect(problemOf([...team, { _id: 'x', parentId: 'nope', title: 'Gérant', name: 'Léa' }])).toEqual({ key: 'organigramme-unknown_parent', positionIds: ['x'] });
  });

  it('names the positions on a cycle, a position its own parent included', () => {
    expect(problemOf(team.map((p) => (p._id === 'ct' ? { ...p, parentId: 'cc' } : p)))).toEqual({ key: 'organigramme-cycle', positionIds: ['ct', 'cc'] });
    expect(problemOf([...team, { _id: 'x', parentId: 'x', title: 'Boucle', name: 'Boucle' }])).toEqual({ key: 'organigramme-cycle', positionIds: ['x'] });
  });

  it('names a position whose title or name is blank once trimmed', () => {
    expect(problemOf(team.map((p) => (p._id === 'cc' ? { ...p, title: '  ' } : p)))).toEqual({ key: 'organigramme-blank_field', positionIds: ['cc'] });
    expect(problemOf(team.map((p) => (p._id === 'ct' ? { ...p, name: '' } : p)))).toEqual({ key: 'organigramme-blank_field', positionIds: ['ct'] });
  });

  it('gives the first rule broken only', () => {
    // A duplicate and a blank field: the duplicate is named.
    expect(problemOf([...team.map((p) => ({ ...p, title: '' })), { ...team[0]! }])?.key).toBe('organigramme-duplicate_position');
  });
});
