import { createContext, useContext, type ReactNode } from 'react';
import type { AuthState } from '../api/auth-state';
import type { Operations } from './operations';

export type Services = { auth: AuthState; operations: Operations };

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
