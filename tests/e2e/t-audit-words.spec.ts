import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { demoSynced, expect, shoot, test } from './fixtures';

const fixture = (dir: string, name: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(join('tests/fixtures', dir, name)),
});

/**
 * [T] item 4, the audit part: Auditoria speaks the clerk's language. A boleto return file and a card sales file
 * imported through Importar are each named as what they are (not "Extrato importado"), what each entry is about
 * is said in words (never `return_file:1`), who did it reads "…, pelo navegador" (never "(browser)"), a theme
 * change is not an act on the branch's money or data and leaves no entry, and the verification says what it
 * means, the anchor's hash only behind a disclosure.
 */
test('Auditoria: each kind of file in its own words, subjects and people in words, no theme entry', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);

  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.locator('input[type=file]').setInputFiles(fixture('cnab', 'flow-itau-400-day.ret'));
  await page.getByRole('button', { name: /^Importar o arquivo retorno/ }).click({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo retorno importado:/ })).toBeVisible({
    timeout: 30_000,
  });
  await page
    .locator('input[type=file]')
    .setInputFiles(fixture('acquirer', 'cielo-04-pagamentos-crlf-stripped.txt'));
  await page.getByRole('button', { name: /^Importar o arquivo de vendas/ }).click({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo de vendas importado:/ })).toBeVisible({
    timeout: 30_000,
  });

  // The clerk tries the dark theme and goes back: nothing about the branch's money or data.
  await page.getByLabel('Tema').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel('Tema').selectOption('system');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');

  await nav.getByRole('button', { name: 'Auditoria' }).click();
  const log = page.getByRole('table', { name: 'Registro de auditoria' });
  await expect(log).toContainText('Sincronização concluída');
  await page.getByRole('button', { name: 'Verificar integridade' }).click();
  const verdict = page.getByRole('status').filter({ hasText: 'A auditoria está íntegra' });
  await expect(verdict).toBeVisible();
  await shoot(page, 't-audit');

  // Each kind of file in its own words, and what it is about by name.
  await expect(log).toContainText('Arquivo retorno importado');
  await expect(log).toContainText('Arquivo de vendas do cartão importado');
  await expect(log).not.toContainText('Extrato importado');
  await expect(log).toContainText('Arquivo retorno flow-itau-400-day.ret');
  await expect(log).toContainText('Arquivo de vendas do cartão cielo-04-pagamentos-crlf-stripped.txt');
  await expect(log).not.toContainText(/\b[a-z_]+:\d+\b/);
  // Who, in words.
  await expect(log).toContainText(/, pelo navegador/);
  await expect(log).not.toContainText(/\((browser|desktop|cli)\)/);
  // No theme entry: a theme is not an act on the branch.
  await expect(log).not.toContainText('Configuração alterada');
  await expect(log).not.toContainText(/preferências do Quita/i);

  // The verification in the clerk's words; the anchor's hash kept for whoever opens the technical details.
  await expect(verdict.locator('p').first()).toHaveText(
    /^A auditoria está íntegra: \d+ registros conferidos, o último em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./,
  );
  await expect(verdict.getByText(/cópia de conferência/)).toBeVisible();
  // [T] the check copy in words, its hash labelled for whoever needs it (never “Âncora … cabeça 7d8f…”).
  const hash = verdict.getByText(/código de conferência \(hash\) do último registro: [0-9a-f]{64}/);
  await expect(hash).toBeHidden();
  await verdict.getByText('Detalhes técnicos').click();
  await expect(hash).toBeVisible();
  await shoot(page, 't-audit-details');
  // The screen as it is now (verification and its details open), light and dark: no serious or critical
  // axe-core violation (a11y.spec.ts scans it closed).
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
      scheme,
    ).toEqual([]);
  }
});
