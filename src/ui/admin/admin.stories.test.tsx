import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as usersStories from './AdminUsersView.stories';
import * as companiesStories from './AdminCompaniesView.stories';
import * as companyStories from '../companies/CompanyView.stories';
import * as companyUsersStories from '../companies/CompanyUsersView.stories';
import * as outboxStories from './OutboxView.stories';
import * as dashboardStories from '../dashboard/DashboardView.stories';
import { julie, lyon } from './admin-fixtures';
import { pageItems } from '../components/Pagination';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Users = composeStories(usersStories);
const Companies = composeStories(companiesStories);
const Company = composeStories(companyStories);
const Members = composeStories(companyUsersStories);
const Outbox = composeStories(outboxStories);
const Dashboard = composeStories(dashboardStories);

function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

function arg(story: { args: unknown }, ...path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], story.args);
}

describe('admin users', () => {
  it('loading: a skeleton announced as loading; failure: the message and a retry', async () => {
    show(<Users.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
    show(<Users.Failure />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText("La liste n'a pas pu être chargée")).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(arg(Users.Failure, 'onRetry')).toHaveBeenCalled();
  });

  it('empty and no-match states say what to do', async () => {
    show(<Users.Empty />);
    expect(await screen.findByText('Aucun utilisateur')).toBeTruthy();
    show(<Users.NoMatch />);
    expect(await screen.findByText('Aucun résultat')).toBeTruthy();
  });

  it('loaded: rows with links, status badges, filters and pagination', async () => {
    const u = userEvent.setup();
    show(<Users.Loaded />);
    const table = await screen.findByRole('table', { name: 'Utilisateurs' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Utilisateur', 'Rôle', 'Entreprise', 'Statut', 'Inscrit le', 'Actions']);
    expect(within(table).getByRole('link', { name: 'Julie Bernard' }).getAttribute('href')).toBe(`/users/${julie._id}`);
    expect(within(table).getByText('E-mail non vérifié')).toBeTruthy();
    expect(within(table).getByText('Désactivé')).toBeTruthy();
    expect(within(table).getByText('15 janv. 2026')).toBeTruthy();
    // The signed-in admin cannot change their own role nor deactivate themselves.
    expect(within(table).queryByLabelText('Rôle de Alex Admin')).toBeNull();
    await u.selectOptions(within(table).getByLabelText('Rôle de Julie Bernard'), 'manager');
    expect(arg(Users.Loaded, 'onAction')).toHaveBeenCalledWith(expect.objectContaining({ kind: 'role', role: 'manager', user: julie }));
    await u.click(within(table).getByRole('button', { name: 'Désactiver Camille Martin' }));
    expect(arg(Users.Loaded, 'onAction')).toHaveBeenCalledWith(expect.objectContaining({ kind: 'active', active: false }));
    await u.selectOptions(screen.getByLabelText('Rôle', { selector: 'select[id]' }), 'employee');
    expect(arg(Users.Loaded, 'onRole')).toHaveBeenCalledWith('employee');
    await u.selectOptions(screen.getByLabelText('Entreprise'), lyon._id);
    expect(arg(Users.Loaded, 'onCompany')).toHaveBeenCalledWith(lyon._id);
    await u.type(screen.getByLabelText('Rechercher'), 'j');
    expect(arg(Users.Loaded, 'onSearch')).toHaveBeenCalledWith('j');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByText('64 résultat(s) · page 1 sur 4')).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await u.click(within(nav).getByRole('button', { name: 'Page suivante' }));
    expect(arg(Users.Loaded, 'onPage')).toHaveBeenCalledWith(2);
  });

  it('confirm dialogs name the user; busy locks them; errors stay in the dialog', async () => {
    show(<Users.ConfirmRole />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Changer le rôle ?' });
    expect(within(dialog).getByText(/Julie Bernard aura le rôle « Responsable »/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer le rôle' }));
    expect(arg(Users.ConfirmRole, 'onConfirm')).toHaveBeenCalled();
    show(<Users.ConfirmDeactivate />);
    expect(await screen.findByRole('alertdialog', { name: 'Désactiver ce compte ?' })).toBeTruthy();
    show(<Users.ActionBusy />);
    const busy = await screen.findByRole('alertdialog');
    expect(within(busy).getByRole('button', { name: /Désactiver/ }).matches(':disabled')).toBe(true);
    show(<Users.ActionError />);
    expect(within(await screen.findByRole('alertdialog')).getByRole('alert').textContent).toContain('Vous ne pouvez pas modifier votre propre rôle.');
  });
});

describe('admin companies', () => {
  it('loaded: name links to the company page, SIRET, members; billing, edit and delete name the company', async () => {
    const u = userEvent.setup();
    show(<Companies.Loaded />);
    const table = await screen.findByRole('table', { name: 'Entreprises' });
    expect(within(table).getByRole('link', { name: lyon.name }).getAttribute('href')).toBe(`/companies/${lyon._id}`);
    const billing = within(table).getByRole('link', { name: `Facturation de ${lyon.name}` });
    expect(billing.getAttribute('href')).toBe(`/billing/${lyon._id}`);
    expect(billing.textContent).toBe('Facturation');
    expect(within(table).getByText(lyon.siret!)).toBeTruthy();
    await u.click(within(table).getByRole('button', { name: `Supprimer ${lyon.name}` }));
    expect(arg(Companies.Loaded, 'onDelete')).toHaveBeenCalledWith(lyon);
    await u.click(screen.getByRole('button', { name: 'Créer une entreprise' }));
    expect(arg(Companies.Loaded, 'onCreate')).toHaveBeenCalled();
  });

  it('create dialog validates like the contract (SIRET Luhn) before sending', async () => {
    const u = userEvent.setup();
    show(<Companies.Creating />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle entreprise' });
    await u.type(within(dialog).getByLabelText('Raison sociale'), 'Atelier Test');
    await u.type(within(dialog).getByLabelText('SIRET'), '12345678901234');
    await u.type(within(dialog).getByLabelText('Adresse'), '1 rue du Port');
    await u.type(within(dialog).getByLabelText('Code postal'), '750');
    await u.click(within(dialog).getByRole('button', { name: 'Créer une entreprise' }));
    expect(within(dialog).getByText(/Ce numéro SIRET n'est pas valide/)).toBeTruthy();
    expect(within(dialog).getByText('Le code postal compte 5 chiffres.', { exact: false })).toBeTruthy();
    expect(arg(Companies.Creating, 'onSave')).not.toHaveBeenCalled();
  });

  it('edit dialog starts from the company and sends its values', async () => {
    const u = userEvent.setup();
    show(<Companies.Editing />);
    const dialog = await screen.findByRole('dialog', { name: `Modifier ${lyon.name}` });
    expect((within(dialog).getByLabelText('Ville') as HTMLInputElement).value).toBe('Lyon');
    await u.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(arg(Companies.Editing, 'onSave')).toHaveBeenCalledWith(expect.objectContaining({ name: lyon.name, siret: lyon.siret, profile: lyon.profile }));
  });

  it('delete confirmation names the company and says its users go too', async () => {
    show(<Companies.ConfirmDelete />);
    const dialog = await screen.findByRole('alertdialog', { name: `Supprimer ${lyon.name} ?` });
    expect(within(dialog).getByText(/supprimée avec tous ses utilisateurs \(3 comptes\)/)).toBeTruthy();
    show(<Companies.DeleteError />);
    expect(within(await screen.findByRole('alertdialog')).getByText('Entreprise introuvable.')).toBeTruthy();
  });

  it('empty, failure and loading states', async () => {
    show(<Companies.Empty />);
    expect(await screen.findByText('Aucune entreprise')).toBeTruthy();
    show(<Companies.Failure />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    show(<Companies.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement de la liste…' })).toBeTruthy();
  });
});

describe('company detail', () => {
  it('details, matching profile as badges, members count; managers can edit', async () => {
    const u = userEvent.setup();
    show(<Company.Manager />);
    expect(await screen.findByRole('heading', { name: lyon.name, level: 1 })).toBeTruthy();
    expect(screen.getByText('rénovation')).toBeTruthy();
    expect(screen.getByText('45321000-3')).toBeTruthy();
    expect(screen.getByText('69 · Rhône')).toBeTruthy();
    expect(screen.getByText('Auvergne-Rhône-Alpes')).toBeTruthy();
    expect(screen.getByText('membres')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir les membres' }).getAttribute('href')).toBe('/company/users');
    await u.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(arg(Company.Manager, 'onEdit')).toHaveBeenCalled();
  });

  it('employees read only; an empty profile says so', async () => {
    show(<Company.Employee />);
    expect(await screen.findByRole('heading', { name: lyon.name, level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    show(<Company.EmptyProfile />);
    expect((await screen.findAllByText('Non renseigné')).length).toBeGreaterThan(3);
  });

  it('edit form, saving and error; not found and load error', async () => {
    show(<Company.Editing />);
    expect(await screen.findByRole('heading', { name: `Modifier ${lyon.name}` })).toBeTruthy();
    show(<Company.SaveError />);
    expect(within(await screen.findByRole('alert')).getByText('Une entreprise avec ce numéro SIRET existe déjà.')).toBeTruthy();
    show(<Company.NotFound />);
    expect(await screen.findByText('Entreprise introuvable')).toBeTruthy();
    show(<Company.LoadError />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    show(<Company.Loading />);
    expect((await screen.findAllByRole('status', { name: "Chargement de l'entreprise…" })).length).toBeGreaterThan(0);
  });
});

describe('company users', () => {
  it('manager: invitations with status badges, resend and revoke for open ones; remove others, not oneself', async () => {
    const u = userEvent.setup();
    show(<Members.Manager />);
    const invites = await screen.findByRole('table', { name: 'Invitations' });
    for (const status of ['En attente', 'Acceptée', 'Expirée', 'Révoquée']) expect(within(invites).getByText(status)).toBeTruthy();
    expect(within(invites).getAllByRole('button', { name: /^Renvoyer/ })).toHaveLength(2);
    await u.click(within(invites).getByRole('button', { name: 'Révoquer lea.petit@btp-lyon.fr' }));
    expect(arg(Members.Manager, 'manage', 'invites', 'onRevoke')).toHaveBeenCalled();
    const members = screen.getByRole('table', { name: 'Membres' });
    expect(within(members).getByText('Vous')).toBeTruthy();
    expect(within(members).queryByRole('button', { name: 'Retirer Camille Martin' })).toBeNull();
    await u.click(within(members).getByRole('button', { name: 'Retirer Julie Bernard' }));
    expect(arg(Members.Manager, 'manage', 'onRemove')).toHaveBeenCalledWith(julie);
    // Two lists on one page: each pagination landmark says which list it pages through.
    expect(screen.getByRole('navigation', { name: 'Pagination : Invitations' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination : Membres' })).toBeTruthy();
  });

  it('invite form checks the email, then sends it with the role', async () => {
    const u = userEvent.setup();
    show(<Members.Manager />);
    const email = await screen.findByLabelText('Adresse e-mail');
    await u.type(email, 'pas-un-email');
    await u.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(arg(Members.Manager, 'manage', 'invites', 'onInvite')).not.toHaveBeenCalled();
    await u.clear(email);
    await u.type(email, 'lea.petit@btp-lyon.fr');
    await u.selectOptions(screen.getByLabelText('Rôle'), 'manager');
    await u.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(arg(Members.Manager, 'manage', 'invites', 'onInvite')).toHaveBeenCalledWith({ email: 'lea.petit@btp-lyon.fr', role: 'manager' });
  });

  it('employee: the member list only, read-only', async () => {
    show(<Members.Employee />);
    expect(await screen.findByRole('table', { name: 'Membres' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Invitations' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retirer/ })).toBeNull();
    expect(screen.queryByLabelText('Adresse e-mail')).toBeNull();
  });

  it('confirmations and errors', async () => {
    show(<Members.ConfirmRemove />);
    expect(await screen.findByRole('alertdialog', { name: 'Retirer Julie Bernard ?' })).toBeTruthy();
    show(<Members.ConfirmRevoke />);
    expect(within(await screen.findByRole('alertdialog')).getByText(/Le lien envoyé à lea.petit@btp-lyon.fr ne fonctionnera plus/)).toBeTruthy();
    show(<Members.InviteError />);
    expect(await screen.findByText('Cette adresse a déjà un compte.')).toBeTruthy();
    show(<Members.NoInvites />);
    expect(await screen.findByText('Aucune invitation envoyée')).toBeTruthy();
    show(<Members.Failure />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('outbox', () => {
  it('recipient, subject, date on Paris time and the link as a button', async () => {
    show(<Outbox.Loaded />);
    const table = await screen.findByRole('table', { name: "Boîte d'envoi" });
    expect(within(table).getByText('lea.petit@btp-lyon.fr')).toBeTruthy();
    expect(within(table).getByText('22 nov. 2026, 09:15')).toBeTruthy();
    expect(within(table).getByRole('link', { name: /Ouvrir l'invitation/ }).getAttribute('href')).toContain('/employee/sign-up?token=');
    expect(screen.getByText(/Sans serveur SMTP configuré/)).toBeTruthy();
  });

  it('empty: no email sent yet', async () => {
    show(<Outbox.Empty />);
    expect(await screen.findByText("Aucun e-mail envoyé pour l'instant")).toBeTruthy();
  });
});

describe('dashboard', () => {
  it('staff: company card with members and link, pending invitations', async () => {
    show(<Dashboard.WithCompany />);
    expect(await screen.findByRole('heading', { name: lyon.name })).toBeTruthy();
    expect(screen.getByText(/Lyon · 3 membres/)).toBeTruthy();
    expect(screen.getByRole('link', { name: "Voir la fiche de l'entreprise" }).getAttribute('href')).toBe(`/companies/${lyon._id}`);
    expect(screen.getByRole('link', { name: 'Gérer les membres et les invitations' }).getAttribute('href')).toBe('/company/users');
    expect(screen.queryByText('Vérifiez votre adresse e-mail')).toBeNull();
  });

  it('manager without company: a call to create it; unverified: a reminder', async () => {
    show(<Dashboard.WithoutCompany />);
    expect((await screen.findByRole('link', { name: 'Créer mon entreprise' })).getAttribute('href')).toBe('/create-company');
    show(<Dashboard.Unverified />);
    expect(await screen.findByText('Vérifiez votre adresse e-mail')).toBeTruthy();
  });

  it('admin: platform counts with links and the latest emails', async () => {
    show(<Dashboard.Admin />);
    expect(await screen.findByText('128')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gérer les utilisateurs' }).getAttribute('href')).toBe('/users');
    expect(screen.getByRole('link', { name: 'Gérer les entreprises' }).getAttribute('href')).toBe('/companies');
    expect(screen.getByRole('link', { name: "Voir toute la boîte d'envoi (42)" }).getAttribute('href')).toBe('/admin/outbox');
    expect(screen.getByRole('table', { name: 'Derniers e-mails' })).toBeTruthy();
    show(<Dashboard.AdminOutboxEmpty />);
    expect(await screen.findByText("Aucun e-mail envoyé pour l'instant")).toBeTruthy();
  });

  it('loading and error', async () => {
    show(<Dashboard.Loading />);
    expect((await screen.findAllByRole('status', { name: 'Chargement du tableau de bord…' })).length).toBe(3);
    show(<Dashboard.LoadError />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('pagination', () => {
  it('keeps the first, the last and the neighbours of the current page', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });
});

// Last: composing with other project annotations replaces the global ones for the stories rendered after it.
describe('in English', () => {
  const en = { ...preview, initialGlobals: { theme: 'light', locale: 'en' } };

  it('admin users and companies', async () => {
    const U = composeStories(usersStories, en);
    show(<U.Loaded />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('Email not verified')).toBeTruthy();
    expect(within(table).getByText('15 Jan 2026')).toBeTruthy();
    expect(screen.getByText('64 result(s) · page 1 of 4')).toBeTruthy();
    const C = composeStories(companiesStories, en);
    show(<C.ConfirmDelete />);
    expect(within(await screen.findByRole('alertdialog', { name: `Delete ${lyon.name}?` })).getByText(/deleted with all its users \(3 accounts\)/)).toBeTruthy();
  });

  it('company, company users, outbox and dashboard', async () => {
    const Co = composeStories(companyStories, en);
    show(<Co.Manager />);
    expect(await screen.findByText('Matching profile')).toBeTruthy();
    const M = composeStories(companyUsersStories, en);
    show(<M.Manager />);
    expect(within(await screen.findByRole('table', { name: 'Invitations' })).getByText('Pending')).toBeTruthy();
    const O = composeStories(outboxStories, en);
    show(<O.Empty />);
    expect(await screen.findByText('No email sent yet')).toBeTruthy();
    const D = composeStories(dashboardStories, en);
    show(<D.Admin />);
    expect(await screen.findByRole('link', { name: 'Manage users' })).toBeTruthy();
    expect(screen.getByText('22 Nov 2026, 09:15')).toBeTruthy();
  });
});
