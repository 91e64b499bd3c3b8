import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { brDate as br, brMoney as money, OVERDUE, PIX, type OpenReceivable as Found } from './demo-data';
import { command, demoSynced, expect, importCsv, shoot, test } from './fixtures';

/**
 * [R] item 4: a set-aside rule is previewed before it is saved. A one-word rule ("cred", a word the bank prints
 * on most credits) is wide and catches lines with a proposal and an approved one: saving it is refused until it
 * is narrowed or confirmed, and the lines with a proposal are taken only when ticked one by one.
 */

/** Serious or critical axe-core violations of the page as it is, light then dark (WCAG 2.1 A and AA). */
async function axe(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of r.violations)
      if (v.impact === 'serious' || v.impact === 'critical')
        found.push(`${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/**
 * Eleven credits, each dated by the test from the data, never from today: three Pix payments naming members who
 * owe an overdue Pix receivable (dated its due date, so always in the past: proposals), two transfers between the
 * branch's own accounts, four balance adjustments, two interest credits. Nine of them say "CRED".
 */
function credCsv(overdue: Found[]): string {
  const names = new Set<string>();
  const named = overdue
    .filter((r) => r.paymentTypeId === PIX && r.payerName && r.dueDate)
    .sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || a.id - b.id)
    .filter((r) => {
      // One receivable per member and per amount: each line is unambiguous.
      const key = r.payerName!;
      if (names.has(key)) return false;
      names.add(key);
      return true;
    })
    .slice(0, 3);
  if (named.length < 3)
    throw new Error(
      `the demo branch has fewer than three overdue Pix receivables: ${JSON.stringify(overdue.slice(0, 5))} of ${overdue.length}`,
    );
  const day = br(named[0]!.dueDate!);
  return [
    'Data;Descrição;Valor',
    ...named.map((r) => `${br(r.dueDate!)};CRED PIX ${r.payerName!.toUpperCase()};${money(r.amountCents)}`),
    `${day};CRED TED MESMA TITULARIDADE;1500,00`,
    `${day};CRED TED MESMA TITULARIDADE;2300,00`,
    ...[317, 523, 741, 959].map((c) => `${day};CRED AJUSTE SALDO;${money(c)}`),
    `${day};RENDIMENTO APLIC AUTOMATICA;17,35`,
    `${day};RENDIMENTO APLIC AUTOMATICA;4,12`,
  ].join('\r\n');
}

interface Line {
  matchId: number;
  lineId: number;
  description: string;
  state: string;
}

test('a set-aside rule shows what it would catch; a one-word rule is refused until narrowed or confirmed line by line', async ({
  page,
  host,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const nav = await demoSynced(page, host.url);
  const overdue = await command<{ rows: Found[] }>(page, 'review.searchReceivables', {
    statuses: [OVERDUE],
    limit: 500,
  });
  await importCsv(page, 'extrato-cred.csv', credCsv(overdue.rows));
  // The clerk approved one of the three proposals already.
  const lines = async () => (await command<{ rows: Line[] }>(page, 'match.lines', { limit: 500 })).rows;
  const pix = (await lines()).filter((l) => l.description.startsWith('CRED PIX'));
  expect(pix.map((l) => l.state)).toEqual(['suggested', 'suggested', 'suggested']);
  await command(page, 'review.approve', { matchIds: [pix[0]!.matchId] });

  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const grid = page.locator('.reconcile-grid');
  await expect(grid).toBeFocused();
  await page.getByLabel('Buscar (nome, valor ou data) — tecla /').fill('mesma titularidade');
  await page.locator('.vlist-row').first().click();
  await grid.press('d');
  const form = page.getByRole('form', { name: 'Deixar de lado este lançamento' });
  await form.getByRole('radio', { name: 'transferência entre contas próprias' }).check();
  await form.getByLabel('Sempre deixar de lado lançamentos como este').check();
  const words = form.getByLabel('Palavras que o lançamento deve conter');
  await expect(words).toHaveValue('CRED TED MESMA TITULARIDADE');

  // One word: wide (8 of the 11 credits besides this one), and it would catch the proposals and the approval.
  await words.fill('cred');
  const preview = form.getByRole('region', { name: 'O que a regra pegaria agora' });
  await expect(preview).toContainText('Pegaria 8 lançamentos: 5 sem sugestão · 2 com sugestão · 1 aprovado.');
  // The statement by its account and period, not its file name ([T] item 5).
  await expect(preview.getByRole('note').first()).toContainText(
    /^Regra ampla demais: pega 8 de 11 créditos do extrato Itaú - Conta Movimento · [\d/]+( a [\d/]+)? \(o limite é 20 %\)\. Acrescente palavras, limite o valor ou a conta\./,
  );
  await expect(preview.getByRole('note').nth(1)).toContainText('3 destes já têm sugestão, aprovação');
  const list = preview.getByRole('list', { name: 'Lançamentos que a regra pegaria' });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expect(list.getByRole('checkbox')).toHaveCount(2); // the proposals; the approved line cannot be taken
  await expect(list.getByRole('listitem').filter({ hasText: 'aprovado: não será tocado' })).toHaveCount(1);
  await expect(preview).not.toContainText(/suggested|recorded|approved|\{|undefined/);
  await list.scrollIntoViewIfNeeded();
  await shoot(page, 'r-rule-wide');
  expect(await axe(page)).toEqual([]);

  // Saving is refused until it is narrowed or confirmed: nothing changes.
  await form.getByRole('button', { name: 'Deixar de lado', exact: true }).click();
  await expect(form.getByText('Restrinja a regra ou marque “salvar mesmo assim”.')).toBeVisible();
  expect((await command<{ rows: unknown[] }>(page, 'review.asideRules', {})).rows).toHaveLength(0);

  // Narrowed by words and amount: one more transfer, nothing else; no confirmation needed.
  await words.fill('cred ted');
  await form.getByLabel('Valor mínimo (R$)').fill('1.000,00');
  await expect(preview).toContainText('Pegaria 1 lançamento: 1 sem sugestão.');
  await expect(preview.getByRole('note')).toHaveCount(0);
  await preview.scrollIntoViewIfNeeded();
  await shoot(page, 'r-rule-narrow');
  await form.getByRole('button', { name: 'Deixar de lado', exact: true }).click();
  await expect(
    page.getByText(
      'Lançamento deixado de lado. Regra criada: mais 1 lançamento deste extrato foi deixado de lado.',
    ),
  ).toBeVisible();

  // Editing it back to one word: the clerk confirms its breadth and ticks one proposal only.
  await page.getByRole('button', { name: 'Regras (1)' }).click();
  const rules = page.getByRole('dialog', { name: 'Regras para deixar de lado' });
  await expect(rules).toContainText('a partir de R$');
  await rules.getByRole('button', { name: 'Editar a regra “cred ted”' }).click();
  await rules.getByLabel('Palavras', { exact: true }).fill('cred');
  await rules.getByLabel('Valor mínimo (R$)').fill('');
  const editPreview = rules.getByRole('region', { name: 'O que a regra pegaria agora' });
  await expect(editPreview).toContainText(
    'Pegaria 9 lançamentos: 5 sem sugestão · 2 com sugestão · 1 aprovado · 1 já deixado de lado.',
  );
  await rules.getByRole('button', { name: 'Salvar' }).click();
  await expect(rules.getByText('Restrinja a regra ou marque “salvar mesmo assim”.')).toBeVisible();
  await editPreview.getByRole('checkbox', { name: /^Entendo: salvar a regra mesmo assim/ }).check();
  await editPreview
    .getByRole('checkbox', { name: /^Deixar de lado também:/ })
    .first()
    .check();
  await editPreview.scrollIntoViewIfNeeded();
  await shoot(page, 'r-rule-edit-confirm');
  expect(await axe(page)).toEqual([]);
  await rules.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Regra salva.')).toBeVisible();

  // The approved line and the unticked proposal are as they were; the ticked one and the free ones are aside.
  const after = (await lines()).filter((l) => l.description.startsWith('CRED PIX')).map((l) => l.state);
  expect(after.sort()).toEqual(['approved', 'set_aside', 'suggested']);
  const aside = (await lines()).filter((l) => l.state === 'set_aside');
  expect(aside).toHaveLength(2 + 4 + 1); // both transfers, the four adjustments, the ticked proposal
});
