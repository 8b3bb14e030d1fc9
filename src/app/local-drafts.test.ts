import { describe, expect, it } from 'vitest';
import { createLocalDrafts } from './local-drafts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

const ann = { userId: 'ann', entity: 'memory-section', id: 's1', field: 'content' };

describe('drafts kept in the browser', () => {
  it('keeps the text with the version it was typed on, until cleared', () => {
    const drafts = createLocalDrafts(memoryStorage());
    drafts.write(ann, { type: 'doc' }, 4);
    expect(drafts.read(ann)).toMatchObject({ value: { type: 'doc' }, baseVersion: 4 });
    drafts.clear(ann);
    expect(drafts.read(ann)).toBeNull();
  });

  it("never shows one user's draft to another, nor one field's to another", () => {
    const drafts = createLocalDrafts(memoryStorage());
    drafts.write(ann, 'Texte de Ann', 2);
    expect(drafts.read({ ...ann, userId: 'bob' })).toBeNull();
    expect(drafts.read({ ...ann, id: 's2' })).toBeNull();
    expect(drafts.read({ ...ann, field: 'title' })).toBeNull();
  });

  it('a broken or full storage loses nothing but the copy', () => {
    const storage = memoryStorage();
    storage.items.set('soumissio.draft:ann:memory-section:s1:content', '{not json');
    const drafts = createLocalDrafts({ ...storage, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } });
    expect(drafts.read(ann)).toBeNull();
    expect(() => drafts.write(ann, 'x', 1)).not.toThrow();
  });
});
