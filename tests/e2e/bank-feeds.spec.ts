/**
 * [U] items 1 and 2: on the demo branch the clerk adds the bank's Pix API in Configurações → Conexões bancárias
 * with the company certificate (.pfx and its password), tests it and reads it now; the sandbox Pix API (mTLS with
 * its own test CA) answers. A wrong password is one Portuguese sentence naming what to do. Shots light and dark at
 * 1366×768.
 */
import { join } from 'node:path';
import { demoSynced, expect, shoot, test } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

test('adds the Pix API with a certificate, tests it and reads it', async ({ page, host }) => {
  test.setTimeout(240_000);
  const nav = await demoSynced(page, host.url);
  await nav.getByRole('button', { name: 'Configurações' }).click();
  const feeds = page.getByRole('region', { name: 'Conexões bancárias' });
  await expect(feeds.getByText('Nenhuma conexão bancária ainda.')).toBeVisible();
  await feeds.getByRole('button', { name: 'Adicionar API Pix' }).click();

  const form = feeds.getByRole('form', { name: 'API Pix do banco' });
  await form.getByLabel('Nome da conexão').fill('Pix do Itaú');
  // Another bank: the addresses are pasted, and the authority of a bank whose API uses one computers do not know
  // (ICP-Brasil's, the bank's own) may be given.
  const ca = form.getByLabel('Certificado da autoridade do banco (opcional)');
  await expect(ca).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'bank-feeds-form-other-bank');
  // The sandbox's preset fills the addresses and the account its API belongs to (the demo's Itaú account).
  await form.getByLabel('Banco', { exact: true }).selectOption({ label: 'Sandbox do Quita (demonstração)' });
  await expect(form.getByLabel('Conta que recebe os Pix').locator('option:checked')).toHaveText(/Itaú/);
  await expect(form.getByText(/o certificado de teste está em/)).toBeVisible();
  // The demo's preset brings the sandbox's authority itself.
  await expect(ca).toBeHidden();
  await form.getByLabel('Client secret').fill('segredo-do-sandbox');
  await form
    .getByLabel('Arquivo do certificado')
    .setInputFiles(join(host.dataDir, 'demo', 'pix', 'certificado-demo.pfx'));

  // A wrong password: refused before anything is stored, in one sentence saying what to do.
  await form.getByLabel('Senha do certificado').fill('senha-errada');
  await form.getByRole('button', { name: 'Salvar conexão' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'A senha do certificado está errada; digite-a de novo como o banco ou o contador a entregou.',
  );
  await form.getByLabel('Senha do certificado').fill('quita-demo');
  await form.scrollIntoViewIfNeeded();
  await shoot(page, 'bank-feeds-form');
  await form.getByRole('button', { name: 'Salvar conexão' }).click();
  await expect(feeds.getByRole('status')).toHaveText('Conexão “Pix do Itaú” salva.');

  const row = feeds.getByRole('row', { name: /Pix do Itaú/ });
  await expect(row).toContainText('válido até');
  await row.getByRole('button', { name: 'Testar' }).click();
  await expect(feeds.getByRole('status')).toContainText('Conexão funcionando', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Ler agora' }).click();
  await expect(feeds.getByRole('status')).toContainText(/Pix do Itaú: \d+ Pix lidos, \d+ novos/, {
    timeout: 120_000,
  });
  await expect(row).toContainText(/Pix lidos/);
  await feeds.scrollIntoViewIfNeeded();
  await shoot(page, 'bank-feeds-list');
});
