/**
 * [U] items 3, 4, 7: the clerk points the demo branch at an intake folder in Configurações → Agenda e regra de
 * envio, files arrive there (the demo's own OFX statement of its Itaú account, as the bank exports it; a PDF a
 * person saved by mistake; an OFX of an account that is not the branch's), two cycles run, and Início says what
 * each did and lists what waits for a person and what was refused. Shots light and dark at 1366×768.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { command, demoSynced, expect, shoot, test } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

test('the intake folder and two cycles, seen on Início and in Configurações', async ({ page, host }) => {
  test.setTimeout(240_000);
  const nav = await demoSynced(page, host.url);
  const folder = join(host.dataDir, '..', 'entrada');
  mkdirSync(folder, { recursive: true });

  await nav.getByRole('button', { name: 'Configurações' }).click();
  const agenda = page.getByRole('region', { name: 'Agenda e regra de envio' });
  await agenda.getByLabel('Pasta de entrada (caminho completo)').fill(folder);
  await agenda.getByRole('button', { name: 'Usar esta pasta' }).click();
  await expect(agenda.getByText('Pasta de entrada definida.')).toBeVisible();
  await agenda.scrollIntoViewIfNeeded();
  await shoot(page, 'automation-settings-agenda');

  // The demo's Itaú statement (OFX naming its account), as the bank's transfer software would drop it.
  const sample = await command<{ path: string; fileName: string }>(page, 'demo.sampleStatement', {
    format: 'ofx',
  });
  copyFileSync(sample.path, join(folder, sample.fileName));
  writeFileSync(join(folder, 'boleto-scan.pdf'), '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
  const other = readFileSync(sample.path, 'latin1').replace(/<ACCTID>[^<\r\n]*/, '<ACCTID>555666-1');
  writeFileSync(join(folder, 'extrato-pessoal.ofx'), Buffer.from(other, 'latin1'));

  await nav.getByRole('button', { name: 'Início' }).click();
  const cycle = page.getByRole('region', { name: 'Ciclo automático' });
  await cycle.getByRole('button', { name: 'Rodar agora' }).click();
  await expect(cycle.locator('ul.cycle-list > li').first()).toContainText('1 arquivo importado', {
    timeout: 120_000,
  });
  await cycle.getByRole('button', { name: 'Rodar agora' }).click();
  await expect(cycle.locator('ul.cycle-list > li')).toHaveCount(2, { timeout: 120_000 });
  await expect(cycle.getByTestId('intake-waiting')).toContainText('extrato-pessoal.ofx');
  await expect(cycle.getByTestId('intake-refused')).toContainText('boleto-scan.pdf');
  await expect(cycle.getByTestId('intake-refused')).toContainText('PDF');
  await expect(cycle).toContainText('para você decidir');
  await expect(cycle).toContainText(/Próximo ciclo às .*\d{1,2}:\d{2}/);
  await shoot(page, 'automation-home-two-cycles');
  await cycle.getByTestId('intake-refused').scrollIntoViewIfNeeded();
  await shoot(page, 'automation-intake-refusals');
});
