import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from 'styled-system/css';
import { SideMenu } from './SideMenu';
import { adminSections, groupedSections, managerSections } from './side-menu-fixtures';

const meta = {
  title: 'Views/SideMenu',
  component: SideMenu,
  args: { sections: managerSections, currentPath: '/dashboard', mode: 'full' },
  decorators: [(Story) => <div className={css({ w: 'sideMenu', bg: 'bg.default', minH: '100dvh', borderRightWidth: '1px', borderColor: 'border.default' })}><Story /></div>],
} satisfies Meta<typeof SideMenu>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Manager: Story = {};
export const Admin: Story = { args: { sections: adminSections, currentPath: '/users' } };
export const GroupsAndBadges: Story = { args: { sections: groupedSections, currentPath: '/company/users' } };
// Full from 1280 px, compact (72 px, icons with tooltips) below: resize the viewport to see both.
export const Responsive: Story = {
  args: { mode: 'responsive' },
  decorators: [(Story) => <div className={css({ w: { base: 'sideMenuCompact', wide: 'sideMenu' }, bg: 'bg.default', minH: '100dvh' })}><Story /></div>],
};
