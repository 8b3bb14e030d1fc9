import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Inspect } from './inspect';
import { FormErrorFocus } from './form-error-focus';
import { NotificationsContext, NotificationsOutlet } from './notifications';
import { AppRoutes } from './routes';
import { ServicesProvider, type Services } from './services';
import { SessionProvider } from './session';

type AppProps = { i18n: I18n; services: Services; inspect?: Inspect };

export function App({ i18n, services, inspect }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <NotificationsContext.Provider options={inspect ? { inspect } : undefined}>
          <SessionProvider inspect={inspect}>
            <AppRoutes />
          </SessionProvider>
          <NotificationsOutlet />
          <FormErrorFocus />
        </NotificationsContext.Provider>
      </ServicesProvider>
    </I18nextProvider>
  );
}
