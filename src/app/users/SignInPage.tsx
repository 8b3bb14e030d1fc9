import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageLoading } from '../../ui/components/PageStatus';
import { SignedInAsView, SignInView } from '../../ui/users/SignInView';
import { SessionContext, useSessionStatus } from '../session';
import { usePageTitle } from '../use-page-title';

/**
 * Spec 2: /sign-in is always reachable. Opened while signed in, it says who is signed in and
 * offers to continue or to sign in as someone else (which signs out, then shows the form).
 * Once the form has been shown, a successful sign-in leaves for the user's home.
 */
export default function SignInPage() {
  usePageTitle('signin-page_title');
  const session = SessionContext.useActorRef();
  const status = useSessionStatus();
  const submitting = SessionContext.useSelector((s) => s.hasTag('submitting'));
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const error = SessionContext.useSelector((s) => s.context.error?.message ?? null);
  const ended = SessionContext.useSelector((s) => s.context.ended);
  const email = SessionContext.useSelector((s) => s.context.email ?? undefined);
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [formShown, setFormShown] = useState(status === 'signedOut');
  if (status === 'signedOut' && !formShown) setFormShown(true);
  const home = status === 'registered' ? '/create-company' : '/dashboard';
  const leaving = formShown && (status === 'signedIn' || status === 'registered');
  useEffect(() => {
    if (leaving) navigate(home, { replace: true });
  }, [leaving, home, navigate]);

  if (status === 'pending' || leaving) return <PageLoading />;
  if (status !== 'signedOut' && profile) {
    return (
      <SignedInAsView
        username={profile.username}
        email={profile.primaryEmail}
        continueTo={home}
        signingOut={signingOut}
        onSwitchAccount={() => session.send({ type: 'session.signOut' })}
      />
    );
  }
  return <SignInView submitting={submitting} error={error} ended={ended ? (ended.message ?? t('common-not_authorized_token_failed')) : null} defaultEmail={email} onSubmit={(values) => session.send({ type: 'session.signIn', ...values })} />;
}
