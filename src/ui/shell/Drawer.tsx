import type { ReactNode } from 'react';
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { cx } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { drawer } from 'styled-system/recipes/drawer';

type DrawerProps = {
  open: boolean;
  placement: 'left' | 'right';
  className?: string;
  /** Already translated: the drawer names itself after the view it shows. */
  title: string;
  onClose: () => void;
  children: ReactNode;
};

/** The side drawer, fully controlled by the drawer statechart; Ark handles focus and Escape. */
export function Drawer({ open, placement, className, title, onClose, children }: DrawerProps) {
  const { t } = useTranslation();
  const classes = drawer({ placement });
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => (next ? undefined : onClose())} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={classes.backdrop} />
        <Dialog.Positioner className={classes.positioner}>
          <Dialog.Content className={cx(classes.content, className)}>
            <div className={classes.header}>
              <Dialog.Title className={classes.title}>{title}</Dialog.Title>
              <Dialog.CloseTrigger className={cx(classes.closeTrigger, button({ variant: 'ghost', size: 'icon' }))} aria-label={t('drawer-close')}>
                <X aria-hidden="true" />
              </Dialog.CloseTrigger>
            </div>
            <div className={classes.body}>{children}</div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
