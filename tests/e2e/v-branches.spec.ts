import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import type { RunningSandbox } from '../../src/sandbox';
import { testDay, testSandbox } from '../helpers/sandbox';
import { command, expect, shoot, test } from './fixtures';
import { checkText } from './screen-text';

/**
 * [V] Configurações → Unidades on a network's connection: a multi-location ("administrador geral") key on the
 * sandbox's network mode, synced; the office names a branch, leaves one out, is refused leaving out the last,
 * adds one by its EVO number and places a bank account in the network and back. Light and dark shots at 1366×768.
 */
const BRANCHES = 6;

/** Brings an element to the top (or middle) of the window for a shot; the specs compile without the DOM types. */
const scrollTo = (l: Locator, block: 'start' | 'center') =>
  l.evaluate(
    (el, b) => (el as unknown as { scrollIntoView: (o: object) => void }).scrollIntoView({ block: b }),
    block,
  );
let sandbox: RunningSandbox;
test.beforeAll(async () => {
  sandbox = await testSandbox({ members: 12, network: { branches: BRANCHES } });
});
test.afterAll(async () => {
  await sandbox.close();
});

test('Configurações → Unidades: a network’s branches named, chosen, added, and its accounts placed, in Portuguese', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  // The connection and its first sync as the first screen and Sincronizar make them (their own specs drive those).
  await command(page, 'profiles.save', {
    name: 'Rede Quita Fit',
    baseUrl: sandbox.url,
    username: sandbox.username,
    password: sandbox.adminKey,
    keyKind: 'admin',
    // The sandbox does not limit; the vendor's 40 a minute would make this sync wait for nothing.
    rateLimit: { perSecond: 50, perMinute: 2000 },
  });
  await command(page, 'sync.run', { dueFrom: testDay(-60), dueTo: testDay(7), debtors: false });
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();

  const panel = page.locator('section.branches');
  await expect(panel.getByRole('heading', { name: 'Unidades', exact: true })).toBeVisible();
  await expect(panel).toContainText(`${BRANCHES} unidades, ${BRANCHES} conciliadas aqui`);
  const list = panel.getByTestId('branches-list');
  await expect(list.getByRole('row')).toHaveCount(BRANCHES + 1);

  // A name typed in place, saved with Enter; the accounts' places say it.
  await panel.getByLabel('Nome da unidade 1', { exact: true }).fill('Centro');
  await panel.getByLabel('Nome da unidade 1', { exact: true }).press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Nome salvo: Centro.');
  await expect(panel.getByLabel('Conciliar a unidade Centro', { exact: true })).toBeChecked();

  // One branch left out; every one but the last too, and the last is refused in one sentence.
  await panel.getByLabel('Conciliar a unidade 2', { exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Unidade 2 não será mais conciliada aqui; os dados dela continuam guardados.',
  );
  await expect(panel).toContainText(`${BRANCHES} unidades, ${BRANCHES - 1} conciliadas aqui`);
  for (let id = 3; id <= BRANCHES; id++) {
    await panel.getByLabel(`Conciliar a unidade ${id}`, { exact: true }).click();
    await expect(panel.getByLabel(`Conciliar a unidade ${id}`, { exact: true })).not.toBeChecked();
  }
  await expect(panel).toContainText(`${BRANCHES} unidades, 1 conciliada aqui`);
  await panel.getByLabel('Conciliar a unidade Centro', { exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Pelo menos uma unidade precisa continuar sendo conciliada aqui: escolha outra antes de deixar esta de fora.',
  );
  await expect(panel.getByLabel('Conciliar a unidade Centro', { exact: true })).toBeChecked();
  await panel.getByLabel('Conciliar a unidade 2', { exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText('Unidade 2 será conciliada aqui.');

  // A branch the sync did not list, added by its number; the same number again is refused.
  await panel.getByLabel('Número da unidade no EVO').fill('77');
  await panel.getByLabel('Nome (opcional)').fill('Expansão Sul');
  await panel.getByRole('button', { name: 'Adicionar unidade' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Expansão Sul adicionada. Sincronize para trazer os recebíveis dela.',
  );
  await expect(panel.getByLabel('Nome da unidade 77', { exact: true })).toHaveValue('Expansão Sul');
  await panel.getByLabel('Número da unidade no EVO').fill('77');
  await panel.getByRole('button', { name: 'Adicionar unidade' }).click();
  await expect(panel.getByRole('alert')).toContainText('A unidade 77 já está na lista');
  await panel.getByLabel('Número da unidade no EVO').fill('sete');
  await panel.getByRole('button', { name: 'Adicionar unidade' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Informe o número da unidade no EVO: um número inteiro maior que zero.',
  );
  await panel.getByLabel('Número da unidade no EVO').fill('');

  await scrollTo(panel, 'start');
  await shoot(page, 'v-branches');

  // The accounts: each one's place in words; one moved to the network, then given back to the sync.
  const accounts = panel.getByTestId('branch-accounts');
  await expect(accounts.getByRole('row').nth(1)).toBeVisible();
  const places = (await accounts.locator('tbody tr td:nth-child(2)').allInnerTexts()).join('\n');
  expect(places).toMatch(/da unidade|da rede \(conta central\)|ainda não sabemos de qual unidade/);
  expect(places).not.toMatch(/\b(api|history|office|null)\b/);
  const first = accounts.locator('tbody tr').first();
  const description = (await first.locator('td').first().innerText()).replace(/ \(inativa\)$/, '');
  await first.getByRole('combobox').selectOption({ label: 'Rede (conta central)' });
  await expect(panel.getByRole('status')).toHaveText(
    `A conta ${description} agora é da rede (conta central) (definida pelo escritório).`,
  );
  await expect(first.locator('td').nth(1)).toHaveText('da rede (conta central) (definida pelo escritório)');
  await first.getByRole('combobox').selectOption({ label: 'Centro' });
  await expect(first.locator('td').nth(1)).toHaveText('da unidade Centro (definida pelo escritório)');
  await scrollTo(accounts, 'center');
  await shoot(page, 'v-branches-accounts');
  await first.getByRole('combobox').selectOption({ label: 'Desfazer: deixar a sincronização decidir' });
  await expect(panel.getByRole('status')).toContainText(
    `A conta ${description} volta a ser decidida pela sincronização`,
  );

  // What the clerk reads in the panel: no codes, no English, no JSON.
  // The accounts' descriptions are the bank's and the gym's words (the sandbox has a "C6 Bank"), not Quita's.
  const described = await accounts.locator('tbody tr td:first-child').allInnerTexts();
  const text = described.reduce((s, d) => s.split(d).join(' '), await panel.innerText());
  expect(checkText(text).map((h) => `${h.check}: ${h.text}`)).toEqual([]);

  // A network of 200: the list scrolls inside the panel, its header in view, and the last branch is reached.
  for (let id = 1001; id <= 1000 + 200 - BRANCHES - 1; id++) await command(page, 'branches.add', { id });
  await page.getByRole('navigation').getByRole('button', { name: 'Início' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
  await expect(panel).toContainText(`200 unidades, ${200 - (BRANCHES - 2)} conciliadas aqui`);
  const box = await list.boundingBox();
  expect(box!.height).toBeLessThan(400);
  const last = panel.getByLabel(`Nome da unidade ${1000 + 200 - BRANCHES - 1}`, { exact: true });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(list.getByRole('columnheader', { name: 'Nome', exact: true })).toBeInViewport();
  await scrollTo(panel, 'start');
  await shoot(page, 'v-branches-200');

  // Every field labelled, every colour readable, in both schemes (axe, as a11y.spec.ts checks the screens).
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const axe = await new AxeBuilder({ page })
      .include('section.branches')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => `${scheme}: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
});

test('a branch key’s connection has one branch: Configurações shows no Unidades panel', async ({
  page,
  host,
}) => {
  const single = await testSandbox();
  try {
    await page.goto(host.url);
    await command(page, 'profiles.save', {
      name: 'Unidade Centro',
      baseUrl: single.url,
      username: single.username,
      password: single.branchKey,
      keyKind: 'branch',
      rateLimit: { perSecond: 50, perMinute: 2000 },
    });
    await command(page, 'sync.run', { dueFrom: testDay(-30), dueTo: testDay(7), debtors: false });
    expect(await command<{ network: boolean }>(page, 'branches.list', {})).toMatchObject({ network: false });
    await page.reload();
    await page.getByRole('navigation').getByRole('button', { name: 'Configurações' }).click();
    // Panels asked for after Unidades (it asks first) have answered: so has it.
    await expect(page.getByText('Nenhuma conexão bancária ainda.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unidades', exact: true })).toHaveCount(0);
  } finally {
    await single.close();
  }
});
