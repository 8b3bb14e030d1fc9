import '@fontsource-variable/inter';
import '../ui/theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Inspect } from './inspect';
import { createAuthState } from '../api/auth-state';
import type { Api } from '../api/client';
import { createI18n } from '../i18n/i18n';
import { App } from './App';
import { createOperations } from './operations';

const backendUrl = import.meta.env.VITE_BACKEND_URL ?? '';

async function start() {
  let inspect: Inspect | undefined;
  // Development only, behind a flag: the dynamic import keeps the inspector out of production.
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === '1') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect;
  }
  const i18n = await createI18n({ backendUrl });
  const auth = createAuthState();
  let api: Promise<Api> | undefined;
  const loadApi = () =>
    (api ??= import('../api/client').then(({ createApi }) =>
      createApi({ baseUrl: backendUrl, auth, getLanguage: () => i18n.resolvedLanguage ?? 'fr', translate: (key) => i18n.t(key) }),
    ));
  const services = { auth, operations: createOperations(loadApi) };
  // Every call carries the language (Accept-Language); a signed-in read records it for the emails
  // sent later without a request (alerts, digests). A switch in the header tells the server at once.
  i18n.on('languageChanged', () => {
    if (auth.getToken()) void loadApi().then((client) => client.client.GET('/api/users/profile').catch(() => undefined));
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18n={i18n} services={services} inspect={inspect} />
    </StrictMode>,
  );
}

void start();
