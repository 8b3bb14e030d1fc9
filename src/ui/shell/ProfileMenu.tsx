import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { Flag, LogOut, MessageSquareWarning, UserRound } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { menu } from 'styled-system/recipes/menu';
import type { Profile } from '../../machines/types';
import { Avatar } from '../components/Avatar';

type ProfileMenuProps = {
  profile: Pick<Profile, '_id' | 'username' | 'primaryEmail' | 'role' | 'profilePicture'>;
  signingOut?: boolean;
  onNavigate: (href: string) => void;
  onSignOut: () => void;
  /** Given on phones, where the report form has no floating button (it covered the page's controls). */
  onReport?: () => void;
};

// Ark's menu (positioning, typeahead, focus management) on signed-in pages only.
export function ProfileMenu({ profile, signingOut = false, onNavigate, onSignOut, onReport }: ProfileMenuProps) {
  const { t } = useTranslation();
  const classes = menu();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      onSelect={({ value }) => {
        if (value === 'sign-out') onSignOut();
        else if (value === 'profile') onNavigate(`/users/${profile._id}`);
        else if (value === 'reports') onNavigate('/reports');
        else if (value === 'report') onReport?.();
      }}
    >
      <Menu.Trigger className={cx(button({ variant: 'ghost', size: 'sm' }), css({ gap: '2', ps: { base: '1', md: '3' }, pe: { base: '1', md: '2' } }))} aria-label={t('header-profile_menu')}>
        <Avatar name={profile.username} src={profile.profilePicture?.url} size="sm" />
        <span className={css({ display: { base: 'none', md: 'inline' }, maxW: '40', overflow: 'hidden', textOverflow: 'ellipsis' })}>{profile.username}</span>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner className={classes.positioner}>
          <Menu.Content className={classes.content}>
            <div className={classes.header}>
              <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{profile.username}</span>
              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{profile.primaryEmail}</span>
            </div>
            <Menu.Separator className={classes.separator} />
            <Menu.Item value="profile" className={classes.item}>
              <UserRound />
              {t('header-my_profile')}
            </Menu.Item>
            {profile.role === 'admin' ? (
              <Menu.Item value="reports" className={classes.item}>
                <Flag />
                {t('header-reports')}
              </Menu.Item>
            ) : null}
            {onReport ? (
              <Menu.Item value="report" className={classes.item}>
                <MessageSquareWarning />
                {t('report-open_button')}
              </Menu.Item>
            ) : null}
            <Menu.Item value="sign-out" className={classes.item} disabled={signingOut}>
              <LogOut />
              {signingOut ? t('header-signing_out') : t('header-sign_out')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
