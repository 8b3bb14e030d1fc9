import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { tenderJeanMoulin } from '../../ui/tenders/tender-fixtures';
import { memoryDemo } from '../../ui/memories/memory-fixtures';
import type { MemorySummary } from '../../machines/memory.machine';

// The memory's PDF export beside the Word one: the server's refusal (no LibreOffice) is shown
// beside the button; a PDF is saved as a file named from the memory's title.

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
  vi.restoreAllMocks();
});

const ID = tenderJeanMoulin._id;
const summary: MemorySummary = { _id: memoryDemo._id, tenderId: ID, title: memoryDemo.title, status: 'draft', sectionsCount: 5, words: 40, score: null, updatedAt: memoryDemo.updatedAt, version: 3 };
const UNAVAILABLE = "L'export PDF n'est pas disponible : LibreOffice n'est pas installé sur le serveur. L'export Word fonctionne : ouvrez le fichier Word et enregistrez-le en PDF.";

function open(exportMemoryPdf: (input: { memoryId: string }) => Promise<unknown>) {
  const operations = fakeOperations(
    { current: users.manager },
    {
      getTender: fromPromise(async () => ({ message: '', data: tenderJeanMoulin })),
      listMemories: fromPromise(async () => ({ memories: [summary], frames: [] })),
      getMemory: fromPromise(async () => memoryDemo),
      exportMemoryPdf: fromPromise(({ input }) => exportMemoryPdf(input as { memoryId: string })),
    },
  );
  return renderApp({ path: `/tender/assisted-writing/${ID}`, who: 'manager', operations });
}

describe('memory PDF export', () => {
  it('says why there is no PDF when the server has no LibreOffice, and the button works again', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const exportPdf = vi.fn(async () => {
      throw { message: UNAVAILABLE, msgType: 'memory-pdf_unavailable', status: 503 };
    });
    await open(exportPdf);
    const button = await screen.findByRole('button', { name: 'Exporter en PDF' }, { timeout: 15_000 });
    expect(screen.getByRole('link', { name: 'Exporter en Word' })).toBeTruthy();
    await u.click(button);
    expect(await screen.findByText(UNAVAILABLE)).toBeTruthy();
    expect(exportPdf).toHaveBeenCalledWith({ memoryId: memoryDemo._id });
    expect((screen.getByRole('button', { name: 'Exporter en PDF' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves the PDF as a file named from the memory title', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const createObjectURL = vi.fn(() => 'blob:memoire');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    await open(async () => ({ message: '', data: pdf }));
    await u.click(await screen.findByRole('button', { name: 'Exporter en PDF' }, { timeout: 15_000 }));
    await waitFor(() => expect(clicks).toEqual([{ href: 'blob:memoire', download: `${memoryDemo.title}.pdf` }]));
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(document.body.textContent).not.toContain('LibreOffice');
  });

  it("exports without the working notes unless the box is ticked, for Word and PDF alike", { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:memoire'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const exportPdf = vi.fn(async () => ({ message: '', data: new Blob(['%PDF-1.7']) }));
    await open(exportPdf);
    const box = (await screen.findByRole('checkbox', { name: 'Inclure les notes de travail' }, { timeout: 15_000 })) as HTMLInputElement;
    const word = screen.getByRole('link', { name: 'Exporter en Word' });
    expect(box.checked).toBe(false);
    expect(word.getAttribute('href')).toBe(`/api/memories/${memoryDemo._id}/export.docx`);
    await u.click(screen.getByRole('button', { name: 'Exporter en PDF' }));
    await waitFor(() => expect(exportPdf).toHaveBeenCalledWith({ memoryId: memoryDemo._id }));
    await u.click(box);
    expect(word.getAttribute('href')).toBe(`/api/memories/${memoryDemo._id}/export.docx?workingNotes=true`);
    await u.click(screen.getByRole('button', { name: 'Exporter en PDF' }));
    await waitFor(() => expect(exportPdf).toHaveBeenLastCalledWith({ memoryId: memoryDemo._id, workingNotes: true }));
  });

  it('says the emoji were left out when the server had no font for them', { timeout: 20_000 }, async () => {
    const u = userEvent.setup();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:memoire'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await open(async () => ({ message: 'memory-pdf_emoji_left_out', data: new Blob(['%PDF-1.7']) }));
    await u.click(await screen.findByRole('button', { name: 'Exporter en PDF' }, { timeout: 15_000 }));
    expect(await screen.findByText(/Les emoji ont été retirés du PDF/)).toBeTruthy();
  });
});
