import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import type { ComponentType } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as signIn from '../users/SignInView.stories';
import * as signUp from '../users/SignUpView.stories';
import * as employee from '../users/EmployeeSignUpView.stories';
import * as forgot from '../users/ForgotPasswordView.stories';
import * as reset from '../users/ResetPasswordView.stories';
import * as user from '../users/UserView.stories';
import * as createCompany from '../companies/CreateCompanyView.stories';
import * as company from '../companies/CompanyView.stories';
import * as companyUsers from '../companies/CompanyUsersView.stories';
import * as potential from '../tenders/PotentialTendersView.stories';
import * as planning from '../plannings/PlanningView.stories';
import * as organigramme from '../organigrammes/OrganigrammeView.stories';
import * as dceTemplates from '../dce-templates/DceTemplatesEditorView.stories';
import * as companyDocs from '../company-docs/CompanyDocsView.stories';
import * as report from '../reports/ReportFormView.stories';
import * as resumes from '../resumes/ResumesView.stories';
import * as library from '../library/LibraryView.stories';
import * as memoryLibrary from '../memories/MemoryLibraryPanel.stories';
import * as memoryComments from '../memories/MemoryCommentsPanel.stories';
import * as memoryTools from '../memories/MemorySectionTools.stories';
import * as goNoGo from '../tenders/GoNoGoCard.stories';
import * as alertSettings from '../alerts/AlertSettingsCard.stories';
import * as billing from '../billing/BillingView.stories';

// The charts need a layout engine jsdom lacks; the forms are what this test reads.
vi.mock('../plannings/GanttChart', () => ({ default: () => null }));
vi.mock('../organigrammes/OrgChartDiagram', () => ({ OrgChartDiagram: () => null, default: () => null }));

beforeAll(() => {
  setProjectAnnotations(preview);
});

/**
 * Issue 10: every form of the product checks its fields itself, in the interface language
 * (noValidate: no browser bubble, which would speak the browser's language), and every text
 * input stops at the contract's limit (maxLength) rather than letting the server refuse it.
 */
const forms: [string, ComponentType][] = [
  ['sign-in', composeStories(signIn).Idle],
  ['sign-up', composeStories(signUp).Idle],
  ['employee sign-up', composeStories(employee).Form],
  ['forgot password', composeStories(forgot).Idle],
  ['reset password', composeStories(reset).Idle],
  ['profile', composeStories(user).MyProfile],
  ['create company', composeStories(createCompany).Idle],
  ['company edit', composeStories(company).Editing],
  ['invite', composeStories(companyUsers).Manager],
  ['tender call', composeStories(potential).CreateOpen],
  ['potential call not relevant', composeStories(potential).FeedbackAsking],
  ['planning start', composeStories(planning).Empty],
  ['planning task', composeStories(planning).Ready],
  ['org chart position', composeStories(organigramme).NewChart],
  ['DCE template', composeStories(dceTemplates).Creating],
  ['vault document', composeStories(companyDocs).AddDialog],
  ['report', composeStories(report).Blank],
  ['resume add', composeStories(resumes).AddDialog],
  ['library block', composeStories(library).EditDialog],
  ['memory section to library', composeStories(memoryLibrary).SaveDialog],
  ['memory comment and reply', composeStories(memoryComments).Drafting],
  ['memory section add', composeStories(memoryTools).Idle],
  ['go/no-go grid', composeStories(goNoGo).Filled],
  ['go/no-go decision', composeStories(goNoGo).ChoosingNoGo],
  ['go/no-go weights', composeStories(goNoGo).ManagerWeights],
  ['alert settings', composeStories(alertSettings).Defaults],
  ['billing details', composeStories(billing).Manager],
  ['billing plan set by an admin', composeStories(billing).SetPlanDialog],
  ['billing credit note', composeStories(billing).CreditDialog],
];

const textual = 'input:not([type]), input[type="text"], input[type="email"], input[type="password"], input[type="url"], input[type="tel"], textarea';

describe('every form', () => {
  for (const [name, Story] of forms) {
    it(`${name}: noValidate, and a maxLength on every text input`, async () => {
      cleanup();
      render(<Story />);
      await waitFor(() => expect(document.querySelectorAll('form').length).toBeGreaterThan(0), { timeout: 4000 });
      for (const form of document.querySelectorAll('form')) {
        // A search box filters a list; it is no form of the product's data.
        if (form.getAttribute('role') === 'search') continue;
        expect(form.noValidate, `${name}: ${form.getAttribute('aria-label') ?? 'form'} noValidate`).toBe(true);
        for (const input of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(textual)) {
          if (input.readOnly || input.type === 'search') continue;
          const label = input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? input.name;
          expect(input.maxLength, `${name}: « ${label} » maxLength`).toBeGreaterThan(0);
        }
      }
    });
  }
});

describe('server refusals land on their field, and an old refusal never stays beside new errors', () => {
  const Company = composeStories(createCompany);

  it('create company: the 400 details show under the SIRET; editing removes the banner', { timeout: 20_000 }, async () => {
    cleanup();
    const msg = 'Le champ « SIRET » n’a pas le bon format.';
    render(<Company.WithError error="La requête contient des données invalides." errorDetails={[{ field: 'siret', msg }]} />);
    const siret = await screen.findByLabelText('SIRET');
    expect(siret.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(msg)).toBeTruthy();
    expect(screen.getByText('La requête contient des données invalides.')).toBeTruthy();
    const u = userEvent.setup();
    // A new problem found by the form: the server's old refusal is gone, only the new error shows.
    await u.clear(screen.getByLabelText('Code postal'));
    await u.type(screen.getByLabelText('Code postal'), '69');
    expect(screen.queryByText('La requête contient des données invalides.')).toBeNull();
    await u.click(screen.getByRole('button', { name: "Créer l'entreprise" }));
    expect(await screen.findByText('Le code postal compte 5 chiffres.')).toBeTruthy();
    expect(screen.queryByText('La requête contient des données invalides.')).toBeNull();
    expect(screen.queryByText(msg)).toBeNull();
  });
});

describe('tender call: a server refusal lands under its field', () => {
  const Potential = composeStories(potential);

  it('the 400 details name the reference: shown under it, the banner goes once the user edits', { timeout: 20_000 }, async () => {
    cleanup();
    const msg = 'Le champ « Référence » doit contenir au plus 100 caractères.';
    render(<Potential.CreateServerError createError="La requête contient des données invalides." createErrorDetails={[{ field: 'reference', msg }]} />);
    const reference = await screen.findByLabelText('Référence', {}, { timeout: 4000 });
    expect(reference.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(msg)).toBeTruthy();
    await userEvent.setup().type(reference, 'A');
    expect(screen.queryByText(msg)).toBeNull();
    expect(screen.queryByText('La requête contient des données invalides.')).toBeNull();
  });
});

describe('planning task: the name stops at the contract limit', () => {
  const Planning = composeStories(planning);

  it('the name input has the maxLength of PlanningTaskInput.name in openapi.yaml', { timeout: 20_000 }, async () => {
    const contract = parse(readFileSync(resolve(process.cwd(), 'openapi/openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { properties: Record<string, { maxLength?: number }> }> };
    };
    const limit = contract.components.schemas.PlanningTaskInput!.properties.name!.maxLength;
    expect(limit).toBe(200);
    cleanup();
    render(<Planning.Ready />);
    const form = await screen.findByRole('form', { name: 'Ajouter une tâche' }, { timeout: 4000 });
    const name = within(form).getByLabelText('Tâche') as HTMLInputElement;
    expect(name.maxLength).toBe(limit);
  });
});

// Last: the English stories switch the shared i18n instance, which later French stories would inherit.
describe('sign-in and sign-up check their fields themselves, in the interface language', () => {
  const SignInFr = composeStories(signIn);
  const en = { ...preview, initialGlobals: { theme: 'light', locale: 'en' } };
  const SignInEn = composeStories(signIn, en);
  const SignUpEn = composeStories(signUp, en);

  it('sign-in: empty fields are refused under each input, nothing is sent (fr and en)', async () => {
    for (const [Idle, required, email, password] of [
      [SignInFr.Idle, 'Ce champ est obligatoire.', 'Adresse e-mail', 'Mot de passe'],
      [SignInEn.Idle, 'This field is required.', 'Email address', 'Password'],
    ] as const) {
      cleanup();
      render(<Idle />);
      const u = userEvent.setup();
      const input = await screen.findByLabelText(email);
      await u.click(screen.getByRole('button', { name: /^(Se connecter|Sign in)$/ }));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getAllByText(required)).toHaveLength(2);
      expect(screen.getByLabelText(password).getAttribute('aria-invalid')).toBe('true');
      expect(signIn.default.args.onSubmit).not.toHaveBeenCalled();
    }
  });

  it('sign-up: a malformed email is explained in English under its input', async () => {
    cleanup();
    render(<SignUpEn.Idle />);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Username'), 'Camille');
    await u.type(screen.getByLabelText('Email address'), 'camille@');
    await u.type(screen.getByLabelText('Password'), 'long enough password');
    await u.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(signUp.default.args.onSubmit).not.toHaveBeenCalled();
  });
});
