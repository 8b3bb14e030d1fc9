import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { Button } from '../../ui/components/Button';
import { CenteredLayout } from '../../ui/shell/CenteredLayout';
import { Header, SignedOutLinks } from '../../ui/shell/Header';
import { useHeaderControls } from '../header-controls';
import { SessionContext, useSessionStatus } from '../session';

export function CenteredShell({ children }: { children: ReactNode }) {
  const controls = useHeaderControls();
  const status = useSessionStatus();
  // A manager who registered but has no company yet may still leave (and come back later); a
  // signed-in user on a public page (/sign-in, /verify-email) is offered to sign out, not to sign in.
  const end = status === 'registered' || status === 'signedIn' ? <SignOutLink /> : <SignedOutLinks />;
  return <CenteredLayout header={<Header {...controls} end={end} />}>{children}</CenteredLayout>;
}

function SignOutLink() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const leaving = SessionContext.useSelector((s) => s.matches('signingOut'));
  return (
    <Button variant="ghost" size="sm" disabled={leaving} className={css({ fontWeight: 'medium' })} onClick={() => session.send({ type: 'session.signOut' })}>
      {leaving ? t('header-signing_out') : t('header-sign_out')}
    </Button>
  );
}
