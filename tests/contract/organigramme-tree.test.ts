// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as server from '../../server/domains/organigrammes/tree';
import * as client from '../../src/machines/organigramme-tree';
import { DEMO_GLOBAL_CHART, DEMO_SITE_CHART } from '../../server/db/demo-organigrammes';

type Input = server.PositionInput;
const base: Input[] = [
  {
    _id: 'dt',
    parentId: null,
    title: 'Directeur de travaux',
    name: 'Marc Lefèvre',
    contact: ' 06 12 34 56 78 ',
  },
  {
    _id: 'ct',
    parentId: 'dt',
    title: ' Conducteur de travaux ',
    name: 'Sophie Girard',
  },
  { _id: 'cc', parentId: 'ct', title: 'Chef de chantier', name: 'Paul Roux' },
];
const cases: Record<string, Input[]> = {
  valid: base,
  duplicate: [...base, { ...base[2]! }],
  'two roots': [...base, { _id: 'x', parentId: null, title: 'Gérant', name: 'Léa' }],
  'no root': base.map((p) => (p._id === 'dt' ? { ...p, parentId: 'cc' } : p)),
  'unknown parent': [...base, { _id: 'x', parentId: 'nope', title: 'Gérant', name: 'Léa' }],
  cycle: base.map((p) => (p._id === 'ct' ? { ...p, parentId: 'cc' } : p)),
  'self parent': [...base, { _id: 'x', parentId: 'x', title: 'Boucle', name: 'Boucle' }],
  blank: base.map((p) => (p._id === 'cc' ? { ...p, title: '  ' } : p)),
};

describe('organigramme tree rules', () => {
  it.each(Object.keys(cases))('the client and the server agree on %s', (label) => {
    const positions = cases[label]!;
    expect(client.normalisePositions(positions)).toEqual(server.normalisePositions(positions));
    expect(client.treeProblem(client.normalisePositions(positions))).toEqual(server.treeProblem(server.normalisePositions(positions)));
  });

  it('accepts the demo charts', () => {
    for (const chart of [DEMO_GLOBAL_CHART, DEMO_SITE_CHART]) expect(server.treeProblem(server.normalisePositions(chart))).toBeNull();
  });
});
