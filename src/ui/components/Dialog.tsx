import type { ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { dialog, type DialogVariantProps } from 'styled-system/recipes/dialog';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';

type DialogProps = DialogVariantProps & {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
};

/** A modal controlled from outside; Ark traps focus, restores it, and closes on Escape. */
export function Dialog({ open, onClose, title, description, children, footer, size, role = 'dialog' }: DialogProps) {
  const { t } = useTranslation();
  const classes = dialog({ size });
  return (
    <ArkDialog.Root open={open} onOpenChange={({ open: next }) => (next ? undefined : onClose())} lazyMount unmountOnExit role={role}>
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content className={classes.content}>
            <div className={classes.header}>
              <ArkDialog.Title className={classes.title}>{title}</ArkDialog.Title>
              {description ? <ArkDialog.Description className={classes.description}>{description}</ArkDialog.Description> : null}
            </div>
            {children ? <div className={classes.body}>{children}</div> : null}
            {footer ? <div className={classes.footer}>{footer}</div> : null}
            <ArkDialog.CloseTrigger className={cx(classes.closeTrigger, button({ variant: 'ghost', size: 'icon' }))} aria-label={t('dialog-close')}>
              <X aria-hidden="true" />
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action that cannot be undone lightly; stays open with the server's message when it fails. */
export function ConfirmDialog({ open, title, description, confirmLabel, danger, busy, error, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={busy ? () => undefined : onClose}
      role="alertdialog"
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('dialog-cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'solid'} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {busy ? <Spinner size="sm" label={t('common-loading')} /> : null}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <Alert status="error">{error}</Alert> : null}
    </Dialog>
  );
}
