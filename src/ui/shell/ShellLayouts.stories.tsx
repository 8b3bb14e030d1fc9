import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { AppLayout } from './AppLayout';
import { managerWithCompany } from '../fixtures';
import { FullScreenLayout } from './FullScreenLayout';
import { Header } from './Header';
import { ProfileMenu } from './ProfileMenu';
import { SideMenu } from './SideMenu';
import { managerSections } from './side-menu-fixtures';

const headerControls = { language: 'fr' as const, onLanguageChange: fn(), themeMode: 'system' as const, onThemeModeChange: fn() };
const profileMenu = <ProfileMenu profile={managerWithCompany} onNavigate={fn()} onSignOut={fn()} />;

/** Plain content for the layouts: a heading and a paragraph. */
function PageContent() {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', py: '8', px: '4' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Tableau de bord</h1>
      <p className={css({ color: 'fg.muted', maxW: 'xl' })}>Le contenu de la page s'affiche ici, dans la mise en page.</p>
    </div>
  );
}

function Layouts({ layout }: { layout: 'app' | 'fullScreen' }) {
  if (layout === 'fullScreen') {
    return (
      <FullScreenLayout header={<Header {...headerControls} end={profileMenu} />}>
        <div className={css({ flex: '1', display: 'grid', placeItems: 'center' })}>
          <PageContent />
        </div>
      </FullScreenLayout>
    );
  }
  return (
    <AppLayout header={<Header {...headerControls} logoInSideMenu end={profileMenu} />} sideMenu={<SideMenu sections={managerSections} currentPath="/potential-tenders" />}>
      <PageContent />
    </AppLayout>
  );
}

const meta = {
  title: 'Views/Layouts',
  component: Layouts,
  args: { layout: 'app' },
} satisfies Meta<typeof Layouts>;
export default meta;

type Story = StoryObj<typeof meta>;

// The side-menu layout, here with a plain page.
export const WithSideMenu: Story = {};
export const FullScreen: Story = { args: { layout: 'fullScreen' } };
