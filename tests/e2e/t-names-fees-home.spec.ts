/**
 * [T] items 5, 6 and 8 on the demo branch at 1366×768, light and dark: a statement named by its account and
 * period (Conciliar's picker, Início, Importar's history), a card deposit's fee said as the card fee (Conciliar's
 * search panel, Enviar's value with the bank's net), Início's sent figure for the branch right after sending
 * another account's statement, the day chart with its values, and Enviar's lists that grow with the page.
 */
import type { Locator, Page } from '@playwright/test';
import type { CommandOutput } from '../../src/shared/contract';
import { command, demoSynced, expect, shoot, test } from './fixtures';

type Lines = CommandOutput<'match.lines'>;
type Line = Lines['rows'][number];
type Statements = CommandOutput<'import.statements'>;
type Summary = CommandOutput<'dashboard.summary'>;

const CARDS = 'Banco do Brasil - Recebimentos Cartões';
const ITAU = 'Itaú - Conta Movimento';
const FEE_CODES = new Set(['amount_fee_tolerance', 'amount_net_fees', 'card_fee_learned', 'acquirer_file']);
/** Text with its no-break spaces made plain (money is printed with one). */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ');
const brl = (cents: number) =>
  plain(new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100));
const dmy = (iso: string) => iso.split('-').reverse().join('/');
/** "27/10 a 26/11/2026": the period as the clerk says it. */
const period = (from: string, to: string) =>
  from.slice(0, 4) === to.slice(0, 4) ? `${dmy(from).slice(0, 5)} a ${dmy(to)}` : `${dmy(from)} a ${dmy(to)}`;

/** How far a box's content runs past its height: above 0, a scroll box with a cut row (e2e has no DOM types). */
const overflowOf = (box: Locator) =>
  box.evaluate((el: { scrollHeight: number; clientHeight: number }) => el.scrollHeight - el.clientHeight);

async function importSample(page: Page, account: string, format: 'OFX' | 'CSV' = 'OFX') {
  await page.getByRole('navigation').getByRole('button', { name: 'Importar' }).click();
  await page.locator('main select').first().selectOption({ label: account });
  await page.getByRole('button', { name: format, exact: true }).click();
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Importado:/ })).toBeVisible({ timeout: 30_000 });
}

test('statements by account and period, card fees as fees, Início and Enviar after sending another account', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);

  // The card account's statement first, then Itaú's: Itaú's is the current one (the latest imported).
  await importSample(page, CARDS);
  await importSample(page, ITAU);
  const { statements } = await command<Statements>(page, 'import.statements', {});
  const [itau, cards] = statements;
  expect(statements).toHaveLength(2);
  const label = (s: Statements['statements'][number], account: string) =>
    `${account} · ${period(s.periodFrom!, s.periodTo!)}`;
  const itauLabel = label(itau!, ITAU);
  const itauLines = await command<Lines>(page, 'match.lines', { statementId: itau!.id, limit: 5000 });
  const cardsLabel = label(cards!, CARDS);

  // Item 5, Importar: "Extratos importados" names each statement by account and period, the file name under it.
  const history = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: 'Extrato' }) });
  await expect(history.locator('.statement-name')).toHaveText([itauLabel, cardsLabel]);
  await expect(history.locator('.statement-file').first()).toHaveText(itau!.fileName);
  await history.scrollIntoViewIfNeeded();
  await shoot(page, 't-import-history-labels');

  // Item 5, Conciliar: the picker lists the same labels, the file name as the tooltip.
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const picker = page.getByLabel('Extrato', { exact: true });
  await expect(picker.locator('option')).toHaveText([itauLabel, cardsLabel]);
  await expect(picker).toHaveAttribute('title', `Arquivo: ${itau!.fileName}`);
  await shoot(page, 't-reconcile-picker-label');
  // Names have the room at 1366 px: a yellow suggestion's candidates, and the list beside them.
  await page.getByRole('tab', { name: /^Amarelos/ }).click();
  await page.locator('.vlist-row').first().click();
  await expect(page.locator('.cand-list')).toBeVisible();
  await shoot(page, 't-reconcile-candidates');
  // The shortcuts panel (?) reads its list from .shortcut-list alone (the old .shortcuts dl/kbd rules are gone).
  await page.getByRole('grid', { name: 'Conciliar' }).focus();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(shortcuts.locator('.shortcut-list kbd').first()).toBeVisible();
  await shoot(page, 't-reconcile-shortcuts');
  await page.keyboard.press('Escape');

  // Item 6: a card deposit proposed with its fee (score 100): the search panel says the fee, not a difference.
  const cardLines = await command<Lines>(page, 'match.lines', { statementId: cards!.id, limit: 5000 });
  const fee = (l: Line) =>
    l.receivables.reduce((s, r) => s + (r.faceCents ?? r.amountCents), 0) - l.amountCents;
  const feeLine = cardLines.rows.find(
    (l) =>
      l.state === 'suggested' &&
      l.receivables.length === 1 &&
      fee(l) > 0 &&
      l.reasons.some((r) => FEE_CODES.has(r.code)),
  );
  expect(feeLine, 'a card credit proposed net of its fee').toBeDefined();
  await picker.selectOption({ label: cardsLabel });
  await page.getByRole('tab', { name: /^Todos/ }).click();
  await page
    .getByLabel('Buscar (nome, valor ou data) — tecla /')
    .fill(new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(feeLine!.amountCents / 100));
  // That line among those of the same value, by its proposal's payer (pinned to 2028-02-29, the first row found by
  // the value was another card credit's).
  await page.locator('.vlist-row').filter({ hasText: feeLine!.receivables[0]!.payerName! }).first().click();
  await page.keyboard.press('e');
  const sum = page.locator('.override-sum');
  await expect(sum).toContainText(`taxa do cartão ${brl(fee(feeLine!))}`);
  await expect(sum).not.toContainText('diferença');
  await shoot(page, 't-reconcile-card-fee');
  await page.keyboard.press('Escape');

  // Approve the card statement's proposals (through the command Conciliar's button runs), then Enviar.
  const approve = cardLines.rows
    .filter((l) => l.state === 'suggested' && l.receivables.length > 0)
    .map((l) => l.matchId);
  await command(page, 'review.approve', { matchIds: approve });
  await nav.getByRole('button', { name: 'Enviar' }).click();
  const items = page.getByRole('region', { name: 'O que será marcado como pago no EVO' });
  await expect(items).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Valor do recebível' })).toBeVisible();
  // The fee line's receivable by its payer and value: other rows have the same value (pinned to 2026-12-31, the
  // first R$ 89,90 row was another card payment's).
  const feeRow = items
    .getByRole('row')
    .filter({ hasText: feeLine!.receivables[0]!.payerName! })
    .filter({ hasText: brl(feeLine!.receivables[0]!.faceCents!) })
    .first();
  await expect(feeRow).toContainText(`creditado ${brl(feeLine!.amountCents)} (taxa ${brl(fee(feeLine!))})`);
  // Item 8: the list grows with the page: no box with a cut row (not a vertical scroller).
  expect(await overflowOf(items)).toBeLessThanOrEqual(1);
  await shoot(page, 't-send-values-net');
  // The total: the receivables' own values, what the bank credited for them under it; the last row is whole.
  const foot = items.locator('tfoot');
  await foot.scrollIntoViewIfNeeded();
  await expect(foot).toContainText(/Total: \d+ recebíveis\s*R\$\s[\d.,]+creditado R\$\s[\d.,]+/);
  await shoot(page, 't-send-total');
  await page.getByRole('button', { name: /^Marcar como pagos \(\d+, R\$/ }).click();
  await page.getByRole('button', { name: 'Sim, marcar como pagos' }).click();
  await expect(page.getByText(/confirmados: [1-9]\d* · a revisar: 0/)).toBeVisible({ timeout: 60_000 });
  const batches = page.getByRole('table', { name: 'Lotes enviados ao EVO' });
  await expect(batches.getByRole('columnheader')).toHaveText([
    'Lote',
    'Conta',
    'Recebíveis',
    'Total',
    'Situação',
    'Quando',
  ]);
  await batches
    .getByRole('button', { name: /^Lote \d+/ })
    .first()
    .click();
  const batchItems = page.getByRole('region', { name: /^Lote \d+ \(confirmado\)/ });
  await expect(batchItems).toBeVisible();
  expect(await overflowOf(batchItems)).toBeLessThanOrEqual(1);
  await shoot(page, 't-send-batches');

  // Item 5: the report's names have the room (Auditoria, Relatório de conciliação).
  await nav.getByRole('button', { name: 'Auditoria' }).click();
  await page.getByRole('tab', { name: 'Relatório de conciliação' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Relatório de conciliação' })).toBeVisible();
  await shoot(page, 't-audit-report-names');

  // Item 8, Início: the current statement is Itaú's, nothing of it sent, yet the sent card counts the branch's.
  await nav.getByRole('button', { name: 'Início' }).click();
  const s = await command<Summary>(page, 'dashboard.summary', {});
  expect(s.statement!.id).toBe(itau!.id);
  expect(s.sentToday.count).toBe(approve.length);
  const sentCard = page.locator('.stat-sent');
  await expect(sentCard).toContainText(brl(s.sentToday.cents));
  await expect(sentCard).not.toContainText('R$ 0,00');
  await expect(sentCard).toContainText(`Todas as contas · hoje: ${s.sentToday.count}`);
  await expect(page.getByText(`Extrato atual: ${itauLabel}`)).toBeVisible();
  await shoot(page, 't-home-sent-branch');
  // The chart: every day's bar carries its value.
  const chart = page.locator('.day-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.day-value')).toHaveCount(s.statement!.days.length);
  for (const v of await chart.locator('.day-value').allTextContents())
    expect(plain(v)).toMatch(/^\d[\d.,]*( mil| mi)?$/);
  await shoot(page, 't-home-chart-values');

  // Item 6, the other line in words: Itaú's days imported again from its CSV. Each line repeats one of the OFX's,
  // and says so by the earlier statement's days; a candidate the OFX's line holds names that line by its amount,
  // date and account — never "a linha 101 do extrato #3".
  await importSample(page, ITAU, 'CSV');
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const again = (await command<Statements>(page, 'import.statements', {})).statements[0]!;
  // The same account and days twice: told apart by the kind of file. (On a Saturday the bank's CSV ends on the
  // Friday, as Itaú's export of that demo does: then the days alone tell them apart.)
  const againLabel = label(again, ITAU);
  await expect(picker.locator('option')).toHaveText(
    againLabel === itauLabel
      ? [`${itauLabel} (CSV)`, `${itauLabel} (OFX)`, cardsLabel]
      : [againLabel, itauLabel, cardsLabel],
  );
  await picker.selectOption(String(again.id));
  await page.getByRole('tab', { name: /^Todos/ }).click();
  const twins = await command<Lines>(page, 'match.lines', { statementId: again.id, limit: 5000 });
  const held = itauLines.rows.find((l) => l.zone === 'green' && l.receivables.length === 1)!;
  const twin = twins.rows.find((l) => l.date === held.date && l.amountCents === held.amountCents)!;
  await page
    .getByLabel('Buscar (nome, valor ou data) — tecla /')
    .fill(new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(twin.amountCents / 100));
  await page.locator('.vlist-row').first().click();
  const panel = page.locator('.line-panel');
  await expect(panel).toContainText(
    `mesma transação já importada no extrato de ${dmy(itau!.periodFrom!)} a ${dmy(itau!.periodTo!)} desta conta`,
  );
  await expect(panel.locator('.cand-list')).toContainText(
    `o candidato já está com o lançamento de ${brl(held.amountCents)} de ${dmy(held.date)} da conta ${ITAU}`,
  );
  await expect(panel).not.toContainText('#');
  await shoot(page, 't-reconcile-held-in-words');
});
