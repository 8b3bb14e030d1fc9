import type { Api } from '../../api/client';
import type { RequestSuccess } from '../../common/request-result';
import type { ListPage, ListQuery } from '../../machines/list.machine';
import type { components } from '../../../openapi/schema';
import { PER_PAGE } from '../calls-support';

type Billing = components['schemas']['Billing'];
type BillingDetails = components['schemas']['BillingDetails'];
type Invoice = components['schemas']['Invoice'];
type PlanCode = components['schemas']['PlanCode'];
type Cycle = components['schemas']['BillingCycle'];
type PaidPlan = components['schemas']['CheckoutBody']['plan'];

// Billing and invoices (issue 14): the company's plan, usage, details and invoices; orders by card
// (Stripe Checkout) or bank transfer; an admin's plan changes, payments and credit notes.
export const billingCalls = {
  getBilling: async (api: Api, input: { companyId: string }, signal: AbortSignal): Promise<RequestSuccess<Billing>> => {
    const data = await api.call(() => api.client.GET('/api/billing/{companyId}', { params: { path: { companyId: input.companyId } }, signal }));
    return { message: '', data };
  },
  updateBilling: async (api: Api, input: { companyId: string; details: BillingDetails }, signal: AbortSignal): Promise<RequestSuccess<Billing>> => {
    const data = await api.call(() => api.client.PATCH('/api/billing/{companyId}', { params: { path: { companyId: input.companyId } }, body: input.details, signal }));
    return { message: data.msg, data: data.details };
  },
  listInvoices: async (api: Api, input: ListQuery<{ companyId: string }>, signal: AbortSignal): Promise<ListPage<Invoice>> => {
    const data = await api.call(() =>
      api.client.GET('/api/billing/{companyId}/invoices', { params: { path: { companyId: input.filters.companyId }, query: { page: input.page, perPage: PER_PAGE } }, signal }),
    );
    return { items: data.invoices, count: data.count, totalPages: data.totalPages };
  },
  setCompanyPlan: async (api: Api, input: { companyId: string; plan: PlanCode; cycle: Cycle; reason: string }, signal: AbortSignal): Promise<RequestSuccess<Billing>> => {
    const { companyId, ...body } = input;
    const data = await api.call(() => api.client.PUT('/api/billing/{companyId}/plan', { params: { path: { companyId } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
  orderPlanByTransfer: async (api: Api, input: { companyId: string; plan: PaidPlan; cycle: Cycle }, signal: AbortSignal): Promise<RequestSuccess<Invoice>> => {
    const { companyId, ...body } = input;
    const data = await api.call(() => api.client.POST('/api/billing/{companyId}/transfer-orders', { params: { path: { companyId } }, body, signal }));
    return { message: data.msg, data: data.details };
  },
  markInvoicePaid: async (api: Api, input: { id: string }, signal: AbortSignal): Promise<RequestSuccess<Invoice>> => {
    const data = await api.call(() => api.client.POST('/api/invoices/{id}/payment', { params: { path: { id: input.id } }, body: {}, signal }));
    return { message: data.msg, data: data.details };
  },
  creditInvoice: async (api: Api, input: { id: string; reason: string }, signal: AbortSignal): Promise<RequestSuccess<Invoice>> => {
    const data = await api.call(() => api.client.POST('/api/invoices/{id}/credit-note', { params: { path: { id: input.id } }, body: { reason: input.reason }, signal }));
    return { message: data.msg, data: data.details };
  },
  startCheckout: async (api: Api, input: { companyId: string; plan: PaidPlan; cycle: Cycle }, signal: AbortSignal): Promise<components['schemas']['CheckoutSession']> => {
    const { companyId, ...body } = input;
    return api.call(() => api.client.POST('/api/billing/{companyId}/checkout', { params: { path: { companyId } }, body, signal }));
  },
  getCheckoutStatus: async (api: Api, input: { companyId: string; sessionId: string }, signal: AbortSignal): Promise<components['schemas']['CheckoutStatus']> =>
    api.call(() => api.client.GET('/api/billing/{companyId}/checkout/{sessionId}', { params: { path: input }, signal })),
  openBillingPortal: async (api: Api, input: { companyId: string }, signal: AbortSignal): Promise<RequestSuccess<{ url: string }>> => {
    const data = await api.call(() => api.client.POST('/api/billing/{companyId}/portal', { params: { path: { companyId: input.companyId } }, signal }));
    return { message: '', data };
  },
};
