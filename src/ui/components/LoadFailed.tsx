import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

/** What could not load (a page, a list, a panel): its title, the server's sentence, and a retry. */
export function LoadFailed({ title, message, onRetry, titleAs }: { title: string; message?: string | null; onRetry: () => void; titleAs?: 'h1' | 'p' }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      tone="danger"
      role="alert"
      titleAs={titleAs}
      icon={<CircleAlert size={22} />}
      title={title}
      description={message ?? undefined}
      actions={
        <Button variant="outline" onClick={onRetry}>
          {t('page-retry')}
        </Button>
      }
    />
  );
}
