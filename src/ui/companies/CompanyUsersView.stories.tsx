import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { camille, invites, julie, listOf, lyon } from '../admin/admin-fixtures';
import { CompanyUsersView, type CompanyUsersViewProps, type InvitesPanelProps } from './CompanyUsersView';

const invitesPanel: InvitesPanelProps = {
  list: listOf('loaded', invites),
  sending: false,
  sendError: null,
  sentCount: 0,
  resendingId: null,
  resendError: null,
  revoking: null,
  revokeBusy: false,
  revokeError: null,
  onInvite: fn(),
  onPage: fn(),
  onRetry: fn(),
  onResend: fn(),
  onRevoke: fn(),
  onConfirmRevoke: fn(),
  onCancelRevoke: fn(),
};

const manage: NonNullable<CompanyUsersViewProps['manage']> = {
  removing: null,
  removeBusy: false,
  removeError: null,
  onRemove: fn(),
  onConfirmRemove: fn(),
  onCancelRemove: fn(),
  invites: invitesPanel,
};

const meta = {
  title: 'Views/Company users',
  component: CompanyUsersView,
  args: {
    companyName: lyon.name,
    currentUserId: camille._id,
    members: listOf('loaded', [camille, julie]),
    search: '',
    onSearch: fn(),
    onPage: fn(),
    onRetry: fn(),
    manage,
  },
  decorators: [(Story) => <div className={css({ p: '6', bg: 'bg.canvas', minH: '100dvh' })}><main><Story /></main></div>],
} satisfies Meta<typeof CompanyUsersView>;
export default meta;

type Story = StoryObj<typeof meta>;

const panel = (patch: Partial<InvitesPanelProps>) => ({ ...manage, invites: { ...invitesPanel, ...patch } });

export const Manager: Story = { parameters: { machineStates: ['list.loaded'] } };
export const Employee: Story = { args: { manage: null, currentUserId: julie._id } };
export const Loading: Story = { args: { members: listOf('loading'), manage: panel({ list: listOf('loading') }) }, parameters: { machineStates: ['list.loading'] } };
export const Searching: Story = { args: { search: 'jul', members: listOf('debouncing', [camille, julie]) }, parameters: { machineStates: ['list.debouncing'] } };
export const Failure: Story = {
  args: { members: listOf('failure', [], { error: 'Erreur interne du serveur. Réessayez dans un instant.' }), manage: null },
  parameters: { machineStates: ['list.failure'] },
};
export const NoInvites: Story = { args: { members: listOf('loaded', [camille]), manage: panel({ list: listOf('empty') }) }, parameters: { machineStates: ['list.empty'] } };
export const InviteSending: Story = { args: { manage: panel({ sending: true }) } };
export const InviteError: Story = { args: { manage: panel({ sendError: 'Cette adresse a déjà un compte.' }) } };
export const Resending: Story = { args: { manage: panel({ resendingId: invites[0]!._id }) } };
export const ResendError: Story = { args: { manage: panel({ resendError: 'Cette invitation a déjà été acceptée.' }) } };
export const ConfirmRevoke: Story = { args: { manage: panel({ revoking: invites[0]! }) } };
export const ConfirmRemove: Story = { args: { manage: { ...manage, removing: julie } } };
export const RemoveError: Story = { args: { manage: { ...manage, removing: julie, removeError: 'Utilisateur introuvable.' } } };
