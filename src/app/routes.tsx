import { lazy, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchRoute, Redirect, Route, useLocation, useRouter } from 'wouter';
import type { Profile, Role } from '../machines/types';
import { catalogueComplete } from '../i18n/plugins';
import { PageLoading } from '../ui/components/PageStatus';
import { CenteredShell } from './layouts/CenteredShell';
import { startEarly } from './operations';
import { PageBoundary } from './PageBoundary';
import { useServices } from './services';
import { SessionContext, useSessionStatus, type SessionStatus } from './session';
import SignInPage from './users/SignInPage';
import { useFocusHeadingOnRouteChange } from './route-focus';

/**
 * The route table (spec section 2), one entry per route with its access rule and layout.
 * - `public`: anyone (verify-email, not-found).
 * - `signedOutOnly`: a signed-in user goes to /dashboard (a registered one to /create-company).
 * /sign-in is "always reachable" (public): signed in, it says who and offers to continue or to
 * sign in as someone else (the page decides, see SignInPage).
 * - `registered`: only right after a registration, while the manager has no company yet.
 * - `signedIn`: signed out → /sign-in, registered → /create-company, wrong role → /not-found.
 * Pages are lazy-loaded so /sign-in ships only what it needs; `redirect` entries send the user
 * to a route built from the profile (their company's documents or billing).
 */
export type Access = 'public' | 'signedOutOnly' | 'registered' | 'signedIn';
export type Layout = 'centered' | 'app' | 'fullScreen' | 'bySession';

type Page = LazyExoticComponent<ComponentType> | ComponentType;

export type RouteDef = {
  path: string;
  access: Access;
  roles?: Role[];
  layout: Layout;
  /** Input-less calls of the page, started with its code rather than after it (src/app/operations.ts). */
  early?: PageCallName[];
} & ({ page: Page; redirect?: never } | { redirect: (profile: Profile) => string; page?: never });

type PageCallName = Parameters<typeof startEarly>[1];

/**
 * A lazy page whose code can be fetched before it renders: the route starts it at the same time as
 * its layout's, instead of after the layout (and the catalogue it waits for) has arrived.
 */
const lazyPage = <M extends { default: ComponentType }>(load: () => Promise<M>) => Object.assign(lazy(load), { preload: load });
const preload = (page: Page) => void (page as { preload?: () => Promise<unknown> }).preload?.().catch(() => undefined);

/** A page that shows more than the first page's strings: it renders once the whole catalogue is in. */
const withCatalogue = <M,>(load: () => Promise<M>) => () => Promise.all([load(), catalogueComplete()]).then(([module]) => module);
const AppShell = lazy(withCatalogue(() => import('./layouts/AppShell')));
const FullScreenShell = lazy(withCatalogue(() => import('./layouts/FullScreenShell')));
const NotFoundPage = lazy(() => import('./layouts/NotFoundPage'));
const TendersPage = lazyPage(() => import('./tenders/TendersPage'));
const DceTemplatesEditorPage = lazyPage(() => import('./dce-templates/DceTemplatesEditorPage'));

const companyId = (profile: Profile) => profile.company?._id ?? '';
const companyStaff: Role[] = ['manager', 'employee'];

export const routes: RouteDef[] = [
  // Centered narrow layout.
  // The one page bundled with the app: it is the first page of nearly every visit, and loading it
  // lazily cost a serial round trip before the first paint (docs/scaling.md, Lighthouse).
  { path: '/sign-in', access: 'public', layout: 'centered', page: SignInPage },
  { path: '/manager/sign-up', access: 'signedOutOnly', layout: 'centered', page: lazyPage(() => import('./users/SignUpPage')) },
  { path: '/employee/sign-up', access: 'signedOutOnly', layout: 'centered', page: lazyPage(() => import('./users/EmployeeSignUpPage')) },
  { path: '/forgot-password', access: 'signedOutOnly', layout: 'centered', page: lazyPage(() => import('./users/ForgotPasswordPage')) },
  { path: '/reset-password', access: 'signedOutOnly', layout: 'centered', page: lazyPage(() => import('./users/ResetPasswordPage')) },
  { path: '/verify-email', access: 'public', layout: 'centered', page: lazyPage(() => import('./users/VerifyEmailPage')) },
  { path: '/alerts/unsubscribe', access: 'public', layout: 'centered', page: lazyPage(withCatalogue(() => import('./alerts/UnsubscribePage'))) },
  { path: '/create-company', access: 'registered', layout: 'centered', page: lazyPage(withCatalogue(() => import('./companies/CreateCompanyPage'))) },

  // Side menu and header.
  { path: '/dashboard', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./dashboard/DashboardPage')), early: ['getDashboardSummary'] },
  { path: '/users/:id', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./users/UserPage')) },
  { path: '/users', access: 'signedIn', roles: ['admin'], layout: 'app', page: lazyPage(() => import('./admin/AdminUsersPage')) },
  { path: '/companies', access: 'signedIn', roles: ['admin'], layout: 'app', page: lazyPage(() => import('./admin/AdminCompaniesPage')) },
  { path: '/companies/:id', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./companies/CompanyPage')) },
  { path: '/resumes/:id', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./resumes/ResumePage')) },
  { path: '/companies/:id/resumes', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./resumes/ResumesPage')) },
  { path: '/companies/:id/library', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./library/LibraryPage')) },
  { path: '/company/users', access: 'signedIn', roles: companyStaff, layout: 'app', page: lazyPage(() => import('./companies/CompanyUsersPage')) },
  { path: '/admin/outbox', access: 'signedIn', roles: ['admin'], layout: 'app', page: lazyPage(() => import('./admin/OutboxPage')) },
  { path: '/admin/imports', access: 'signedIn', roles: ['admin'], layout: 'app', page: lazyPage(() => import('./sourcing/ImportsPage')) },
  { path: '/potential-tenders', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./tenders/PotentialTendersPage')) },
  { path: '/dce-templates', access: 'signedIn', roles: ['admin'], layout: 'app', page: lazyPage(() => import('./dce-templates/DceTemplatesPage')) },
  { path: '/dce-templates/add', access: 'signedIn', roles: ['admin'], layout: 'app', page: DceTemplatesEditorPage },
  { path: '/dce-templates/edit/:id', access: 'signedIn', roles: ['admin'], layout: 'app', page: DceTemplatesEditorPage },
  { path: '/company/tenders', access: 'signedIn', roles: companyStaff, layout: 'app', page: TendersPage },
  { path: '/tenders', access: 'signedIn', roles: ['admin'], layout: 'app', page: TendersPage },
  { path: '/company/calendar', access: 'signedIn', roles: companyStaff, layout: 'app', page: lazyPage(() => import('./calendar/CalendarPage')) },
  { path: '/tenders/:id/docs', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./tender-docs/TenderDocsPage')) },
  { path: '/tenders/:id/planning', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./plannings/PlanningPage')) },
  // Every member of the company contributes pieces; the deposit itself is for managers and admins (issue 26).
  { path: '/tenders/:tenderId/submission', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./submission/SubmissionPage')) },
  { path: '/tenders/:id', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./tenders/TenderDetailsPage')) },
  // Tender-guarded pages: the tender guard statechart sends a not_started tender to its details page.
  { path: '/tender/dce-analyse/:tenderId', access: 'signedIn', roles: ['admin', 'manager'], layout: 'app', page: lazyPage(() => import('./dce-analyses/DceAnalysePage')) },
  { path: '/tender/cctp-analyse/:tenderCallId', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./cctp-analyses/CctpAnalysePage')) },
  { path: '/tender/chat/:id', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./chat/ChatPage')) },
  // Roles as the memory page: every member of the company fills the prices (issue 25).
  { path: '/tender/prices/:tenderId', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./price-files/PriceFilesPage')) },
  { path: '/company/documents', access: 'signedIn', roles: companyStaff, layout: 'app', redirect: (p) => `/company/documents/${companyId(p)}` },
  { path: '/company/documents/:companyId', access: 'signedIn', roles: companyStaff, layout: 'app', page: lazyPage(() => import('./company-docs/CompanyDocsPage')) },
  { path: '/reports', access: 'signedIn', roles: ['admin'], layout: 'app', page: lazyPage(() => import('./reports/ReportsPage')) },
  { path: '/billing', access: 'signedIn', roles: companyStaff, layout: 'app', redirect: (p) => `/billing/${companyId(p)}` },
  { path: '/billing/success', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./billing/CheckoutSuccessPage')) },
  { path: '/billing/cancel', access: 'signedIn', layout: 'app', page: lazyPage(() => import('./billing/CheckoutCancelPage')) },
  // Admins too (issue 14: "admins see all"): they set a company's plan, record transfers, issue credit notes.
  { path: '/billing/:companyId', access: 'signedIn', roles: ['admin', ...companyStaff], layout: 'app', page: lazyPage(() => import('./billing/BillingPage')) },

  // Full-screen layout without menu.
  { path: '/tender/assisted-writing/:id', access: 'signedIn', layout: 'fullScreen', page: lazyPage(() => import('./tenders/AssistedWritingPage')) },

  // Other.
  { path: '/not-found', access: 'public', layout: 'bySession', page: NotFoundPage },
];

export type Outcome = { page: true } | { redirect: string } | { loading: true };

/** The guard of one route, as a plain function: the route-table tests call it directly too. */
export function decide(route: Pick<RouteDef, 'path' | 'access' | 'roles' | 'redirect'>, status: SessionStatus, profile: Profile | null): Outcome {
  if (status === 'pending') return { loading: true };
  switch (route.access) {
    case 'public':
      return { page: true };
    case 'signedOutOnly':
      if (status === 'signedIn') return { redirect: '/dashboard' };
      if (status === 'registered') return { redirect: '/create-company' };
      return { page: true };
    case 'registered':
      if (status === 'signedIn') return { redirect: '/dashboard' };
      if (status === 'signedOut') return { redirect: '/sign-in' };
      return { page: true };
    case 'signedIn':
      if (status === 'signedOut' || !profile) return { redirect: '/sign-in' };
      if (status === 'registered') return { redirect: '/create-company' };
      if (route.roles && !route.roles.includes(profile.role)) return { redirect: '/not-found' };
      return route.redirect ? { redirect: route.redirect(profile) } : { page: true };
  }
}

export function homeTarget(status: SessionStatus): Outcome {
  if (status === 'pending') return { loading: true };
  if (status === 'signedIn') return { redirect: '/dashboard' };
  if (status === 'registered') return { redirect: '/create-company' };
  return { redirect: '/sign-in' };
}

function WithLayout({ layout, children }: { layout: Layout; children: ReactNode }) {
  const status = useSessionStatus();
  const app = layout === 'app' || (layout === 'bySession' && status === 'signedIn');
  if (layout === 'fullScreen') {
    return (
      <PageBoundary>
        <FullScreenShell>
          <PageBoundary>{children}</PageBoundary>
        </FullScreenShell>
      </PageBoundary>
    );
  }
  if (app) {
    return (
      <PageBoundary>
        <AppShell>
          <PageBoundary>{children}</PageBoundary>
        </AppShell>
      </PageBoundary>
    );
  }
  return (
    <CenteredShell>
      <PageBoundary>{children}</PageBoundary>
    </CenteredShell>
  );
}

/** The first route of the table matching a path (wouter's own matcher), or undefined. */
export function findRoute(path: string, parser: Parameters<typeof matchRoute>[0]): RouteDef | undefined {
  return routes.find((route) => matchRoute(parser, route.path, path)[0]);
}

// One layout element at a stable place in the tree: moving between pages of the same layout keeps
// the layout (side menu, drawer, header) mounted and swaps only the page.
export function AppRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const status = useSessionStatus();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const route = location === '/' ? undefined : findRoute(location, parser);
  useStartEarly(route && 'page' in decide(route, status, profile) ? route : undefined);
  useFocusHeadingOnRouteChange(location);
  if (location === '/') return <Redirecting outcome={homeTarget(status)} />;
  if (!route) {
    return (
      <WithLayout layout="bySession">
        <NotFoundPage />
      </WithLayout>
    );
  }
  const outcome = decide(route, status, profile);
  if (!('page' in outcome)) return <Redirecting outcome={outcome} />;
  const Page = route.page!;
  return (
    <WithLayout layout={route.layout}>
      {/* The Route gives the page its path parameters. */}
      <Route path={route.path}>
        <Page key={route.path} />
      </Route>
    </WithLayout>
  );
}

/** The page's code and its first data, fetched while the layout (and what it waits for) loads. */
function useStartEarly(route: RouteDef | undefined) {
  const { operations } = useServices();
  useEffect(() => {
    if (!route) return;
    if (route.page) preload(route.page);
    for (const name of route.early ?? []) startEarly(operations, name);
  }, [route, operations]);
}

function Redirecting({ outcome }: { outcome: Outcome }) {
  if ('redirect' in outcome) return <Redirect to={outcome.redirect} replace />;
  return <PageLoading />;
}
