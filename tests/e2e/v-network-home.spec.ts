import type { Locator, Page } from '@playwright/test';
import type { RunningSandbox } from '../../src/sandbox';
import { formatMoney } from '../../src/renderer/src/format';
import { TEST_TODAY, testDay, testSandbox, TO_RECONCILE } from '../helpers/sandbox';
import { command, expect, shoot, test } from './fixtures';
import { connectNetwork, importStatements } from './network';
import { checkText } from './screen-text';

/**
 * [V] items 3 and 4, must-show 3: a network's Início (one row per branch, sortable, a row opening Conciliar on its
 * branch), Conciliar and Enviar filtered by branch, and a wrong-branch proposal as the clerk reads it. A network of
 * 6 branches on the sandbox, with members paying into other branches' accounts (crossBranchRate), one CSV
 * statement per branch's main account. Light and dark shots at 1366×768.
 */
const BRANCHES = 6;
type Amount = { count: number; cents: number };
type Buckets = Record<
  'toDecide' | 'toSend' | 'sentWaiting' | 'sentFailed' | 'sentConfirmed' | 'recorded' | 'setAside',
  Amount
>;
type ByBranch = {
  branchId: number | null;
  name: string | null;
  buckets: Buckets;
  open: Amount;
  overdue: Amount;
};
type Row = {
  matchId: number;
  lineId: number;
  description: string;
  amountCents: number;
  reasons: { code: string; params?: Record<string, string | number> }[];
};

let sandbox: RunningSandbox;
test.beforeAll(async () => {
  sandbox = await testSandbox({
    members: 12,
    ...TO_RECONCILE,
    network: { branches: BRANCHES, crossBranchRate: 0.15 },
  });
});
test.afterAll(async () => {
  await sandbox.close();
});

const branchRows = (page: Page) => page.locator('section.home-branches tbody tr');
const order = async (rows: Locator) =>
  await rows.evaluateAll((els) =>
    els.map((e) => (e as unknown as { dataset: { branch: string } }).dataset.branch),
  );
const money = (a: Amount) => formatMoney(a.cents, 'pt-BR');
const lines = (a: Amount) => (a.count === 1 ? '1 lançamento' : `${a.count} lançamentos`);
const receivables = (a: Amount) => (a.count === 1 ? '1 recebível' : `${a.count} recebíveis`);

test('a network’s Início per branch, Conciliar and Enviar filtered by branch, a wrong-branch proposal in words', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(host.url);
  await connectNetwork(page, sandbox, { 1: 'Centro', 2: 'Norte' });
  const primaries = sandbox.data.bankAccounts.filter((a) => a.role === 'primary');
  expect(primaries).toHaveLength(BRANCHES);
  // And the central Pix account's, which Início counts in the network's row and Conciliar lists under "Rede".
  const central = sandbox.data.bankAccounts.find((a) => a.branchId === null)!;
  const statements = await importStatements(page, sandbox, [...primaries.map((a) => a.id), central.id]);
  // Some of what matching proposes is approved, so Enviar has something per branch to list: the greens, and
  // Centro's other suggestions that pay its own receivables.
  for (const id of statements.values()) await command(page, 'review.approveGreen', { statementId: id });
  const centroStatement = statements.get(primaries.find((a) => a.branchId === 1)!.id)!;
  const { rows: centroRows } = await command<{ rows: (Row & { state: string })[] }>(page, 'match.lines', {
    statementId: centroStatement,
    limit: 5000,
  });
  const own = centroRows.filter((r) => r.state === 'suggested' && r.reasons[0]?.code !== 'other_branch');
  if (own.length) await command(page, 'review.approve', { matchIds: own.map((r) => r.matchId) });

  // (a) Início: one row per branch reconciled here, and the network's row, with the summary's own numbers.
  await page.reload();
  const summary = await command<{ byBranch: ByBranch[] }>(page, 'dashboard.summary', {});
  expect(summary.byBranch.map((b) => b.branchId)).toEqual([1, 2, 3, 4, 5, 6, null]);
  const table = page.locator('section.home-branches');
  await expect(table.getByRole('heading', { name: 'Unidades', exact: true })).toBeVisible();
  const rows = branchRows(page);
  await expect(rows).toHaveCount(summary.byBranch.length);
  for (const b of summary.byBranch) {
    const row = table.locator(`tbody tr[data-branch="${b.branchId ?? 'network'}"]`);
    const cells = row.locator('td');
    await expect(row.locator('th')).toHaveText(
      b.branchId === null
        ? 'Rede (contas centrais e contas sem unidade)'
        : (b.name ?? `Unidade ${b.branchId}`),
    );
    const sent = {
      count: b.buckets.sentWaiting.count + b.buckets.sentConfirmed.count,
      cents: b.buckets.sentWaiting.cents + b.buckets.sentConfirmed.cents,
    };
    const want = [
      `${money(b.buckets.toDecide)}${lines(b.buckets.toDecide)}`,
      `${money(b.buckets.toSend)}${lines(b.buckets.toSend)}`,
      `${money(sent)}${lines(sent)}`,
      `${money(b.buckets.setAside)}${lines(b.buckets.setAside)}`,
      `${money(b.open)}${receivables(b.open)}`,
      `${money(b.overdue)}${receivables(b.overdue)}`,
    ];
    const got = (await cells.allInnerTexts()).map((s) => s.replace(/\s+/g, ''));
    expect(got.slice(0, 6)).toEqual(want.map((s) => s.replace(/\s+/g, '')));
  }
  await expect(table.locator('tbody tr[data-branch="1"] th')).toHaveText('Centro');
  await expect(table.locator('tbody tr[data-branch="3"] th')).toHaveText('Unidade 3');
  // The words the clerk reads: no code, no English.
  expect(checkText(await table.innerText()).map((h) => `${h.check}: ${h.text}`)).toEqual([]);
  await table.evaluate((el) =>
    (el as unknown as { scrollIntoView: (o: object) => void }).scrollIntoView({ block: 'start' }),
  );
  await shoot(page, 'v-network-home');

  // Sorting: "A decidir" ranks the most money first, a second click the least; the network's row stays last.
  const header = (name: string) => table.getByRole('columnheader', { name });
  await header('A decidir').getByRole('button').click();
  await expect(header('A decidir')).toHaveAttribute('aria-sort', 'descending');
  const ranked = summary.byBranch
    .filter((b) => b.branchId !== null)
    .sort(
      (x, y) =>
        y.buckets.toDecide.cents - x.buckets.toDecide.cents ||
        y.buckets.toDecide.count - x.buckets.toDecide.count,
    );
  const desc = await order(rows);
  expect(desc.at(-1)).toBe('network');
  const decided = (id: string) =>
    summary.byBranch.find((b) => String(b.branchId) === id)!.buckets.toDecide.cents;
  expect(desc.slice(0, -1).map(decided)).toEqual(ranked.map((b) => b.buckets.toDecide.cents));
  await header('A decidir').getByRole('button').click();
  await expect(header('A decidir')).toHaveAttribute('aria-sort', 'ascending');
  const asc = await order(rows);
  expect(asc.slice(0, -1).map(decided)).toEqual([...ranked].reverse().map((b) => b.buckets.toDecide.cents));
  await header('Unidade').getByRole('button').click();
  await expect(header('Unidade')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header('A decidir')).toHaveAttribute('aria-sort', 'none');
  const byName = await order(rows);
  expect(byName.slice(0, 2)).toEqual(['1', '2']); // "Centro", "Norte", then "Unidade 3"…
  expect(desc).not.toEqual(asc);

  // (b) A click on Centro's row: Conciliar on Centro's statements only.
  await table.locator('tbody tr[data-branch="1"] th').getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'Conciliar', exact: true })).toBeVisible();
  const branchSelect = page.getByLabel('Unidade', { exact: true });
  await expect(branchSelect.locator('option:checked')).toHaveText('Centro');
  const statementSelect = page.getByLabel('Extrato', { exact: true });
  const centro = primaries.find((a) => a.branchId === 1)!;
  await expect(statementSelect.locator('option')).toHaveCount(1);
  await expect(statementSelect.locator('option:checked')).toContainText(centro.description);
  await expect(page.locator('.reconcile-grid [role="row"]').nth(1)).toBeVisible();
  await expect(page.locator('.reconcile-side')).not.toContainText('Procurando candidatos');
  await shoot(page, 'v-network-reconcile-branch');
  await branchSelect.selectOption({ label: 'Todas as unidades' });
  await expect(statementSelect.locator('option')).toHaveCount(BRANCHES + 1);
  await branchSelect.selectOption({ label: 'Norte' });
  await expect(statementSelect.locator('option')).toHaveCount(1);
  await expect(statementSelect.locator('option:checked')).toContainText(
    primaries.find((a) => a.branchId === 2)!.description,
  );
  await branchSelect.selectOption({ label: 'Rede (contas centrais e sem unidade)' });
  await expect(statementSelect.locator('option')).toHaveCount(1);
  await expect(statementSelect.locator('option:checked')).toContainText(central.description);
  // A branch with no statement: an empty picker, and a sentence saying why.
  await command(page, 'branches.add', { id: 77, name: 'Expansão Sul' });
  await page.getByRole('navigation').getByRole('button', { name: 'Início' }).click();
  await page.getByRole('navigation').getByRole('button', { name: 'Conciliar' }).click();
  await page.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Expansão Sul' });
  await expect(statementSelect.locator('option')).toHaveCount(0);
  await expect(page.getByText('Nenhum extrato importado para esta unidade.')).toBeVisible();

  // (c) A credit in one branch's account paying another branch's receivable: proposed as such, in words.
  let wrong: { row: Row; accountId: number } | undefined;
  for (const [accountId, statementId] of statements) {
    const { rows: found } = await command<{ rows: Row[] }>(page, 'match.lines', { statementId, limit: 5000 });
    // A proposal: a tie among another branch's candidates, or money already recorded there, proposes nothing and is
    // said otherwise (pinned to Saturday 2027-03-06 the first one found was recorded).
    const hits = found.filter(
      (r) =>
        r.reasons[0]?.code === 'other_branch' &&
        r.reasons[0].params?.tie !== 1 &&
        r.reasons[0].params?.recorded !== 1,
    );
    // A named branch on both sides reads best; any wrong-branch line otherwise.
    const named = hits.find(
      (r) => r.reasons[0]!.params?.accountBranch && r.reasons[0]!.params?.receivableBranch,
    );
    if (named || (!wrong && hits[0])) wrong = { row: (named ?? hits[0])!, accountId };
    if (named) break;
  }
  expect(wrong, 'a wrong-branch proposal among the statements').toBeDefined();
  const { row, accountId } = wrong!;
  const p = row.reasons[0]!.params ?? {};
  const side = (name: unknown, id: unknown) =>
    `unidade ${typeof name === 'string' && name ? name : String(id)}`;
  const sentence = `pago na conta da ${side(p.accountBranch, p.accountBranchId)}; o recebível é da ${side(p.receivableBranch, p.receivableBranchId)}: confira antes de aprovar`;
  const account = sandbox.data.bankAccounts.find((a) => a.id === accountId)!;
  const accountBranch = String(account.branchId);
  await branchSelect.selectOption({ value: accountBranch });
  await expect(statementSelect.locator('option:checked')).toContainText(account.description);
  await page.getByRole('tab', { name: /^Todos/ }).click();
  const line = page.locator(`#match-${row.matchId}`);
  for (let i = 0; i < 40 && !(await line.isVisible()); i++)
    await page.locator('.reconcile-grid').press('PageDown');
  await line.click();
  const side$ = page.locator('.reconcile-side');
  await expect(side$.getByRole('note')).toHaveText(
    `⚠${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`,
  );
  await expect(side$.locator('.line-panel')).toContainText(sentence);
  await expect(side$).not.toContainText('Procurando candidatos');
  expect(checkText(await side$.innerText()).map((h) => `${h.check}: ${h.text}`)).toEqual([]);
  await shoot(page, 'v-network-wrong-branch');

  // (d) Enviar filtered to Centro: only Centro's accounts listed, and the button sends only those.
  await branchSelect.selectOption({ label: 'Centro' });
  await page.getByRole('navigation').getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('heading', { name: 'Enviar', exact: true })).toBeVisible();
  await expect(page.getByLabel('Unidade', { exact: true }).locator('option:checked')).toHaveText('Centro');
  const preview = await command<{
    count: number;
    groups: { bankAccountId: number; accountName: string | null; count: number }[];
  }>(page, 'send.preview', {});
  const centroAccounts = new Set(
    sandbox.data.bankAccounts.filter((a) => a.branchId === 1).map((a) => a.description),
  );
  const centroCount = preview.groups
    .filter((g) => g.accountName !== null && centroAccounts.has(g.accountName))
    .reduce((s, g) => s + g.count, 0);
  expect(preview.count).toBeGreaterThan(centroCount);
  // The core lists (and sends) only what came into Centro's accounts: the button's count is Centro's.
  const centroPreview = await command<{ count: number }>(page, 'send.preview', { branch: 1 });
  expect(centroPreview.count).toBe(centroCount);
  if (centroCount > 0) {
    await expect(page.locator('.branch-note').first()).toHaveText(
      `Mostrando ${centroCount} ${centroCount === 1 ? 'recebível' : 'recebíveis'} de Centro, de ${preview.count} aprovados a enviar.`,
    );
    const accountsShown = await page.locator('.send-items tbody tr td:last-child').allInnerTexts();
    expect(accountsShown.length).toBeGreaterThan(0);
    for (const a of accountsShown) expect(centroAccounts.has(a), a).toBe(true);
    await expect(page.getByRole('button', { name: /^Marcar como pagos/ })).toContainText(
      `Marcar como pagos (${centroCount},`,
    );
  } else {
    await expect(page.getByText('Nada aprovado a enviar de Centro.')).toBeVisible();
  }
  await shoot(page, 'v-network-send-branch');
  await page.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Todas as unidades' });
  await expect(page.locator('.branch-note')).toHaveCount(0);

  // (e) Inadimplentes of one branch: the shared choice, the same count as debtors.list of that branch.
  await page.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Norte' });
  await page.getByRole('navigation').getByRole('button', { name: 'Inadimplentes' }).click();
  await expect(page.getByLabel('Unidade', { exact: true }).locator('option:checked')).toHaveText('Norte');
  await expect(page.getByLabel('Unidade', { exact: true }).locator('option[value="network"]')).toHaveCount(0);
  const norte = await command<{ memberCount: number }>(page, 'debtors.list', { branchId: 2 });
  const everyone = await command<{ memberCount: number }>(page, 'debtors.list', {});
  expect(norte.memberCount).toBeLessThan(everyone.memberCount);
  await expect(page.locator('p.totals')).toContainText(
    `${norte.memberCount} ${norte.memberCount === 1 ? 'aluno inadimplente' : 'alunos inadimplentes'}`,
  );
  await shoot(page, 'v-network-debtors-branch');

  // (f) Auditoria's reconciliation report of one branch: the same shared choice, beside the report only. First the
  // clerk confirms the wrong-branch proposals and sends everything approved, so the report has rows of both kinds.
  const toConfirm: number[] = [];
  for (const id of statements.values()) {
    const { rows: ls } = await command<{ rows: (Row & { state: string })[] }>(page, 'match.lines', {
      statementId: id,
      limit: 5000,
    });
    toConfirm.push(
      ...ls
        .filter((r) => r.state === 'suggested' && r.reasons[0]?.code === 'other_branch')
        .map((r) => r.matchId),
    );
  }
  expect(toConfirm.length).toBeGreaterThan(0);
  await command(page, 'review.approve', { matchIds: toConfirm });
  await command(page, 'send.confirm', { chunkSize: 50, wait: true });
  await page.getByRole('navigation').getByRole('button', { name: 'Auditoria' }).click();
  await page.getByRole('tab', { name: 'Relatório de conciliação' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Relatório de conciliação' });
  await expect(panel.getByLabel('Unidade', { exact: true }).locator('option:checked')).toHaveText('Norte');
  // Each date typed and the branch chosen ask for the report again. Norte's reports asked while the dates are typed
  // are held back until Centro's is on screen, then let through: a slower earlier answer arriving last (CI once
  // drew Norte's rows under "Centro" that way) must be dropped. Made on purpose rather than left to timing.
  let releaseNorte!: () => void;
  const norteHeld = new Promise<void>((r) => (releaseNorte = r));
  const heldNorte: Promise<unknown>[] = [];
  await page.route('**/api/commands/reports.reconciliation', async (route) => {
    if ((JSON.parse(route.request().postData() ?? '{}') as { branch?: unknown }).branch === 2) {
      heldNorte.push(page.waitForResponse((r) => r.request() === route.request()));
      await norteHeld;
    }
    await route.continue();
  });
  // The period of the statements (the screen's default starts on the 1st of the month, which depends on the day).
  // 32 days back is always before that 1st, so typing it changes the date and asks again: 30 days back is the 1st
  // itself on the 31st of a month (pinned to 2026-12-31, nothing was asked and the wait below never ended).
  const from = testDay(-32);
  const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  await page.getByLabel('De', { exact: true }).fill(br(from));
  await page.getByLabel('Até', { exact: true }).fill(br(TEST_TODAY));
  await expect.poll(() => heldNorte.length).toBeGreaterThan(0);
  await panel.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Centro' });
  await expect(panel.getByLabel('Unidade', { exact: true }).locator('option:checked')).toHaveText('Centro');
  const centroReport = await command<{ rows: { receivableBranchId?: number | null }[] }>(
    page,
    'reports.reconciliation',
    { from, to: TEST_TODAY, branch: 1 },
  );
  expect(centroReport.rows.length).toBeGreaterThan(0);
  await expect(panel.getByRole('row')).toHaveCount(centroReport.rows.length + 1);
  await expect(panel.getByRole('row').nth(1)).toContainText('Centro');
  // Norte's older answers arrive now, whole; one more turn of the page's event loop, and Centro's rows stay.
  releaseNorte();
  await Promise.all(heldNorte);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  await expect(panel.getByRole('row')).toHaveCount(centroReport.rows.length + 1);
  await expect(panel.getByRole('row').nth(1)).toContainText('Centro');
  await page.unroute('**/api/commands/reports.reconciliation');
  // Every branch's report: the rows whose receivable is another branch's say whose.
  await panel.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Todas as unidades' });
  await expect(panel.getByText(/^nº \d+ · é da .+/).first()).toBeVisible();
  expect(checkText(await panel.innerText()).map((h) => `${h.check}: ${h.text}`)).toEqual([]);
  await shoot(page, 'v-network-audit-branch');
});
