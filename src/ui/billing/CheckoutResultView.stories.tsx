import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { CheckoutCancelView, CheckoutResultView } from './CheckoutResultView';
import { COMPANY_ID, statusOf } from './billing-fixtures';

const meta = {
  title: 'Views/Billing/Checkout result',
  component: CheckoutResultView,
  args: { state: 'confirming', failure: null, error: null, status: statusOf('paid'), billingHref: `/billing/${COMPANY_ID}`, onCheckAgain: fn() },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas' })}><main><Story /></main></div>],
} satisfies Meta<typeof CheckoutResultView>;
export default meta;

type Story = StoryObj<typeof meta>;
// Back from Stripe: the first reading of the session.
export const Returned: Story = { args: { state: 'returned', status: null }, parameters: { machineStates: ['checkout.returned'] } };
// Paid, the webhook not applied yet: read again every 2 s.
export const Confirming: Story = { parameters: { machineStates: ['checkout.confirming.waiting', 'checkout.confirming.reading'] } };
export const Active: Story = { args: { state: 'active', status: statusOf('applied') }, parameters: { machineStates: ['checkout.active'] } };
// A minute without the webhook: not a refusal, the activation may still come.
export const TimedOut: Story = { args: { state: 'failed', failure: 'timeout' }, parameters: { machineStates: ['checkout.failed'] } };
export const Refused: Story = { args: { state: 'failed', failure: 'refused', status: statusOf('failed') } };
export const Expired: Story = { args: { state: 'failed', failure: 'expired', status: statusOf('expired') } };
export const Unreadable: Story = { args: { state: 'failed', failure: 'status', error: "Cette session de paiement n'existe pas." } };
export const NoSession: Story = { args: { state: 'noSession', status: null } };
export const NoCompany: Story = { args: { state: 'noCompany', status: null, billingHref: '/billing' } };

export const Canceled: StoryObj<typeof CheckoutCancelView> = { render: () => <CheckoutCancelView billingHref={`/billing/${COMPANY_ID}`} /> };
