import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { createRequestMachine, type RequestContext } from '../../machines/request.machine';
import type { Profile } from '../../machines/types';
import { CenteredLayout } from './CenteredLayout';
import { managerWithoutCompany } from '../fixtures';
import { Header, SignedOutLinks } from './Header';
import { SignUpView } from '../users/SignUpView';

// The generic request statechart, shown through the manager sign-up form it drives.
type Input = { username: string; email: string; password: string };
type Data = { token: string; profile: Profile };
const machine = createRequestMachine<Input, Data>('registerUser');
type Snapshot = SnapshotFrom<typeof machine>;

const empty: RequestContext<Input, Data> = { input: null, message: null, data: null, error: null };
const input: Input = { username: 'Camille Martin', email: 'camille.martin@btp-lyon.fr', password: 'une-phrase-longue' };

function snapshotAt(value: 'idle' | 'loading' | 'success' | 'failure', context: Partial<RequestContext<Input, Data>> = {}): Snapshot {
  return machine.resolveState({ value, context: { ...empty, ...context } });
}

function RequestScreen({ snapshot }: { snapshot: Snapshot }) {
  return (
    <CenteredLayout header={<Header language="fr" onLanguageChange={fn()} themeMode="system" onThemeModeChange={fn()} end={<SignedOutLinks />} />}>
      {/* As on the page: the form stays locked between success and the redirect. */}
      <SignUpView
        submitting={snapshot.hasTag('loading') || snapshot.matches('success')}
        error={snapshot.matches('failure') ? (snapshot.context.error?.message ?? null) : null}
        onSubmit={fn()}
      />
    </CenteredLayout>
  );
}

const meta = {
  title: 'Statecharts/Request',
  component: RequestScreen,
  args: { snapshot: snapshotAt('idle') },
} satisfies Meta<typeof RequestScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = { parameters: { machineStates: ['request.idle'] } };
export const Loading: Story = { args: { snapshot: snapshotAt('loading', { input }) }, parameters: { machineStates: ['request.loading'] } };
export const Success: Story = {
  args: { snapshot: snapshotAt('success', { input, message: 'Compte créé.', data: { token: 'jwt', profile: managerWithoutCompany } }) },
  parameters: { machineStates: ['request.success'] },
};
export const Failure: Story = {
  args: { snapshot: snapshotAt('failure', { input, error: { message: 'Un compte existe déjà avec cette adresse e-mail.', status: 409 } }) },
  parameters: { machineStates: ['request.failure'] },
};
