import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Clock, MailCheck } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { CardBody, CardRoot } from '../components/Card';

const tones = {
  success: { Icon: CircleCheck, className: css({ color: 'success.text', bg: 'success.subtle' }) },
  sent: { Icon: MailCheck, className: css({ color: 'accent.text', bg: 'accent.subtle' }) },
  expired: { Icon: Clock, className: css({ color: 'warning.text', bg: 'warning.subtle' }) },
  error: { Icon: CircleAlert, className: css({ color: 'danger.text', bg: 'danger.subtle' }) },
} as const;

type AccountStatusCardProps = {
  tone: keyof typeof tones;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
};

/** The outcome of an email link or a form (sent, done, expired, invalid), with what to do next. */
export function AccountStatusCard({ tone, title, children, actions }: AccountStatusCardProps) {
  const { Icon, className } = tones[tone];
  return (
    <CardRoot>
      <CardBody className={css({ alignItems: 'center', textAlign: 'center', gap: '3', py: '8' })}>
        <span className={cx(css({ w: '12', h: '12', borderRadius: 'full', display: 'grid', placeItems: 'center' }), className)} aria-hidden="true">
          <Icon size={24} />
        </span>
        <h1 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{title}</h1>
        {children ? <div className={css({ color: 'fg.muted', display: 'flex', flexDirection: 'column', gap: '2' })}>{children}</div> : null}
        {actions ? <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', mt: '2', w: 'full' })}>{actions}</div> : null}
      </CardBody>
    </CardRoot>
  );
}
