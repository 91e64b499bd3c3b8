import { join } from 'node:path';
import { expect, test } from './fixtures';

/** Screenshots for a person to look at (light and dark): test-results/, or QUITA_SHOTS when set. */
const SHOTS = process.env.QUITA_SHOTS ?? 'test-results';

test('Configurações → Atualizações: the browser mode says it does not update itself', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.getByRole('region', { name: 'Atualizações' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Versão instalada: 0.1.0');
  await expect(panel.getByRole('status')).toHaveText(/^No modo navegador o Quita não se atualiza sozinho/);
  await expect(panel.getByLabel('Endereço de atualizações')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'updates-browser-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SHOTS, 'updates-browser-dark.png') });
});

test('Configurações → Atualizações in the desktop app: address refused in Portuguese, then a downloaded version', async ({
  page,
  host,
}) => {
  // The browser host has no updater: the desktop app's answers are played here to show its screen.
  const desktop = {
    version: '0.1.0',
    state: 'not_configured',
    unsupported: null,
    feedUrl: null as string | null,
    available: null as string | null,
    percent: null,
    lastCheck: null as string | null,
    error: null,
    installOnQuit: false,
  };
  await page.route('**/api/commands/app.update.status', (route) =>
    route.fulfill({ json: { ok: true, value: desktop } }),
  );
  await page.route('**/api/commands/app.update.setFeed', async (route) => {
    const { url } = route.request().postDataJSON() as { url: string };
    if (!url.startsWith('https://'))
      return route.fulfill({
        json: {
          ok: false,
          error: {
            kind: 'validation',
            message: 'The update address must start with https://.',
            code: 'update.feed_https',
            field: 'url',
          },
        },
      });
    Object.assign(desktop, {
      feedUrl: url.endsWith('/') ? url : `${url}/`,
      state: 'downloaded',
      available: '0.2.0',
      lastCheck: '2026-11-24T13:05:00.000Z',
      installOnQuit: true,
    });
    return route.fulfill({ json: { ok: true, value: desktop } });
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.getByRole('region', { name: 'Atualizações' });
  await expect(panel.getByRole('status').first()).toHaveText(
    'Nenhum endereço de atualizações configurado nesta instalação.',
  );
  const field = panel.getByLabel('Endereço de atualizações');
  await field.fill('http://atualizacoes.rede.com.br/quita');
  await panel.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(panel.getByRole('alert')).toHaveText('O endereço precisa começar com https://.');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'updates-refused-light.png') });
  await field.fill('https://atualizacoes.rede.com.br/quita');
  await panel.getByRole('button', { name: 'Salvar endereço' }).click();
  await expect(panel.getByText('Endereço salvo.')).toBeVisible();
  await expect(panel.getByRole('status').first()).toHaveText(
    'A versão 0.2.0 foi baixada. Ela será instalada quando você fechar o Quita.',
  );
  await expect(field).toHaveValue('https://atualizacoes.rede.com.br/quita/');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SHOTS, 'updates-downloaded-dark.png') });
});
