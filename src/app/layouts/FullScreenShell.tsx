import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { FullScreenLayout } from '../../ui/shell/FullScreenLayout';
import { Header } from '../../ui/shell/Header';
import { ProfileMenu } from '../../ui/shell/ProfileMenu';
import { useHeaderControls } from '../header-controls';
import { ReportFormLauncher } from '../reports/report-form';
import { SessionContext } from '../session';

// Lazy-loaded like AppShell: the full-screen pages are signed-in pages.
export default function FullScreenShell({ children }: { children: ReactNode }) {
  const controls = useHeaderControls();
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const end = profile ? (
    <ProfileMenu profile={profile} signingOut={signingOut} onNavigate={navigate} onSignOut={() => session.send({ type: 'session.signOut' })} />
  ) : null;
  return (
    <>
      <FullScreenLayout header={<Header {...controls} end={end} />}>{children}</FullScreenLayout>
      <ReportFormLauncher />
    </>
  );
}
