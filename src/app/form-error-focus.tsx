import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { focusFirstInvalid } from '../ui/forms/first-invalid';
import { useAnnounce } from './notifications';

/**
 * Every form of the app, once: after a submit its checks refused, the focus goes to the first
 * invalid field and the number of errors is announced (WCAG 3.3.1, 4.1.3). The forms render their
 * errors in the submit's own update; the check runs once React has committed it.
 */
export function FormErrorFocus() {
  const { t } = useTranslation();
  const announce = useAnnounce();
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      clearTimeout(pending);
      pending = setTimeout(() => {
        if (!form.isConnected) return;
        const count = focusFirstInvalid(form);
        if (count > 0) announce(t('a11y-form_errors', { count }));
      });
    };
    document.addEventListener('submit', onSubmit);
    return () => {
      clearTimeout(pending);
      document.removeEventListener('submit', onSubmit);
    };
  }, [announce, t]);
  return null;
}
