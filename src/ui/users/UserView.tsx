import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CircleAlert, UserX } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { Avatar } from '../components/Avatar';
import { Button } from '../components/Button';
import { CardBody, CardRoot } from '../components/Card';
import { PageLoading } from '../components/PageStatus';
import { MyProfileView, type MyProfileViewProps } from './MyProfileView';

export type UserDetails = {
  _id: string;
  username: string;
  primaryEmail: string;
  role: 'admin' | 'manager' | 'employee';
  emailVerified: boolean;
  profilePicture: { url: string } | null;
  company: { _id: string; name: string } | null;
  createdAt: string;
};

type UserViewProps =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string; onRetry: () => void }
  | { status: 'other'; user: UserDetails }
  | ({ status: 'self' } & MyProfileViewProps);

/** /users/{id}: one's own profile to edit, or another user's card. */
export function UserView(props: UserViewProps) {
  const { t } = useTranslation();
  switch (props.status) {
    case 'loading':
      return <PageLoading />;
    case 'notFound':
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '16', px: '4' })}>
          <UserX size={32} aria-hidden="true" className={css({ color: 'fg.muted' })} />
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('userpage-not_found_title')}</h1>
          <p className={css({ color: 'fg.muted', maxW: 'md' })}>{t('userpage-not_found_text')}</p>
          <Link href="/dashboard" className={cx(button({ variant: 'outline' }), css({ mt: '2' }))}>
            {t('userpage-back_dashboard')}
          </Link>
        </div>
      );
    case 'error':
      return (
        <div role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '16', px: '4' })}>
          <CircleAlert size={32} aria-hidden="true" className={css({ color: 'danger.text' })} />
          <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{t('userpage-load_error_title')}</h1>
          <p className={css({ color: 'fg.muted' })}>{props.message}</p>
          <Button variant="outline" onClick={props.onRetry}>
            {t('page-retry')}
          </Button>
        </div>
      );
    case 'other':
      return <UserCard user={props.user} />;
    case 'self': {
      const { status: _status, ...rest } = props;
      return <MyProfileView {...rest} />;
    }
  }
}

function UserCard({ user }: { user: UserDetails }) {
  const { t, i18n } = useTranslation();
  const since = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(user.createdAt));
  const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '10rem 1fr' }, gap: { base: '0.5', sm: '4' }, py: '2.5', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottom: 'none' } });
  const term = css({ fontSize: 'sm', color: 'fg.muted' });
  const value = css({ fontSize: 'sm', fontWeight: 'medium', m: 0, overflowWrap: 'anywhere' });
  return (
    <CardRoot className={css({ maxW: '2xl' })}>
      <CardBody className={css({ gap: '5' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '4' })}>
          <Avatar name={user.username} src={user.profilePicture?.url} size="lg" />
          <div>
            <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{user.username}</h1>
            <p className={css({ color: 'fg.muted' })}>{t(`role-${user.role}`)}</p>
          </div>
        </div>
        <dl className={css({ m: 0 })}>
          <div className={row}>
            <dt className={term}>{t('dashboard-email')}</dt>
            <dd className={value}>{user.primaryEmail}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('dashboard-company')}</dt>
            <dd className={value}>{user.company ? user.company.name : t('userpage-no_company')}</dd>
          </div>
          <div className={row}>
            <dt className={term}>{t('userpage-member_since')}</dt>
            <dd className={value}>{since}</dd>
          </div>
        </dl>
      </CardBody>
    </CardRoot>
  );
}
