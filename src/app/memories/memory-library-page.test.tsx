import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import { buyerPassage, memoryDemo, memoryWritten } from '../../ui/memories/memory-fixtures';
import { quotedPassages } from '../../ui/memories/tiptap-text';
import { blockDemolition, blockSafety } from '../../ui/library/library-fixtures';
import type { MemorySummary } from '../../machines/memory.machine';
import type { SectionSave } from '../../machines/section-autosave.machine';
import type { ListQuery } from '../../machines/list.machine';
import type { LibraryFilters, LibrarySaveSectionInput } from '../library/calls';

// The assisted writing page's library: the section's matching blocks inserted with their source,
// and the section saved to the library.

beforeAll(() => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  Range.prototype.getClientRects = rects;
  Range.prototype.getBoundingClientRect = rect;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

const ID = tenderJeanMoulin._id;
const summary: MemorySummary = { _id: memoryDemo._id, tenderId: ID, title: memoryDemo.title, status: 'draft', sectionsCount: 5, words: 40, score: null, updatedAt: memoryDemo.updatedAt, version: 3 };

function setup(more: Parameters<typeof fakeOperations>[1] = {}) {
  const queries: ListQuery<LibraryFilters>[] = [];
  const saves: SectionSave[] = [];
  const ops = fakeOperations(
    { current: users.manager },
    {
      getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })),
      listMemories: fromPromise(async () => ({ memories: [summary], frames: [] })),
      getMemory: fromPromise(async () => memoryDemo),
      updateMemorySection: fromPromise(async ({ input }) => {
        const save = input as SectionSave;
        saves.push(save);
        return { message: 'Section enregistrée.', data: { ...memoryWritten, content: save.patch.content!, version: save.patch.version + 1 } };
      }),
      listLibraryBlocks: fromPromise(async ({ input }) => {
        queries.push(input as ListQuery<LibraryFilters>);
        return { items: [blockSafety, blockDemolition], count: 2, totalPages: 1 };
      }),
      ...more,
    },
  );
  return { ops, queries, saves };
}

describe('assisted writing: the content library', () => {
  it('searches the company’s library with the section’s criterion words, inserts a block with its source, saved with the section', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const { ops, queries, saves } = setup();
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations: ops });
    expect(await screen.findByRole('textbox', { name: memoryWritten.title }, { timeout: 15_000 })).toBeTruthy();
    const panel = screen.getByRole('region', { name: 'Bibliothèque' });
    expect(queries[0]).toEqual({ page: 1, search: 'finesse structuration', filters: { companyId: memoryDemo.companyId, due: '' } });
    expect(within(panel).getByRole('searchbox')).toHaveProperty('value', 'finesse structuration');
    await u.click(await within(panel).findByRole('button', { name: 'Insérer « Sécurité et prévention sur le chantier » dans le texte' }));
    expect(await screen.findByText('Modifications non enregistrées')).toBeTruthy();
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 4000 });
    const saved = JSON.stringify(saves[0]!.patch.content);
    expect(saved).toContain('PPSPS remis sous 30 jours');
    const doc = saves[0]!.patch.content as { content: { type: string; content?: unknown[] }[] };
    // Right after the buyer's quote (where the cursor was), not inside it: the block, then its source in italics.
    expect(doc.content.map((node) => node.type)).toEqual(['blockquote', 'paragraph', 'bulletList', 'paragraph', 'paragraph']);
    expect(doc.content[3]).toEqual({ type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'italic' }], text: 'Source : bibliothèque — Sécurité et prévention sur le chantier' }] });
    expect(quotedPassages(doc)).toEqual([buyerPassage]);
    // Another search, typed by the user.
    await u.clear(within(panel).getByRole('searchbox'));
    await u.type(within(panel).getByRole('searchbox'), 'démolir');
    await waitFor(() => expect(queries.at(-1)?.search).toBe('démolir'), { timeout: 3000 });
  });

  it('saves the section’s current text to the library with its source section; a refusal lands under its field, then the toast', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const sent: LibrarySaveSectionInput[] = [];
    const { ops, queries } = setup({
      createLibraryBlockFromSection: fromPromise(async ({ input }) => {
        const body = input as LibrarySaveSectionInput;
        sent.push(body);
        if (sent.length === 1) throw { message: 'La requête contient des données invalides.', status: 400, details: [{ field: 'title', msg: 'Le champ « Titre » doit contenir au plus 200 caractères.' }] };
        return { message: 'Bloc enregistré dans la bibliothèque.', data: { ...blockSafety, title: body.title, sourceSectionId: body.sourceSectionId } };
      }),
    });
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations: ops });
    const panel = await screen.findByRole('region', { name: 'Bibliothèque' }, { timeout: 15_000 });
    await u.click(within(panel).getByRole('button', { name: 'Enregistrer dans la bibliothèque' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer la section dans la bibliothèque' });
    expect(within(dialog).getByLabelText('Titre du bloc')).toHaveProperty('value', memoryWritten.title);
    await u.type(within(dialog).getByLabelText('Étiquettes'), 'Laser{Enter}');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le champ « Titre » doit contenir au plus 200 caractères.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Titre du bloc').getAttribute('aria-invalid')).toBe('true');
    expect(sent[0]).toEqual({ companyId: memoryDemo.companyId, title: memoryWritten.title, tags: ['Laser'], content: memoryWritten.content, sourceSectionId: memoryWritten._id });
    const before = queries.length;
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Bloc enregistré dans la bibliothèque.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enregistrer la section dans la bibliothèque' })).toBeNull());
    await waitFor(() => expect(queries.length).toBe(before + 1));
  });
});
