// The environment is read in one place (issue 27): every variable the server reads is in the
// README's Configuration table and the other way round, and a wrong value stops the start with
// every problem named.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tuning, VARIABLES } from '../../server/config';

const readme = readFileSync('README.md', 'utf8');
const configuration = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
};

describe('the server\u2019s environment', () => {
  it('is listed in the README, each variable the server reads and none it does not', () => {
    const documented = new Set([...configuration.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`/g)].map((m) => m[1]!));
    expect(VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !(VARIABLES as readonly string[]).includes(name))).toEqual([]);
  });

  it('starts with the defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', jwtExpiresIn: '7d', demo: false, trustProxy: false, publicUrl: 'http://localhost:8080', alertsIntervalMs: 900_000, llm: null, stripe: null, sourcingFetch: null });
    expect(config.sourcingConnectors?.enabled).toEqual(['boamp', 'ted', 'decp']);
    expect(loadConfig({}, ['--demo']).sourcingConnectors).toBeNull();
  });

  it('reads what is set', () => {
    const config = loadConfig({ PORT: '9000', DEMO: '1', MAX_UPLOAD_MB: '20', LOGIN_LIMIT_PER_EMAIL: '3', LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x' });
    expect(config).toMatchObject({ port: 9000, demo: true, maxUploadBytes: 20 * 1024 * 1024, loginLimits: { perEmail: 3 }, llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen2.5', apiKey: 'no-key' }, databaseUrl: 'postgres://postgres@127.0.0.1:5432/x', publicUrl: 'http://localhost:9000' });
  });

  it('names every wrong value at once, not the first only', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      JWT_SECRET: 'short',
      LOG_LEVEL: 'verbose',
      MAX_UPLOAD_MB: '-1',
      TRUST_PROXY: 'yes',
      PUBLIC_URL: 'soumissio.example',
      DATABASE_URL: 'mysql://root@localhost/x',
      LOGIN_LIMIT_PER_IP: '2.5',
      SOURCING_CONNECTORS: 'boamp,sam',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_API_URL: 'ftp://stripe',
      BILLING_SELLER: '{legalName:',
      EXTRACTION_TOOLS: 'poppler',
    });
    for (const name of ['PORT', 'JWT_SECRET', 'LOG_LEVEL', 'MAX_UPLOAD_MB', 'TRUST_PROXY', 'PUBLIC_URL', 'DATABASE_URL', 'LOGIN_LIMIT_PER_IP', 'SOURCING_CONNECTORS', 'STRIPE_API_URL', 'BILLING_SELLER', 'EXTRACTION_TOOLS']) {
      expect(problems.filter((p) => p.startsWith(`${name}:`)), name).toHaveLength(1);
    }
    expect(problems).toHaveLength(12);
  });

  it('asks a fleet’s processes for the secret they share', () => {
    expect(problemsOf({ SOUMISSIO_ROLE: 'api' })).toEqual(['JWT_SECRET: required with SOUMISSIO_ROLE=api, the same for every process of the installation']);
    expect(problemsOf({ SOUMISSIO_ROLE: 'worker', JWT_SECRET: 'x'.repeat(40) })).toEqual([]);
    expect(problemsOf({ SOUMISSIO_ROLE: 'everything' })[0]).toMatch(/^SOUMISSIO_ROLE: all .* not everything$/);
  });

  it('reads the knobs when they are used, falling back to their defaults', () => {
    expect(tuning.extractionChildren({ EXTRACTION_CHILDREN: '3' })).toBe(3);
    expect(tuning.extractionChildren({})).toBe(1);
    expect(tuning.chatIndexCacheBytes({ CHAT_INDEX_CACHE_MB: '8' })).toBe(8 * 1024 * 1024);
    expect(tuning.chatIndexCacheBytes({})).toBeUndefined();
    expect(tuning.soffice({})).toBe('/usr/bin/soffice');
  });
});
