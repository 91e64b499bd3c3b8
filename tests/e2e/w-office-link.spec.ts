import { expect, shoot, test } from './fixtures';

/**
 * [W] Configurações → Servidor do escritório (issue 34 item 4): only the installed app shows it. The browser host is
 * not the desktop app, so there the panel must be absent (asserted for real). The desktop app's window cannot run
 * here (no Electron binary), so the panel is shot with the page's bridge reporting `mode: 'desktop'` and the
 * office.link answers stubbed — named so: these shots check the screen's words and layout, not the link (the core
 * and the window's rules have their own tests: src/core/office-link, src/main/office-link.test.ts).
 */
test('Servidor do escritório: absent in the browser mode', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Conexões (uma por filial)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Servidor do escritório' })).toHaveCount(0);
});

test('Servidor do escritório (shots, desktop mode simulated): test a self-signed server, compare, connect', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const fp = Array.from({ length: 32 }, (_, i) => ((i * 37 + 11) % 256).toString(16).padStart(2, '0'))
    .join(':')
    .toUpperCase();
  // The bridge defines window.api once, frozen: the same object, seen as the desktop app's.
  await page.addInitScript(() => {
    const define = Object.defineProperty;
    Object.defineProperty = function (target: object, key: PropertyKey, desc: PropertyDescriptor) {
      if (target === globalThis && key === 'api' && desc.value)
        desc = { ...desc, value: Object.freeze({ ...(desc.value as object), mode: 'desktop' }) };
      return define(target, key, desc);
    } as typeof Object.defineProperty;
  });
  let linked: { url: string; fingerprint: string | null } | null = null;
  await page.route('**/api/commands/office.link.*', async (route) => {
    const name = route.request().url().split('/').pop();
    const input = route.request().postDataJSON() as { url: string | null; fingerprint?: string | null };
    const value =
      name === 'office.link.get'
        ? linked
        : name === 'office.link.test'
          ? { fingerprint: fp, trusted: input.fingerprint === fp, healthy: input.fingerprint === fp }
          : (linked = input.url ? { url: input.url, fingerprint: input.fingerprint ?? null } : null);
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value }) });
  });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  const panel = page.locator('section.office-link');
  await expect(panel.getByRole('heading', { name: 'Servidor do escritório' })).toBeVisible();
  await panel.getByLabel('Endereço do servidor').fill('https://quita.escritorio.local:8443/');
  await panel.getByRole('button', { name: 'Testar' }).click();
  await expect(panel.getByText(`O servidor mostrou o certificado ${fp}.`)).toBeVisible();
  await expect(panel.getByText(/não é reconhecido por este computador/)).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'w-office-link-untrusted');
  await panel.getByLabel('Impressão digital do certificado (SHA-256)').fill(fp);
  await panel.getByRole('button', { name: 'Testar' }).click();
  await expect(
    panel.getByText('Certificado confere e o servidor do Quita respondeu. Pode conectar.'),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Conectar a este servidor' }).click();
  await expect(panel.getByRole('status').last()).toHaveText(
    'Conectado a https://quita.escritorio.local:8443/. Feche e abra o Quita para entrar no servidor.',
  );
  await expect(
    panel.getByText('Este aplicativo abre o servidor https://quita.escritorio.local:8443/.'),
  ).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'w-office-link-connected');
});
