import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator } from '@playwright/test';
import { addDays } from '../../src/core/sync/dates';
import { generateSandboxData, writeStatement } from '../../src/sandbox';
import { writeAcquirerFile } from '../../src/sandbox/acquirer-files';
import { writeReturnFile } from '../../src/sandbox/statement/return-file';
import { demoToday } from './demo-data';
import { command, expect, shoot, test } from './fixtures';
import {
  ALLOWED_PATHS,
  checkText,
  collectInPage,
  compareKnown,
  countTable,
  cutFindings,
  dedupe,
  knownFileText,
  normalisePaths,
  type Finding,
  type HostPaths,
} from './screen-text';
import { KNOWN } from './screen-text-known';

/**
 * [T] the screen-text check: the demo walked as a clerk walks it — synced (with localities), a demo statement
 * imported, a boleto return file and a card sales file imported (so Importar's results and history show all three
 * kinds), lines matched, some approved and sent, a debtor notified — stopping at every screen of the navigation
 * and every dialog or panel a clerk opens, at 1366×768 in pt-BR, light and dark. At each stop the visible text
 * (innerText, and the title, aria-label, placeholder and alt of visible elements) goes through the checks of
 * screen-text.ts (codes, English words, raw JSON, paths, "(s)" plurals, names cut where the row has room), and a
 * screenshot is taken (`p-t-text-<stop>-<scheme>.png`).
 *
 * The check fails on any finding the known list (screen-text-known.ts) does not hold, and on any entry of the
 * list that no longer occurs (so it only shrinks): both are printed, with a table of the findings per screen and
 * check. `SCREEN_TEXT_RECORD=1` rewrites the list from this run's findings instead, keeping the why of the entries
 * that remain (new ones get a TODO to fill in).
 *
 * What is not walked on purpose: the "Detalhes técnicos" disclosures (Auditoria's entry, the verification), where
 * the raw record and the hash are the point; the exports (files, not screens).
 */

const RECORD = process.env.SCREEN_TEXT_RECORD === '1';
const KNOWN_FILE = join('tests', 'e2e', 'screen-text-known.ts');
const FRAME = 'Moldura (barra lateral)';
/** The rows of the table, in walk order: the first screen, the frame, then the navigation's. */
const SCREENS = [
  'Primeira execução',
  FRAME,
  'Sincronizar',
  'Importar',
  'Conciliar',
  'Enviar',
  'Início',
  'Inadimplentes',
  'Localidades',
  'Auditoria',
  'Configurações',
  'Ajuda',
];

const fixture = (dir: string, name: string) => ({
  name,
  mimeType: 'application/octet-stream',
  buffer: readFileSync(join('tests/fixtures', dir, name)),
});
const RETURN_FILE = 'flow-itau-400-day.ret';
const CARD_FILE = 'cielo-04-pagamentos-crlf-stripped.txt';
const REMESSA = 'bradesco-400-remessa.rem';

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

// A step that cannot happen fails in half a minute, not at the test's deadline.
test.use({ actionTimeout: 30_000 });

test('every screen and dialog of the demo, light and dark: no code, English, JSON, path, "(s)" or needlessly cut name beyond the known list', async ({
  page,
  host,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const findings: Finding[] = [];
  let paths: HostPaths = { dataDir: host.dataDir, logFile: null, root: dirname(host.dataDir) };
  const imported = [RETURN_FILE, CARD_FILE, REMESSA];
  let stops = 0;

  /** Wait for the screen to settle: no request in flight, nothing loading. */
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/^(Carregando|Procurando candidatos)…$/)).toHaveCount(0, { timeout: 30_000 });
  };

  /** One stop: the text of `scope` checked, light and dark, and a screenshot (after scrolling `show` into view). */
  const stop = async (screen: string, name: string, opts: { scope?: string; show?: Locator } = {}) => {
    await settle();
    if (opts.show) await opts.show.scrollIntoViewIfNeeded();
    stops++;
    const allowed = (ALLOWED_PATHS[screen] ?? []).map((a) => a.path);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const got = await page.evaluate(collectInPage, opts.scope ?? 'main.content');
      expect(got.texts.length, `${screen} · ${name}: something to read`).toBeGreaterThan(0);
      for (const text of got.texts)
        for (const h of checkText(normalisePaths(text, paths), {
          allowedPaths: allowed,
          importedFiles: imported,
        }))
          findings.push({ ...h, screen, stop: name });
      for (const h of cutFindings(got.cuts)) findings.push({ ...h, screen, stop: name });
    }
    await shoot(page, `t-text-${slug(screen)}-${slug(name)}`);
  };

  // The first screen, before any branch.
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Quita' })).toBeVisible();
  await stop('Primeira execução', 'boas-vindas', { scope: 'body' });

  // The demo branch, synced with its localities (Localidades and Inadimplentes' places have something to show).
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  const nav = page.getByRole('navigation');
  const go = async (name: string | RegExp) => {
    const button = nav.getByRole('button', { name, exact: typeof name === 'string' });
    await button.click();
    await expect(button).toHaveAttribute('aria-current', 'page');
  };
  const info = await command<{ dataDir: string; logFile: string | null }>(page, 'app.info', {});
  paths = { dataDir: info.dataDir, logFile: info.logFile, root: dirname(host.dataDir) };
  await go('Sincronizar');
  await stop('Sincronizar', 'antes de sincronizar');
  await page.getByLabel('Incluir localidades (estados, cidades e bairros)').check();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 90_000 });
  await stop('Sincronizar', 'sincronizado');
  await stop(FRAME, 'navegação e preferências', { scope: 'aside.sidebar' });

  // Importar: a statement's preview with its columns (XLSX), then the OFX one imported; a return file and a card
  // sales file previewed and imported; a remessa refused; a CSV whose columns the clerk chooses by hand.
  await go('Importar');
  await stop('Importar', 'sem arquivo');
  const preview = page.getByRole('heading', { name: 'Confira antes de importar' });
  await page.getByRole('button', { name: 'XLSX', exact: true }).click();
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mapping')).toBeVisible();
  await stop('Importar', 'prévia do extrato XLSX, com as colunas', { show: page.locator('.mapping') });
  await page.getByRole('button', { name: 'OFX', exact: true }).click();
  await expect(
    page.locator('.import-preview p').filter({ hasText: /^Extrato do banco \(OFX\)/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await stop('Importar', 'prévia do extrato OFX', { show: preview });
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });
  await stop('Importar', 'extrato importado');

  await page.locator('input[type=file]').setInputFiles(fixture('cnab', RETURN_FILE));
  const returnSummary = page.getByTestId('return-file-summary');
  await expect(returnSummary).toBeVisible({ timeout: 30_000 });
  await stop('Importar', 'prévia do arquivo retorno', { show: returnSummary });
  await page.getByRole('button', { name: /^Importar o arquivo retorno/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo retorno importado:/ })).toBeVisible({
    timeout: 30_000,
  });
  await stop('Importar', 'arquivo retorno importado', { show: page.getByTestId('return-files-history') });

  await page.locator('input[type=file]').setInputFiles(fixture('acquirer', CARD_FILE));
  const cardSummary = page.getByTestId('acquirer-summary');
  await expect(cardSummary).toBeVisible({ timeout: 30_000 });
  await stop('Importar', 'prévia do arquivo de vendas do cartão', { show: cardSummary });
  await page.getByRole('button', { name: /^Importar o arquivo de vendas/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo de vendas importado:/ })).toBeVisible({
    timeout: 30_000,
  });
  await stop('Importar', 'arquivo de vendas importado; os três históricos', {
    show: page.getByTestId('acquirer-files-history'),
  });

  await page.locator('input[type=file]').setInputFiles(fixture('cnab', REMESSA));
  await expect(page.getByRole('alert')).toContainText('arquivo de remessa', { timeout: 30_000 });
  await stop('Importar', 'remessa recusada', { show: page.getByRole('alert') });

  await page.locator('input[type=file]').setInputFiles({
    name: 'extrato-estranho.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Quando;Histórico;Quanto',
        'vinte e três;PIX RECEBIDO ANA SOUZA;99,90',
        'vinte e quatro;TED;120,00',
      ].join('\r\n'),
      'utf8',
    ),
  });
  const importError = page.locator('.import-error');
  await expect(importError).toContainText('escolha as colunas à mão', { timeout: 30_000 });
  await stop('Importar', 'colunas não reconhecidas', { show: importError });
  await importError.getByRole('button', { name: 'Escolher as colunas à mão' }).click();
  await expect(page.locator('.mapping')).toBeVisible({ timeout: 30_000 });
  await stop('Importar', 'colunas escolhidas à mão', { show: page.locator('.mapping') });

  // The demo's Itaú account: its statement with each day's boletos as one credit, and the bank's return file of
  // the same days (as return-file.spec.ts builds them), so Conciliar can show a boleto credit's titles.
  const today = await demoToday(page);
  const data = generateSandboxData({ seed: 42, members: 200, today });
  const itau = data.bankAccounts.find((a) => a.description === 'Itaú - Conta Movimento')!;
  const period = { bankAccountId: itau.id, from: addDays(today, -45), to: today };
  const itauStatement = writeStatement(data, { ...period, format: 'ofx', boletoLumps: 'all' });
  const itauReturn = writeReturnFile(data, period);
  imported.push(itauStatement.fileName, itauReturn.fileName);
  await page.getByLabel('Conta bancária do arquivo').selectOption({ label: 'Itaú - Conta Movimento' });
  for (const file of [itauStatement, itauReturn]) {
    await page.locator('input[type=file]').setInputFiles({
      name: file.fileName,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(file.bytes),
    });
    await page
      .getByRole('button', { name: /^Importar (\(\d+ crédito|o arquivo retorno)/ })
      .click({ timeout: 30_000 });
    await expect(
      page.getByRole('status').filter({ hasText: /^(Importado|Arquivo retorno importado):/ }),
    ).toBeVisible({ timeout: 30_000 });
  }
  // The card account's Cielo payments file of the same days (as acquirer-file.spec.ts builds it): Conciliar lists
  // a card credit's sales.
  const cards = data.bankAccounts.find((a) => a.role === 'cards')!;
  const cielo = writeAcquirerFile(data, {
    bankAccountId: cards.id,
    from: addDays(today, -30),
    to: today,
    format: 'cielo',
  });
  imported.push(cielo.fileName);
  await page.getByLabel('Conta bancária do arquivo').selectOption({ label: cards.description });
  await page.locator('input[type=file]').setInputFiles({
    name: cielo.fileName,
    mimeType: 'text/plain',
    buffer: Buffer.from(cielo.bytes),
  });
  await page.getByRole('button', { name: /^Importar o arquivo de vendas/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Arquivo de vendas importado:/ })).toBeVisible({
    timeout: 30_000,
  });
  // A statement's removal, asked and not confirmed.
  await page
    .getByRole('button', { name: /^Remover o extrato / })
    .first()
    .click();
  const removeAsk = page.locator('.remove-ask, .save-check').first();
  await expect(removeAsk).toBeVisible();
  await stop('Importar', 'remover o extrato?', { show: removeAsk });
  await removeAsk.getByRole('button', { name: 'Cancelar' }).click();

  // Conciliar: the list, a line's panel with its candidates, the search for another receivable, the set-aside
  // form and its rule's preview, the rules, the shortcuts; then the greens approved.
  await go('Conciliar');
  const grid = page.locator('.reconcile-grid');
  await stop('Conciliar', 'lista');
  await page.getByRole('tab', { name: /^Todos/ }).click();
  const rows = page.locator('.vlist-row');
  const panel = page.locator('.line-panel');
  const searchBox = page.getByLabel('Buscar (nome, valor ou data) — tecla /');
  // A day's boleto credit, explained by the return file's titles.
  await searchBox.fill('liquidacao de cobranca');
  await rows.first().click();
  const titles = panel.getByRole('table', { name: /^Boletos do arquivo retorno \(\d+\)$/ });
  await expect(titles).toBeVisible({ timeout: 30_000 });
  await stop('Conciliar', 'depósito de boletos, com os títulos do arquivo retorno', { show: titles });
  await searchBox.fill('');
  // A line with a proposal to look at (its candidates listed), that is not money already in EVO: among the lines to
  // decide (the list draws only the rows in view; pinned to Saturday 2027-03-06, those of "Todos" had none).
  await page.getByRole('tab', { name: /^A decidir/ }).click();
  const proposed = rows
    .filter({ hasText: /\d · sugerido/ })
    .filter({ hasNotText: /já no EVO|LIQUIDACAO/ })
    .first();
  await expect(proposed).toBeVisible();
  await proposed.click();
  await expect(panel.locator('.cand-list')).toBeVisible({ timeout: 30_000 });
  await stop('Conciliar', 'painel do lançamento, com candidatos');
  await panel.locator('.candidates').scrollIntoViewIfNeeded();
  await stop('Conciliar', 'candidatos', { show: panel.locator('.candidates') });
  await page.getByRole('button', { name: 'Buscar outro recebível… (E)' }).click();
  const search = page.getByRole('region', { name: /Escolher recebíveis para/ });
  await expect(search).toBeVisible();
  await stop('Conciliar', 'buscar outro recebível', { show: search });
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await grid.press('d');
  const aside = page.getByRole('form', { name: 'Deixar de lado este lançamento' });
  await expect(aside).toBeVisible();
  await stop('Conciliar', 'deixar de lado', { show: aside });
  await aside.getByLabel('Sempre deixar de lado lançamentos como este').check();
  const rulePreview = aside.getByRole('region', { name: 'O que a regra pegaria agora' });
  await expect(rulePreview).toBeVisible();
  await aside.getByLabel('Palavras que o lançamento deve conter').fill('pix');
  await expect(rulePreview).toContainText(/Pegaria/);
  await stop('Conciliar', 'prévia da regra', { show: rulePreview });
  await aside.getByRole('button', { name: 'Cancelar' }).click();
  await expect(aside).toBeHidden();
  await page.getByRole('button', { name: /^Regras \(\d+\)$/ }).click();
  const rules = page.getByRole('dialog', { name: 'Regras para deixar de lado' });
  await expect(rules).toBeVisible();
  await stop('Conciliar', 'regras', { show: rules });
  await page.keyboard.press('Escape');
  await expect(rules).toBeHidden();
  await grid.focus();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(shortcuts).toBeVisible();
  await stop('Conciliar', 'atalhos', { show: shortcuts });
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
  // A card credit on the card account's statement, with the acquirer's sales.
  const statementPick = page.getByLabel('Extrato', { exact: true });
  const itauOption = await statementPick.inputValue();
  const cardOption = await statementPick
    .locator('option')
    .filter({ hasText: 'Cartões' })
    .first()
    .getAttribute('value');
  if (!cardOption) throw new Error('Conciliar lists no statement of the card account');
  await statementPick.selectOption(cardOption);
  await page.getByRole('tab', { name: /^Já no EVO/ }).click();
  await searchBox.fill('cielo');
  await rows.first().click();
  const sales = panel.getByRole('table', { name: /^Vendas? deste depósito de cartão \(\d+\)$/ });
  await expect(sales).toBeVisible({ timeout: 30_000 });
  await stop('Conciliar', 'depósito de cartão, com as vendas', { show: sales });
  await searchBox.fill('');
  await statementPick.selectOption(itauOption);
  const greens = page.getByRole('button', { name: /Aprovar todos os verdes \(\d+\)/ });
  await expect(greens).not.toHaveText('Aprovar todos os verdes (0)');
  await greens.click();
  await expect(page.getByRole('status').filter({ hasText: /alterados/ })).toBeVisible();
  await page.getByRole('tab', { name: /^Aprovados/ }).click();
  await stop('Conciliar', 'verdes aprovados');

  // Enviar: what would be marked, the confirmation, the batches after, one batch opened.
  await go('Enviar');
  await stop('Enviar', 'aprovados a enviar');
  await page.getByRole('button', { name: /^Marcar como pagos \(\d+, R\$/ }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  await stop('Enviar', 'confirmação', { show: confirm });
  await page.getByRole('button', { name: 'Sim, marcar como pagos' }).click();
  await expect(
    page.getByText(/Lotes — na fila: 0 · aguardando confirmação: 0 · confirmados: [1-9]/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await stop('Enviar', 'enviado');
  await page
    .getByRole('button', { name: /^Lote \d+ ▸$/ })
    .first()
    .click();
  const batch = page.getByRole('region', { name: /^Lote \d+ / });
  await expect(batch.locator('tbody tr').first()).toBeVisible();
  await stop('Enviar', 'lote aberto', { show: batch });

  // Início, after the day's work.
  await go('Início');
  await stop('Início', 'o dia');

  // Inadimplentes: the list, a member's debts, the notify panel, its preview and what was sent.
  await go('Inadimplentes');
  await expect(page.getByText(/\d+ alunos? inadimplentes?, com \d+ dívidas?, somando R\$/)).toBeVisible();
  await stop('Inadimplentes', 'lista');
  const first = page.locator('.vlist-row').first();
  const member = (await first.locator('.member-name .ellipsis').textContent())!.trim();
  await page.getByRole('button', { name: `Mostrar as dívidas de ${member}` }).click();
  await expect(page.locator('.debt-line').first()).toBeVisible();
  await stop('Inadimplentes', 'dívidas de um aluno');
  await page.getByRole('button', { name: `Ocultar as dívidas de ${member}` }).click();
  await page.getByRole('checkbox', { name: `Selecionar ${member}` }).check();
  await page.getByRole('button', { name: 'Notificar selecionados (1)' }).click();
  const notify = page.getByRole('region', { name: 'Notificar 1 aluno' });
  await expect(notify).toBeVisible();
  await stop('Inadimplentes', 'notificar', { show: notify });
  await notify.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(notify.getByRole('list', { name: 'Pré-visualização das mensagens' })).toBeVisible();
  await stop('Inadimplentes', 'pré-visualização da notificação', { show: notify });
  await notify.getByRole('button', { name: 'Enviar 1 notificação' }).click();
  // A member whose payment the greens approved above is held, rightly ("retida: pagamento … já aprovado"; pinned
  // to Saturday 2027-03-06 the first debtor was one): the clerk sends it anyway, as the screen offers.
  const sent = notify.getByRole('cell', { name: 'enviada', exact: true });
  const held = notify.getByRole('cell', { name: 'retida', exact: true });
  await expect(sent.or(held)).toBeVisible({ timeout: 20_000 });
  if (await held.isVisible()) {
    await stop('Inadimplentes', 'notificação retida', { show: notify });
    await notify.getByRole('button', { name: 'Enviar mesmo assim' }).click();
  }
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await stop('Inadimplentes', 'notificação enviada', { show: notify });

  // Localidades: the states, a search.
  await go(/^(Localidades|Lugares)$/);
  await stop('Localidades', 'estados');
  await page.getByLabel('Buscar estado, cidade ou bairro').fill('sao paulo');
  await expect(page.getByRole('list', { name: 'Resultados da busca' })).toBeVisible();
  await stop('Localidades', 'busca');

  // Auditoria: the log, its verification, an entry's details (the return file's, the batch's), the report.
  await go('Auditoria');
  const log = page.getByRole('table', { name: 'Registro de auditoria' });
  await expect(log).toContainText('Lote confirmado');
  await stop('Auditoria', 'registro');
  await page.getByRole('button', { name: 'Verificar integridade' }).click();
  await expect(page.getByRole('status').filter({ hasText: /A auditoria está íntegra/ })).toBeVisible();
  await stop('Auditoria', 'verificação');
  const details = page.getByRole('region', { name: /^Registro nº \d+/ });
  const open = async (what: string, text: string, group?: string) => {
    if (group) await page.getByLabel('Tipo de ação').selectOption({ label: group });
    await log
      .getByRole('row')
      .filter({ hasText: text })
      .first()
      .getByRole('button', { name: /^Ver antes e depois/ })
      .click();
    await expect(details).toBeVisible();
    await stop('Auditoria', `detalhes do registro: ${what}`, { show: details });
  };
  await open('lote confirmado', 'Lote confirmado');
  await open('sugestão aprovada', 'Sugestão aprovada');
  await open('sincronização', 'Sincronização concluída', 'Sincronizações');
  await open('extrato importado', 'Extrato importado', 'Importações');
  await stop('Auditoria', 'registro: importações');
  await open('arquivo retorno', 'Arquivo retorno importado');
  await open('arquivo de vendas', 'Arquivo de vendas do cartão importado');
  await open('notificação enviada', 'Notificação enviada', 'Notificações');
  await page.getByLabel('Tipo de ação').selectOption({ label: 'Todas' });
  await page.getByRole('tab', { name: 'Relatório de conciliação' }).click();
  await stop('Auditoria', 'relatório de conciliação');

  // Configurações: every section (the page's text is all of them), a new connection's form.
  await go('Configurações');
  await stop('Configurações', 'seções');
  for (const heading of await page.locator('main h2').all()) {
    const name = (await heading.innerText()).trim();
    await heading.scrollIntoViewIfNeeded();
    await shoot(page, `t-text-configuracoes-${slug(name)}`);
  }
  // What the clerk opens there: the connection's test, a backup made and a restore asked, a removal asked, the
  // bank feed's form, a new connection's form (each question answered no).
  const profile = page.locator('.profiles > li').first();
  await profile.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(profile.getByText(/Conexão OK|conex/i).first()).toBeVisible({ timeout: 30_000 });
  await stop('Configurações', 'conexão testada', { show: profile });
  await profile.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(profile.getByText(/^Remover a conexão da filial/)).toBeVisible();
  await stop('Configurações', 'remover a conexão?', { show: profile });
  await profile.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Fazer uma cópia agora' }).click();
  await expect(page.getByText(/^Cópia feita/)).toBeVisible({ timeout: 30_000 });
  await stop('Configurações', 'cópia feita', { show: page.getByText(/^Cópia feita/) });
  await page.getByRole('button', { name: 'Restaurar…' }).first().click();
  const restoreAsk = page.locator('.confirm-inline').first();
  await expect(restoreAsk).toBeVisible();
  await stop('Configurações', 'restaurar a cópia?', { show: restoreAsk });
  await restoreAsk.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Adicionar API Pix' }).click();
  const feedForm = page
    .locator('form, section, div')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .filter({ has: page.getByRole('button', { name: 'Cancelar' }) })
    .last();
  await expect(feedForm).toBeVisible();
  await stop('Configurações', 'nova API Pix', { show: feedForm });
  await feedForm.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'Adicionar conexão' }).click();
  await expect(page.getByLabel('Nome da filial')).toBeVisible();
  await stop('Configurações', 'nova conexão', { show: page.getByLabel('Nome da filial') });

  // Ajuda.
  await go('Ajuda');
  await stop('Ajuda', 'ajuda');
  // The paths Ajuda may show are there (so the allowance is used, and the paths check would see them elsewhere).
  await expect(page.locator('main')).toContainText(info.dataDir);
  if (info.logFile) await expect(page.locator('main')).toContainText(info.logFile);

  // The verdict.
  const all = dedupe(findings);
  const { fresh, stale } = compareKnown(all, KNOWN);
  console.log(`screen-text: ${stops} stops, ${all.length} findings (${KNOWN.length} known)`);
  console.table(countTable(all, SCREENS));
  for (const f of all) console.log(`  ${f.screen} · ${f.check}: ${f.text}   [${f.stop}] ${f.context}`);
  if (RECORD) {
    writeFileSync(KNOWN_FILE, knownFileText(all, KNOWN));
    execFileSync('node_modules/.bin/prettier', ['--write', KNOWN_FILE]);
    console.log(`screen-text: ${KNOWN_FILE} rewritten with ${all.length} entries`);
    return;
  }
  if (fresh.length)
    console.log(
      `screen-text: ${fresh.length} new findings (fix the screen, or add to ${KNOWN_FILE}):\n` +
        fresh.map((f) => `  ${f.screen} · ${f.check}: ${f.text}   [${f.stop}] ${f.context}`).join('\n'),
    );
  if (stale.length)
    console.log(
      `screen-text: ${stale.length} known entries no longer occur: delete them from ${KNOWN_FILE}:\n` +
        stale
          .map((k) => `  ${JSON.stringify({ screen: k.screen, check: k.check, text: k.text })}`)
          .join('\n'),
    );
  expect(
    fresh.map((f) => `${f.screen} · ${f.check}: ${f.text}`),
    'new findings',
  ).toEqual([]);
  expect(
    stale.map((k) => `${k.screen} · ${k.check}: ${k.text}`),
    'known entries that no longer occur',
  ).toEqual([]);
});
