import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as badgeStories from './TenderBadges.stories';
import * as tendersStories from './TendersView.stories';
import * as potentialStories from './PotentialTendersView.stories';
import { potentialJeanMoulin, tenderJeanMoulin, tenderRoutes } from './tender-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Badges = composeStories(badgeStories);
const Tenders = composeStories(tendersStories);
const Potential = composeStories(potentialStories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

function arg(story: { args: unknown }, ...path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], story.args);
}

/** The badge's tone, read from the recipe's class (colour is also carried by the word). */
const toneOf = (element: HTMLElement) => /--tone_(\w+)/.exec(element.closest('[class*="badge"]')?.className ?? '')?.[1];

describe('tender badges', () => {
  it('pipeline statuses get colours that mean something, each with its own icon', async () => {
    show(<Badges.All />);
    const statuses = await screen.findByTestId('statuses');
    const badges = Array.from(statuses.children) as HTMLElement[];
    // Lucide names each icon by its class (with its aliases): the icon expected must be among them.
    const iconOf = (b: HTMLElement, name: string) => (b.querySelector('svg')?.classList.contains(name) ? name : b.querySelector('svg')?.getAttribute('class'));
    const expected = [
      ['Non démarré', 'neutral', 'lucide-circle-dashed'],
      ['En cours', 'accent', 'lucide-loader-circle'],
      ['En attente', 'warning', 'lucide-hourglass'],
      ['Déposé', 'warning', 'lucide-send'],
      ['Gagné', 'success', 'lucide-trophy'],
      ['Perdu', 'danger', 'lucide-circle-x'],
      ['Non conforme', 'danger', 'lucide-ban'],
    ];
    expect(badges.map((b, i) => [b.textContent, toneOf(b), iconOf(b, expected[i]![2]!)])).toEqual(expected);
  });

  it('the freshness badge follows the spec: "new", in any case, success-coloured, with its icon', async () => {
    show(<Badges.All />);
    const badges = Array.from((await screen.findByTestId('freshness')).children) as HTMLElement[];
    expect(badges.map((b) => [b.textContent, toneOf(b)])).toEqual([
      ['Nouveau', 'success'],
      ['Nouveau', 'success'],
    ]);
    for (const badge of badges) expect(badge.querySelector('svg')).toBeTruthy();
  });

  it('match levels with their score, reasons as sentences, deadlines with the time left', async () => {
    show(<Badges.All />);
    expect(await screen.findByText('Correspondance forte · 87/100')).toBeTruthy();
    expect(screen.getByText('Hors profil · 0/100')).toBeTruthy();
    const reasons = screen.getAllByRole('list', { name: 'Pourquoi cet appel correspond à votre profil' })[0]!;
    expect(within(reasons).getByText('Mots-clés de votre activité trouvés : rénovation et isolation')).toBeTruthy();
    expect(within(reasons).getByText('Codes CPV de votre profil : 45321000-3')).toBeTruthy();
    expect(within(reasons).getAllByText('+30 pts')).toHaveLength(2);
    expect(screen.getByText('Aucun critère de votre profil ne correspond à cet appel.')).toBeTruthy();
    // What the vault, won calls and verdicts add; a call lowered by a verdict shows a penalty.
    const learned = within(await screen.findByTestId('learned-reasons'));
    expect(learned.getByText('Certification de votre coffre-fort demandée par l’appel : Qualibat 1552')).toBeTruthy();
    expect(learned.getByText('Appels semblables que vous avez remportés (même acheteur ou même famille CPV) : Étanchéité du collège')).toBeTruthy();
    expect(learned.getByText('Semblable aux appels que vous avez jugés pertinents : Entretien des toitures')).toBeTruthy();
    expect(learned.getByText('Semblable aux appels que vous avez jugés non pertinents : Couverture du marché couvert')).toBeTruthy();
    expect(learned.getByText('−20 pts')).toBeTruthy();
    expect(screen.getByText('dans 3 jours')).toBeTruthy();
    expect(screen.getByText('dans 5 heures')).toBeTruthy();
    expect(screen.getByText('clôturé il y a 3 jours')).toBeTruthy();
    // The zone is shown with the date: Paris time, UTC+1 or UTC+2.
    expect(screen.getAllByText(/UTC\+[12]$/).length).toBe(3);
  });
});

describe('tender lists', () => {
  it('loading: a skeleton; failure: the message and a retry', async () => {
    show(<Tenders.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
    show(<Tenders.Failure />);
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(Tenders.Failure, 'onRetry')).toHaveBeenCalled();
  });

  it('empty: says what to do next and links to the potential tenders; a search finding nothing says so', async () => {
    show(<Tenders.Empty />);
    expect(await screen.findByText("Aucun appel d'offres en cours")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Voir les appels d'offres potentiels" }).getAttribute('href')).toBe('/potential-tenders');
    show(<Tenders.NoMatch />);
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
  });

  it('company list: reference and title link to the tender, status badge, deadline, match, lots; filters and pages', async () => {
    const u = userEvent.setup();
    show(<Tenders.Loaded />);
    const table = await screen.findByRole('table', { name: "Appels d'offres de l'entreprise" });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(["Appel d'offres", 'Acheteur', 'Statut', 'Date limite de remise', 'Correspondance']);
    const link = within(table).getByRole('link', { name: tenderJeanMoulin.tenderCall.title });
    expect(link.getAttribute('href')).toBe(`/tenders/${tenderJeanMoulin._id}`);
    const row = link.closest('tr')!;
    expect(within(row).getByText('2026-VDL-0142')).toBeTruthy();
    expect(within(row).getByText('Ville de Lyon')).toBeTruthy();
    expect(toneOf(within(row).getByText('En cours'))).toBe('accent');
    expect(within(row).getByText('dans 3 jours')).toBeTruthy();
    expect(within(row).getByText('Correspondance forte · 87/100')).toBeTruthy();
    expect(within(row).getByText('2 lot(s) sur 3 retenu(s)')).toBeTruthy();
    expect(within(table).getByText('Lot unique')).toBeTruthy();
    expect(within(table).queryByText('BTP Lyon Rénovation')).toBeNull();
    expect(screen.queryByLabelText('Entreprise')).toBeNull();
    await u.selectOptions(screen.getByLabelText('Statut'), 'submitted');
    expect(arg(Tenders.Loaded, 'onStatus')).toHaveBeenCalledWith('submitted');
    await u.selectOptions(screen.getByLabelText('Correspondance'), 'high');
    expect(arg(Tenders.Loaded, 'onMatchStatus')).toHaveBeenCalledWith('high');
    await u.type(screen.getByLabelText('Rechercher'), 'é');
    expect(arg(Tenders.Loaded, 'onSearch')).toHaveBeenCalledWith('é');
    await u.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page suivante' }));
    expect(arg(Tenders.Loaded, 'onPage')).toHaveBeenCalledWith(2);
  });

  it('admin list: a company column and a company filter', async () => {
    const u = userEvent.setup();
    show(<Tenders.AdminLoaded />);
    const table = await screen.findByRole('table', { name: "Appels d'offres" });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toContain('Entreprise');
    expect(within(within(table).getByRole('link', { name: tenderRoutes.tenderCall.title }).closest('tr')!).getByText('Atlantique Voirie')).toBeTruthy();
    await u.selectOptions(screen.getByLabelText('Entreprise'), tenderRoutes.company._id);
    expect(arg(Tenders.AdminLoaded, 'onCompany')).toHaveBeenCalledWith(tenderRoutes.company._id);
  });
});

describe('the company tender list, since the last visit', () => {
  it('marks a tender added to the pipeline since the previous visit "New"; the others, seen before, are not', async () => {
    show(<Tenders.NewSinceLastVisit />);
    const table = await screen.findByRole('table');
    const fresh = within(table).getByText(tenderRoutes.tenderCall.title).closest('tr')!;
    expect(toneOf(within(fresh).getByText('Nouveau'))).toBe('success');
    expect(within(table).getAllByText('Nouveau')).toHaveLength(1);
    show(<Tenders.Loaded />);
    await screen.findByRole('table');
    expect(screen.queryByText('Nouveau')).toBeNull();
  });
});

describe('potential tenders', () => {
  it('a call entered since the previous visit of the list is marked "New" (success-coloured); the others, and every call on a first visit, are not', async () => {
    show(<Potential.NewSinceLastVisit />);
    const table = await screen.findByRole('table', { name: "Appels d'offres potentiels" });
    const fresh = within(table).getByText(potentialJeanMoulin.tenderCall.title).closest('tr')!;
    expect(toneOf(within(fresh).getByText('Nouveau'))).toBe('success');
    expect(within(table).getAllByText('Nouveau')).toHaveLength(1);
    show(<Potential.FirstVisit />);
    await screen.findByRole('table', { name: "Appels d'offres potentiels" });
    expect(screen.queryByText('Nouveau')).toBeNull();
  });

  it('staff: match badge and reasons, amount in euros, add or open when already in the pipeline', async () => {
    const u = userEvent.setup();
    show(<Potential.Loaded />);
    const table = await screen.findByRole('table', { name: "Appels d'offres potentiels" });
    const row = within(table).getByText(potentialJeanMoulin.tenderCall.title).closest('tr')!;
    expect(within(row).queryByText('Nouveau')).toBeNull();
    expect(within(row).getByText('Correspondance forte · 87/100')).toBeTruthy();
    expect(within(row).getByText(/1\s250\s000\s€/)).toBeTruthy();
    expect(within(row).getByText('Rhône (69) · Auvergne-Rhône-Alpes')).toBeTruthy();
    await u.click(within(row).getByText('Pourquoi cet appel ?'));
    expect(within(row).getByText('Lieu d’exécution dans votre zone d’intervention : Rhône (69)'.replace(/’/g, "'"))).toBeTruthy();
    await u.click(within(row).getByRole('button', { name: `Ajouter à mes appels d'offres ${potentialJeanMoulin.tenderCall.title}` }));
    expect(arg(Potential.Loaded, 'onAdd')).toHaveBeenCalledWith(potentialJeanMoulin);
    const inPipeline = within(table).getByRole('link', { name: "Déjà dans mes appels d'offres" });
    expect(inPipeline.getAttribute('href')).toBe(`/tenders/${tenderRoutes._id}`);
    expect(within(table).getByText('Non précisé')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Nouvel appel d'offres" })).toBeNull();
  });

  it('adding locks the buttons; success links to the new tender; a refusal is shown', async () => {
    show(<Potential.Adding />);
    const buttons = await screen.findAllByRole('button', { name: /^Ajouter à mes appels d'offres/ });
    expect(buttons.every((b) => b.matches(':disabled'))).toBe(true);
    show(<Potential.Added />);
    expect((await screen.findByRole('link', { name: "Ouvrir l'appel d'offres" })).getAttribute('href')).toBe('/tenders/5f0c8a3e-2b7d-4c1a-9e6f-0a1b2c3d4e5f');
    show(<Potential.AddError />);
    expect((await screen.findByRole('alert')).textContent).toContain('figure déjà');
  });

  it('empty for staff: points to the company profile', async () => {
    show(<Potential.Empty />);
    expect((await screen.findByRole('link', { name: "Compléter le profil de l'entreprise" })).getAttribute('href')).toBe('/companies/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
  });

  it('admin: companies count, assign to a company, and a new call', async () => {
    const u = userEvent.setup();
    show(<Potential.Admin />);
    const table = await screen.findByRole('table', { name: "Appels d'offres potentiels" });
    expect(within(table).getByText('2 entreprises')).toBeTruthy();
    expect(within(table).queryByText(/Correspondance/)).toBeNull();
    await u.click(within(table).getByRole('button', { name: `Attribuer à une entreprise ${potentialJeanMoulin.tenderCall.title}` }));
    expect(arg(Potential.Admin, 'onAssign')).toHaveBeenCalled();
    await u.click(screen.getByRole('button', { name: "Nouvel appel d'offres" }));
    expect(arg(Potential.Admin, 'onCreate')).toHaveBeenCalled();
  });

  it('assign dialog: a company must be chosen; busy and error states', async () => {
    const u = userEvent.setup();
    show(<Potential.AssignOpen />);
    const dialog = await screen.findByRole('dialog', { name: "Attribuer l'appel d'offres" });
    await u.click(within(dialog).getByRole('button', { name: 'Attribuer' }));
    expect(within(dialog).getByText('Choisissez une entreprise.')).toBeTruthy();
    expect(arg(Potential.AssignOpen, 'onConfirmAssign')).not.toHaveBeenCalled();
    await u.selectOptions(within(dialog).getByLabelText('Entreprise'), 'BTP Lyon Rénovation');
    await u.click(within(dialog).getByRole('button', { name: 'Attribuer' }));
    expect(arg(Potential.AssignOpen, 'onConfirmAssign')).toHaveBeenCalledWith('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    show(<Potential.AssignError />);
    expect(within(await screen.findByRole('dialog')).getByText('Cette entreprise travaille déjà cet appel d’offres.')).toBeTruthy();
  });

  it('new call form: required fields are checked, then the call goes out with Paris times and lots', async () => {
    const u = userEvent.setup();
    show(<Potential.CreateOpen />);
    const dialog = await screen.findByRole('dialog', { name: "Nouvel appel d'offres" });
    await u.click(within(dialog).getByRole('button', { name: "Enregistrer l'appel" }));
    expect(within(dialog).getAllByText('Ce champ est obligatoire.').length).toBeGreaterThanOrEqual(4);
    expect(arg(Potential.CreateOpen, 'onSaveCall')).not.toHaveBeenCalled();
    await u.type(within(dialog).getByLabelText('Référence'), '2026-VDL-0200');
    await u.type(within(dialog).getByLabelText('Intitulé'), 'Réfection de la toiture du gymnase Vaise');
    await u.type(within(dialog).getByLabelText('Acheteur'), 'Ville de Lyon');
    await u.type(within(dialog).getByLabelText('Codes CPV'), '45261000-4{Enter}');
    await u.selectOptions(within(dialog).getByLabelText('Département'), '69');
    await u.type(within(dialog).getByLabelText('Montant estimé (€ HT)'), '450000');
    await u.type(within(dialog).getByLabelText('Date limite de remise des offres'), '2026-07-01');
    await u.type(within(dialog).getByLabelText('Heure limite de remise'), '12:00');
    await u.click(within(dialog).getByRole('button', { name: 'Ajouter un lot' }));
    await u.type(within(dialog).getByLabelText('Intitulé du lot'), 'Couverture');
    await u.click(within(dialog).getByRole('button', { name: "Enregistrer l'appel" }));
    expect(arg(Potential.CreateOpen, 'onSaveCall')).toHaveBeenCalledWith(
      expect.objectContaining({
        reference: '2026-VDL-0200',
        buyer: 'Ville de Lyon',
        procedure: 'open',
        cpvCodes: ['45261000-4'],
        department: '69',
        estimatedAmount: 450000,
        submissionDeadline: '2026-07-01T10:00:00.000Z',
        questionsDeadline: null,
        siteVisit: null,
        lots: [{ number: 1, title: 'Couverture', estimatedAmount: null }],
      }),
    );
  }, 30_000);

  it('new call: submitting locks the form; a server refusal is shown in the dialog', async () => {
    show(<Potential.CreateSubmitting />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /Enregistrer l'appel/ }).matches(':disabled')).toBe(true);
    show(<Potential.CreateServerError />);
    expect(within(await screen.findByRole('dialog')).getByText('Un appel d’offres avec cette référence existe déjà.')).toBeTruthy();
  });
});
