import { userInfo } from 'node:os';
import { brDate, brMoney, demoToday, openReceivables, unambiguousNamedPix } from './demo-data';
import { command, demoSynced, expect, importCsv, shoot, test } from './fixtures';

/**
 * [W] (issue 34) Two clerks on one statement: the first has the list on screen, a second one (another page of the
 * same host, as another desk would) rejects a line, then the first approves it as they saw it. The approval is
 * refused, the screen says who decided and when (Brasília's time), and the list is read again.
 */
test('Conciliar: a line another clerk decided meanwhile is refused with who and when, and the list reloads', async ({
  page,
  host,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  const named = unambiguousNamedPix(await openReceivables(page), await demoToday(page), 2);
  expect(named).toHaveLength(2);
  const csv = [
    'Data;Descrição;Valor',
    ...named.map(
      (r) => `${brDate(r.dueDate!)};PIX RECEBIDO - ${r.payerName!.toUpperCase()};${brMoney(r.amountCents)}`,
    ),
  ].join('\r\n');
  await importCsv(page, 'extrato-itau-dois-conferentes.csv', csv);
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  await page.getByRole('tab', { name: /^Verdes/ }).click();
  const first = page.locator('.vlist-row').first();
  await expect(first).toBeVisible();
  const matchId = Number((await first.getAttribute('id'))!.replace('match-', ''));

  // The second clerk, at another desk: rejects that line through the host while the first one still sees it green.
  const other = await page.context().newPage();
  await other.goto(host.url);
  await expect.poll(() => other.evaluate(() => 'api' in globalThis)).toBe(true);
  const rejected = await command<{ changed: number }>(other, 'review.reject', { matchIds: [matchId] });
  expect(rejected.changed).toBe(1);
  await other.close();

  // The first clerk approves the line as they saw it (Enter on the focused line).
  await page.locator('.reconcile-grid').focus();
  await page.keyboard.press('Enter');
  // Named by the login part of the audit's actor (`root (browser)` → root), at the rejection's time in Brasília.
  const audit = await command<{ entries: { at: string; actor: string }[] }>(page, 'audit.list', {
    action: 'match.rejected',
  });
  expect(audit.entries).toHaveLength(1);
  expect(audit.entries[0]!.actor).toBe(`${userInfo().username} (browser)`);
  const time = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
    new Date(audit.entries[0]!.at),
  );
  await expect(page.getByRole('alert')).toHaveText(
    `Esta linha já foi rejeitada por ${userInfo().username} às ${time} — a lista foi atualizada.`,
  );
  const lines = await command<{ rows: { matchId: number; state: string }[] }>(page, 'match.lines', {
    limit: 50,
  });
  expect(lines.rows.find((r) => r.matchId === matchId)?.state).toBe('rejected');
  // The list was read again: the line left "Verdes" and is counted under "Rejeitados".
  await expect(page.getByRole('tab', { name: /^Rejeitados \(1\)/ })).toBeVisible();
  await expect(page.locator(`#match-${matchId}`)).toHaveCount(0);
  await expect(page.getByText('Procurando candidatos…')).toHaveCount(0);
  await shoot(page, 'w-decided-meanwhile');
});
