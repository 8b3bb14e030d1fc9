import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeOperations, renderApp, users, type Who } from './app-test-harness';
import { decide, findRoute, routes } from './routes';
import type { SessionStatus } from './session';
import { matchRoute, useRouter } from 'wouter';

// Spec section 2, written out again here so that the route table is checked against the spec.
type Rule =
  | { kind: 'signedIn'; roles?: ('admin' | 'manager' | 'employee')[] }
  | { kind: 'signedOutOnly' }
  | { kind: 'public' }
  | { kind: 'registered' }
  | { kind: 'companyRedirect'; to: (companyId: string) => string };

const staff = ['manager', 'employee'] as ('manager' | 'employee')[];
const spec: [string, Rule][] = [
  ['/users', { kind: 'signedIn', roles: ['admin'] }],
  ['/companies', { kind: 'signedIn', roles: ['admin'] }],
  // Not in spec section 2: where emails are delivered without SMTP (issue 3), for admins.
  ['/admin/outbox', { kind: 'signedIn', roles: ['admin'] }],
  // Not in spec section 2: notice imports (BOAMP, TED, DECP exports) by an admin (issue 13).
  ['/admin/imports', { kind: 'signedIn', roles: ['admin'] }],
  ['/users/u1', { kind: 'signedIn' }],
  ['/dashboard', { kind: 'signedIn' }],
  ['/potential-tenders', { kind: 'signedIn' }],
  ['/dce-templates', { kind: 'signedIn', roles: ['admin'] }],
  ['/dce-templates/edit/t1', { kind: 'signedIn', roles: ['admin'] }],
  ['/dce-templates/add', { kind: 'signedIn', roles: ['admin'] }],
  ['/company/tenders', { kind: 'signedIn', roles: staff }],
  // Not in spec section 2: the company's deadline calendar and calendar feed (issue 13).
  ['/company/calendar', { kind: 'signedIn', roles: staff }],
  ['/tenders', { kind: 'signedIn', roles: ['admin'] }],
  ['/tenders/t1', { kind: 'signedIn' }],
  ['/tender/dce-analyse/t1', { kind: 'signedIn', roles: ['admin', 'manager'] }],
  ['/tender/cctp-analyse/t1', { kind: 'signedIn' }],
  ['/tenders/t1/docs', { kind: 'signedIn' }],
  // Not in spec section 2: the tender's response planning (issue 5).
  ['/tenders/t1/planning', { kind: 'signedIn' }],
  ['/tender/chat/t1', { kind: 'signedIn' }],
  ['/company/documents', { kind: 'companyRedirect', to: (id) => `/company/documents/${id}` }],
  ['/company/documents/c1', { kind: 'signedIn', roles: staff }],
  ['/company/users', { kind: 'signedIn', roles: staff }],
  ['/companies/c1', { kind: 'signedIn' }],
  // Not in spec section 2: a company's staff resumes (issue 12; the spec lists resumes per company).
  ['/companies/c1/resumes', { kind: 'signedIn' }],
  // Not in spec section 2: the company's content library (issue 12).
  ['/companies/c1/library', { kind: 'signedIn' }],
  // Not in spec section 2: one resume (issue 12).
  ['/resumes/r1', { kind: 'signedIn' }],
  ['/reports', { kind: 'signedIn', roles: ['admin'] }],
  ['/billing', { kind: 'companyRedirect', to: (id) => `/billing/${id}` }],
  // Spec section 2 says manager and employee; issue 14 adds admins ("admins see all"), who set plans and record payments.
  ['/billing/c1', { kind: 'signedIn', roles: ['admin', ...staff] }],
  ['/billing/success', { kind: 'signedIn' }],
  ['/billing/cancel', { kind: 'signedIn' }],
  ['/tender/assisted-writing/t1', { kind: 'signedIn' }],
  // Not in spec section 2: a tender's price files (issue 25), open to all as the memory page.
  ['/tender/prices/t1', { kind: 'signedIn' }],
  // Not in spec section 2: a tender's submission folder (issue 26), open to all; the deposit is checked by role on the page.
  ['/tenders/t1/submission', { kind: 'signedIn' }],
  // Spec 2: "always reachable"; signed in, the page says who and offers to continue or switch.
  ['/sign-in', { kind: 'public' }],
  ['/manager/sign-up', { kind: 'signedOutOnly' }],
  ['/employee/sign-up', { kind: 'signedOutOnly' }],
  ['/forgot-password', { kind: 'signedOutOnly' }],
  ['/reset-password', { kind: 'signedOutOnly' }],
  ['/create-company', { kind: 'registered' }],
  ['/verify-email', { kind: 'public' }],
  // Not in spec section 2: the unsubscribe link of alert emails (issue 13); open to all, the button unsubscribes.
  ['/alerts/unsubscribe', { kind: 'public' }],
  ['/not-found', { kind: 'public' }],
];

const whos: Who[] = ['anonymous', 'admin', 'manager', 'employee', 'registered'];

/** Where a user ends up: the path itself when the page shows, or the redirect's target. */
function expected(path: string, rule: Rule, who: Who): string {
  if (who === 'anonymous') return rule.kind === 'public' || rule.kind === 'signedOutOnly' ? path : '/sign-in';
  if (who === 'registered') return rule.kind === 'public' ? path : '/create-company';
  const profile = users[who];
  switch (rule.kind) {
    case 'public':
      return path;
    case 'signedOutOnly':
      return '/dashboard';
    case 'registered':
      return '/dashboard';
    case 'signedIn':
      return !rule.roles || rule.roles.includes(profile.role) ? path : '/not-found';
    case 'companyRedirect':
      return staff.includes(profile.role as 'manager') ? rule.to(profile.company!._id) : '/not-found';
  }
}

// wouter's own pattern parser, taken from its default router.
let parser: ReturnType<typeof useRouter>['parser'];
function CaptureParser({ onParser }: { onParser: (p: typeof parser) => void }) {
  onParser(useRouter().parser);
  return null;
}
beforeAll(() => {
  render(<CaptureParser onParser={(p) => (parser = p)} />);
});

describe('route table', () => {
  it('declares every route of the spec once, and nothing else', () => {
    for (const [path] of spec) expect(findRoute(path, parser), path).toBeDefined();
    for (const route of routes) expect(spec.some(([path]) => matchRoute(parser, route.path, path)[0]), route.path).toBe(true);
  });

  it('sends the guards to the expected places, for every role and route', () => {
    const statusOf = (who: Who): SessionStatus => (who === 'anonymous' ? 'signedOut' : who === 'registered' ? 'registered' : 'signedIn');
    for (const [path, rule] of spec) {
      const route = findRoute(path, parser)!;
      for (const who of whos) {
        const outcome = decide(route, statusOf(who), who === 'anonymous' ? null : users[who]);
        const landed = 'redirect' in outcome ? outcome.redirect : path;
        expect(landed, `${who} at ${path}`).toBe(expected(path, rule, who));
      }
    }
  });

  it('waits for the session before deciding', () => {
    expect(decide(findRoute('/dashboard', parser)!, 'pending', null)).toEqual({ loading: true });
  });
});

describe('route table, rendered', () => {
  for (const who of whos) {
    describe(who, () => {
      for (const [path, rule] of spec) {
        const target = expected(path, rule, who);
        it(`${path} → ${target === path ? 'page' : target}`, async () => {
          const app = await renderApp({ path, who });
          await waitFor(() => expect(app.current()).toBe(target), { timeout: 4000 });
          // The page (or the redirect's page) is on screen in its layout.
          await waitFor(() => expect(document.querySelector('main')).not.toBeNull(), { timeout: 4000 });
          expect(app.current()).toBe(target);
          if (target !== '/not-found') expect(screen.queryByRole('heading', { name: "Cette page n'existe pas" })).toBeNull();
        });
      }
    });
  }

  it('an unknown path shows the not-found page with a way home', async () => {
    await renderApp({ path: '/no/such/page', who: 'anonymous' });
    expect(await screen.findByRole('heading', { name: "Cette page n'existe pas" }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/');
  });

  it('/ goes to /dashboard when signed in, /sign-in otherwise, /create-company when registered', async () => {
    for (const [who, target] of [['manager', '/dashboard'], ['anonymous', '/sign-in'], ['registered', '/create-company']] as const) {
      const app = await renderApp({ path: '/', who });
      await waitFor(() => expect(app.current()).toBe(target), { timeout: 4000 });
      app.unmount();
      localStorage.clear();
      document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('/sign-in signed in: says who, continues to the dashboard, or signs out to sign in as someone else', async () => {
    const accounts = { current: users.manager as (typeof users)[keyof typeof users] | null, byEmail: { 'elise@btp-lyon.fr': users.employee } };
    const app = await renderApp({ path: '/sign-in', who: 'manager', operations: fakeOperations(accounts) });
    expect(await screen.findByRole('heading', { name: 'Vous êtes déjà connecté' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Connecté en tant que Camille Martin (camille@btp-lyon.fr).')).toBeTruthy();
    // The header offers to sign out, not to sign in or sign up.
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    expect(screen.queryByText('Créer un compte')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continuer vers le tableau de bord' }).getAttribute('href')).toBe('/dashboard');
    expect(app.current()).toBe('/sign-in');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Se connecter avec un autre compte' }));
    // Signed out: the form, and a sign-in as the other person leads to their dashboard.
    await u.type(await screen.findByLabelText('Adresse e-mail', {}, { timeout: 4000 }), 'elise@btp-lyon.fr');
    await u.type(screen.getByLabelText('Mot de passe'), 'un mot de passe');
    await u.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(app.current()).toBe('/dashboard'), { timeout: 4000 });
  });

  it('/sign-in for a manager without a company offers to continue to /create-company', async () => {
    await renderApp({ path: '/sign-in', who: 'registered' });
    expect((await screen.findByRole('link', { name: "Continuer la création de l'entreprise" }, { timeout: 4000 })).getAttribute('href')).toBe('/create-company');
  });

  it('the page title is the product name and the page title', async () => {
    await renderApp({ path: '/billing/cancel', who: 'manager' });
    await waitFor(() => expect(document.title).toBe('Soumissio — Paiement annulé'), { timeout: 4000 });
    expect(screen.getByRole('heading', { name: "Paiement annulé — rien n'a été débité" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la facturation' }).getAttribute('href')).toBe(`/billing/${users.manager.company._id}`);
  });
});
