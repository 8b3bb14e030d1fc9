import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as employee from './EmployeeSignUpView.stories';
import * as forgot from './ForgotPasswordView.stories';
import * as reset from './ResetPasswordView.stories';
import * as verify from './VerifyEmailView.stories';
import * as company from '../companies/CreateCompanyView.stories';
import * as user from './UserView.stories';
import * as signIn from './SignInView.stories';
import * as signUp from './SignUpView.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

// The strength meter's estimator loads 2 MB of dictionaries; these tests are about the forms
// (the meter has its own, src/ui/components/PasswordStrengthMeter.test.tsx).
vi.mock('../forms/password-strength', () => ({ PASSWORD_MIN_SCORE: 3, estimatePassword: () => ({ score: 4, advice: [] }) }));

const Employee = composeStories(employee);
const Forgot = composeStories(forgot);
const Reset = composeStories(reset);
const Verify = composeStories(verify);
const Company = composeStories(company);
const User = composeStories(user);
const SignIn = composeStories(signIn);
const SignUp = composeStories(signUp);

// Several states per test: each one alone on the page.
function show(ui: ReactElement): RenderResult {
  cleanup();
  return render(ui);
}

// Story args are typed as unions of view states; tests read the handlers they set.
function arg(story: { args: unknown }, ...path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], story.args);
}

const isDisabled = (element: HTMLElement) => element.matches(':disabled');

// What a screen reader announces with an input besides its label: its help, meter and error texts.
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

// Issue 10: the server's weak-password refusal, as the stories give it (msg and its field's detail).
const WEAK = 'Ce mot de passe est trop facile à deviner. Ajoutez des mots moins courants.';
const LONG_NAME = "Le champ « Nom d'utilisateur » doit contenir au plus 50 caractères.";

/** The refusal names `input`: its message is announced with it, the banner says it too; nothing else is flagged. */
function expectRefusedField(input: HTMLElement, msg: string) {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(describedText(input)).toContain(msg);
  expect(within(screen.getByRole('alert')).getByText(msg)).toBeTruthy();
  expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
}

describe('sign-up: a server refusal lands under its field', () => {
  it('a weak password: the advice under the password; the banner goes once the user types, the advice once the password changes', async () => {
    const u = userEvent.setup();
    show(<SignUp.ServerRefusedField />);
    const password = await screen.findByLabelText('Mot de passe');
    expectRefusedField(password, WEAK);
    await u.type(screen.getByLabelText("Nom d'utilisateur"), 'C');
    expect(screen.queryByRole('alert')).toBeNull();
    // Only the edited field's message goes: the password was not changed yet.
    expect(describedText(password)).toContain(WEAK);
    await u.type(password, 'x');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(WEAK)).toBeNull();
  });

  it("the form's own error comes first: submitting again replaces the server's", async () => {
    const u = userEvent.setup();
    show(<SignUp.ServerRefusedField />);
    await u.click(await screen.findByRole('button', { name: 'Créer mon compte' }));
    expect(screen.queryByText(WEAK)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(describedText(screen.getByLabelText('Mot de passe'))).toContain('Ce champ est obligatoire.');
    expect(arg(SignUp.ServerRefusedField, 'onSubmit')).not.toHaveBeenCalled();
  });
});

describe('employee sign-up from an invitation', () => {
  it('loading: says the invitation is being checked', async () => {
    show(<Employee.Loading />);
    expect(await screen.findByRole('status', { name: "Vérification de l'invitation…" })).toBeTruthy();
  });

  it('form: company, role and the invited email, read-only', async () => {
    show(<Employee.Form />);
    expect(await screen.findByRole('heading', { name: 'Rejoindre BTP Lyon Rénovation' })).toBeTruthy();
    expect(screen.getByText(/en tant que Collaborateur/)).toBeTruthy();
    const email = screen.getByLabelText('Adresse e-mail invitée') as HTMLInputElement;
    expect(email.value).toBe('julie.bernard@btp-lyon.fr');
    expect(email.readOnly).toBe(true);
  });

  it('form: checks the fields with the server rules before sending', async () => {
    const u = userEvent.setup();
    show(<Employee.Form />);
    await u.type(await screen.findByLabelText("Nom d'utilisateur"), 'J');
    await u.type(screen.getByLabelText('Mot de passe'), 'short');
    await u.type(screen.getByLabelText('Confirmez le mot de passe'), 'other');
    await u.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByText("Le nom d'utilisateur doit contenir entre 2 et 50 caractères.")).toBeTruthy();
    expect(screen.getByText('Le mot de passe doit contenir entre 10 et 128 caractères.')).toBeTruthy();
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques.')).toBeTruthy();
    expect(arg(Employee.Form, 'onSubmit')).not.toHaveBeenCalled();
  });

  it('form: sends username and password once valid; the password can be shown', async () => {
    const u = userEvent.setup();
    show(<Employee.Form />);
    await u.type(await screen.findByLabelText("Nom d'utilisateur"), ' Julie Bernard ');
    const password = screen.getByLabelText('Mot de passe');
    await u.type(password, 'correct horse battery');
    await u.type(screen.getByLabelText('Confirmez le mot de passe'), 'correct horse battery');
    const [toggle] = screen.getAllByRole('button', { name: 'Afficher le mot de passe' });
    await u.click(toggle!);
    expect(password.getAttribute('type')).toBe('text');
    await u.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(arg(Employee.Form, 'onSubmit')).toHaveBeenCalledWith({ username: 'Julie Bernard', password: 'correct horse battery' });
  });

  it('submitting: fields locked; error: the server message in a banner', async () => {
    show(<Employee.Submitting />);
    expect(isDisabled(await screen.findByLabelText("Nom d'utilisateur"))).toBe(true);
    expect(isDisabled(screen.getByRole('button', { name: /Création du compte…/ }))).toBe(true);
    show(<Employee.WithError />);
    expect(within(await screen.findByRole('alert')).getByText('Ce mot de passe est trop courant : choisissez-en un autre.')).toBeTruthy();
  });

  it('a server refusal of the password: shown under it; the banner goes once the user types', async () => {
    const u = userEvent.setup();
    show(<Employee.ServerRefusedField />);
    const password = await screen.findByLabelText('Mot de passe');
    expectRefusedField(password, WEAK);
    await u.type(password, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(WEAK)).toBeNull();
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });

  it('invalid links: what happened and what to do next', async () => {
    show(<Employee.Expired />);
    expect(await screen.findByRole('heading', { name: 'Invitation expirée ou révoquée' })).toBeTruthy();
    expect(screen.getByText(/Demandez au responsable de votre entreprise de vous la renvoyer/)).toBeTruthy();
    show(<Employee.AlreadyUsed />);
    expect((await screen.findByRole('link', { name: 'Se connecter' })).getAttribute('href')).toBe('/sign-in');
    show(<Employee.MissingToken />);
    expect(await screen.findByRole('heading', { name: "Lien d'invitation incomplet" })).toBeTruthy();
    show(<Employee.NotFound />);
    expect(await screen.findByRole('heading', { name: 'Invitation introuvable' })).toBeTruthy();
  });

  it('unreachable: a retry button', async () => {
    const u = userEvent.setup();
    show(<Employee.Unreachable />);
    await u.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(arg(Employee.Unreachable, 'onRetry')).toHaveBeenCalled();
  });
});

describe('forgot password', () => {
  it('is linked from the sign-in form', async () => {
    show(<SignIn.Idle />);
    expect((await screen.findByRole('link', { name: 'Mot de passe oublié ?' })).getAttribute('href')).toBe('/forgot-password');
  });


  it('idle: refuses a malformed email, sends a valid one', async () => {
    const u = userEvent.setup();
    show(<Forgot.Idle />);
    const email = await screen.findByLabelText('Adresse e-mail');
    await u.type(email, 'camille');
    await u.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(screen.getByText('Saisissez une adresse e-mail valide.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await u.type(email, '@example.com');
    expect(screen.queryByText('Saisissez une adresse e-mail valide.')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(arg(Forgot.Idle, 'onSubmit')).toHaveBeenCalledWith({ email: 'camille@example.com' });
  });

  it('submitting, error and sent', async () => {
    show(<Forgot.Submitting />);
    expect(isDisabled(await screen.findByLabelText('Adresse e-mail'))).toBe(true);
    show(<Forgot.WithError />);
    expect(within(await screen.findByRole('alert')).getByText('Trop de tentatives. Réessayez dans 60 secondes.')).toBeTruthy();
    show(<Forgot.Sent />);
    expect(await screen.findByRole('heading', { name: 'Vérifiez votre boîte de réception' })).toBeTruthy();
    expect(screen.getByText('Si un compte existe avec cette adresse, un e-mail vient de lui être envoyé.')).toBeTruthy();
  });
});

describe('reset password', () => {
  it('idle: the confirmation must match', async () => {
    const u = userEvent.setup();
    show(<Reset.Idle />);
    await u.type(await screen.findByLabelText('Nouveau mot de passe'), 'a-long-new-password');
    await u.type(screen.getByLabelText('Confirmez le mot de passe'), 'a-long-new-passwore');
    await u.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques.')).toBeTruthy();
    expect(arg(Reset.Idle, 'onSubmit')).not.toHaveBeenCalled();
  });

  it('a server refusal of the password: shown under it; the banner goes once the user types', async () => {
    const u = userEvent.setup();
    show(<Reset.ServerRefusedField />);
    const password = await screen.findByLabelText('Nouveau mot de passe');
    expectRefusedField(password, WEAK);
    await u.type(screen.getByLabelText('Confirmez le mot de passe'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(describedText(password)).toContain(WEAK);
    await u.type(password, 'x');
    expect(screen.queryByText(WEAK)).toBeNull();
  });

  it('done: a link to sign in', async () => {
    show(<Reset.Done />);
    expect(await screen.findByRole('heading', { name: 'Mot de passe modifié' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/sign-in');
  });

  it('expired or missing: ask for a new link', async () => {
    show(<Reset.Expired />);
    expect(await screen.findByRole('heading', { name: 'Lien expiré ou déjà utilisé' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe('/forgot-password');
    show(<Reset.MissingToken />);
    expect(await screen.findByRole('heading', { name: 'Lien incomplet' })).toBeTruthy();
  });

  it('submitting and error', async () => {
    show(<Reset.Submitting />);
    expect(isDisabled(await screen.findByLabelText('Nouveau mot de passe'))).toBe(true);
    show(<Reset.WithError />);
    expect(within(await screen.findByRole('alert')).getByText('Ce mot de passe est trop courant : choisissez-en un autre.')).toBeTruthy();
  });
});

describe('verify email', () => {
  it('every outcome', async () => {
    show(<Verify.Loading />);
    expect(await screen.findByRole('status', { name: 'Vérification de votre adresse…' })).toBeTruthy();
    show(<Verify.Success />);
    expect(await screen.findByRole('heading', { name: 'Adresse e-mail vérifiée' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/sign-in');
    show(<Verify.SuccessSignedIn />);
    expect((await screen.findByRole('link', { name: 'Aller au tableau de bord' })).getAttribute('href')).toBe('/dashboard');
    show(<Verify.Expired />);
    expect(await screen.findByRole('heading', { name: 'Lien de vérification expiré' })).toBeTruthy();
    show(<Verify.Invalid />);
    expect(await screen.findByRole('heading', { name: 'Lien de vérification invalide' })).toBeTruthy();
    show(<Verify.Unreachable />);
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});

describe('create company', () => {
  // Typed key by key, like the test below: slow on a busy machine.
  it('checks SIRET (Luhn), postal code, phone and website like the server', async () => {
    const u = userEvent.setup();
    show(<Company.Idle />);
    await u.type(await screen.findByLabelText('Raison sociale'), 'BTP Lyon Rénovation');
    await u.type(screen.getByLabelText('SIRET'), '73282932000075');
    await u.type(screen.getByLabelText('Adresse'), '12 rue de la République');
    await u.type(screen.getByLabelText('Code postal'), '6900');
    await u.type(screen.getByLabelText('Ville'), 'Lyon');
    await u.type(screen.getByLabelText('Téléphone (facultatif)'), 'abc');
    await u.type(screen.getByLabelText('Site web (facultatif)'), 'btp-lyon.fr');
    await u.click(screen.getByRole('button', { name: "Créer l'entreprise" }));
    expect(screen.getByText("Ce numéro SIRET n'est pas valide : vérifiez les 14 chiffres.")).toBeTruthy();
    expect(screen.getByText('Le code postal compte 5 chiffres.')).toBeTruthy();
    expect(screen.getByText(/Numéro de téléphone invalide/)).toBeTruthy();
    expect(screen.getByText("L'adresse du site doit commencer par http:// ou https://.")).toBeTruthy();
    expect(arg(Company.Idle, 'onSubmit')).not.toHaveBeenCalled();
  }, 20_000);

  // A long form typed key by key: more than the default 5 s on a busy machine.
  it('sends the company with its profile: keywords, CPV codes, départements, regions, amount range', async () => {
    const u = userEvent.setup();
    show(<Company.Idle />);
    await u.type(await screen.findByLabelText('Raison sociale'), 'BTP Lyon Rénovation');
    await u.type(screen.getByLabelText('SIRET'), '732 829 320 00074');
    await u.type(screen.getByLabelText('Adresse'), '12 rue de la République');
    await u.type(screen.getByLabelText('Code postal'), '69002');
    await u.type(screen.getByLabelText('Ville'), 'Lyon');
    await u.type(screen.getByLabelText("Mots-clés d'activité"), 'rénovation{Enter}isolation,');
    const cpv = screen.getByLabelText('Codes CPV');
    await u.type(cpv, '4500{Enter}');
    expect(screen.getByText(/Un code CPV compte 8 chiffres/)).toBeTruthy();
    await u.clear(cpv);
    await u.type(cpv, '45000000{Enter}');
    await u.type(screen.getByLabelText('Filtrer : Départements'), 'rhô');
    await u.click(screen.getByLabelText('69 · Rhône'));
    await u.click(screen.getByLabelText('Auvergne-Rhône-Alpes'));
    expect(screen.getByRole('button', { name: 'Retirer « isolation »' })).toBeTruthy();
    const amountMax = screen.getByLabelText('Montant maximum des marchés visés (€ HT)');
    await u.type(screen.getByLabelText('Montant minimum des marchés visés (€ HT)'), '500000');
    await u.type(amountMax, '100000');
    await u.click(screen.getByRole('button', { name: "Créer l'entreprise" }));
    expect(screen.getByText('Le montant maximum doit être supérieur ou égal au minimum.')).toBeTruthy();
    expect(arg(Company.Idle, 'onSubmit')).not.toHaveBeenCalled();
    await u.clear(amountMax);
    await u.type(amountMax, '2000000');
    expect(screen.queryByText('Le montant maximum doit être supérieur ou égal au minimum.')).toBeNull();
    await u.click(screen.getByRole('button', { name: "Créer l'entreprise" }));
    expect(arg(Company.Idle, 'onSubmit')).toHaveBeenCalledWith({
      name: 'BTP Lyon Rénovation',
      siret: '73282932000074',
      address: '12 rue de la République',
      postalCode: '69002',
      city: 'Lyon',
      phone: '',
      website: '',
      description: '',
      profile: { keywords: ['rénovation', 'isolation'], cpvCodes: ['45000000'], departments: ['69'], regions: ['Auvergne-Rhône-Alpes'], amountMin: 500000, amountMax: 2000000 },
    });
  }, 20_000);

  it('submitting locks the form; the server error shows in a banner', async () => {
    show(<Company.Submitting />);
    expect(isDisabled(await screen.findByLabelText('Raison sociale'))).toBe(true);
    expect(isDisabled(screen.getByLabelText('69 · Rhône'))).toBe(true);
    show(<Company.WithError />);
    expect(within(await screen.findByRole('alert')).getByText('Une entreprise avec ce numéro SIRET existe déjà.')).toBeTruthy();
    show(<Company.WithProfile />);
    expect(await screen.findAllByText('2 sélectionné(s)')).toHaveLength(1);
  });
});

describe('user page', () => {
  it('loading, not found and load error', async () => {
    show(<User.Loading />);
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeTruthy();
    show(<User.NotFound />);
    expect(await screen.findByRole('heading', { name: 'Utilisateur introuvable' })).toBeTruthy();
    show(<User.LoadError />);
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('another user: a read-only card', async () => {
    show(<User.OtherUser />);
    expect(await screen.findByRole('heading', { name: 'Julie Bernard' })).toBeTruthy();
    expect(screen.getByText('Collaborateur')).toBeTruthy();
    expect(screen.getByText('BTP Lyon Rénovation')).toBeTruthy();
    expect(screen.getByText('15 janvier 2026')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('my profile: username, picture drop zone, password, unverified email with resend', async () => {
    const u = userEvent.setup();
    show(<User.MyProfile />);
    expect(await screen.findByRole('heading', { name: 'Mon profil' })).toBeTruthy();
    expect((screen.getByLabelText("Nom d'utilisateur") as HTMLInputElement).value).toBe('Camille Martin');
    expect(screen.getByLabelText("Cliquez ou déposez une image ici")).toBeTruthy();
    expect(screen.getByText(/pas encore vérifiée/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: "Renvoyer l'e-mail de vérification" }));
    expect(arg(User.MyProfile, 'verification', 'onResend')).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Supprimer la photo' })).toBeNull();
  });

  it('my profile: a chosen file is handed over', async () => {
    const u = userEvent.setup();
    show(<User.MyProfile />);
    const file = new File(['x'], 'portrait.png', { type: 'image/png' });
    await u.upload(await screen.findByLabelText(/Cliquez ou déposez une image ici/), file);
    expect(arg(User.MyProfile, 'picture', 'onSelect')).toHaveBeenCalledWith(file);
  });

  it('my profile: a file dropped on the zone is handed over', async () => {
    show(<User.MyProfile />);
    const zone = (await screen.findByLabelText('Cliquez ou déposez une image ici')).closest('label')!;
    const file = new File(['x'], 'dropped.webp', { type: 'image/webp' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file] } });
    expect(zone.hasAttribute('data-dragging')).toBe(true);
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(zone.hasAttribute('data-dragging')).toBe(false);
    expect(arg(User.MyProfile, 'picture', 'onSelect')).toHaveBeenCalledWith(file);
  });

  it('my profile: password change checks the confirmation', async () => {
    const u = userEvent.setup();
    show(<User.MyProfile />);
    await u.type(await screen.findByLabelText('Mot de passe actuel'), 'old-password-1');
    await u.type(screen.getByLabelText('Nouveau mot de passe'), 'new-password-12');
    await u.type(screen.getByLabelText('Confirmez le mot de passe'), 'new-password-12');
    await u.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
    expect(arg(User.MyProfile, 'password', 'onSubmit')).toHaveBeenCalledWith({ currentPassword: 'old-password-1', newPassword: 'new-password-12' });
  });

  it('picture states: selected, invalid, uploading, failure, done, removing', async () => {
    show(<User.PictureSelected />);
    expect(await screen.findByText('Aperçu de la nouvelle photo')).toBeTruthy();
    expect(screen.getByText('portrait.png')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer la photo' })).toBeTruthy();
    show(<User.PictureInvalid />);
    expect(within(await screen.findByRole('alert')).getByText(/Fichier trop volumineux/)).toBeTruthy();
    show(<User.PictureUploading />);
    expect(isDisabled(await screen.findByRole('button', { name: /Envoi…/ }))).toBe(true);
    show(<User.PictureFailure />);
    expect(within(await screen.findByRole('alert')).getByText('Envoi impossible')).toBeTruthy();
    show(<User.PictureDone />);
    expect(await screen.findByRole('button', { name: 'Supprimer la photo' })).toBeTruthy();
    show(<User.PictureRemoving />);
    expect(isDisabled(await screen.findByRole('button', { name: /Suppression…/ }))).toBe(true);
  });

  it('my profile: a refused username shows under it; the banner goes once the user types', async () => {
    const u = userEvent.setup();
    show(<User.UsernameRefused />);
    const username = await screen.findByLabelText("Nom d'utilisateur");
    expectRefusedField(username, LONG_NAME);
    await u.type(username, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(LONG_NAME)).toBeNull();
  });

  it("my profile: a refused new password (the server's newPassword) shows under the new password, not the current one", async () => {
    const u = userEvent.setup();
    show(<User.PasswordRefused />);
    const newPassword = await screen.findByLabelText('Nouveau mot de passe');
    expectRefusedField(newPassword, WEAK);
    expect(screen.getByLabelText('Mot de passe actuel').getAttribute('aria-invalid')).toBeNull();
    await u.type(newPassword, 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(WEAK)).toBeNull();
  });

  it('form states: saving, errors, verification sent, verified', async () => {
    show(<User.SavingUsername />);
    expect(isDisabled(await screen.findByLabelText("Nom d'utilisateur"))).toBe(true);
    show(<User.UsernameError />);
    expect(within(await screen.findByRole('alert')).getByText('La requête contient des données invalides.')).toBeTruthy();
    show(<User.ChangingPassword />);
    expect(isDisabled(await screen.findByLabelText('Mot de passe actuel'))).toBe(true);
    show(<User.PasswordError />);
    expect(within(await screen.findByRole('alert')).getByText('Le mot de passe actuel est incorrect.')).toBeTruthy();
    show(<User.VerificationSending />);
    expect(isDisabled(await screen.findByRole('button', { name: /Envoi…/ }))).toBe(true);
    show(<User.VerificationSent />);
    expect(await screen.findByText(/E-mail envoyé à camille.martin@btp-lyon.fr/)).toBeTruthy();
    show(<User.MyProfileVerified />);
    expect(await screen.findByText(/— vérifiée/)).toBeTruthy();
  });
});

// Last: composing with other project annotations replaces the global ones for the stories rendered after it.
describe('in English', () => {
  const en = { ...preview, initialGlobals: { theme: 'light', locale: 'en' } };

  it('invitation, forgot, reset and verify screens', async () => {
    const E = composeStories(employee, en);
    show(<E.Form />);
    expect(await screen.findByRole('heading', { name: 'Join BTP Lyon Rénovation' })).toBeTruthy();
    expect(screen.getByLabelText('Invited email address')).toBeTruthy();
    const F = composeStories(forgot, en);
    show(<F.Sent />);
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    const R = composeStories(reset, en);
    show(<R.Expired />);
    expect((await screen.findByRole('link', { name: 'Ask for a new link' })).getAttribute('href')).toBe('/forgot-password');
    const V = composeStories(verify, en);
    show(<V.Success />);
    expect(await screen.findByRole('heading', { name: 'Email address verified' })).toBeTruthy();
  });

  it('create company and the user page', async () => {
    const C = composeStories(company, en);
    show(<C.Idle />);
    expect(await screen.findByRole('heading', { name: 'Create your company' })).toBeTruthy();
    expect(screen.getByLabelText('CPV codes')).toBeTruthy();
    const U = composeStories(user, en);
    show(<U.MyProfile />);
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the verification email again' })).toBeTruthy();
    show(<U.OtherUser />);
    expect(await screen.findByText('January 15, 2026')).toBeTruthy();
  });
});
