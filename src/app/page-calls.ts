// The calls of every page but the session's, one file per feature (src/app/<feature>/calls.ts),
// loaded together with the first page that needs one, so that /sign-in ships only the session
// operations (src/app/operations.ts).
import { usersCalls } from './users/calls';
import { adminCalls } from './admin/calls';
import { companiesCalls } from './companies/calls';
import { invitesCalls } from './invites/calls';
import { dashboardCalls } from './dashboard/calls';
import { dceTemplatesCalls } from './dce-templates/calls';
import { tendersCalls } from './tenders/calls';
import { tenderDocsCalls } from './tender-docs/calls';
import { companyDocsCalls } from './company-docs/calls';
import { reportsCalls } from './reports/calls';
import { planningsCalls } from './plannings/calls';
import { organigrammesCalls } from './organigrammes/calls';
import { dceAnalysesCalls } from './dce-analyses/calls';
import { cctpAnalysesCalls } from './cctp-analyses/calls';
import { chatCalls } from './chat/calls';
import { resumesCalls } from './resumes/calls';
import { memoriesCalls } from './memories/calls';
import { memoryAssistCalls } from './memories/assist-calls';
import { libraryCalls } from './library/calls';
import { memoryCommentsCalls } from './memories/comment-calls';
import { sourcingCalls } from './sourcing/calls';
import { alertsCalls } from './alerts/calls';
import { calendarCalls } from './calendar/calls';
import { billingCalls } from './billing/calls';
import { savedSearchesCalls } from './saved-searches/calls';
import { priceFilesCalls } from './price-files/calls';
import { submissionCalls } from './submission/calls';

export const pageCalls = {
  ...usersCalls,
  ...adminCalls,
  ...companiesCalls,
  ...invitesCalls,
  ...dashboardCalls,
  ...dceTemplatesCalls,
  ...tendersCalls,
  ...tenderDocsCalls,
  ...companyDocsCalls,
  ...reportsCalls,
  ...planningsCalls,
  ...organigrammesCalls,
  ...dceAnalysesCalls,
  ...cctpAnalysesCalls,
  ...chatCalls,
  ...resumesCalls,
  ...memoriesCalls,
  ...memoryAssistCalls,
  ...libraryCalls,
  ...memoryCommentsCalls,
  ...sourcingCalls,
  ...alertsCalls,
  ...calendarCalls,
  ...billingCalls,
  ...savedSearchesCalls,
  ...priceFilesCalls,
  ...submissionCalls,
};

export type PageCalls = typeof pageCalls;
