import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { managerWithCompany } from '../fixtures';
import { Header, SignedOutLinks } from './Header';
import { ProfileMenu } from './ProfileMenu';

const meta = {
  title: 'Views/Header',
  component: Header,
  args: { language: 'fr', onLanguageChange: fn(), themeMode: 'system', onThemeModeChange: fn(), end: null },
} satisfies Meta<typeof Header>;
export default meta;

type Story = StoryObj<typeof meta>;

export const SignedOut: Story = { args: { end: <SignedOutLinks /> } };
export const SignedIn: Story = {
  args: { end: <ProfileMenu profile={managerWithCompany} onNavigate={fn()} onSignOut={fn()} /> },
};
export const SignedInAdmin: Story = {
  args: { end: <ProfileMenu profile={{ ...managerWithCompany, role: 'admin' }} onNavigate={fn()} onSignOut={fn()} /> },
};
