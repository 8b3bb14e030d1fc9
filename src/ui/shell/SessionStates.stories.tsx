import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import { css } from 'styled-system/css';
import { sessionMachine, type SessionContext } from '../../machines/session.machine';
import { AppLayout } from './AppLayout';
import { CenteredLayout } from './CenteredLayout';
import { managerWithCompany, managerWithoutCompany } from '../fixtures';
import { Header, SignedOutLinks } from './Header';
import { PageLoading } from '../components/PageStatus';
import { ProfileMenu } from './ProfileMenu';
import { SideMenu } from './SideMenu';
import { SignInView } from '../users/SignInView';
import { managerSections } from './side-menu-fixtures';
import { Button } from '../components/Button';

// What the user sees in each state of the session statechart, rendered from a real snapshot.
type Snapshot = SnapshotFrom<typeof sessionMachine>;

const base: SessionContext = { token: null, profile: null, remember: false, email: null, error: null, ended: null };

function snapshotAt(value: Parameters<typeof sessionMachine.resolveState>[0]['value'], context: Partial<SessionContext> = {}): Snapshot {
  return sessionMachine.resolveState({ value, context: { ...base, ...context } });
}

const headerControls = { language: 'fr' as const, onLanguageChange: fn(), themeMode: 'system' as const, onThemeModeChange: fn() };

function SignOutButton() {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="sm">
      {t('header-sign_out')}
    </Button>
  );
}

/** Plain content for the layouts: a heading and a paragraph. */
function PageContent() {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', py: '8', px: '4' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Tableau de bord</h1>
      <p className={css({ color: 'fg.muted', maxW: 'xl' })}>Le contenu de la page s'affiche ici, dans la mise en page.</p>
    </div>
  );
}

function SessionScreen({ snapshot }: { snapshot: Snapshot }) {
  const profile = snapshot.context.profile;
  if (snapshot.matches('signedOut') || snapshot.matches('signingIn')) {
    return (
      <CenteredLayout header={<Header {...headerControls} end={<SignedOutLinks />} />}>
        <SignInView submitting={snapshot.hasTag('submitting')} error={snapshot.context.error?.message ?? null} ended={snapshot.context.ended?.message} defaultEmail={snapshot.context.email ?? undefined} onSubmit={fn()} />
      </CenteredLayout>
    );
  }
  if (snapshot.matches('registered') && profile) {
    return (
      <CenteredLayout header={<Header {...headerControls} end={<SignOutButton />} />}>
        <PageContent />
      </CenteredLayout>
    );
  }
  if ((snapshot.matches('signedIn') || snapshot.matches('signingOut')) && profile) {
    return (
      <AppLayout
        header={<Header {...headerControls} logoInSideMenu end={<ProfileMenu profile={profile} signingOut={snapshot.matches('signingOut')} onNavigate={fn()} onSignOut={fn()} />} />}
        sideMenu={<SideMenu sections={managerSections} currentPath="/dashboard" />}
      >
        <PageContent />
      </AppLayout>
    );
  }
  // starting, checkingToken, restoring, profileLoaded, joiningCompany: the session is being decided.
  return <PageLoading />;
}

const meta = {
  title: 'Statecharts/Session',
  component: SessionScreen,
  args: { snapshot: snapshotAt('signedOut') },
} satisfies Meta<typeof SessionScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Starting: Story = { args: { snapshot: snapshotAt('starting', { token: 'jwt' }) }, parameters: { machineStates: ['session.starting', 'session.checkingToken'] } };
export const Restoring: Story = { args: { snapshot: snapshotAt('restoring', { token: 'jwt', profile: managerWithCompany }) }, parameters: { machineStates: ['session.restoring', 'session.profileLoaded'] } };
export const SignedOut: Story = { args: { snapshot: snapshotAt('signedOut') }, parameters: { machineStates: ['session.signedOut'] } };
/** Sent back by the server (a session revoked by a password change, an account disabled): said until the next sign-in. */
export const SessionEnded: Story = {
  args: { snapshot: snapshotAt('signedOut', { ended: { message: 'Votre session a été fermée : votre mot de passe a été modifié. Reconnectez-vous.' } }) },
  parameters: { machineStates: ['session.signedOut'] },
};
export const SignInRefused: Story = {
  args: { snapshot: snapshotAt('signedOut', { email: 'camille.martin@btp-lyon.fr', error: { message: 'E-mail ou mot de passe incorrect.', status: 401 } }) },
  parameters: { machineStates: ['session.signedOut'] },
};
export const Authenticating: Story = { args: { snapshot: snapshotAt({ signingIn: 'authenticating' }, { email: 'camille.martin@btp-lyon.fr' }) }, parameters: { machineStates: ['session.signingIn.authenticating'] } };
export const LoadingProfile: Story = {
  args: { snapshot: snapshotAt({ signingIn: 'loadingProfile' }, { email: 'camille.martin@btp-lyon.fr', token: 'jwt' }) },
  parameters: { machineStates: ['session.signingIn.loadingProfile'] },
};
export const Registered: Story = { args: { snapshot: snapshotAt('registered', { token: 'jwt', profile: managerWithoutCompany }) }, parameters: { machineStates: ['session.registered'] } };
export const JoiningCompany: Story = { args: { snapshot: snapshotAt('joiningCompany', { token: 'jwt', profile: managerWithoutCompany }) }, parameters: { machineStates: ['session.joiningCompany'] } };
export const SignedIn: Story = { args: { snapshot: snapshotAt('signedIn', { token: 'jwt', profile: managerWithCompany }) }, parameters: { machineStates: ['session.signedIn'] } };
export const SigningOut: Story = { args: { snapshot: snapshotAt('signingOut', { token: 'jwt', profile: managerWithCompany }) }, parameters: { machineStates: ['session.signingOut'] } };
