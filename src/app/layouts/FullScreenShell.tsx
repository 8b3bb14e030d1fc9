import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation, useRoute } from 'wouter';
import { css } from 'styled-system/css';
import { FullScreenLayout } from '../../ui/shell/FullScreenLayout';
import { Header } from '../../ui/shell/Header';
import { ProfileMenu } from '../../ui/shell/ProfileMenu';
import { useHeaderControls } from '../header-controls';
import { useReportForm } from '../reports/report-form';
import { SessionContext } from '../session';

// Lazy-loaded like AppShell: the full-screen pages are signed-in pages.
export default function FullScreenShell({ children }: { children: ReactNode }) {
  const controls = useHeaderControls();
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const report = useReportForm();
  const { t } = useTranslation();
  // The one full-screen page is a tender's assisted writing: back to that tender, or to the tenders.
  const [, params] = useRoute('/tender/assisted-writing/:id');
  const link = css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'accent.text', textDecoration: 'underline', textUnderlineOffset: '2px' });
  const back = params ? (
    <>
      <Link href={profile?.role === 'admin' ? '/tenders' : '/company/tenders'} className={link}>
        {t('fullscreen-back_tenders')}
      </Link>
      <ChevronRight size={14} aria-hidden="true" className={css({ color: 'fg.muted' })} />
      <Link href={`/tenders/${params.id}`} className={link}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('fullscreen-back_tender')}
      </Link>
    </>
  ) : null;
  const end = profile ? (
    <ProfileMenu profile={profile} signingOut={signingOut} onReport={report.onReport} onNavigate={navigate} onSignOut={() => session.send({ type: 'session.signOut' })} />
  ) : null;
  return (
    <>
      <FullScreenLayout header={<Header {...controls} end={end} />} back={back}>{children}</FullScreenLayout>
      {report.launcher}
    </>
  );
}
