import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import { buyerPassage, memoryDemo, memoryWritten } from '../../ui/memories/memory-fixtures';
import type { MemorySummary } from '../../machines/memory.machine';
import type { SectionSave } from '../../machines/section-autosave.machine';
import type { MemoryAssistInput } from './assist-calls';

// The writing assistant wired to the page: the suggestion streams from assistMemorySection and
// reaches the section's text (and its autosave) only when accepted.

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
const REWRITE = 'Nous gravons des pistes de 50 µm, mesurées sur éprouvettes.';
const DRAFT = '### Finesse\n\nNotre source UV grave des pistes fines.';

async function open(assist: 'llm' | 'template') {
  const asked: MemoryAssistInput[] = [];
  const saves: SectionSave[] = [];
  const ops = fakeOperations(
    { current: users.manager },
    {
      getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })),
      listMemories: fromPromise(async () => ({ memories: [summary], frames: [] })),
      getMemory: fromPromise(async () => ({ ...memoryDemo, assist })),
      updateMemorySection: fromPromise(async ({ input }) => {
        const save = input as SectionSave;
        saves.push(save);
        return { message: 'Section enregistrée.', data: { ...memoryWritten, content: save.patch.content!, version: save.patch.version + 1 } };
      }),
      assistMemorySection: fromPromise(async ({ input }) => {
        const request = input as MemoryAssistInput;
        asked.push(request);
        const text = request.body.action === 'draft' ? DRAFT : REWRITE;
        request.onToken(text.slice(0, 10));
        request.onToken(text.slice(10));
        return { message: 'Proposition prête.', data: { action: request.body.action, text, mode: assist } };
      }),
    },
  );
  await renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations: ops });
  const editor = await screen.findByRole('textbox', { name: memoryWritten.title }, { timeout: 15_000 });
  return { asked, saves, editor };
}

describe('the writing assistant on the page', () => {
  it('rewrites the whole section when nothing is selected; rejected, nothing changes; accepted, the text is replaced and saved', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const { asked, saves, editor } = await open('llm');
    expect(screen.getByText("Rien n'est sélectionné : sur toute la section. Le brouillon s'ajoute à la fin.")).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Reformuler' }));
    expect(await screen.findByText(REWRITE)).toBeTruthy();
    expect(asked[0]).toMatchObject({ memoryId: memoryDemo._id, sectionId: memoryWritten._id, body: { action: 'rewrite' } });
    expect(asked[0]!.body.text).toContain(buyerPassage);
    await u.click(screen.getByRole('button', { name: 'Rejeter' }));
    expect(screen.queryByText(REWRITE)).toBeNull();
    expect(editor.textContent).toContain(buyerPassage);

    await u.click(screen.getByRole('button', { name: 'Reformuler' }));
    await u.click(await screen.findByRole('button', { name: 'Accepter' }));
    expect(editor.textContent).toBe(REWRITE);
    await waitFor(() => expect(saves).toHaveLength(1), { timeout: 4000 });
    expect(JSON.stringify(saves[0]!.patch.content)).toContain(REWRITE);
  });

  it('without a model: a template draft is added at the end of the section, the model actions are off', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const { asked, editor } = await open('template');
    expect((screen.getByRole('button', { name: 'Reformuler' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Brouillon modèle' }));
    expect(await screen.findByText('Modèle de brouillon (sans modèle de langue) : à compléter.')).toBeTruthy();
    expect(asked[0]!.body).toEqual({ action: 'draft' });
    await u.click(screen.getByRole('button', { name: 'Accepter' }));
    // The section keeps its text; the draft follows it, its heading a real heading.
    expect(editor.textContent).toContain(buyerPassage);
    expect(editor.textContent).toContain('La machine proposée grave des pistes de 50 µm');
    expect(editor.querySelector('h3')?.textContent).toBe('Finesse');
    expect(editor.textContent!.endsWith('Notre source UV grave des pistes fines.')).toBe(true);
  });
});
