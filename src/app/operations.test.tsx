import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createAuthState } from '../api/auth-state';
import { createApi } from '../api/client';
import { createListMachine } from '../machines/list.machine';
import { createOperations, unlessAborted } from './operations';
import { useList } from './use-list';

/** A fetch that answers after a moment and, like the browser's, rejects when its signal aborts. */
function slowFetch(calls: string[]): typeof fetch {
  return (input) => {
    const request = input as Request;
    calls.push(request.url);
    return new Promise((resolve, reject) => {
      if (request.signal.aborted) return reject(new DOMException('signal is aborted without reason', 'AbortError'));
      const timer = setTimeout(() => resolve(Response.json({ count: 1, totalPages: 1, companies: [{ _id: 'c1', name: 'Durand Bâtiment SAS' }] })), 20);
      request.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('signal is aborted without reason', 'AbortError'));
      });
    });
  };
}

const companiesMachine = createListMachine<{ _id: string; name: string }, Record<string, string>>('listCompanies', {});

function Companies({ operations }: { operations: ReturnType<typeof createOperations> }) {
  const { list } = useList(companiesMachine, operations.listCompanies as never);
  if (list.state === 'failure') return <p>Erreur : {list.error}</p>;
  return <p>{list.items.map((c) => c.name).join(', ') || 'Chargement…'}</p>;
}

describe('operations', () => {
  it('load a list under React strict mode, which stops and restarts every statechart once', async () => {
    const calls: string[] = [];
    const api = createApi({ getLanguage: () => 'fr', translate: (key) => key, auth: createAuthState(), baseUrl: 'http://api.test', fetch: slowFetch(calls) });
    const operations = createOperations(async () => api);
    render(
      <StrictMode>
        <Companies operations={operations} />
      </StrictMode>,
    );
    expect(await screen.findByText('Durand Bâtiment SAS')).toBeTruthy();
    expect(screen.queryByText(/Erreur/)).toBeNull();
  });

  it('never settle a call whose signal was aborted, and pass on every other failure', async () => {
    const controller = new AbortController();
    const aborted = unlessAborted(controller.signal, () => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    const outcome = await Promise.race([aborted.then(() => 'settled', () => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 30))]);
    expect(outcome).toBe('pending');
    await expect(unlessAborted(new AbortController().signal, () => Promise.reject(new Error('500')))).rejects.toThrow('500');
  });
});
