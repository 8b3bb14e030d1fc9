import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as signIn from '../users/SignInView.stories';
import * as signUp from '../users/SignUpView.stories';
import * as dashboard from '../dashboard/DashboardView.stories';
import * as header from './Header.stories';
import * as notFound from './NotFoundView.stories';
import * as pageStatus from '../components/PageStatus.stories';
import * as toaster from '../components/Toaster.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const SignIn = composeStories(signIn);
const SignUp = composeStories(signUp);
const Dashboard = composeStories(dashboard);
const HeaderStories = composeStories(header);
const NotFound = composeStories(notFound);
const PageStatus = composeStories(pageStatus);
const ToasterStories = composeStories(toaster);

describe('sign-in view', () => {
  it('idle: labelled fields, remember me and a submit button, in French', async () => {
    render(<SignIn.Idle />);
    expect(await screen.findByRole('heading', { name: 'Connexion à Soumissio' })).toBeTruthy();
    expect(screen.getByLabelText('Adresse e-mail')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    expect(screen.getByLabelText('Se souvenir de moi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créer un compte entreprise' }).getAttribute('href')).toBe('/manager/sign-up');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('idle: submits what the user typed', async () => {
    const user = userEvent.setup();
    render(<SignIn.Idle />);
    await user.type(await screen.findByLabelText('Adresse e-mail'), 'camille@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret-password');
    await user.click(screen.getByLabelText('Se souvenir de moi'));
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(SignIn.Idle.args.onSubmit).toHaveBeenCalledWith({ email: 'camille@example.com', password: 'secret-password', remember: true });
  });

  it('submitting: fields and button locked', async () => {
    render(<SignIn.Submitting />);
    expect(((await screen.findByLabelText('Adresse e-mail')) as HTMLInputElement).matches(':disabled')).toBe(true);
    expect((screen.getByRole('button', { name: /Connexion…/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('error: the server message in a banner', async () => {
    render(<SignIn.WithError />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('E-mail ou mot de passe incorrect.')).toBeTruthy();
    expect(within(alert).getByText('Connexion impossible')).toBeTruthy();
  });

});

describe('sign-up view', () => {
  it('idle: the password rule is shown', async () => {
    render(<SignUp.Idle />);
    expect(await screen.findByLabelText("Nom d'utilisateur")).toBeTruthy();
    expect(screen.getByLabelText('Adresse e-mail')).toBeTruthy();
    const password = screen.getByLabelText('Mot de passe');
    expect(password.getAttribute('minlength')).toBe('10');
    expect(screen.getByText('Au moins 10 caractères.').id).toBe(password.getAttribute('aria-describedby'));
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeTruthy();
  });

  it('error: the server message in a banner', async () => {
    render(<SignUp.WithError />);
    expect(within(await screen.findByRole('alert')).getByText('Un compte existe déjà avec cette adresse e-mail.')).toBeTruthy();
  });
});

describe('dashboard view', () => {
  it('shows the real profile with its company', async () => {
    render(<Dashboard.WithCompany />);
    expect(await screen.findByRole('heading', { name: 'Bonjour, Camille Martin' })).toBeTruthy();
    expect(screen.getByText('BTP Lyon Rénovation')).toBeTruthy();
  });

  it('says when there is no company yet', async () => {
    render(<Dashboard.WithoutCompany />);
    expect(await screen.findByText("Pas encore d'entreprise")).toBeTruthy();
  });
});

describe('header', () => {
  it('signed out: language and theme menus, sign-in and sign-up links', async () => {
    const user = userEvent.setup();
    render(<HeaderStories.SignedOut />);
    expect((await screen.findByRole('link', { name: 'Créer un compte' })).getAttribute('href')).toBe('/manager/sign-up');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/sign-in');
    await user.click(screen.getByRole('button', { name: 'FR – Langue' }));
    expect(screen.getByRole('menuitemradio', { name: 'Français' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(HeaderStories.SignedOut.args.onLanguageChange).toHaveBeenCalledWith('en');
    await user.click(screen.getByRole('button', { name: 'Thème' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Sombre' }));
    expect(HeaderStories.SignedOut.args.onThemeModeChange).toHaveBeenCalledWith('dark');
  });

  it('signed in: the profile menu trigger', async () => {
    render(<HeaderStories.SignedIn />);
    expect(await screen.findByRole('button', { name: 'Menu du profil' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
  });
});

describe('other views', () => {
  it('not found: a way back home', async () => {
    render(<NotFound.Default />);
    expect(await screen.findByRole('heading', { name: "Cette page n'existe pas" })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('page status: loading and load error', async () => {
    render(<PageStatus.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeTruthy();
    render(<PageStatus.LoadError />);
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('toaster: errors are alerts, each can be closed', async () => {
    render(<ToasterStories.AllTypes />);
    expect((await screen.findByRole('alert')).textContent).toContain('Votre session a expiré');
    expect(screen.getAllByRole('button', { name: 'Fermer' })).toHaveLength(3);
  });
});

// Last: composing with other project annotations replaces the global ones for the stories rendered after it.
describe('in English', () => {
  it('sign-in labels', async () => {
    const English = composeStories(signIn, { ...preview, initialGlobals: { theme: 'light', locale: 'en' } });
    render(<English.Idle />);
    expect(await screen.findByLabelText('Email address')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByLabelText('Remember me')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
