import type { Page } from '@playwright/test';
import type { CommandOutput } from '../../src/shared/contract';
import { command, demoSynced, expect, importCsv, shoot, test } from './fixtures';

type Summary = CommandOutput<'dashboard.summary'>;
type Lines = CommandOutput<'match.lines'>;

const brl = (cents: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);
/** Cards print money with a no-break space; compare text with spaces made plain. */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ');
const lines = (n: number) => `${n} ${n === 1 ? 'lançamento' : 'lançamentos'}`;

/** The card shows the summary's count and money for its bucket. */
async function expectCard(page: Page, kind: string, amount: { count: number; cents: number }) {
  const card = page.locator(`.stat-${kind}`);
  await expect(card).toBeVisible();
  const text = plain(await card.textContent());
  expect(text).toContain(plain(brl(amount.cents)));
  expect(text).toContain(lines(amount.count));
}

test('Início: counts from dashboard.summary, cards that open their lists, and the next step as the day goes', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = page.getByRole('navigation');
  const next = page.getByRole('region', { name: 'Próximo passo' });
  const current = (name: string) =>
    expect(nav.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
  const home = async () => {
    await nav.getByRole('button', { name: 'Início' }).click();
    await expect(next).toBeVisible();
  };

  // Connected, never synced: the next step is Sincronizar, and it opens it.
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  await expect(next).toBeVisible();
  await expect(next.getByRole('button')).toHaveText('Sincronizar');
  await shoot(page, 'home-first');
  await next.getByRole('button', { name: 'Sincronizar' }).click();
  await current('Sincronizar');
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 90_000 });

  // Synced, no statement: Importar.
  await home();
  await expect(next.getByRole('button')).toHaveText('Importar o extrato');
  await next.getByRole('button').click();
  await current('Importar');
  await page.getByRole('button', { name: 'OFX' }).click();
  await expect(page.getByRole('heading', { name: 'Confira antes de importar' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByText(/^Importado: \d+ lançamento/)).toBeVisible({ timeout: 30_000 });

  // Imported (suggested on import): every card agrees with dashboard.summary; the next step is Conciliar N.
  await home();
  const s1 = await command<Summary>(page, 'dashboard.summary', {});
  const st = s1.statement!;
  expect(st.buckets.toDecide.count).toBeGreaterThan(0);
  expect(st.buckets.toSend.count).toBe(0);
  await expect(next.getByRole('button')).toHaveText(`Conciliar ${lines(st.buckets.toDecide.count)}`);
  for (const k of ['toDecide', 'toSend', 'recorded', 'setAside'] as const)
    await expectCard(page, k, st.buckets[k]);
  await expect(page.locator('.stat-overdue')).toContainText(
    `${s1.overdue.count} ${s1.overdue.count === 1 ? 'recebível' : 'recebíveis'}`,
  );
  expect(plain(await page.locator('.home-total').textContent())).toBe(
    plain(`${lines(st.lines.count)}, ${brl(st.lines.cents)}`),
  );
  await expect(page.getByRole('img', { name: /Valores decididos e a decidir por dia/ })).toBeVisible();
  await shoot(page, 'home-to-decide');

  // Each card opens the list behind it: Conciliar with the card's filter chosen, holding as many lines.
  for (const [kind, tab] of [
    ['toDecide', 'A decidir'],
    ['recorded', 'Já no EVO'],
    ['setAside', 'Deixados de lado'],
  ] as const) {
    await page.locator(`.stat-${kind}`).click();
    await current('Conciliar');
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab} \\(`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab} \\(`) })).toHaveText(
      `${tab} (${st.buckets[kind].count})`,
    );
    await home();
  }
  await page.locator('.stat-overdue').click();
  await current('Inadimplentes');
  await home();
  await page.locator('.stat-open').click();
  await current('Sincronizar');
  await home();
  await next.getByRole('button').click();
  await current('Conciliar');

  // The clerk decides every line (through the commands Conciliar runs; Conciliar itself is tested elsewhere):
  // greens and other suggestions approved, lines with nothing proposed set aside.
  const plan = await command<Lines>(page, 'match.lines', { limit: 5000 });
  const decided = new Set(['approved', 'recorded', 'set_aside']);
  const todo = plan.rows.filter((r) => !decided.has(r.state));
  const approve = todo.filter((r) => r.receivables.length > 0).map((r) => r.matchId);
  const aside = todo.filter((r) => r.receivables.length === 0).map((r) => r.matchId);
  expect(approve.length).toBeGreaterThan(0);
  await command(page, 'review.approve', { matchIds: approve });
  if (aside.length)
    await command(page, 'review.setAside', {
      matchIds: aside,
      reason: 'other',
      note: 'conferido no teste',
    });

  // Nothing to decide: the next step is Enviar N (what Enviar lists), the cards moved with it.
  await home();
  const s2 = await command<Summary>(page, 'dashboard.summary', {});
  expect(s2.statement!.buckets.toDecide.count).toBe(0);
  expect(s2.all.buckets.toSend.count).toBe(approve.length);
  await expectCard(page, 'toDecide', { count: 0, cents: 0 });
  await expectCard(page, 'toSend', s2.statement!.buckets.toSend);
  await expect(next.getByRole('button')).toHaveText(`Enviar ${approve.length} ao EVO`);
  await shoot(page, 'home-to-send');
  await page.locator('.stat-toSend').click();
  await current('Enviar');
  await home();
  await next.getByRole('button').click();
  await current('Enviar');
  await page.getByRole('button', { name: /^Marcar como pagos \(\d+, R\$/ }).click();
  await page.getByRole('button', { name: 'Sim, marcar como pagos' }).click();
  await expect(
    page.getByText(/Lotes — na fila: 0 · aguardando confirmação: 0 · confirmados: [1-9]\d* · a revisar: 0/),
  ).toBeVisible({ timeout: 60_000 });

  // Sent and confirmed: "Tudo em dia" and no button; the sent card counts them and opens Enviar.
  await home();
  const s3 = await command<Summary>(page, 'dashboard.summary', {});
  expect(s3.statement!.buckets.sentConfirmed.count).toBe(approve.length);
  expect(s3.statement!.buckets.toSend.count).toBe(0);
  await expect(next).toContainText('Tudo em dia');
  await expect(next.getByRole('button')).toHaveCount(0);
  await expectCard(page, 'sent', s3.statement!.buckets.sentConfirmed);
  await expect(page.locator('.stat-sent')).toContainText(`${approve.length} confirmado`);
  // The two scopes agree here: one statement imported.
  await page.getByRole('button', { name: 'Todos os extratos' }).click();
  await expect(page.getByRole('button', { name: 'Todos os extratos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectCard(page, 'sent', s3.all.buckets.sentConfirmed);
  await page.getByRole('button', { name: 'Extrato atual' }).click();
  await shoot(page, 'home-done');
  await page.locator('.stat-sent').click();
  await current('Enviar');
  // Opened on its batches: the table of batches is in view.
  await expect(page.getByRole('table', { name: 'Lotes enviados ao EVO' })).toBeInViewport();

  // No Portuguese screen shows a code, JSON or "(s)".
  await home();
  const body = (await page.locator('main').textContent()) ?? '';
  expect(body).not.toMatch(/\(s\)|\{|\}|undefined|NaN|toDecide|set_aside/);
});

const csv = (rows: string[]) => ['Data;Descrição;Valor', ...rows].join('\r\n');

test('Início: lines left in an earlier statement are the next step once the latest is decided, and the cards open Conciliar on the statement that holds them', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  const next = page.getByRole('region', { name: 'Próximo passo' });
  const home = async () => {
    await nav.getByRole('button', { name: 'Início' }).click();
    await expect(next).toBeVisible();
  };
  // October: two credits nobody pays like that (nothing to propose: both left to decide). November: one
  // interest credit, which the clerk sets aside (through the command Conciliar runs).
  await importCsv(
    page,
    'extrato-itau-outubro.csv',
    csv(['14/10/2026;TED RECEBIDA EMPRESA XYZ LTDA;9876,54', '15/10/2026;DEPOSITO EM DINHEIRO;1234,56']),
  );
  await importCsv(page, 'extrato-itau-novembro.csv', csv(['21/11/2026;RENDIMENTO APLIC AUTOMATICA;17,35']));
  const { statements } = await command<{ statements: { id: number; fileName: string }[] }>(
    page,
    'import.statements',
    {},
  );
  const october = statements.find((s) => s.fileName === 'extrato-itau-outubro.csv')!;
  const november = statements.find((s) => s.fileName === 'extrato-itau-novembro.csv')!;
  const nov = await command<Lines>(page, 'match.lines', { statementId: november.id, limit: 10 });
  await command(page, 'review.setAside', {
    matchIds: nov.rows.map((r) => r.matchId),
    reason: 'interest',
  });

  // The latest statement is all decided, the earlier one is not: the next step says so and opens it.
  await home();
  const s = await command<Summary>(page, 'dashboard.summary', {});
  expect(s.statement).toMatchObject({ id: november.id, buckets: { toDecide: { count: 0 } } });
  expect(s.byStatement.find((x) => x.id === october.id)!.buckets.toDecide.count).toBe(2);
  await expect(next.getByRole('button')).toHaveText('Conciliar 2 lançamentos de um extrato anterior');
  // Named by its account and period, not its file name ([T] item 5).
  await expect(next).toContainText(
    'O extrato Itaú - Conta Movimento · 14/10 a 15/10/2026 ainda tem 2 lançamentos a decidir.',
  );
  await shoot(page, 'home-older-statement');
  await next.getByRole('button').click();
  const statementPicker = page.getByLabel('Extrato');
  await expect(statementPicker).toHaveValue(String(october.id));
  await expect(page.getByRole('tab', { name: /^A decidir/ })).toHaveText('A decidir (2)');
  await expect(page.getByRole('tab', { name: /^A decidir/ })).toHaveAttribute('aria-selected', 'true');

  // "Todos os extratos": the to-decide card opens October; "Extrato atual": the set-aside card opens November.
  await home();
  await page.getByRole('button', { name: 'Todos os extratos' }).click();
  await page.locator('.stat-toDecide').click();
  await expect(statementPicker).toHaveValue(String(october.id));
  await expect(page.getByRole('tab', { name: /^A decidir/ })).toHaveAttribute('aria-selected', 'true');
  await home();
  await page.locator('.stat-setAside').click();
  await expect(statementPicker).toHaveValue(String(november.id));
  await expect(page.getByRole('tab', { name: /^Deixados de lado/ })).toHaveText('Deixados de lado (1)');
});
