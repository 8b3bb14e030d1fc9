import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as detailsStories from './TenderDetailsView.stories';
import { tenderJeanMoulin } from './tender-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Details = composeStories(detailsStories);
const ID = tenderJeanMoulin._id;

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

function arg(story: { args: unknown }, name: string): unknown {
  return (story.args as Record<string, unknown>)[name];
}

async function actions(): Promise<string[]> {
  await screen.findByRole('heading', { level: 1 });
  const group = screen.queryByRole('group', { name: 'Changer le statut' });
  return group ? within(group).getAllByRole('button').map((b) => b.textContent ?? '') : [];
}

describe('tender details: loading, not found, error', () => {
  it('loading: a skeleton announced once; not found: the not-found page; error: what happened and a retry', async () => {
    show(<Details.Loading />);
    expect((await screen.findAllByRole('status', { name: "Chargement de l'appel d'offres…" })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading')).toBeNull();
    show(<Details.NotFound />);
    expect(await screen.findByRole('heading', { name: "Cette page n'existe pas" })).toBeTruthy();
    show(<Details.LoadError />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("L'appel d'offres n'a pas pu être chargé")).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(Details.LoadError, 'onRetry')).toHaveBeenCalled();
  });
});

describe('tender details: key facts from the DCE analysis', () => {
  it('shows the analysis first with each fact’s check state, and the call record beside a date or visit that differs', async () => {
    show(<Details.Analysed />);
    const facts = (await screen.findByRole('heading', { name: 'Informations clés' })).closest('section')!;
    expect(within(facts).getByText(/^D'après l'analyse du DCE du 26 févr\. 2026/)).toBeTruthy();
    expect(within(facts).getByText('20 mars 2026, 12:00 UTC+1')).toBeTruthy();
    expect(within(facts).getAllByText('Confirmé')).toHaveLength(2);
    expect(within(facts).getAllByText(/^La fiche de l'appel indique : /)).toHaveLength(2);
    expect(within(facts).getByText('Facultative')).toBeTruthy();
    expect(within(facts).getByText('À vérifier')).toBeTruthy();
    expect(within(facts).getByText(/^La fiche de l'appel indique : Obligatoire · /)).toBeTruthy();
    // The criteria and the pieces to provide, which the call record does not hold.
    expect(within(facts).getByText('Critères de jugement')).toBeTruthy();
    expect(within(facts).getByText('Prix des prestations')).toBeTruthy();
    expect(within(facts).getByText('Corrigé')).toBeTruthy();
    expect(within(facts).getByText('Source modifiée, à revoir')).toBeTruthy();
    expect(within(facts).getByText("Pièces de l'offre")).toBeTruthy();
  });
});

describe('tender details: the status actions the lifecycle allows', () => {
  it('offers, from each status, only the next statuses; a decided tender offers none', async () => {
    show(<Details.NotStarted />);
    expect(await actions()).toEqual(['Démarrer la réponse', 'Non conforme']);
    show(<Details.InProgress />);
    expect(await actions()).toEqual(['Marquer comme déposé', 'Mettre en attente', 'Non conforme']);
    show(<Details.Pending />);
    expect(await actions()).toEqual(['Reprendre la réponse', 'Non conforme']);
    show(<Details.Submitted />);
    expect(await actions()).toEqual(['Gagné', 'Perdu', 'Non conforme', 'Rouvrir le dossier']);
    show(<Details.Won />);
    expect(await actions()).toEqual([]);
    expect(screen.getByText('Décision enregistrée : le statut ne changera plus.')).toBeTruthy();
  });

  it('a click asks the statechart for that status', async () => {
    show(<Details.InProgress />);
    await userEvent.click(await screen.findByRole('button', { name: 'Marquer comme déposé' }));
    expect(arg(Details.InProgress, 'onChooseStatus')).toHaveBeenCalledWith('submitted');
  });

  it('"Mark as submitted" is confirmed first: the change named, what it means, Cancel and Confirm', async () => {
    show(<Details.ConfirmingStep />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer de « En cours » à « Déposé » ?' });
    expect(within(dialog).getByText(/seul un responsable ou un administrateur pourra le rouvrir/)).toBeTruthy();
    expect(within(dialog).getByTestId('status-change').textContent).toBe('En cours→devientDéposé');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Marquer comme déposé' }));
    expect(arg(Details.ConfirmingStep, 'onConfirmStatus')).toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(arg(Details.ConfirmingStep, 'onCancelStatus')).toHaveBeenCalled();
    // Nothing else can be chosen meanwhile.
    for (const button of within(screen.getByRole('group', { name: 'Changer le statut', hidden: true })).getAllByRole('button', { hidden: true })) {
      expect(button.hasAttribute('disabled')).toBe(true);
    }
  });

  it('a decision says it is final', async () => {
    show(<Details.ConfirmingDecision />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer de « Déposé » à « Gagné » ?' });
    expect(within(dialog).getByText(/Décision définitive : le marché est remporté/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Gagné' })).toBeTruthy();
  });

  it('while a change is saved the dialog is busy; a 409 shows the server message in it', async () => {
    show(<Details.SavingDecision />);
    const saving = await screen.findByRole('alertdialog', { name: 'Passer de « Déposé » à « Perdu » ?' });
    expect(within(saving).getByRole('button', { name: /Perdu/ }).hasAttribute('disabled')).toBe(true);
    expect(within(saving).getByRole('button', { name: 'Annuler' }).hasAttribute('disabled')).toBe(true);
    show(<Details.DecisionConflict />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Passer de « Déposé » à « Gagné » ?' });
    expect(within(dialog).getByRole('alert').textContent).toContain("Ce changement de statut n'est pas possible depuis le statut actuel.");
    show(<Details.StepConflict />);
    const step = await screen.findByRole('alertdialog', { name: 'Passer de « En cours » à « Déposé » ?' });
    expect(within(step).getByRole('alert').textContent).toContain("Le statut n'a pas pu être changé");
    await userEvent.click(within(step).getByRole('button', { name: 'Annuler' }));
    expect(arg(Details.StepConflict, 'onCancelStatus')).toHaveBeenCalled();
  });
});

describe('tender details: reopening a submitted tender', () => {
  it('is offered to a manager on a submitted tender, not to an employee', async () => {
    show(<Details.Submitted />);
    expect(await actions()).toEqual(['Gagné', 'Perdu', 'Non conforme', 'Rouvrir le dossier']);
    await userEvent.click(screen.getByRole('button', { name: 'Rouvrir le dossier' }));
    expect(arg(Details.Submitted, 'onReopen')).toHaveBeenCalled();
    show(<Details.SubmittedEmployee />);
    expect(await actions()).toEqual(['Gagné', 'Perdu', 'Non conforme']);
    show(<Details.InProgress />);
    expect(await actions()).not.toContain('Rouvrir le dossier');
  });

  it('asks why, says what it means, and says so when the reason is missing', async () => {
    show(<Details.ConfirmingReopen />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Rouvrir ce dossier déposé ?' });
    expect(within(dialog).getByText(/repasse « En cours » pour être corrigé/)).toBeTruthy();
    expect(within(dialog).getByTestId('status-change').textContent).toBe('Déposé→devientEn cours');
    const reason = within(dialog).getByRole('textbox', { name: 'Raison de la réouverture' }) as HTMLTextAreaElement;
    expect(reason.required).toBe(true);
    expect(reason.maxLength).toBe(500);
    await userEvent.type(reason, 'E');
    expect(arg(Details.ConfirmingReopen, 'onReasonChange')).toHaveBeenCalledWith('E');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rouvrir le dossier' }));
    expect(arg(Details.ConfirmingReopen, 'onConfirmStatus')).toHaveBeenCalled();

    show(<Details.ReopenReasonMissing />);
    const missing = await screen.findByRole('alertdialog', { name: 'Rouvrir ce dossier déposé ?' });
    const field = within(missing).getByRole('textbox', { name: 'Raison de la réouverture' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Indiquez pourquoi le dossier déposé est rouvert.');
  });

  it('is busy while saved, and keeps the reason when refused', async () => {
    show(<Details.Reopening />);
    const busy = await screen.findByRole('alertdialog', { name: 'Rouvrir ce dossier déposé ?' });
    expect((within(busy).getByRole('textbox', { name: 'Raison de la réouverture' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(busy).getByRole('button', { name: /Rouvrir le dossier/ }).hasAttribute('disabled')).toBe(true);
    show(<Details.ReopenRefused />);
    const refused = await screen.findByRole('alertdialog', { name: 'Rouvrir ce dossier déposé ?' });
    expect((within(refused).getByRole('textbox', { name: 'Raison de la réouverture' }) as HTMLTextAreaElement).value).toBe('Le bordereau de prix du lot 2 contient une erreur de quantité.');
    expect(within(refused).getByRole('alert').textContent).toContain('Seul un appel');
  });

  it('shows in the history who reopened it and why', async () => {
    show(<Details.Reopened />);
    const history = (await screen.findByRole('heading', { name: 'Historique des statuts' })).closest('section')!;
    expect(within(history).getAllByRole('listitem')[0]!.textContent).toBe(
      'Déposé→devientEn coursRaison : Le bordereau de prix du lot 2 contient une erreur de quantité.Par Julien Marchand · 11 mars 2026, 09:15',
    );
  });
});

describe('tender details: what the page tells', () => {
  it('header and key facts: reference, buyer, status, match, amount in euros, dates, visit, notice, source', async () => {
    show(<Details.InProgress />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Réhabilitation énergétique du groupe scolaire Jean-Moulin' })).toBeTruthy();
    expect(screen.getByText('2026-VDL-0142')).toBeTruthy();
    expect(screen.getByText('Ville de Lyon')).toBeTruthy();
    expect(screen.getAllByText('En cours').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Correspondance forte · 87/100').length).toBe(2);
    const facts = screen.getByRole('heading', { name: 'Informations clés' }).closest('section')!;
    expect(within(facts).getByText(/^1\s250\s000\s€ HT$/)).toBeTruthy();
    expect(within(facts).getByText("Appel d'offres ouvert")).toBeTruthy();
    expect(within(facts).getByText('45321000-3')).toBeTruthy();
    expect(within(facts).getByText('Rhône (69) · Auvergne-Rhône-Alpes')).toBeTruthy();
    expect(within(facts).getByText('20 févr. 2026')).toBeTruthy();
    expect(within(facts).getByText('Obligatoire')).toBeTruthy();
    expect(within(facts).getByText('Saisie manuelle')).toBeTruthy();
    expect(within(facts).getByText(/^dans 3 jours$/)).toBeTruthy();
    const notice = within(facts).getByRole('link', { name: /Consulter l'avis/ });
    expect(notice.getAttribute('href')).toBe('https://www.boamp.fr/avis/detail/26-142');
    expect(notice.getAttribute('target')).toBe('_blank');
    expect(notice.getAttribute('rel')).toContain('noopener');
  });

  it('an imported notice link that is not http(s) is not rendered as a link (a javascript: link would run when clicked)', async () => {
    const tender = { ...tenderJeanMoulin, tenderCall: { ...tenderJeanMoulin.tenderCall, noticeUrl: 'javascript:alert(document.cookie)' } };
    show(<Details.InProgress tender={tender} />);
    const facts = (await screen.findByRole('heading', { name: 'Informations clés' })).closest('section')!;
    expect(within(facts).queryByRole('link', { name: /Consulter l'avis/ })).toBeNull();
    expect(facts.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('what the buyer did not give is said plainly', async () => {
    show(<Details.Sparse />);
    const facts = (await screen.findByRole('heading', { name: 'Informations clés' })).closest('section')!;
    expect(within(facts).getAllByText('Non communiqué').length).toBeGreaterThanOrEqual(4);
    expect(within(facts).getByText('Pas de visite prévue')).toBeTruthy();
    expect(screen.getByText("L'acheteur n'a pas fourni de description.")).toBeTruthy();
    expect(screen.getByText("Cet appel d'offres n'est pas divisé en lots.")).toBeTruthy();
  });

  it('match reasons, documents with their page, and the analysis pages once work has started', async () => {
    show(<Details.InProgress />);
    expect(await screen.findByText('Mots-clés de votre activité trouvés : rénovation et isolation')).toBeTruthy();
    const docs = screen.getByRole('heading', { name: 'Documents' }).closest('section')!;
    expect(within(docs).getByText('4')).toBeTruthy();
    expect(within(docs).getByRole('link', { name: 'Gérer les documents' }).getAttribute('href')).toBe(`/tenders/${ID}/docs`);
    const pages = screen.getByRole('heading', { name: 'Analyse et rédaction' }).closest('section')!;
    expect(within(pages).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      `/tender/dce-analyse/${ID}`,
      `/tender/cctp-analyse/${ID}`,
      `/tender/chat/${ID}`,
      `/tender/assisted-writing/${ID}`,
      `/tender/prices/${ID}`,
      `/tenders/${ID}/submission`,
    ]);
    expect(within(pages).getByRole('link', { name: 'Bordereaux de prix' }).getAttribute('href')).toBe(`/tender/prices/${ID}`);
    expect(within(pages).getByRole('link', { name: 'Dossier de réponse' }).getAttribute('href')).toBe(`/tenders/${ID}/submission`);
    // Employees have no DCE analysis (spec 2: admin and manager).
    show(<Details.Employee />);
    const employeePages = (await screen.findByRole('heading', { name: 'Analyse et rédaction' })).closest('section')!;
    expect(within(employeePages).queryByRole('link', { name: 'Analyse du DCE' })).toBeNull();
    expect(within(employeePages).getAllByRole('link')).toHaveLength(5);
    // Before work starts the guarded pages would send the user back here: no links, a hint.
    show(<Details.NotStarted />);
    const locked = (await screen.findByRole('heading', { name: 'Analyse et rédaction' })).closest('section')!;
    expect(within(locked).queryAllByRole('link')).toHaveLength(0);
    expect(within(locked).getByText(/Démarrez la réponse pour ouvrir/)).toBeTruthy();
    expect(screen.getByText("Démarrez le travail sur cet appel d'offres pour avancer dans les étapes.")).toBeTruthy();
  });

  it('status history as a timeline, newest first, with who and when', async () => {
    show(<Details.Won />);
    const history = (await screen.findByRole('heading', { name: 'Historique des statuts' })).closest('section')!;
    const items = within(history).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Déposé→devientGagnéPar Soumissio · 2 avr. 2026, 12:00',
      'En cours→devientDéposéPar Manon Girard · 10 mars 2026, 17:30',
      'Non démarré→devientEn coursPar Manon Girard · 25 févr. 2026, 10:00',
      'Ajouté avec le statutNon démarréPar Manon Girard · 22 févr. 2026, 10:00',
    ]);
  });

  it('history and lots load and fail on their own, each with a retry', async () => {
    show(<Details.PartsLoading />);
    expect(await screen.findByRole('status', { name: "Chargement de l'historique…" })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Chargement des lots…' })).toBeTruthy();
    show(<Details.PartsError />);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => within(a).getByText(/n'a pas pu|n'ont pas pu/).textContent)).toEqual(["Les lots n'ont pas pu être chargés", "L'historique n'a pas pu être chargé"]);
    await userEvent.click(within(alerts[0]!).getByRole('button', { name: 'Réessayer' }));
    expect((arg(Details.PartsError, 'lots') as { onRetry: () => void }).onRetry).toHaveBeenCalled();
  });
});

describe('tender details: lots answered', () => {
  it('a checkbox per lot, ticked for the lots answered; a change is handed to the page', async () => {
    show(<Details.InProgress />);
    const lot1 = await screen.findByRole('checkbox', { name: 'Lot 1 : Isolation thermique par l’extérieur' });
    const lot3 = screen.getByRole('checkbox', { name: 'Lot 3 : Chauffage, ventilation' });
    expect((lot1 as HTMLInputElement).checked).toBe(true);
    expect((lot3 as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2 lot(s) sur 3 retenu(s) pour la réponse')).toBeTruthy();
    await userEvent.click(lot3);
    expect(arg(Details.InProgress, 'onToggleLot')).toHaveBeenCalledWith(3, true);
    await userEvent.click(lot1);
    expect(arg(Details.InProgress, 'onToggleLot')).toHaveBeenCalledWith(1, false);
  });

  it('while saving the lots are locked; a refused save says why', async () => {
    show(<Details.LotsSaving />);
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.every((box) => box.matches(':disabled'))).toBe(true);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    show(<Details.LotsSaveError />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Le choix des lots n'a pas pu être enregistré");
  });
});
