import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Menu as MenuIcon } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '../../ui/components/Button';
import { AppLayout } from '../../ui/shell/AppLayout';
import { Drawer } from '../../ui/shell/Drawer';
import { Header } from '../../ui/shell/Header';
import { ProfileMenu } from '../../ui/shell/ProfileMenu';
import { SideMenu } from '../../ui/shell/SideMenu';
import { createRequestMachine } from '../../machines/request.machine';
import type { MenuBadges } from '../../ui/admin/admin-types';
import { DrawerContext } from '../drawer';
import { MenuBadgesContext } from '../menu-badges';
import { useReportForm } from '../reports/report-form';
import { useHeaderControls } from '../header-controls';
import { useServices } from '../services';
import { SessionContext } from '../session';
import { useRequest } from '../use-request';
import { sideMenuFor } from './side-menu-entries';
import { AlertsBell } from '../alerts/AlertsBell';

// The side menu's badges, read again on every page change and whenever a page changes what they
// count (an invitation sent or revoked): their own small call, not the dashboard's summary.
const badgesMachine = createRequestMachine<void, MenuBadges>('getMenuBadges');

// Lazy-loaded with the signed-in pages: it brings Ark's menu and dialog, kept off the sign-in bundle.
export default function AppShell({ children }: { children: ReactNode }) {
  return (
    <DrawerContext.Provider>
      <Shell>{children}</Shell>
    </DrawerContext.Provider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const controls = useHeaderControls();
  const [location, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const profile = SessionContext.useSelector((s) => s.context.profile);
  const signingOut = SessionContext.useSelector((s) => s.matches('signingOut'));
  const report = useReportForm();
  const drawer = DrawerContext.useActorRef();
  const drawerOpen = DrawerContext.useSelector((s) => s.matches('open'));
  const { view, placement, className } = DrawerContext.useSelector((s) => s.context);

  // Following a link closes the drawer: the page it showed the way to is now on screen.
  useEffect(() => {
    drawer.send({ type: 'drawer.close' });
  }, [location, drawer]);

  // Managers see how many invitations of their company are still pending, next to its users.
  const { operations } = useServices();
  const badgeCounts = useRequest(badgesMachine, operations.getMenuBadges);
  const countsBadges = profile?.role === 'manager' && profile.company !== null;
  const refreshBadges = () => {
    if (countsBadges) badgeCounts.ref.send({ type: 'request.submit', input: undefined });
  };
  useEffect(refreshBadges, [location, countsBadges, badgeCounts.ref]);
  const pending = countsBadges ? (badgeCounts.data?.pendingInvites ?? 0) : 0;
  const sections = profile ? sideMenuFor(profile, pending > 0 ? { 'company-users': { count: pending, label: 'sidemenu-badge_pending' } } : {}) : [];
  const end = profile ? (
    <ProfileMenu profile={profile} signingOut={signingOut} onReport={report.onReport} onNavigate={navigate} onSignOut={() => session.send({ type: 'session.signOut' })} />
  ) : null;
  const menuButton = (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('sidemenu-open')}
      aria-expanded={drawerOpen && view === 'sideMenu'}
      className={css({ md: { display: 'none' } })}
      onClick={() => drawer.send({ type: 'drawer.open', view: 'sideMenu', placement: 'left' })}
    >
      <MenuIcon aria-hidden="true" />
    </Button>
  );

  return (
    <MenuBadgesContext.Provider value={refreshBadges}>
      <AppLayout header={<Header {...controls} start={menuButton} logoInSideMenu end={end} bell={profile ? <AlertsBell /> : null} />} sideMenu={<SideMenu sections={sections} currentPath={location} />}>
        {children}
      </AppLayout>
      <Drawer
        open={drawerOpen && view === 'sideMenu'}
        placement={placement}
        className={className}
        title={t('app-name')}
        onClose={() => drawer.send({ type: 'drawer.close' })}
      >
        <SideMenu sections={sections} currentPath={location} mode="full" />
      </Drawer>
      {report.launcher}
    </MenuBadgesContext.Provider>
  );
}
