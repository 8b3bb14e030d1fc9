import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as tenderDocsStories from './TenderDocsView.stories';
import * as vaultStories from '../company-docs/CompanyDocsView.stories';
import { extractionDocs, tenderDocs, vaultDocs } from './docs-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Docs = composeStories(tenderDocsStories);
const Vault = composeStories(vaultStories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

function arg(story: { args: unknown }, name: string): unknown {
  return (story.args as Record<string, unknown>)[name];
}

describe('the text of tender documents', () => {
  it('shows each document’s extraction: waiting, reading with its progress, read, unreadable with why, scanned without OCR', async () => {
    show(<Docs.TextExtraction />);
    const rows = within(await screen.findByRole('table', { name: 'Documents' })).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Lecture en attente')).toBeTruthy();
    expect(within(rows[1]!).getByText('Lecture… 64 %')).toBeTruthy();
    expect(within(rows[1]!).getByRole('progressbar', { name: 'Lecture du texte de CCAP.pdf' }).getAttribute('aria-valuenow')).toBe('64');
    expect(within(rows[2]!).getByText('15 pages lues')).toBeTruthy();
    expect(within(rows[3]!).getByText('Illisible')).toBeTruthy();
    expect(within(rows[3]!).getByText(/protégé par un mot de passe/)).toBeTruthy();
    expect(within(rows[4]!).getByText('OCR non disponible : 4 pages numérisées non lues')).toBeTruthy();
    // Read but cut at a limit: it says so.
    expect(within(rows[5]!).getByText('128 pages lues')).toBeTruthy();
    expect(within(rows[5]!).getByText(/^Texte incomplet : ce document dépasse la limite de 4 Mo/)).toBeTruthy();
    // Only a read document offers its text; an unreadable or partly read one can be read again.
    expect(within(rows[2]!).getByRole('button', { name: 'Voir le texte RC.pdf' })).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: /Voir le texte/ })).toBeNull();
    expect(within(rows[3]!).queryByRole('button', { name: /Voir le texte/ })).toBeNull();
    const u = userEvent.setup();
    await u.click(within(rows[3]!).getByRole('button', { name: 'Relire CCTP-protégé.pdf' }));
    expect(arg(Docs.TextExtraction, 'onExtract')).toHaveBeenCalledWith(extractionDocs[3]);
    await u.click(within(rows[2]!).getByRole('button', { name: 'Voir le texte RC.pdf' }));
    expect(arg(Docs.TextExtraction, 'onShowText')).toHaveBeenCalledWith(extractionDocs[2]);
  });

  it('the preview shows one page of text with its number and moves page by page', async () => {
    const u = userEvent.setup();
    show(<Docs.TextPreview />);
    const dialog = await screen.findByRole('dialog', { name: 'Texte de RC_2026FCSSA0025 v2.pdf' });
    expect(within(dialog).getByText(/MERCREDI 15 JUILLET 2026 A 12:00/)).toBeTruthy();
    expect(within(dialog).getAllByText('Page 1 sur 15').length).toBeGreaterThan(0);
    expect((within(dialog).getByRole('button', { name: 'Page précédente' }) as HTMLButtonElement).disabled).toBe(true);
    await u.click(within(dialog).getByRole('button', { name: 'Page suivante' }));
    const textDialog = arg(Docs.TextPreview, 'textDialog') as { props: { onNavigate: ReturnType<typeof import('vitest').vi.fn> } };
    expect(textDialog.props.onNavigate).toHaveBeenCalledWith(null, 2);
  });

  it('marks the whole quoted passage, over every line it takes on the page', async () => {
    show(<Docs.TextPreviewHighlight />);
    const dialog = await screen.findByRole('dialog', { name: 'Texte de RC_2026FCSSA0025 v2.pdf' });
    const marks = dialog.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toBe('En cas de retard, le titulaire encourt une pénalité fixée à\n   1/500 du montant du marché par jour calendaire de re-\ntard, sans mise en demeure préalable.');
  });

  it('an archive’s preview chooses the entry to read; a scanned page says OCR is not installed; errors offer a retry', async () => {
    show(<Docs.TextPreviewArchive />);
    const dialog = await screen.findByRole('dialog', { name: 'Texte de DCE-2026-LYON-0142.zip' });
    const select = within(dialog).getByLabelText("Fichier de l'archive") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['RC.pdf', 'CCAP.pdf', 'CCTP-lot1.docx', 'plans/RDC.pdf']);
    expect(select.value).toBe('plans/RDC.pdf');
    expect(within(dialog).getByText(/l'OCR n'est pas installé sur le serveur/)).toBeTruthy();
    show(<Docs.TextPreviewError />);
    const failed = await screen.findByRole('dialog');
    expect(within(failed).getByRole('alert').textContent).toContain('Aucune réponse du serveur.');
    expect(within(failed).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('tender documents', () => {
  it('shows the tender, the drop zone and the documents with type, size, author, date and actions', async () => {
    show(<Docs.Loaded />);
    expect(await screen.findByRole('heading', { name: "Documents de l'appel d'offres" })).toBeTruthy();
    expect(screen.getByText('2026-LYON-0142 · Rénovation énergétique du groupe scolaire Jean-Macé')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Documents' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Nom', 'Type', 'Taille', 'Texte', 'Ajout', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByText('PDF')).toBeTruthy();
    expect(within(rows[1]!).getByText('240 ko')).toBeTruthy();
    expect(within(rows[1]!).getByText('Camille Martin')).toBeTruthy();
    expect(within(rows[1]!).getByText('10 mars 2026, 09:15')).toBeTruthy();
    expect(within(rows[2]!).getByText('—')).toBeTruthy();
    const download = within(rows[1]!).getByRole('link', { name: 'Télécharger RC.pdf' });
    expect(download.getAttribute('href')).toBe(tenderDocs[1]!.url);
    // The ZIP lists its entries.
    expect(within(rows[0]!).getByText('4 fichiers dans l\'archive')).toBeTruthy();
    const entries = within(rows[0]!).getByRole('list', { name: "Contenu de l'archive" });
    expect(within(entries).getAllByRole('listitem').map((li) => li.textContent!.replace(/\s+/g, ' '))).toEqual(['RC.pdf240 ko', 'CCAP.pdf500 ko', 'CCTP-lot1.docx1 Mo', 'plans/RDC.pdf16 Mo']);
  });

  it('several files picked at once go to onFiles; delete and replace name their document', async () => {
    const u = userEvent.setup();
    show(<Docs.Loaded />);
    const input = (await screen.findByLabelText(/Déposez vos fichiers ici/)) as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const files = [new File(['a'], 'a.pdf', { type: 'application/pdf' }), new File(['b'], 'b.zip', { type: 'application/zip' })];
    await u.upload(input, files);
    expect(arg(Docs.Loaded, 'onFiles')).toHaveBeenCalledWith(files);
    // Dropped files too.
    fireEvent.drop(input.closest('label')!, { dataTransfer: { files } });
    expect(arg(Docs.Loaded, 'onFiles')).toHaveBeenCalledTimes(2);
    await u.click(screen.getByRole('button', { name: 'Supprimer RC.pdf' }));
    expect(arg(Docs.Loaded, 'onDelete')).toHaveBeenCalledWith(tenderDocs[1]);
    const replacement = new File(['c'], 'RC-v2.pdf', { type: 'application/pdf' });
    await u.upload(screen.getByLabelText('Nouveau fichier pour RC.pdf'), replacement);
    expect(arg(Docs.Loaded, 'onReplace')).toHaveBeenCalledWith(tenderDocs[1], replacement);
  });

  it('the queue shows each file in its state with an accessible progress bar, cancel and retry', async () => {
    const u = userEvent.setup();
    show(<Docs.Uploading />);
    const queue = await screen.findByRole('list', { name: 'Envois en cours' });
    const items = within(queue).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/\.(docx|png|pdf|zip|odt)$/).textContent)).toEqual(['annexe.docx', 'photo.png', 'old.pdf', 'memoire.pdf', 'plans.zip', 'cctp.odt']);
    expect(within(items[0]!).getByText('Envoyé')).toBeTruthy();
    expect(within(items[1]!).getByText('Échec')).toBeTruthy();
    expect(within(items[1]!).getByText('Type de fichier non accepté.')).toBeTruthy();
    expect(within(items[2]!).getByText('Annulé')).toBeTruthy();
    expect(within(items[3]!).getByText('Envoi… 64 %')).toBeTruthy();
    expect(within(items[4]!).getByText('Envoi… 0 %')).toBeTruthy();
    expect(within(items[5]!).getByText('En attente')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: "Progression de l'envoi de memoire.pdf" });
    expect(bar.getAttribute('aria-valuenow')).toBe('64');
    // Two files travel at once, each with its bar: cctp.odt waits for a place.
    expect(within(queue).getAllByRole('progressbar')).toHaveLength(2);
    await u.click(within(items[3]!).getByRole('button', { name: 'Annuler memoire.pdf' }));
    expect(arg(Docs.Uploading, 'onCancel')).toHaveBeenCalledWith('4');
    await u.click(within(items[5]!).getByRole('button', { name: 'Annuler cctp.odt' }));
    expect(arg(Docs.Uploading, 'onCancel')).toHaveBeenCalledWith('6');
    // Refused for its type (415): the same file would be refused again, so no retry (issue 10).
    expect(within(items[1]!).queryByRole('button', { name: /Réessayer/ })).toBeNull();
    await u.click(within(items[2]!).getByRole('button', { name: 'Réessayer old.pdf' }));
    expect(arg(Docs.Uploading, 'onRetryUpload')).toHaveBeenCalledWith('3');
    expect(within(items[0]!).queryByRole('button', { name: /Annuler/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Effacer les envois terminés' }));
    expect(arg(Docs.Uploading, 'onClearFinished')).toHaveBeenCalled();
  });

  it('loading, empty and error states; the delete confirmation names the file', async () => {
    show(<Docs.TenderLoading />);
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeTruthy();
    show(<Docs.DocumentsLoading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
    show(<Docs.Empty />);
    expect(await screen.findByText('Aucun document pour le moment')).toBeTruthy();
    show(<Docs.DocumentsError />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Aucune réponse du serveur.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(Docs.DocumentsError, 'onRetryDocuments')).toHaveBeenCalled();
    show(<Docs.TenderError />);
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' }));
    expect(arg(Docs.TenderError, 'onRetryTender')).toHaveBeenCalled();
    show(<Docs.ReplaceError />);
    expect(await screen.findByText('Fichier trop volumineux.')).toBeTruthy();
    show(<Docs.DeleteError />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce document ?' });
    expect(within(dialog).getByText('« RC.pdf » sera supprimé définitivement, ainsi que son fichier.')).toBeTruthy();
    expect(within(dialog).getByText('Document introuvable.')).toBeTruthy();
  });
});

describe('company document vault', () => {
  it('lists documents with kind, dates and an expiry badge for each validity', async () => {
    show(<Vault.Loaded />);
    const table = await screen.findByRole('table', { name: "Documents de l'entreprise" });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Type', 'Titre', 'Délivré le', "Valable jusqu'au", 'Statut', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Attestation de vigilance URSSAF', { selector: 'td' })).toBeTruthy();
    expect(within(rows[0]!).getByText('Expiré')).toBeTruthy();
    expect(within(rows[1]!).getByText('Expire dans 12 jours')).toBeTruthy();
    expect(within(rows[2]!).getByText('Valide')).toBeTruthy();
    expect(within(rows[2]!).getByText('2 mars 2026')).toBeTruthy();
    expect(within(rows[3]!).getByText('Sans échéance')).toBeTruthy();
    expect(within(rows[3]!).getByText('Certification (Qualibat, ISO…)')).toBeTruthy();
    expect(within(rows[2]!).getByRole('link', { name: 'Télécharger Extrait Kbis de mars 2026' }).getAttribute('href')).toBe(vaultDocs[2]!.url);
  });

  it('filters by kind and validity, with a quick filter for what expires soon', async () => {
    const u = userEvent.setup();
    show(<Vault.Loaded />);
    await u.selectOptions(await screen.findByLabelText('Type de document'), 'urssaf');
    expect(arg(Vault.Loaded, 'onFilter')).toHaveBeenCalledWith({ kind: 'urssaf' });
    await u.selectOptions(screen.getByLabelText('Validité'), 'expired');
    expect(arg(Vault.Loaded, 'onFilter')).toHaveBeenCalledWith({ validity: 'expired' });
    await u.click(screen.getByRole('button', { name: 'Expire bientôt' }));
    expect(arg(Vault.Loaded, 'onFilter')).toHaveBeenCalledWith({ validity: 'expiring' });
    await u.type(screen.getByLabelText('Rechercher'), 'k');
    expect(arg(Vault.Loaded, 'onSearch')).toHaveBeenCalledWith('k');
    show(<Vault.ExpiringSoon />);
    expect((await screen.findByRole('button', { name: 'Expire bientôt' })).getAttribute('aria-pressed')).toBe('true');
    show(<Vault.NoMatch />);
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
    show(<Vault.Empty />);
    expect(await screen.findByText('Votre coffre-fort est vide')).toBeTruthy();
    show(<Vault.Failure />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('the add dialog checks the title, the dates and the file, then sends them', async () => {
    const u = userEvent.setup();
    show(<Vault.AddDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un document' });
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Le titre compte de 2 à 200 caractères.')).toBeTruthy();
    expect(within(dialog).getByText('Choisissez un fichier.')).toBeTruthy();
    expect(arg(Vault.AddDialog, 'onSubmitForm')).not.toHaveBeenCalled();
    await u.selectOptions(within(dialog).getByLabelText('Type de document'), 'tax');
    await u.type(within(dialog).getByLabelText('Titre'), 'Attestation fiscale 2026');
    fireEvent.change(within(dialog).getByLabelText('Date de délivrance (facultative)'), { target: { value: '2026-04-01' } });
    fireEvent.change(within(dialog).getByLabelText('Fin de validité (facultative)'), { target: { value: '2026-03-01' } });
    const file = new File(['%PDF'], 'fiscale.pdf', { type: 'application/pdf' });
    await u.upload(within(dialog).getByLabelText(/Déposez le fichier ici/), file);
    expect(within(dialog).getByText('Fichier choisi : fiscale.pdf')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('La fin de validité doit suivre la date de délivrance.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Fin de validité (facultative)'), { target: { value: '2026-10-01' } });
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(arg(Vault.AddDialog, 'onSubmitForm')).toHaveBeenCalledWith({ kind: 'tax', title: 'Attestation fiscale 2026', issueDate: '2026-04-01', validUntil: '2026-10-01', file });
  });

  it('the edit dialog starts from the document; a new file is optional; saving, errors, delete', async () => {
    const u = userEvent.setup();
    show(<Vault.EditDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Modifier le document' });
    expect((within(dialog).getByLabelText('Titre') as HTMLInputElement).value).toBe('Assurance décennale 2026');
    expect((within(dialog).getByLabelText('Type de document') as HTMLSelectElement).value).toBe('insurance');
    expect(within(dialog).getByText('Fichier actuel : decennale-2026.pdf')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(arg(Vault.EditDialog, 'onSubmitForm')).toHaveBeenCalledWith({ kind: 'insurance', title: 'Assurance décennale 2026', issueDate: '2026-01-05', validUntil: '2026-04-05', file: null });
    show(<Vault.Saving />);
    expect(within(await screen.findByRole('dialog')).getByLabelText('Titre').matches(':disabled')).toBe(true);
    show(<Vault.SaveError />);
    expect(within(await screen.findByRole('dialog')).getByText('Type de fichier non accepté.')).toBeTruthy();
    show(<Vault.ConfirmDelete />);
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer ce document ?' });
    await u.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(arg(Vault.ConfirmDelete, 'onConfirmDelete')).toHaveBeenCalled();
  });
});
