import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './PriceGridStates.stories';
import { bpuFile, dpgfFile, priceTenderId } from '../../machines/price-grid.fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});
// The stories share their handlers' spies: each test counts its own calls.
beforeEach(() => {
  for (const Story of Object.values(States)) {
    for (const value of Object.values((Story.args ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'function' && 'mockClear' in value) (value as ReturnType<typeof vi.fn>).mockClear();
    }
  }
});

const States = composeStories(stories);
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;
// Intl writes narrow no-break spaces between thousands and a no-break space before €.
const norm = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');
const priceInput = (ref: string) => screen.getByRole('textbox', { name: new RegExp(`^Prix unitaire HT — ${ref.replace('.', '\\.')} `) }) as HTMLInputElement;
const totalRow = (label: string) => norm(screen.getByRole('rowheader', { name: label }).closest('tr')!.textContent);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('the price grid, state by state', () => {
  it('every state shows the page heading and a way back to the tender', async () => {
    for (const [name, Story] of Object.entries(States)) {
      show(<Story />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Bordereaux de prix' }), name).toBeTruthy();
      expect(screen.getByRole('link', { name: "Retour à la fiche de l'appel d'offres" }).getAttribute('href')).toBe(`/tenders/${priceTenderId}`);
    }
  });

  it('loading, a failure with the server’s msg and a retry, and no price file with links to the documents and the DCE analysis', async () => {
    show(<States.LoadFailed />);
    expect(await screen.findByText('Aucune réponse du serveur.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(arg(States.LoadFailed, 'onRetry')).toHaveBeenCalled();
    show(<States.Empty />);
    expect(await screen.findByText('Aucun bordereau de prix trouvé dans le DCE')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Documents de l'appel d'offres" }).getAttribute('href')).toBe(`/tenders/${priceTenderId}/docs`);
    expect(screen.getByRole('link', { name: 'Analyse du DCE' }).getAttribute('href')).toBe(`/tender/dce-analyse/${priceTenderId}`);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('one table per sheet with the buyer’s lines, amounts and totals in French', async () => {
    show(<States.Checked />);
    const table = await screen.findByRole('table', { name: 'DQE' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['N°', 'Désignation', 'Unité', 'Quantité', 'Prix unitaire HT', 'Montant HT']);
    expect(priceInput('2.2').value).toBe('85,00');
    expect(norm(screen.getByTestId('total-DQE!9').textContent)).toBe('2 040,00 €');
    expect(norm(screen.getByTestId('total-DQE!10').textContent)).toBe('1 281,00 €');
    expect(totalRow('Total HT')).toContain('3 321,00 €');
    expect(totalRow('TVA 20 %')).toContain('664,20 €');
  });

  it('issues marked on their cells, listed above the grid with links that focus the cell', async () => {
    const user = userEvent.setup();
    show(<States.Checked />);
    const list = (await screen.findByRole('heading', { name: '3 points à vérifier' })).closest('section')!;
    const input = priceInput('2.1');
    expect(input.hasAttribute('data-flagged')).toBe(true);
    const described = input.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(described.join(' ')).toContain('Point à vérifier : Ligne 8 : prix unitaire non renseigné');
    expect(input.closest('td')!.querySelector('[title]')!.getAttribute('title')).toContain('Ligne 8 : prix unitaire non renseigné');
    // A line without an issue has no marker.
    expect(priceInput('2.2').hasAttribute('data-flagged')).toBe(false);
    await user.click(within(list).getByRole('link', { name: /Ligne 11 : prix unitaire non renseigné/ }));
    expect(document.activeElement).toBe(priceInput('2.4'));
    // The issue on no line (the AE's total) is listed, not linked.
    expect(within(list).getByText(/diffère du montant porté à l'acte d'engagement/).tagName).toBe('LI');
  });

  it('the suggestion is offered while the line is blank, and taken in one click', async () => {
    const user = userEvent.setup();
    show(<States.Checked />);
    const take = await screen.findByRole('button', { name: /^Reprendre 12,50\s€ \(BPU 2025\.xlsx\)$/ });
    await user.click(take);
    expect(arg(States.Checked, 'onPrice')).toHaveBeenLastCalledWith('DQE!8', 12.5);
    // A line with a price offers none.
    show(<States.Dirty />);
    expect(await screen.findByRole('table', { name: 'DQE' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reprendre/ })).toBeNull();
  });

  it('the save status says where the prices stand; a failure offers to retry; the export waits for unsaved prices', async () => {
    const status = async (Story: (typeof States)[keyof typeof States]) => {
      show(<Story />);
      return norm((await screen.findAllByRole('status')).find((s) => s.hasAttribute('data-status'))!.textContent);
    };
    expect(await status(States.Saved)).toBe('Enregistré');
    expect(await status(States.Saving)).toBe('Enregistrement…');
    expect(await status(States.Dirty)).toBe('Non enregistré');
    expect(priceInput('2.1').value, 'the price typed shows while it waits').toBe('310,00');
    const exportButton = screen.getByRole('button', { name: "Exporter le fichier de l'acheteur rempli" }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    expect(document.getElementById(exportButton.getAttribute('aria-describedby')!)!.textContent).toContain("l'export les attend");
    expect(await status(States.SaveFailed)).toContain("Échec de l'enregistrement");
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer maintenant' }));
    expect(arg(States.SaveFailed, 'onRetrySave')).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Erreur interne du serveur.');
  });

  it('the export is a download link of the buyer’s file; a file read from a PDF says why it has none, and no import', async () => {
    show(<States.Checked />);
    const link = await screen.findByRole('link', { name: "Exporter le fichier de l'acheteur rempli" });
    expect(link.getAttribute('href')).toBe(`/api/price-files/${bpuFile._id}/export`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Importer ma copie remplie (XLSX ou ODS)')).toBeTruthy();
    show(<States.ReadOnlyFile />);
    const disabled = (await screen.findByRole('button', { name: "Exporter le fichier de l'acheteur rempli" })) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(document.getElementById(disabled.getAttribute('aria-describedby')!)!.textContent).toContain('lu dans un tableau DOCX ou PDF');
    expect(screen.queryByText('Importer ma copie remplie (XLSX ou ODS)')).toBeNull();
  });

  it('file tabs when the tender has several files (arrows move between them), none for one file', async () => {
    const user = userEvent.setup();
    show(<States.Checked />);
    const tabs = within(await screen.findByRole('tablist', { name: "Bordereaux de l'appel d'offres" })).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      [`DQE · ${bpuFile.fileName}`, 'true'],
      [`DPGF · ${dpgfFile.fileName}`, 'false'],
    ]);
    expect(screen.getByRole('tabpanel', { name: `DQE · ${bpuFile.fileName}` })).toBeTruthy();
    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(arg(States.Checked, 'onSelect')).toHaveBeenLastCalledWith(dpgfFile._id);
    show(<States.SingleFile />);
    expect(await screen.findByRole('table', { name: 'DQE' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('the conflict shows both sides’ prices and the choice: take theirs or keep mine', async () => {
    const user = userEvent.setup();
    show(<States.Conflict />);
    const notice = (await screen.findByRole('heading', { name: 'Ce bordereau a changé pendant votre saisie' })).closest('section')!;
    expect(notice.textContent).toContain('Ce bordereau a été modifié entre-temps');
    const sides = within(notice).getAllByRole('list').map((list) => norm(list.textContent));
    expect(sides).toEqual(['2.2 Dépose de menuiserie existante y compris évacuation : 80,00 €', '2.2 Dépose de menuiserie existante y compris évacuation : 90,00 €']);
    // The user's price stays in the cell while they choose.
    expect(priceInput('2.2').value).toBe('80,00');
    await user.click(within(notice).getByRole('button', { name: 'Prendre les prix enregistrés' }));
    expect(arg(States.Conflict, 'onTakeTheirs')).toHaveBeenCalledTimes(1);
    await user.click(within(notice).getByRole('button', { name: 'Garder mes prix' }));
    expect(arg(States.Conflict, 'onKeepMine')).toHaveBeenCalledTimes(1);
  });

  it('the import review: prices taken, the lines that differ from the buyer’s, then done; a refused copy says why', async () => {
    const user = userEvent.setup();
    show(<States.ImportReview />);
    const review = (await screen.findByRole('heading', { name: 'Votre copie remplie' })).closest('section')!;
    expect(within(review).getByText('3 prix repris')).toBeTruthy();
    expect(within(review).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ligne 11 : quantité modifiée (120 → 100) ; prix non repris.',
      'Ligne 15 : ligne ajoutée (« Option volets roulants ») ; prix non repris.',
    ]);
    expect(priceInput('2.1').value, 'the copy’s price is in the grid').toBe('310,00');
    await user.click(within(review).getByRole('button', { name: 'Terminé' }));
    expect(arg(States.ImportReview, 'onImportDone')).toHaveBeenCalled();
    show(<States.ImportFailed />);
    expect((await screen.findByRole('alert')).textContent).toContain("n'est pas une copie lisible du bordereau");
    show(<States.Importing />);
    expect(await screen.findByText('Lecture de votre copie…')).toBeTruthy();
  });

  it('checking, and a check that failed, say so above the grid', async () => {
    show(<States.Checking />);
    expect(await screen.findByText('Vérification du bordereau…')).toBeTruthy();
    show(<States.CheckFailed />);
    expect((await screen.findByText("La vérification du bordereau n'a pas pu se faire")).closest('[role="status"]')!.textContent).toContain('Erreur interne du serveur.');
  });
});

describe('the price grid, typed in as a spreadsheet', () => {
  it('Enter and ↓ go down the price column, ↑ back up; a French decimal is read; amounts and the total follow', async () => {
    const user = userEvent.setup();
    show(<States.Live />);
    const first = await screen.findByRole('textbox', { name: /^Prix unitaire HT — 2\.1 / });
    await user.click(first);
    await user.keyboard('1 234,50{Enter}');
    expect(document.activeElement).toBe(priceInput('2.2'));
    expect(priceInput('2.1').value).toBe('1 234,50'.replace(' ', '\u202f'));
    // 24 × 1 234,50 €.
    expect(norm(screen.getByTestId('total-DQE!8').textContent)).toBe('29 628,00 €');
    // 29 628 + 2 040 + 1 281.
    expect(totalRow('Total HT')).toContain('32 949,00 €');
    await user.keyboard('90{ArrowDown}');
    expect(document.activeElement).toBe(priceInput('2.3'));
    expect(norm(screen.getByTestId('total-DQE!9').textContent)).toBe('2 160,00 €');
    expect(totalRow('Total HT')).toContain('33 069,00 €');
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(priceInput('2.2'));
    expect(arg(States.Live, 'onPrice').mock.calls).toEqual([
      ['DQE!8', 1234.5],
      ['DQE!9', 90],
    ]);
  });

  it('Escape gives back the cell’s price; a text that is no price is marked and not sent', async () => {
    const user = userEvent.setup();
    show(<States.Live />);
    const cell = await screen.findByRole('textbox', { name: /^Prix unitaire HT — 2\.2 / });
    await user.click(cell);
    await user.keyboard('999{Escape}');
    expect((cell as HTMLInputElement).value).toBe('85,00');
    await user.keyboard('douze{Enter}');
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement, 'the cell keeps the focus').toBe(cell);
    expect(document.getElementById(cell.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('Saisissez un prix positif, par exemple 1 234,50.');
    expect(arg(States.Live, 'onPrice')).not.toHaveBeenCalled();
  });

  it('the suggestion taken fills the cell and the line’s amount; the save follows and the issue goes', async () => {
    const user = userEvent.setup();
    show(<States.Live />);
    await user.click(await screen.findByRole('button', { name: /^Reprendre 12,50\s€ \(BPU 2025\.xlsx\)$/ }));
    expect(priceInput('2.1').value).toBe('12,50');
    expect(norm(screen.getByTestId('total-DQE!8').textContent)).toBe('300,00 €');
    expect(screen.queryByRole('button', { name: /^Reprendre/ })).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Enregistré')).toBe(true), { timeout: 3000 });
    await waitFor(() => expect(priceInput('2.1').hasAttribute('data-flagged')).toBe(false));
    expect(screen.getByRole('heading', { name: '1 point à vérifier' })).toBeTruthy();
  });
});
