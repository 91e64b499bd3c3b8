import { addDays } from '../../src/shared/dates';
import { brDate as br, brMoney as money, demoToday, openReceivables, unambiguousNamedPix } from './demo-data';
import { command, demoSynced, expect, importCsv, shoot, test } from './fixtures';

/**
 * [U] items 5–7: Configurações → Agenda e regra de envio. The policy is off; its text is shown condition by
 * condition; a simulation of the last 30 days is run on a statement of Pix credits (green lines naming members,
 * dated on their receivables' due dates, within the last 30 days, built from the demo's own data), and only then
 * can it be switched on, after a confirmation.
 */
test('Regra de envio: simulate the last 30 days, then switch it on with a confirmation', async ({
  page,
  host,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  const today = await demoToday(page);
  const recent = (await openReceivables(page)).filter((r) => r.dueDate && r.dueDate >= addDays(today, -25));
  const named = unambiguousNamedPix(recent, today, 3);
  const csv = [
    'Data;Descrição;Valor',
    ...named.map(
      (r) => `${br(r.dueDate!)};PIX RECEBIDO ${r.payerName!.toUpperCase()};${money(r.amountCents)}`,
    ),
    `${br(today)};PIX RECEBIDO FULANO SEM CADASTRO;12,34`,
  ].join('\r\n');
  await importCsv(page, 'pix-regra.csv', csv);

  await nav.getByRole('button', { name: 'Configurações' }).click();
  const section = page.locator('section.send-policy');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: /Regra de envio automático/ })).toBeVisible();
  await expect(section.getByText('A regra está desligada: nada é aprovado sem o seu clique.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ligar a regra' })).toBeDisabled();
  await shoot(page, 'send-policy-off');

  await section.getByRole('button', { name: 'Simular os últimos 30 dias' }).click();
  const dry = section.locator('.policy-dry-run');
  await expect(dry.getByRole('heading', { name: /^Simulação de/ })).toBeVisible();
  await expect(dry.getByText(/a regra teria aprovado \d+/)).toBeVisible();
  if (named.length > 0) await expect(dry.getByRole('table')).toBeVisible();
  // The simulation changed nothing: still off, nothing approved.
  const view = await command<{ policy: { enabled: boolean }; dryRunAt: string | null }>(
    page,
    'policy.get',
    {},
  );
  expect(view.policy.enabled).toBe(false);
  expect(view.dryRunAt).not.toBeNull();
  await dry.scrollIntoViewIfNeeded();
  await shoot(page, 'send-policy-dry-run');

  await section.getByRole('button', { name: 'Ligar a regra' }).click();
  const confirm = section.getByRole('alertdialog');
  await expect(confirm).toContainText('Ligar a regra?');
  await confirm.getByRole('button', { name: 'Sim, ligar' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Regra ligada (versão 1).' })).toBeVisible();
  await expect(section.getByText('Ligada (versão 1)', { exact: true })).toBeVisible();
  await expect(
    section.getByText(
      /^A regra está ligada: o Quita aprova sozinho as sugestões que cumprem todas as condições/,
    ),
  ).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, 'send-policy-on');
  expect((await command<{ policy: { enabled: boolean } }>(page, 'policy.get', {})).policy.enabled).toBe(true);
});
