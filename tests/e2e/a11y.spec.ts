import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoSynced, expect, test } from './fixtures';

/**
 * [P] item 8: every screen scanned by axe-core (WCAG 2.x A and AA rules) in light and dark at 1366×768, with a
 * screenshot of each for a person to look at (test-results/, or QUITA_SHOTS: a11y-<screen>-<scheme>.png).
 * No serious or critical violation is allowed, except on Conciliar, which the lead is rebuilding: its findings are
 * written to a11y-elsewhere.json beside the screenshots and reported, not failed on (Início has no exemption
 * since its rebuild, [P] item 4).
 */
const SHOTS = process.env.QUITA_SHOTS ?? 'test-results';
const ELSEWHERE = new Set(['Conciliar']);
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
    // Let the screen's first load settle (lists, counts) before scanning.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    for (const scheme of ['light', 'dark'] as const) found.push(...(await scan(page, screen, scheme)));
    await page.emulateMedia({ colorScheme: 'light' });
  }

  const elsewhere = found.filter((f) => ELSEWHERE.has(f.screen));
  writeFileSync(join(SHOTS, 'a11y-elsewhere.json'), JSON.stringify(elsewhere, null, 2));
  if (elsewhere.length)
    test.info().annotations.push({
      type: 'a11y (Conciliar, reported not failed)',
      description: elsewhere
        .map((f) => `${f.screen} ${f.scheme}: ${f.id} (${f.impact}) ${f.targets[0]}`)
        .join('\n'),
    });
  expect(found.filter((f) => !ELSEWHERE.has(f.screen))).toEqual([]);
});
