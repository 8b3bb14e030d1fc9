import { useState } from 'react';
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { Bell, CheckCheck } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { menu } from 'styled-system/recipes/menu';
import type { components } from '../../../openapi/schema';
import { Button } from '../components/Button';
import { Spinner } from '../components/Spinner';
import { formatDateTime } from '../format';
import { notificationHref, notificationText } from './notification-text';

type Notification = components['schemas']['Notification'];
export type BellState = 'loading' | 'failed' | 'ready' | 'refreshing' | 'marking' | 'markingAll';

export type NotificationBellProps = {
  state: BellState;
  notifications: Notification[];
  unread: number;
  error: string | null;
  /** The popover opened (the app reads the list again) or closed. */
  onOpenChange?: (open: boolean) => void;
  onRead: (id: string) => void;
  onReadAll: () => void;
  onRetry: () => void;
  onNavigate: (href: string) => void;
  /** Stories and tests: the popover open from the start. */
  defaultOpen?: boolean;
};

/** The header's bell: the unread count on it, the newest notifications in a popover. */
export function NotificationBell({ state, notifications, unread, error, onOpenChange, onRead, onReadAll, onRetry, onNavigate, defaultOpen }: NotificationBellProps) {
  const { t, i18n } = useTranslation();
  const classes = menu();
  const label = unread === 0 ? t('alerts-bell_none') : t('alerts-bell_unread', { count: unread });
  const [open, setOpen] = useState(defaultOpen ?? false);
  return (
    <Popover.Root
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        onOpenChange?.(details.open);
      }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger className={cx(button({ variant: 'ghost', size: 'sm' }), css({ position: 'relative', px: '2' }))} aria-label={label} title={label}>
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="bell-count"
            className={css({
              position: 'absolute',
              top: '0.5',
              insetEnd: '0.5',
              minW: '4',
              h: '4',
              px: '1',
              borderRadius: 'full',
              bg: 'danger.default',
              color: 'danger.fg',
              fontSize: '[0.625rem]',
              fontWeight: 'semibold',
              lineHeight: '1',
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
            })}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner className={classes.positioner}>
          <Popover.Content
            aria-label={t('alerts-title')}
            className={cx(
              classes.content,
              css({
                w: { base: '[calc(100vw - 2rem)]', sm: '96' },
                maxH: '[70vh]',
                p: '0',
              }),
            )}
          >
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '2',
                px: '3',
                py: '2',
                borderBottomWidth: '1px',
                borderColor: 'border.default',
              })}
            >
              <Popover.Title
                className={css({
                  fontWeight: 'semibold',
                  fontSize: 'sm',
                  me: 'auto',
                })}
              >
                {t('alerts-title')}
              </Popover.Title>
              {state === 'refreshing' || state === 'markingAll' ? <Spinner size="sm" label={t('alerts-refreshing')} /> : null}
              <Button variant="ghost" size="sm" disabled={unread === 0 || state !== 'ready'} onClick={onReadAll}>
                <CheckCheck aria-hidden="true" />
                {t('alerts-read_all_action')}
              </Button>
            </div>
            {state === 'loading' ? (
              <p
                className={css({
                  p: '4',
                  fontSize: 'sm',
                  color: 'fg.muted',
                  display: 'flex',
                  alignItems: 'center',
                  gap: '2',
                })}
              >
                <Spinner size="sm" label={t('alerts-loading')} />
                {t('alerts-loading')}
              </p>
            ) : state === 'failed' ? (
              <div
                role="alert"
                className={css({
                  p: '4',
                  fontSize: 'sm',
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '2',
                  alignItems: 'flex-start',
                })}
              >
                <span>{error ?? t('alerts-failed')}</span>
                <Button variant="outline" size="sm" onClick={onRetry}>
                  {t('alerts-retry')}
                </Button>
              </div>
            ) : notifications.length === 0 ? (
              <p className={css({ p: '4', fontSize: 'sm', color: 'fg.muted' })}>{t('alerts-empty')}</p>
            ) : (
              <ul
                className={css({
                  listStyle: 'none',
                  m: '0',
                  p: '1',
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '0.5',
                  overflowY: 'auto',
                })}
              >
                {notifications.map((n) => {
                  const href = notificationHref(n);
                  return (
                    <li key={n._id}>
                      <a
                        href={href}
                        data-unread={n.readAt === null ? '' : undefined}
                        onClick={(event) => {
                          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                          event.preventDefault();
                          if (n.readAt === null) onRead(n._id);
                          setOpen(false);
                          onOpenChange?.(false);
                          onNavigate(href);
                        }}
                        className={css({
                          display: 'flex',
                          gap: '2',
                          px: '2.5',
                          py: '2',
                          borderRadius: 'sm',
                          textDecoration: 'none',
                          color: 'fg.default',
                          fontSize: 'sm',
                          _hover: { bg: 'bg.subtle' },
                          _focusVisible: { bg: 'bg.subtle' },
                        })}
                      >
                        <span
                          aria-hidden="true"
                          className={css({
                            flexShrink: 0,
                            mt: '1.5',
                            w: '2',
                            h: '2',
                            borderRadius: 'full',
                            bg: n.readAt === null ? 'accent.default' : 'transparent',
                          })}
                        />
                        <span
                          className={css({
                            display: 'flex',
                            flexDirection: 'column',
                            gap: '0.5',
                          })}
                        >
                          <span
                            className={css({
                              fontWeight: n.readAt === null ? 'medium' : 'normal',
                            })}
                          >
                            {n.readAt === null ? <span className={css({ srOnly: true })}>{t('alerts-unread')} : </span> : null}
                            {notificationText(t, n, i18n.language)}
                          </span>
                          <time
                            dateTime={n.createdAt}
                            className={css({
                              fontSize: 'xs',
                              color: 'fg.muted',
                            })}
                          >
                            {formatDateTime(n.createdAt, i18n.language)}
                          </time>
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
            {error && state !== 'failed' ? (
              <p
                role="status"
                className={css({
                  px: '3',
                  py: '2',
                  fontSize: 'xs',
                  color: 'danger.text',
                  borderTopWidth: '1px',
                  borderColor: 'border.default',
                })}
              >
                {error}
              </p>
            ) : null}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
