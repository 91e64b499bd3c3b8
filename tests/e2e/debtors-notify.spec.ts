import { expect, test } from './fixtures';

test('demo branch: debtors, a notification to one of them, and the places search', async ({ page, host }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Sincronizar' }).click();
  await page.getByLabel('Incluir localidades (estados, cidades e bairros)').check();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 60_000 });

  await nav.getByRole('button', { name: 'Inadimplentes' }).click();
  await expect(page.getByText(/\d+ alunos? inadimplentes?, com \d+ dívidas?, somando R\$/)).toBeVisible();
  await page.getByLabel('Dias de atraso (mínimo)').fill('30');
  const firstRow = page.locator('.vlist-row').first();
  const name = (await firstRow.locator('.member-name .ellipsis').textContent())!.trim();
  await firstRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Notificar selecionados (1)' }).click();

  const panel = page.getByRole('region', { name: 'Notificar 1 aluno' });
  await panel.getByLabel('Mensagem').fill('   ');
  await panel.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(panel.getByRole('alert')).toContainText('the message is empty');

  await panel
    .getByLabel('Mensagem')
    .fill('Olá {primeiro_nome}, sua mensalidade de {valor} venceu em {vencimento}.');
  await panel.getByRole('button', { name: 'Pré-visualizar' }).click();
  const firstName = name.split(' ')[0]!;
  await expect(panel.getByRole('list', { name: 'Pré-visualização das mensagens' })).toContainText(
    `Olá ${firstName}, sua mensalidade de R$`,
  );
  await panel.getByRole('button', { name: 'Enviar 1 notificação' }).click();
  await expect(panel.getByRole('cell', { name: 'enviada' })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByText(/notificação nº \d+/)).toBeVisible();

  await nav.getByRole('button', { name: 'Localidades' }).click();
  await expect(page.getByText('27 estados')).toBeVisible();
  await page.getByLabel('Buscar estado, cidade ou bairro').fill('sao paulo');
  await expect(page.getByRole('list', { name: 'Resultados da busca' })).toContainText('São Paulo — SP');
});
