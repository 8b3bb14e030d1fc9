import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './SubmissionStates.stories';
import { insuranceDocument, submissionTenderId } from '../../machines/submission.fixtures';

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
const norm = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');
const pieceCard = (code: string) => document.querySelector<HTMLElement>(`[data-piece="${code}"]`)!;

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('the submission folder, state by state', () => {
  it('every state shows the page heading, a way back to the tender, and the live region', async () => {
    for (const [name, Story] of Object.entries(States)) {
      show(<Story />);
      expect(await screen.findByRole('heading', { level: 1, name: 'Dossier de réponse' }), name).toBeTruthy();
      // An open dialog hides the page behind it from assistive technologies.
      const hidden = (name.startsWith('Deposit') && name !== 'Deposited') || name.startsWith('GroupementClear');
      expect(screen.getByRole('link', { name: "Retour à la fiche de l'appel d'offres", hidden }).getAttribute('href')).toBe(`/tenders/${submissionTenderId}`);
      expect(document.querySelector('[role="status"][aria-live="polite"]'), name).toBeTruthy();
    }
    // Some thirty states, each rendered in full.
  }, 30_000);

  it('headings go down one level at a time', async () => {
    for (const Story of [States.Preparing, States.Deposited]) {
      show(<Story />);
      await screen.findByRole('heading', { level: 1 });
      const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
    }
  });

  it('loading, and a failure with the server’s msg and a retry', async () => {
    show(<States.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement du dossier de réponse…' })).toBeTruthy();
    show(<States.LoadFailed />);
    expect(await screen.findByText('Aucune réponse du serveur.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(arg(States.LoadFailed, 'onRetry')).toHaveBeenCalled();
  });

  it('the deadline and the start-uploading-by countdowns side by side, with their dates', async () => {
    show(<States.Preparing />);
    const deadline = (await screen.findByRole('heading', { name: 'Date limite de remise' })).parentElement!;
    expect(norm(deadline.textContent)).toMatch(/dans 5 jours.*15 déc\. 2026/);
    const startBy = screen.getByRole('heading', { name: 'Commencer le dépôt avant' }).parentElement!;
    expect(norm(startBy.textContent)).toMatch(/dans 4 jours.*14 déc\. 2026.*à 5 Mbit\/s/);
    expect(screen.getByText('En préparation')).toBeTruthy();
    show(<States.PastDeadline />);
    expect(norm((await screen.findByRole('heading', { name: 'Date limite de remise' })).parentElement!.textContent)).toContain('il y a 3 jours');
  });

  it('the pre-flight lists failed errors, then failed warnings, then what passed, each worded (not colour alone) with its source', async () => {
    show(<States.Preparing />);
    const section = (await screen.findByRole('heading', { name: 'Vérifications avant dépôt' })).closest('section')!;
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-check'))).toEqual(['error', 'error', 'warning', 'ok']);
    expect(norm(items[0]!.textContent)).toBe("Bloquant : L'attestation URSSAF expire avant la date limite.Source : Article D. 8222-5 du code du travail");
    expect(norm(items[2]!.textContent)).toMatch(/^Attention : Le dossier pèse 340 Mo/);
    expect(norm(items[3]!.textContent)).toBe('Vérifié : Le DC1 et le Kbis sont présents.');
  });

  it('the checklist in two parts, each piece with required/optional, its source, its status in words, its checks and the RC’s sentence', async () => {
    show(<States.Preparing />);
    const candidature = (await screen.findByRole('heading', { level: 3, name: 'Candidature' })).closest('section')!;
    const offre = screen.getByRole('heading', { level: 3, name: 'Offre' }).closest('section')!;
    expect(within(candidature).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Lettre de candidature (DC1)', 'Extrait Kbis', 'Attestation de vigilance URSSAF', "Attestation d'assurance décennale"]);
    expect(within(offre).getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['Mémoire technique', 'Détail quantitatif estimatif (DQE)', "Acte d'engagement", "Planning d'exécution"]);
    const urssaf = within(pieceCard('URSSAF'));
    expect(urssaf.getByText('Exigée')).toBeTruthy();
    expect(urssaf.getByText('Du coffre-fort')).toBeTruthy();
    expect(urssaf.getByText('Expirée à la date limite')).toBeTruthy();
    expect(urssaf.getByRole('list', { name: 'Vérifications de la pièce « Attestation de vigilance URSSAF »' }).textContent).toContain('expire le 30 novembre 2026');
    expect(urssaf.getByText('« Une attestation de vigilance URSSAF de moins de six mois. »')).toBeTruthy();
    expect(urssaf.getByText('RC lot 2 menuiseries.pdf, page 5')).toBeTruthy();
    const planning = within(pieceCard('PLANNING'));
    expect(planning.getByText('Facultative')).toBeTruthy();
    expect(planning.getByText('Aucun fichier')).toBeTruthy();
    expect(planning.getByText('Manquante')).toBeTruthy();
    expect(planning.getByText(/Ajoutée par Soumissio/)).toBeTruthy();
    expect(within(pieceCard('MEMOIRE_TECHNIQUE')).getByText('Générée par Soumissio')).toBeTruthy();
    expect(within(pieceCard('MEMOIRE_TECHNIQUE')).getByText('Dépasse la limite')).toBeTruthy();
  });

  it('each piece’s actions: generate a made piece, open or remove an uploaded one, choose from the vault, upload a file', async () => {
    const user = userEvent.setup();
    show(<States.Preparing />);
    const generate = await screen.findByRole('link', { name: 'Générer — Mémoire technique' });
    expect(generate.getAttribute('href')).toBe('/api/memories/e0000001-1111-4222-8333-944445555666/export.docx');
    expect(screen.getByRole('link', { name: 'Télécharger — Détail quantitatif estimatif (DQE)' }).getAttribute('href')).toBe('/api/price-files/a1b2c3d4-0001-4e5f-8a9b-0c1d2e3f4a5b/export');
    expect(screen.getByRole('link', { name: 'Ouvrir — Lettre de candidature (DC1)' }).getAttribute('href')).toBe(`/api/tenders/${submissionTenderId}/submission/pieces/DC1/file`);
    // Only an uploaded piece is removed; a vault one is replaced.
    expect(within(pieceCard('KBIS')).queryByRole('button', { name: /^Retirer/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retirer — Lettre de candidature (DC1)' }));
    expect(arg(States.Preparing, 'onClear')).toHaveBeenCalledWith('DC1');

    const insurance = within(pieceCard('INSURANCE'));
    const select = insurance.getByRole('combobox', { name: "Choisir dans le coffre-fort (Attestation d'assurance décennale)" }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['— Choisir un document —', 'Décennale 2026 (valable jusqu’au 2026-12-31)']);
    const use = insurance.getByRole('button', { name: 'Utiliser ce document' }) as HTMLButtonElement;
    expect(use.disabled, 'nothing chosen yet').toBe(true);
    await user.selectOptions(select, insuranceDocument._id);
    await user.click(use);
    expect(arg(States.Preparing, 'onChoose')).toHaveBeenCalledWith('INSURANCE', insuranceDocument._id);
    // A piece no vault document stands for offers no choice.
    expect(within(pieceCard('AE')).queryByRole('combobox')).toBeNull();

    const file = new File(['%PDF-1.7'], 'AE signé.pdf', { type: 'application/pdf' });
    await user.upload(within(pieceCard('AE')).getByLabelText(/Déposer un fichier/), file);
    expect(arg(States.Preparing, 'onUpload')).toHaveBeenCalledWith('AE', file);
  });

  it('the ZIP of the whole folder is a download link', async () => {
    show(<States.Preparing />);
    const zip = await screen.findByRole('link', { name: 'Télécharger le dossier (ZIP)' });
    expect(zip.getAttribute('href')).toBe(`/api/tenders/${submissionTenderId}/submission.zip`);
    expect(zip.hasAttribute('download')).toBe(true);
  });

  it('the folder’s size says what is known: the files already there, the generated pieces counted once made', async () => {
    show(<States.Preparing />);
    expect(norm((await screen.findByText(/de fichiers déjà là/)).textContent)).toMatch(/^Toutes les pièces .*: 342 ko de fichiers déjà là, plus les pièces générées, dont la taille se connaît une fois faites\.$/);
    show(<States.FreshFolder />);
    expect(await screen.findByText('Toutes les pièces rangées en « 1 - Candidature » et « 2 - Offre ». Les pièces générées sont faites au téléchargement : leur taille se connaît alors.')).toBeTruthy();
    expect(screen.queryByText(/\b0 (o|octet)/)).toBeNull();
    show(<States.Deposited />);
    expect(await screen.findByText(/^Les fichiers exactement tels que déposés/)).toBeTruthy();
  });

  it('a declaration the DC2 makes offers no upload: it names the generated form that carries it', async () => {
    show(<States.FreshFolder />);
    await screen.findByRole('heading', { name: "Chiffre d'affaires des trois derniers exercices" });
    const turnover = pieceCard('TURNOVER');
    expect(within(turnover).getByText('Rien à déposer : cette déclaration est faite dans « Déclaration du candidat (DC2) », que Soumissio génère.')).toBeTruthy();
    expect(turnover.querySelector('input[type=file]')).toBeNull();
    expect(within(turnover).queryByRole('combobox')).toBeNull();
    // The DC2 itself is still generated from its card, and a missing piece still takes a file.
    expect(within(pieceCard('DC2')).getByRole('link', { name: /Générer/ })).toBeTruthy();
    expect(pieceCard('AE').querySelector('input[type=file]')).not.toBeNull();
  });

  it('a piece on its way is busy and says so; a refused one shows the server’s msg beside the piece, then closes', async () => {
    show(<States.Uploading />);
    expect(await screen.findByText('Envoi de la pièce…')).toBeTruthy();
    expect(pieceCard('INSURANCE').getAttribute('aria-busy')).toBe('true');
    expect(within(pieceCard('AE')).getByLabelText(/Déposer un fichier/).hasAttribute('disabled'), 'one change at a time').toBe(true);
    show(<States.Clearing />);
    expect(within(pieceCard('DC1')).getByText('Retrait de la pièce…')).toBeTruthy();
    show(<States.PieceFailed />);
    const ae = within(pieceCard('AE'));
    expect((await ae.findByRole('alert')).textContent).toContain("Ce type de fichier n'est pas accepté");
    await userEvent.click(ae.getByRole('button', { name: 'Fermer' }));
    expect(arg(States.PieceFailed, 'onDismiss')).toHaveBeenCalled();
    show(<States.PieceDone />);
    expect((await screen.findByText('Pièce enregistrée.')).getAttribute('aria-live')).toBe('polite');
    expect(within(pieceCard('INSURANCE')).getByText('Conforme')).toBeTruthy();
  });

  it('the vault loading and failing: a retry, and uploads still possible', async () => {
    show(<States.VaultLoading />);
    expect((await screen.findAllByText('Chargement du coffre-fort…')).length).toBeGreaterThan(0);
    show(<States.VaultFailed />);
    expect(await screen.findByText("Le coffre-fort n'a pas pu être chargé")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Recharger le coffre-fort' }));
    expect(arg(States.VaultFailed, 'onVaultRetry')).toHaveBeenCalled();
    expect(within(pieceCard('INSURANCE')).getByLabelText(/Déposer un fichier/)).toBeTruthy();
  });

  it('refreshing, and a refresh that failed', async () => {
    show(<States.Preparing />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actualiser' }));
    expect(arg(States.Preparing, 'onRefresh')).toHaveBeenCalled();
    show(<States.Refreshing />);
    expect(((await screen.findByRole('button', { name: 'Actualisation…' })) as HTMLButtonElement).disabled).toBe(true);
    show(<States.RefreshFailed />);
    expect(await screen.findByText("Le dossier n'a pas pu être actualisé")).toBeTruthy();
  });

  it('an employee sees the folder and contributes pieces, but the deposit is for managers', async () => {
    show(<States.PreparingEmployee />);
    expect(await screen.findByText('Le dépôt est enregistré par un responsable de l’entreprise.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer le dépôt' })).toBeNull();
    expect(within(pieceCard('AE')).getByLabelText(/Déposer un fichier/)).toBeTruthy();
  });

  it('a manager opens the deposit dialog once ready', async () => {
    show(<States.Ready />);
    expect(await screen.findByText('Prêt à déposer')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le dépôt' }));
    expect(arg(States.Ready, 'onOpenDeposit')).toHaveBeenCalled();
  });

  it('the deposit dialog: the acknowledgement is required, the date and time default to now (Paris), then sent', async () => {
    const user = userEvent.setup();
    show(<States.DepositOpen />);
    const dialog = await screen.findByRole('dialog', { name: 'Enregistrer le dépôt' });
    expect((within(dialog).getByLabelText('Date du dépôt') as HTMLInputElement).value).toBe('2026-12-10');
    expect((within(dialog).getByLabelText(/Heure du dépôt/) as HTMLInputElement).value).toBe('10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText("Choisissez l'accusé de réception.")).toBeTruthy();
    expect(arg(States.DepositOpen, 'onSendDeposit')).not.toHaveBeenCalled();
    const ack = new File(['%PDF-1.7'], 'AR PLACE.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Choisir l'accusé de réception/), ack);
    expect(within(dialog).getByText('Accusé de réception : AR PLACE.pdf')).toBeTruthy();
    const time = within(dialog).getByLabelText(/Heure du dépôt/);
    await user.clear(time);
    await user.type(time, '10:42');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(arg(States.DepositOpen, 'onSendDeposit')).toHaveBeenCalledWith('2026-12-10T09:42:00.000Z', ack);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(arg(States.DepositOpen, 'onCloseDeposit')).toHaveBeenCalled();
  });

  it('the deposit on its way, and refused with the server’s msg', async () => {
    show(<States.DepositSending />);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Enregistrement…' }) as HTMLButtonElement).disabled).toBe(true);
    show(<States.DepositFailed />);
    expect((await within(await screen.findByRole('dialog')).findByRole('alert')).textContent).toContain("L'accusé de réception est requis.");
  });

  it('once deposited: when, by whom, the acknowledgement, each file frozen with its size and SHA-256; nothing to change', async () => {
    show(<States.Deposited />);
    const record = (await screen.findByRole('heading', { level: 2, name: 'Dépôt enregistré' })).closest('section')!;
    expect(norm(record.textContent)).toContain('Déposé le14 déc. 2026, 10:42');
    expect(norm(record.textContent)).toContain('par Camille Martin');
    expect(within(record).getByRole('link', { name: 'Accusé de réception PLACE.pdf' }).getAttribute('href')).toBe(`/api/tenders/${submissionTenderId}/submission/deposit/acknowledgement`);
    expect(within(record).getByRole('heading', { name: /2 fichiers figés/ })).toBeTruthy();
    const hash = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
    const code = within(record).getByTitle(hash);
    expect(code.tagName).toBe('CODE');
    expect(code.textContent, 'short on screen, whole for screen readers').toBe(`9f86d081884c…f00a08${hash}`);
    expect(screen.getByText('Dépôt enregistré.')).toBeTruthy();
    expect(screen.queryByLabelText(/Déposer un fichier/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retirer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer le dépôt' })).toBeNull();
    expect(screen.getByText('Les fichiers exactement tels que déposés (385,1 ko).')).toBeTruthy();
  });
});
