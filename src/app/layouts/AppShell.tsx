import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Menu as MenuIcon } from 'lucide-react';
import { css } from 'styled-system/css';
import { Button } from '../../ui/components/Button';
import { AppLayout } from '../../ui/views/AppLayout';
import { Drawer } from '../../ui/views/Drawer';
import { Header } from '../../ui/views/Header';
import { ProfileMenu } from '../../ui/views/ProfileMenu';
import { SideMenu } from '../../ui/views/SideMenu';
import { DrawerContext } from '../drawer';
import { useHeaderControls } from '../header-controls';
import { SessionContext } from '../session';
import { sideMenuFor } from './side-menu-entries';

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
  const drawer = DrawerContext.useActorRef();
  const drawerOpen = DrawerContext.useSelector((s) => s.matches('open'));
  const { view, placement, className } = DrawerContext.useSelector((s) => s.context);

  // Following a link closes the drawer: the page it showed the way to is now on screen.
  useEffect(() => {
    drawer.send({ type: 'drawer.close' });
  }, [location, drawer]);

  const sections = profile ? sideMenuFor(profile) : [];
  const end = profile ? (
    <ProfileMenu profile={profile} signingOut={signingOut} onNavigate={navigate} onSignOut={() => session.send({ type: 'session.signOut' })} />
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
    <>
      <AppLayout header={<Header {...controls} start={menuButton} logoInSideMenu end={end} />} sideMenu={<SideMenu sections={sections} currentPath={location} />}>
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
    </>
  );
}
