import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { toast } from 'styled-system/recipes/toast';
import type { Toast } from '../../machines/notifications.machine';

const icons = { error: CircleAlert, success: CircleCheck, warning: TriangleAlert, info: Info } as const;

type ToasterProps = { toasts: Toast[]; onDismiss: (id: string) => void };

/** Toasts at the top centre; errors are announced assertively. */
export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const { t } = useTranslation();
  return (
    <div className={toast().group} aria-live="polite">
      {toasts.map((item) => {
        const Icon = icons[item.type];
        const classes = toast({ type: item.type });
        return (
          <div key={item.id} className={classes.root} role={item.type === 'error' ? 'alert' : 'status'} data-toast-type={item.type}>
            <span className={classes.icon} aria-hidden="true">
              <Icon size={16} />
            </span>
            <p className={classes.description}>{item.message}</p>
            <button type="button" className={classes.closeTrigger} aria-label={t('common-close')} onClick={() => onDismiss(item.id)}>
              <X />
            </button>
          </div>
        );
      })}
    </div>
  );
}
