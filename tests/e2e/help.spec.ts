import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { command, demoSynced, expect, shoot, test } from './fixtures';

/**
 * [T] item 9: Ajuda, the last item of the menu, on the demo branch: this Quita's version and where its data and
 * log are (each copied with one click), how its keys are kept in words, Conciliar's shortcuts (the same texts as
 * its `?` panel), the files Importar reads, and what to do when something goes wrong — all in Portuguese.
 */
/** What the page's clipboard holds (in the page, globalThis is the window: these tests compile without the DOM). */
const clipboardText = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText: () => Promise<string> } } }
    ).navigator.clipboard.readText(),
  );

const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

test('Ajuda: version, paths to copy, shortcuts and files in Portuguese; then in English', async ({
  page,
  host,
  context,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);

  // The last item of the menu.
  const items = nav.getByRole('button');
  await expect(items.last()).toHaveText('Ajuda');
  await items.last().click();
  await expect(items.last()).toHaveAttribute('aria-current', 'page');
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible();

  // Sobre: what app.info says, in words.
  const info = await command<{ dataDir: string; logFile: string | null }>(page, 'app.info', {});
  expect(info.dataDir).toBe(host.dataDir);
  expect(info.logFile).toBeTruthy();
  const about = page.getByRole('region', { name: 'Sobre o Quita' });
  await expect(about.locator('.help-version')).toHaveText(version);
  await expect(about).toContainText('No navegador: o Quita roda neste computador e aparece nesta aba.');
  await expect(about.locator('code')).toHaveText([info.dataDir, info.logFile!]);
  await expect(about).toContainText('os detalhes dela ficam guardados neste arquivo');
  await expect(about).toContainText(
    'As chaves de integração guardadas aqui são cifradas com um arquivo de chave',
  );

  // The page as the clerk first sees it (top), and its end.
  await shoot(page, 't-help');
  await page.getByRole('heading', { name: 'Quando algo der errado' }).scrollIntoViewIfNeeded();
  await shoot(page, 't-help-end');
  await about.scrollIntoViewIfNeeded();

  // “Copiar caminho” puts the path on the clipboard and says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: host.origin });
  const copyLog = about.getByRole('button', { name: 'Copiar caminho do arquivo de registro' });
  await expect(copyLog).toHaveText('Copiar caminho');
  await copyLog.click();
  await expect(about.getByRole('status').filter({ hasText: 'Caminho copiado.' })).toBeVisible();
  expect(await clipboardText(page)).toBe(info.logFile);
  await about.getByRole('button', { name: 'Copiar caminho da pasta dos dados' }).click();
  await expect.poll(() => clipboardText(page)).toBe(info.dataDir);

  // Conciliar's shortcuts, in its own words.
  const shortcuts = page.getByRole('region', { name: 'Atalhos de teclado' });
  await expect(shortcuts.locator('dl > div')).toHaveCount(13);
  await expect(shortcuts).toContainText('aprovar o lançamento (ou os selecionados)');
  await expect(shortcuts).toContainText('deixar de lado (com motivo; pode virar regra)');
  await expect(shortcuts.locator('kbd', { hasText: 'Espaço' })).toBeVisible();

  // What Quita reads, and what to do when something goes wrong.
  const reads = page.getByRole('region', { name: 'O que o Quita lê' });
  await expect(reads.getByRole('listitem')).toHaveText([
    /^Extrato do banco: OFX, XLSX/,
    /^Arquivo retorno de boletos: /,
    /^Arquivo de vendas do cartão: .*Cielo/,
  ]);
  await expect(reads).toContainText('Enviar marca os recebíveis como pagos no EVO só depois do seu clique');
  const trouble = page.getByRole('region', { name: 'Quando algo der errado' });
  await expect(trouble.getByRole('listitem')).toHaveCount(4);
  await expect(trouble).toContainText('Nada é enviado duas vezes ao EVO');

  // Nothing in English, no code, no environment variable.
  const text = (await main.innerText()).toLowerCase();
  for (const word of ['quita_', 'undefined', 'null', 'desktop', 'browser', 'passphrase', 'keyfile', 'help.'])
    expect(text, word).not.toContain(word);

  // In English: the menu item and the title.
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
  await expect(items.last()).toHaveText('Help');
  await expect(page.getByRole('region', { name: 'About Quita' })).toContainText(
    'In the browser: Quita runs on this computer and shows in this tab.',
  );
  await expect(page.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText(
    'approve the line (or the selected ones)',
  );
});
