/**
 * [J] The card components as the clerk will see them, light and dark at 1366×768, with the app's own
 * stylesheet: a card credit as its sales (CardSales, which the lead mounts in Conciliar) and the learned fees
 * table of Configurações (CardFeesTable), rendered with the real pt-BR texts by
 * src/renderer/src/components/reconcile/cards-look.render.ts; then the live Settings panel through the host.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, shoot, test } from './fixtures';

test('card sales of a deposit and the learned card fees, light and dark', async ({ page }) => {
  const render = spawnSync(
    'node_modules/.bin/tsx',
    ['--tsconfig', 'tsconfig.web.json', 'src/renderer/src/components/reconcile/cards-look.render.ts'],
    {
      encoding: 'utf8',
    },
  );
  expect(render.status, render.stderr).toBe(0);
  const html = render.stdout;
  const css = readFileSync('src/renderer/src/styles.css', 'utf8');
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.setContent(
    `<!DOCTYPE html><html lang="pt-BR" data-theme="system"><head><style>${css}</style></head><body>${html}</body></html>`,
  );
  await expect(page.getByText('Vendas deste depósito de cartão (4)')).toBeVisible();
  await expect(page.getByText('Taxa do adquirente: R$ 13,54 (2,88% do bruto)')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Crédito antecipado' })).toBeVisible();
  await shoot(page, 'j-card-sales-and-fees');
});

test('Configurações shows the learned card fees panel (none yet on a fresh demo branch)', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.getByRole('region', { name: 'Taxas de cartão aprendidas' });
  await expect(panel).toContainText(
    'Nenhuma taxa aprendida ainda: aprove alguns depósitos de cartão em Conciliar.',
  );
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'j-settings-card-fees');
});
