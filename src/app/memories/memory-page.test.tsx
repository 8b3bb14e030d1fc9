import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import { buyerPassage, memoryDemo, memoryWritten } from '../../ui/memories/memory-fixtures';
import type { MemorySummary } from '../../machines/memory.machine';
import type { SectionSave } from '../../machines/section-autosave.machine';
import { keyFactsForManager, keyFactsNoneChecked } from '../../ui/memories/key-facts-fixtures';

// The assisted writing page wired to the memory's operations, inside the tender guard.

// jsdom lays nothing out; ProseMirror asks where the selection is when it scrolls it into view.
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

function operations(more: Parameters<typeof fakeOperations>[1]) {
  return fakeOperations({ current: users.manager }, { getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })), ...more });
}

describe('assisted writing page', () => {
  it('without a memory: creating from the analysis is refused with a link to it; blank creates one', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const create = vi.fn(async ({ body }: { tenderId: string; body: { from: string } }) => {
      if (body.from === 'analysis') throw { message: 'Aucune analyse du DCE terminée pour cet appel d’offres.', msgType: 'memory-no_analysis', status: 409 };
      return { message: 'Mémoire technique créé.', data: { ...memoryDemo, tenderId: ID } };
    });
    const ops = operations({ listMemories: fromPromise(async () => ({ memories: [], frames: [] })), createMemory: fromPromise(({ input }) => create(input as never)) });
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations: ops });
    await u.click(await screen.findByRole('button', { name: "Créer à partir de l'analyse du DCE" }, { timeout: 15_000 }));
    expect(await screen.findByText('Aucune analyse du DCE terminée pour cet appel d’offres.')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Ouvrir l'analyse du DCE" }).getAttribute('href')).toBe(`/tender/dce-analyse/${ID}`);
    // Blank: its name is asked first, prefilled with the call's default.
    await u.click(screen.getByRole('button', { name: "Partir d'un mémoire vierge" }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau mémoire vierge' });
    const name = within(dialog).getByRole('textbox', { name: 'Nom du mémoire' });
    expect((name as HTMLInputElement).value).toBe(`Mémoire technique — ${tenderJeanMoulin.tenderCall.title}`);
    await u.clear(name);
    await u.type(name, 'Variante bois');
    await u.click(within(dialog).getByRole('button', { name: 'Créer le mémoire' }));
    expect(create).toHaveBeenLastCalledWith({ tenderId: ID, body: { from: 'blank', title: 'Variante bois' } });
    expect(await screen.findByRole('navigation', { name: 'Plan du mémoire' })).toBeTruthy();
  });

  it('opens the newest memory on its first criterion section, inserts a buyer passage and saves it 1.5 s later, with its version', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const saves: SectionSave[] = [];
    const ops = operations({
      listMemories: fromPromise(async () => ({ memories: [summary], frames: [] })),
      getMemory: fromPromise(async () => memoryDemo),
      updateMemorySection: fromPromise(async ({ input }) => {
        const save = input as SectionSave;
        saves.push(save);
        return { message: 'Section enregistrée.', data: { ...memoryWritten, content: save.patch.content!, version: save.patch.version + 1 } };
      }),
    });
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations: ops });
    expect(await screen.findByRole('textbox', { name: memoryWritten.title }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Aucune modification')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Insérer la citation dans le texte' }));
    expect(await screen.findByText('Modifications non enregistrées')).toBeTruthy();
    expect(saves).toHaveLength(0);
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 4000 });
    expect(saves[0]).toMatchObject({ memoryId: memoryDemo._id, sectionId: memoryWritten._id, patch: { version: memoryWritten.version } });
    // The buyer's passage quoted once by the outline, once more by the insert.
    expect(JSON.stringify(saves[0]!.patch.content).split(buyerPassage)).toHaveLength(3);
    expect(await screen.findByText('Enregistré')).toBeTruthy();
    // The outline follows the chosen section.
    const outline = screen.getByRole('navigation', { name: 'Plan du mémoire' });
    await u.click(within(outline).getByRole('button', { name: /Moyens humains/ }));
    expect(await screen.findByRole('textbox', { name: 'Moyens humains' })).toBeTruthy();
  });

  it("an employee sees the call's checked key facts beside the text (the deadline, the criteria graded), never one not checked", { timeout: 20_000 }, async () => {
    // Every fact, as a manager gets them: the server sends an employee the checked ones only, and the panel shows no other.
    const ops = fakeOperations(
      { current: users.employee },
      {
        getTender: fromPromise(async () => ({ message: '', data: { ...tenderJeanMoulin, keyFacts: keyFactsForManager } })),
        listMemories: fromPromise(async () => ({ memories: [summary], frames: [] })),
        getMemory: fromPromise(async () => memoryDemo),
      },
    );
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'employee', operations: ops });
    const panel = (await screen.findByRole('button', { name: "Points clés de l'appel" }, { timeout: 15_000 })).closest('section')!;
    const terms = within(panel).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Date limite de remise des offres', 'Visite du site', 'Critères de jugement', 'Pièces de candidature']);
    // The confirmed deadline with the days left, counted in Paris days.
    const deadline = within(panel).getByText('Date limite de remise des offres').parentElement!;
    expect(within(deadline).getByText('dans 12 jours')).toBeTruthy();
    expect(within(deadline).getByText('Confirmé')).toBeTruthy();
    // The criteria with their weights and sub-criteria.
    expect(within(panel).getByText('Prix')).toBeTruthy();
    expect(within(panel).getByText('Performances du procédé de fabrication intégré')).toBeTruthy();
    expect(within(panel).getByText('40 %')).toBeTruthy();
    // The questions deadline and the offer's pieces are not checked yet: not shown.
    expect(within(panel).queryByText('Date limite des questions')).toBeNull();
    expect(within(panel).queryByText("Pièces de l'offre")).toBeNull();
    expect(within(panel).queryByText('À vérifier')).toBeNull();
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('says when the key facts will appear while no manager has checked the analysis', { timeout: 20_000 }, async () => {
    const ops = fakeOperations(
      { current: users.employee },
      {
        getTender: fromPromise(async () => ({ message: '', data: { ...tenderJeanMoulin, keyFacts: keyFactsNoneChecked } })),
        listMemories: fromPromise(async () => ({ memories: [summary], frames: [] })),
        getMemory: fromPromise(async () => memoryDemo),
      },
    );
    await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'employee', operations: ops });
    const panel = (await screen.findByRole('button', { name: "Points clés de l'appel" }, { timeout: 15_000 })).closest('section')!;
    expect(within(panel).getByText("Les points clés apparaîtront quand un responsable aura vérifié l'analyse du DCE.")).toBeTruthy();
    expect(within(panel).queryAllByRole('term')).toHaveLength(0);
  });
});
