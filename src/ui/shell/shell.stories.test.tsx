import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as session from './SessionStates.stories';
import * as request from './RequestStates.stories';
import * as drawer from './Drawer.stories';
import * as notifications from './Notifications.stories';
import * as sideMenu from './SideMenu.stories';
import { currentHref, type SideMenuSection } from './SideMenu';
import * as layouts from './ShellLayouts.stories';
import * as header from './Header.stories';

// The shell's stories rendered as tests: one per state of the session, request, drawer and
// notification statecharts, the side menu and the layouts.

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Session = composeStories(session);
const Request = composeStories(request);
const DrawerStories = composeStories(drawer);
const Notifications = composeStories(notifications);
const SideMenuStories = composeStories(sideMenu);
const Layouts = composeStories(layouts);
const HeaderStories = composeStories(header);

describe('session states', () => {
  it.each(['Starting', 'Restoring', 'JoiningCompany'] as const)('%s: the session is being decided', async (name) => {
    const Story = Session[name];
    render(<Story />);
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeTruthy();
  });

  it('signed out: the sign-in form; a refusal shows the message and keeps the email', async () => {
    render(<Session.SignInRefused />);
    expect(within(await screen.findByRole('alert')).getByText('E-mail ou mot de passe incorrect.')).toBeTruthy();
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('camille.martin@btp-lyon.fr');
  });

  it.each(['Authenticating', 'LoadingProfile'] as const)('%s: the form is locked', async (name) => {
    const Story = Session[name];
    render(<Story />);
    expect((await screen.findByLabelText('Adresse e-mail')).matches(':disabled')).toBe(true);
  });

  it('registered: no app shell, a way to sign out', async () => {
    render(<Session.Registered />);
    expect(await screen.findByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
  });

  it('signed in: side menu and profile menu; signing out locks the sign-out item', async () => {
    const user = userEvent.setup();
    render(<Session.SignedIn />);
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu du profil' })).toBeTruthy();
    render(<Session.SigningOut />);
    await user.click(screen.getAllByRole('button', { name: 'Menu du profil' })[1]!);
    expect((await screen.findByRole('menuitem', { name: 'Déconnexion…' })).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('request states', () => {
  it('idle and failure: the form, with the server message on failure', async () => {
    render(<Request.Idle />);
    expect((await screen.findByLabelText("Nom d'utilisateur")).matches(':disabled')).toBe(false);
    render(<Request.Failure />);
    expect(within(await screen.findByRole('alert')).getByText('Un compte existe déjà avec cette adresse e-mail.')).toBeTruthy();
  });

  it.each(['Loading', 'Success'] as const)('%s: the form is locked', async (name) => {
    const Story = Request[name];
    render(<Story />);
    expect((await screen.findByLabelText("Nom d'utilisateur")).matches(':disabled')).toBe(true);
  });
});

describe('drawer states', () => {
  it('closed: nothing on screen', async () => {
    render(<DrawerStories.Closed />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('open: a labelled dialog with the side menu and a close button', async () => {
    const user = userEvent.setup();
    render(<DrawerStories.OpenOnTheLeft />);
    const dialog = await screen.findByRole('dialog', { name: 'Soumissio' });
    expect(within(dialog).getByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(DrawerStories.OpenOnTheLeft.args.onClose).toHaveBeenCalled();
  });
});

describe('notification states', () => {
  it('toasts leave when their timer expires', async () => {
    render(<Notifications.Shown />);
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.getByText('Entreprise créée.')).toBeTruthy();
    render(<Notifications.SuccessExpired />);
    expect(screen.getAllByText('Entreprise créée.')).toHaveLength(1);
    render(<Notifications.AllExpired />);
    expect(screen.getAllByText('Votre session a expiré. Veuillez vous reconnecter.')).toHaveLength(2);
  });
});

describe('side menu', () => {
  it('marks the current page and lists the manager entries under their heading', async () => {
    render(<SideMenuStories.Manager />);
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Tableau de bord' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('heading', { name: 'Mon entreprise' })).toBeTruthy();
    expect(within(nav).getByRole('list', { name: 'Mon entreprise' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Utilisateurs' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks one entry only: the deepest one the page is under', () => {
    const company = '/companies/c1';
    const sections: SideMenuSection[] = [
      {
        id: 'company',
        items: [
          { kind: 'link', id: 'company-details', label: 'sidemenu-company_details', href: company, icon: null },
          { kind: 'group', id: 'people', label: 'sidemenu-users', icon: null, children: [{ kind: 'link', id: 'company-resumes', label: 'sidemenu-resumes', href: `${company}/resumes`, icon: null }] },
        ],
      },
    ];
    expect(currentHref(sections, `${company}/resumes`)).toBe(`${company}/resumes`);
    expect(currentHref(sections, company)).toBe(company);
    expect(currentHref(sections, '/companies/c10')).toBeNull();
  });

  it('groups collapse and expand from the keyboard; badges are read out', async () => {
    const user = userEvent.setup();
    render(<SideMenuStories.GroupsAndBadges />);
    const group = await screen.findByRole('button', { name: /Utilisateurs/ });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(group.textContent).toContain('3 en attente');
    group.focus();
    await user.keyboard('{Enter}');
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(group.getAttribute('aria-controls')!)!.hidden).toBe(true);
    await user.keyboard(' ');
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: /Invitations/ }).getAttribute('href')).toBe('/company/users#invitations');
  });

  it('compact mode keeps every label for screen readers (tooltips are hidden from them)', async () => {
    render(<SideMenuStories.Responsive />);
    expect(await screen.findByRole('link', { name: 'Tableau de bord' })).toBeTruthy();
  });
});

describe('layouts and header', () => {
  it('side-menu layout: menu, header and the page in the main region', async () => {
    render(<Layouts.WithSideMenu />);
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeTruthy();
  });

  it('full-screen layout: no side menu', async () => {
    render(<Layouts.FullScreen />);
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).toBeNull();
  });

  it('profile menu: username, email, my profile; reports for admins only', async () => {
    const user = userEvent.setup();
    render(<HeaderStories.SignedInAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Menu du profil' }));
    expect(screen.getByText('camille.martin@btp-lyon.fr')).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Signalements' }));
    expect(HeaderStories.SignedInAdmin.args.end).toBeTruthy();
  });

  it('profile menu of a manager has no reports entry', async () => {
    const user = userEvent.setup();
    render(<HeaderStories.SignedIn />);
    await user.click(await screen.findByRole('button', { name: 'Menu du profil' }));
    expect(screen.getByRole('menuitem', { name: 'Mon profil' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Signalements' })).toBeNull();
  });
});
