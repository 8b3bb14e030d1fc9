import { fromPromise, type PromiseActorLogic } from 'xstate';
import type { Api } from '../api/client';
import type { Profile } from '../machines/types';
import type { RequestSuccess } from '../common/request-result';
import type { PageCalls } from './page-calls';

/**
 * A call whose signal was aborted never settles: the state that asked for it has been left, so
 * its outcome belongs to nobody. In development, React's strict mode stops and restarts every
 * statechart once; XState then starts the call again, and without this the first call's abort
 * error would reach the restarted statechart as a failure ("signal is aborted without reason").
 */
export async function unlessAborted<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (signal.aborted) return new Promise<T>(() => undefined);
    throw error;
  }
}

/** An operation's actor: a promise actor whose aborted calls never settle (above). */
const operation = <O, I>(run: (args: { input: I; signal: AbortSignal }) => Promise<O>) =>
  fromPromise<O, I>(({ input, signal }) => unlessAborted(signal, () => run({ input, signal })));

/** Loads the HTTP client on first use: a signed-out visit to /sign-in never needs it before submit. */
export type ApiLoader = () => Promise<Api>;

type PageCallName = keyof PageCalls;
/** A call started before its page's code has loaded, kept for the page's first request of it. */
type EarlyCalls = Map<PageCallName, { at: number; result: Promise<unknown> }>;
const EARLY_CALL_MS = 10_000;
const earlyStarters = new WeakMap<object, (name: PageCallName) => void>();

/**
 * Starts a page's input-less call now (the route knows which page comes), while the layout and the
 * page's code still load: the page's own first request of that call then takes its answer instead
 * of asking again, so the data arrives with the code, not after it, and is asked once (issue 24).
 * Does nothing for operations not made by createOperations (test doubles).
 */
export function startEarly(operations: object, name: PageCallName): void {
  earlyStarters.get(operations)?.(name);
}

// Actors named after the operationId they call; machines receive them with machine.provide().
export function createOperations(loadApi: ApiLoader) {
  const early: EarlyCalls = new Map();
  const operations = {
    loginUser: operation<{ token: string; message: string }, { email: string; password: string }>(async ({ input, signal }) => {
      const api = await loadApi();
      const data = await api.call(() => api.client.POST('/api/users/login', { body: input, signal }));
      return { token: data.token, message: data.msg };
    }),
    getProfile: operation<Profile, { token: string }>(async ({ signal }) => {
      const api = await loadApi();
      return api.call(() => api.client.GET('/api/users/profile', { signal }));
    }),
    logoutUser: operation<unknown, { token: string }>(async ({ signal }) => {
      const api = await loadApi();
      return api.call(() => api.client.POST('/api/users/logout', { signal }));
    }),
    registerUser: operation<RequestSuccess<{ token: string; profile: Profile }>, { username: string; email: string; password: string }>(
      async ({ input, signal }) => {
        const api = await loadApi();
        const data = await api.call(() => api.client.POST('/api/users/register', { body: input, signal }));
        return { message: data.msg, data: { token: data.token, profile: data.details } };
      },
    ),
    ...pageOperations(loadApi, early),
  };
  earlyStarters.set(operations, (name) => {
    const kept = early.get(name);
    if (kept && Date.now() - kept.at < EARLY_CALL_MS) return;
    const result = callPage(loadApi, name, undefined, new AbortController().signal);
    result.catch(() => undefined); // its page reports the failure, if it comes
    early.set(name, { at: Date.now(), result });
  });
  return operations;
}

async function callPage(loadApi: ApiLoader, name: PageCallName, input: unknown, signal: AbortSignal): Promise<unknown> {
  const [api, { pageCalls }] = await Promise.all([loadApi(), import('./page-calls')]);
  const call = pageCalls[name] as (api: Api, input: unknown, signal: AbortSignal) => Promise<unknown>;
  return call(api, input, signal);
}

export type Operations = ReturnType<typeof createOperations>;

type PageOperations = {
  [K in keyof PageCalls]: PromiseActorLogic<Awaited<ReturnType<PageCalls[K]>>, Parameters<PageCalls[K]>[1]>;
};

const PAGE_CALLS = [
  'getInviteByToken',
  'registerInvitedUser',
  'requestPasswordReset',
  'resetPassword',
  'changePassword',
  'verifyEmail',
  'resendVerificationEmail',
  'createCompany',
  'getUser',
  'updateProfile',
  'deleteProfilePicture',
  'listUsers',
  'listCompanies',
  'listCompanyNames',
  'updateUserRole',
  'setUserActive',
  'getCompany',
  'updateCompany',
  'uploadCompanyLogo',
  'deleteCompanyLogo',
  'deleteCompany',
  'listCompanyUsers',
  'removeCompanyUser',
  'listInvites',
  'createInvite',
  'resendInvite',
  'getInviteLink',
  'revokeInvite',
  'listOutboxEmails',
  'getDashboardSummary',
  'getMenuBadges',
  'listDceTemplates',
  'getDceTemplate',
  'createDceTemplate',
  'updateDceTemplate',
  'deleteDceTemplate',
  'getTender',
  'getTenderStatusHistory',
  'getTenderLots',
  'updateTender',
  'reopenTender',
  'listTenderDocs',
  'uploadTenderDoc',
  'replaceTenderDoc',
  'deleteTenderDoc',
  'getTenderDocPages',
  'extractTenderDoc',
  'listCompanyDocuments',
  'createCompanyDocument',
  'updateCompanyDocument',
  'deleteCompanyDocument',
  'listTenders',
  'listMyCompanyTenders',
  'getMyCompanyBoard',
  'listPotentialTenders',
  'createTender',
  'createTenderCall',
  'setTenderCallFeedback',
  'deleteTenderCallFeedback',
  'createReport',
  'listReports',
  'updateReportStatus',
  'getTenderPlanning',
  'createPlanning',
  'updatePlanning',
  'addPlanningTask',
  'updatePlanningTask',
  'deletePlanningTask',
  'getOrganigrammes',
  'createOrganigramme',
  'replaceOrganigramme',
  'deleteOrganigramme',
  'getAdminStats',
  'listLatestReports',
  'listDceAnalyses',
  'createDceAnalysis',
  'getDceAnalysis',
  'updateDceFact',
  'addDceDatesToPlanning',
  'listCctpAnalyses',
  'createCctpAnalysis',
  'getCctpAnalysis',
  'updateCctpRequirement',
  'listCompanyMembers',
  'listTenderChat',
  'clearTenderChat',
  'askTenderChat',
  'getTenderNotes',
  'saveTenderNotes',
  'addTenderNote',
  'getTenderCallMarket',
  'listCompanyAwards',
  'getTenderGoNoGo',
  'saveTenderGoNoGo',
  'decideTenderGoNoGo',
  'saveGoNoGoWeights',
  'listResumes',
  'createResume',
  'getResume',
  'updateResume',
  'replaceResumeFile',
  'deleteResume',
  'listLibraryBlocks',
  'createLibraryBlock',
  'createLibraryBlockFromSection',
  'updateLibraryBlock',
  'markLibraryBlockReviewed',
  'deleteLibraryBlock',
  'listMemories',
  'listCompanyMemories',
  'createMemory',
  'getMemory',
  'updateMemorySection',
  'addMemorySection',
  'deleteMemorySection',
  'refreshMemorySection',
  'listMemoryVersions',
  'exportMemoryPdf',
  'createMemoryVersion',
  'restoreMemoryVersion',
  'analyseMemory',
  'assistMemorySection',
  'listMemoryComments',
  'createMemoryThread',
  'replyMemoryThread',
  'updateMemoryThread',
  'deleteMemoryThread',
  'uploadMemoryImage',
  'listImports',
  'createImport',
  'listImportRefusals',
  'listSourcingConnectors',
  'runSourcingConnector',
  'updateSourcingConnector',
  'listNotifications',
  'readNotification',
  'readAllNotifications',
  'getAlertSettings',
  'saveAlertSettings',
  'unsubscribeAlerts',
  'getCompanyCalendar',
  'getCalendarFeed',
  'createCalendarFeed',
  'deleteCalendarFeed',
  'getBilling',
  'updateBilling',
  'listInvoices',
  'setCompanyPlan',
  'orderPlanByTransfer',
  'markInvoicePaid',
  'creditInvoice',
  'startCheckout',
  'getCheckoutStatus',
  'openBillingPortal',
  'listSavedSearches',
  'createSavedSearch',
  'updateSavedSearch',
  'deleteSavedSearch',
  'listPriceFiles',
  'updatePriceFile',
  'importPriceFile',
  'checkPriceFile',
  'getSubmission',
  'setSubmissionPiece',
  'clearSubmissionPiece',
  'depositSubmission',
  'getSubmissionGroupement',
  'setSubmissionGroupement',
  'clearSubmissionGroupement',
] as const satisfies readonly (keyof PageCalls)[];
// Fails to compile when a call of page-calls.ts is missing from the list above.
const everyPageCall: Exclude<keyof PageCalls, (typeof PAGE_CALLS)[number]> extends never ? true : never = true;

/** Each page operation loads the page calls and the HTTP client on first use. */
function pageOperations(loadApi: ApiLoader, early: EarlyCalls): PageOperations {
  void everyPageCall;
  const entries = PAGE_CALLS.map((name) => [
    name,
    operation<unknown, unknown>(async ({ input, signal }) => {
      const kept = early.get(name);
      if (kept) early.delete(name);
      if (kept && input == null && Date.now() - kept.at < EARLY_CALL_MS) return kept.result;
      return callPage(loadApi, name, input, signal);
    }),
  ]);
  return Object.fromEntries(entries) as PageOperations;
}
