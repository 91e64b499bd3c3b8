import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoSynced, expect, test } from './fixtures';

/**
 * [P] item 8: every screen scanned by axe-core (WCAG 2.x A and AA rules) in light and dark at 1366×768, with a
 * screenshot of each for a person to look at (test-results/, or QUITA_SHOTS: a11y-<screen>-<scheme>.png).
 * No serious or critical violation is allowed on any screen (Início and Conciliar lost their exemptions when
 * they were rebuilt, [P] item 4 and [M]); Conciliar is also scanned with its set-aside form and its rules open.
 */
const SHOTS = process.env.QUITA_SHOTS ?? 'test-results';
const SCREENS = [
  'Início',
  'Sincronizar',
  'Importar',
  'Conciliar',
  'Enviar',
  'Auditoria',
  'Inadimplentes',
  'Localidades',
  'Configurações',
  'Ajuda',
] as const;

interface Found {
  screen: string;
  scheme: string;
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
  /** axe's own words for the first element: what to fix. */
  summary: string | undefined;
}

async function scan(page: Page, screen: string, scheme: 'light' | 'dark'): Promise<Found[]> {
  await page.emulateMedia({ colorScheme: scheme });
  const file = screen
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  await page.screenshot({ path: join(SHOTS, `a11y-${file}-${scheme}.png`) });
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      scheme,
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 8).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary,
    }));
}

test('every screen, light and dark: no serious or critical axe-core violation', async ({ page, host }) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // The first screen, before any branch.
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Quita' })).toBeVisible();
  const found: Found[] = [];
  for (const scheme of ['light', 'dark'] as const)
    found.push(...(await scan(page, 'Primeira execução', scheme)));
  await page.emulateMedia({ colorScheme: 'light' });

  // The demo branch, synced, with a statement imported: every screen has something on it.
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.getByRole('button', { name: 'OFX' }).click();
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });

  for (const screen of SCREENS) {
    await nav.getByRole('button', { name: screen, exact: true }).click();
    await expect(nav.getByRole('button', { name: screen, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Let the screen's first load settle (lists, counts) before scanning: no request in flight, nothing loading.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Carregando…')).toHaveCount(0);
    for (const scheme of ['light', 'dark'] as const) found.push(...(await scan(page, screen, scheme)));
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // Conciliar's workspace with its dialogs open: the set-aside form (key D), then the rules.
  await nav.getByRole('button', { name: 'Conciliar', exact: true }).click();
  // A line whose money the EVO already recorded offers no "deixar de lado" ([T] item 2): take one still to decide.
  // (Not the first of "Todos" that is not "já no EVO": the list draws only the rows in view, and pinned to
  // 2026-12-31 every one of those was already in the EVO.)
  await page.getByRole('tab', { name: /^A decidir/ }).click();
  await page.locator('.vlist-row').filter({ hasNotText: 'já no EVO' }).first().click();
  await page.locator('.reconcile-grid').press('d');
  await expect(page.getByRole('form', { name: 'Deixar de lado este lançamento' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const)
    found.push(...(await scan(page, 'Conciliar, deixar de lado', scheme)));
  await page.getByRole('button', { name: /^Regras \(\d+\)$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Regras para deixar de lado' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const)
    found.push(...(await scan(page, 'Conciliar, regras', scheme)));
  await page.emulateMedia({ colorScheme: 'light' });

  writeFileSync(join(SHOTS, 'a11y-found.json'), JSON.stringify(found, null, 2));
  expect(found).toEqual([]);
});
