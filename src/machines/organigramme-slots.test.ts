import { describe, expect, it } from 'vitest';
import { kindOf, toSlots, type Organigramme } from './organigramme-slots';

const chart = (type: string, name = 'Claire Durand'): Organigramme =>
  ({
    _id: `id-${type}`,
    companyId: 'c1',
    type,
    positions: [
      {
        _id: 'dg',
        parentId: null,
        title: 'Direction générale',
        name,
        contact: '',
      },
    ],
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
  }) as unknown as Organigramme;

describe('fetch-all normalisation (spec section 4)', () => {
  it('reads an object with an organigrammes field', () => {
    const slots = toSlots({
      organigrammes: [chart('normal'), chart('construction')],
    });
    expect(slots.normal?._id).toBe('id-normal');
    expect(slots.construction?._id).toBe('id-construction');
  });

  it('reads a plain list', () => {
    const slots = toSlots([chart('construction')]);
    expect(slots).toEqual({
      normal: null,
      construction: chart('construction'),
    });
  });

  it('puts global in the normal slot and chantier in the construction slot, under their canonical names', () => {
    const slots = toSlots([chart('global'), chart('chantier')]);
    expect(slots.normal).toMatchObject({ _id: 'id-global', type: 'normal' });
    expect(slots.construction).toMatchObject({
      _id: 'id-chantier',
      type: 'construction',
    });
  });

  it('keeps both slots empty for an empty answer, a missing field or something else', () => {
    for (const answer of [{ organigrammes: [] }, [], {}, null, undefined, 'oops', { organigrammes: 'x' }]) expect(toSlots(answer)).toEqual({ normal: null, construction: null });
  });

  it('leaves out items of an unknown type and keeps the first of a kind', () => {
    const slots = toSlots([chart('autre'), null, chart('normal', 'Première'), chart('global', 'Seconde')]);
    expect(slots.normal?.positions[0]?.name).toBe('Première');
    expect(slots.construction).toBeNull();
  });

  it('names the kind of each spelling', () => {
    expect(['normal', 'global', 'construction', 'chantier', 'other'].map(kindOf)).toEqual(['normal', 'normal', 'construction', 'construction', null]);
  });
});
