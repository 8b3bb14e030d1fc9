import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';

type Catalogue = Record<string, string>;
const catalogue = (lng: 'fr' | 'en'): Catalogue => JSON.parse(readFileSync(`locales/${lng}/translation.json`, 'utf8'));
export const fr = catalogue('fr');
export const en = catalogue('en');

/** A fresh identity per test, so tests never depend on each other's accounts. */
export const newUser = (tag: string) => {
  const id = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  return { username: `Marie ${id.slice(-5)}`, email: `${id}@exemple.fr`, password: 'Appel-d-offres-2026' };
};

/** Fails on any WCAG 2.x A/AA violation, listing each with its first target. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ')} — ${v.help}`);
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string, remember = false) {
  await page.goto('/sign-in');
  await page.getByLabel(fr['signin-email']!).fill(email);
  await page.getByLabel(fr['signin-password']!, { exact: true }).fill(password);
  if (remember) await page.getByLabel(fr['signin-remember']!).check();
  await page.getByRole('button', { name: fr['signin-submit'] }).click();
}

export const test = base;
export { expect };
