import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';
import { fakeOperations, renderApp, users } from '../app-test-harness';
import { TOKEN_COOKIE } from '../browser-session';
import { bpuCheck, bpuFile, bpuImport, cleanCheck, dpgfFile, priceTenderId } from '../../machines/price-grid.fixtures';
import type { PriceFile, PriceFileImportInput, PriceFileSave } from '../../machines/price-grid.machine';

// The price files page wired to its operations: /tender/prices/:tenderId.

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; max-age=0; path=/`;
});

function priceOperations() {
  const listPriceFiles = vi.fn(async (_: { tenderId: string }) => [bpuFile, dpgfFile]);
  const updatePriceFile = vi.fn(async ({ id, body }: PriceFileSave): Promise<{ message: string; data: PriceFile }> => {
    const sent = new Map(body.lines.map((line) => [line._id, line.unitPrice]));
    const file = id === bpuFile._id ? bpuFile : dpgfFile;
    const data = { ...file, version: body.version + 1, sheets: file.sheets.map((s) => ({ ...s, lines: s.lines.map((l) => (sent.has(l._id) ? { ...l, unitPrice: sent.get(l._id)! } : l)) })) };
    return { message: 'Prix enregistrés.', data };
  });
  const checkPriceFile = vi.fn(async ({ id }: { id: string }) => (id === bpuFile._id ? bpuCheck : cleanCheck));
  const importPriceFile = vi.fn(async (_: PriceFileImportInput) => ({ message: 'Prix repris de votre copie : 3 ligne(s).', data: bpuImport }));
  const operations = fakeOperations(
    { current: users.employee },
    {
      listPriceFiles: fromPromise(({ input }) => listPriceFiles(input as { tenderId: string })),
      updatePriceFile: fromPromise(({ input }) => updatePriceFile(input as PriceFileSave)),
      checkPriceFile: fromPromise(({ input }) => checkPriceFile(input as { id: string })),
      importPriceFile: fromPromise(({ input }) => importPriceFile(input as PriceFileImportInput)),
    },
  );
  return { operations, listPriceFiles, updatePriceFile, checkPriceFile, importPriceFile };
}

describe('price files page', () => {
  it('an employee fills a price by keyboard: saved after a pause with the file’s version, then checked again', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { operations, listPriceFiles, updatePriceFile, checkPriceFile } = priceOperations();
    await renderApp({ path: `/tender/prices/${priceTenderId}`, who: 'employee', operations });
    await screen.findByRole('heading', { level: 1, name: 'Bordereaux de prix' }, { timeout: 15_000 });
    expect(document.title).toBe('Soumissio — Bordereaux de prix');
    expect(listPriceFiles).toHaveBeenCalledWith({ tenderId: priceTenderId });
    await waitFor(() => expect(checkPriceFile).toHaveBeenCalledWith({ id: bpuFile._id }));
    const cell = await screen.findByRole('textbox', { name: /^Prix unitaire HT — 2\.1 / });
    await user.click(cell);
    await user.keyboard('310{Enter}');
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Non enregistré')).toBe(true);
    expect(updatePriceFile).not.toHaveBeenCalled();
    await waitFor(() => expect(updatePriceFile).toHaveBeenCalledWith({ id: bpuFile._id, body: { version: bpuFile.version, lines: [{ _id: 'DQE!8', unitPrice: 310 }] } }), { timeout: 3000 });
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Enregistré')).toBe(true));
    await waitFor(() => expect(checkPriceFile).toHaveBeenCalledTimes(2));
  });

  it('another file chosen in its tab is shown and checked; its filled copy cannot be imported (PDF)', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    const { operations, checkPriceFile } = priceOperations();
    await renderApp({ path: `/tender/prices/${priceTenderId}`, who: 'manager', operations });
    const tabs = await screen.findByRole('tablist', { name: "Bordereaux de l'appel d'offres" }, { timeout: 15_000 });
    await user.click(within(tabs).getByRole('tab', { name: /CCTP-DPGF lot 3\.pdf/ }));
    expect(await screen.findByRole('table', { name: 'DPGF' })).toBeTruthy();
    await waitFor(() => expect(checkPriceFile).toHaveBeenLastCalledWith({ id: dpgfFile._id }));
    expect(screen.queryByText('Importer ma copie remplie (XLSX ou ODS)')).toBeNull();
  });
});
