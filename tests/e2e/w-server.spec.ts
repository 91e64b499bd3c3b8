import { brDate, brMoney, demoToday, openReceivables, unambiguousNamedPix } from './demo-data';
import { command, expect, importCsv, shoot, test } from './fixtures';
import { desk, PEOPLE, signIn, startOfficeServer, type OfficeServer } from './server';

/**
 * [W] The office server with three people at three desks (issue 34, must show 5): the real `quita server` over
 * HTTPS, users made with `quita usuarios`, each desk its own browser context (its own session cookie).
 * - the login page, a wrong password, and signing in;
 * - an administrator starts the demonstration branch, syncs and imports a statement;
 * - Ana (conferente) has Conciliar open; Bia (supervisor), at her desk, rejects a line; Ana's approval of what she
 *   saw is refused, naming Bia and when;
 * - Ana cannot send (the server's door refuses, the screen says why); Bia can;
 * - the administrator's Usuários, and Auditoria's "Quem" naming each person;
 * - Sair ends the session.
 */
let server: OfficeServer;
test.beforeAll(async () => {
  server = await startOfficeServer();
});
test.afterAll(async () => {
  await server?.stop();
});

test('office server: login, two clerks on one line, roles at the door, users and who did what', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const admin = await desk(browser);
  const page = admin.page;

  // Nothing but the login page without a session; the page works without script and names the server.
  await page.goto(server.url);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: /Entrar no Quita/ })).toBeVisible();
  await shoot(page, 'w-server-login');
  await page.getByLabel('Usuário').fill('caio');
  await page.getByLabel('Senha').fill('nao-e-a-senha-dele');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha não conferem.');
  // What was typed as the login stays; the password never comes back in the page.
  await expect(page.getByLabel('Usuário')).toHaveValue('caio');
  await expect(page.getByLabel('Senha')).toHaveValue('');
  await shoot(page, 'w-server-login-wrong');

  await signIn(page, server.url, 'caio', false);
  expect(await command(page, 'users.me', {})).toEqual({
    login: 'caio',
    name: PEOPLE.caio.name,
    role: 'administrador',
  });
  await page.getByRole('button', { name: 'Usar filial de demonstração' }).click();
  const nav = page.getByRole('navigation');
  await nav.getByRole('button', { name: 'Sincronizar' }).click();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pronto:' })).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('.who-is-in')).toContainText('Caio Martins');
  const named = unambiguousNamedPix(await openReceivables(page), await demoToday(page), 2);
  expect(named).toHaveLength(2);
  const csv = [
    'Data;Descrição;Valor',
    ...named.map(
      (r) => `${brDate(r.dueDate!)};PIX RECEBIDO - ${r.payerName!.toUpperCase()};${brMoney(r.amountCents)}`,
    ),
  ].join('\r\n');
  await importCsv(page, 'extrato-itau-escritorio.csv', csv);

  // Ana has the greens of Conciliar on her screen.
  const ana = await desk(browser);
  await signIn(ana.page, server.url, 'ana');
  await ana.page.getByRole('navigation').getByRole('button', { name: 'Conciliar' }).click();
  await ana.page.getByRole('tab', { name: /^Verdes/ }).click();
  const first = ana.page.locator('.vlist-row').first();
  await expect(first).toBeVisible();
  const matchId = Number((await first.getAttribute('id'))!.replace('match-', ''));

  // Bia, at her own desk, rejects that line.
  const bia = await desk(browser);
  await signIn(bia.page, server.url, 'bia');
  const rejected = await command<{ changed: number }>(bia.page, 'review.reject', { matchIds: [matchId] });
  expect(rejected.changed).toBe(1);

  // Ana approves the line as she saw it: refused, naming Bia (her login, from the audit) and when.
  await ana.page.locator('.reconcile-grid').focus();
  await ana.page.keyboard.press('Enter');
  const audit = await command<{ entries: { at: string; actor: string }[] }>(page, 'audit.list', {
    action: 'match.rejected',
  });
  expect(audit.entries.map((e) => e.actor)).toEqual(['bia (server)']);
  const time = new Intl.DateTimeFormat('pt-BR', { timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
    new Date(audit.entries[0]!.at),
  );
  await expect(ana.page.getByRole('alert')).toHaveText(
    `Esta linha já foi rejeitada por bia às ${time} — a lista foi atualizada.`,
  );
  await expect(ana.page.getByRole('tab', { name: /^Rejeitados \(1\)/ })).toBeVisible();
  await shoot(ana.page, 'w-server-decided-meanwhile');

  // Ana approves the other line; she cannot send it — the server's door says so, whatever the screen shows.
  const lines = await command<{ rows: { matchId: number; state: string; zone: string }[] }>(
    ana.page,
    'match.lines',
    {
      limit: 50,
    },
  );
  const other = lines.rows.find((r) => r.matchId !== matchId && r.state === 'suggested');
  expect(other).toBeTruthy();
  await command(ana.page, 'review.approve', { matchIds: [other!.matchId] });
  const refused = (await ana.page.evaluate(() =>
    (globalThis as unknown as { api: { invoke: (n: string, i: unknown) => Promise<unknown> } }).api.invoke(
      'send.confirm',
      {},
    ),
  )) as { ok: boolean; error?: { code?: string; params?: Record<string, string> } };
  expect(refused).toMatchObject({
    ok: false,
    error: { code: 'access.forbidden', params: { role: 'conferente', need: 'supervisor' } },
  });
  await ana.page.getByRole('navigation').getByRole('button', { name: 'Enviar' }).click();
  const markPaid = ana.page.getByRole('button', { name: /^Marcar como pagos/ });
  await expect(markPaid).toBeDisabled();
  await shoot(ana.page, 'w-server-conferente-send');

  // Bia can: her screen sends what Ana approved.
  await bia.page.getByRole('navigation').getByRole('button', { name: 'Enviar' }).click();
  const biaSend = bia.page.getByRole('button', { name: /^Marcar como pagos \(1, R\$/ });
  await expect(biaSend).toBeEnabled();

  // The administrator's Usuários: the three people, their roles, when they last came in.
  await nav.getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Usuários', exact: true })).toBeVisible();
  for (const p of Object.values(PEOPLE)) await expect(page.getByText(p.name).first()).toBeVisible();
  await page.getByRole('heading', { name: 'Usuários', exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, 'w-server-users');

  // Auditoria names each person: the import by Caio, the rejection by Bia, the approval by Ana.
  await nav.getByRole('button', { name: 'Auditoria' }).click();
  const log = page.locator('main');
  await expect(log.getByText(/bia/).first()).toBeVisible();
  await expect(log.getByText(/ana/).first()).toBeVisible();
  await shoot(page, 'w-server-audit');
  const all = await command<{ entries: { actor: string; action: string }[] }>(page, 'audit.list', {
    limit: 200,
  });
  const actors = new Set(all.entries.map((e) => e.actor));
  expect(actors).toContain('caio (server)');
  expect(actors).toContain('ana (server)');
  expect(actors).toContain('bia (server)');

  // Each person's theme is their own: Ana's dark page leaves Caio's as it was, and stays hers after a reload.
  await ana.page.getByLabel('Tema').selectOption({ label: 'Escuro' });
  await expect(ana.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await ana.page.reload();
  await expect(ana.page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'system');

  // Sair ends Ana's session: the login page says so, and her old cookie opens nothing.
  await ana.page.getByRole('button', { name: 'Sair' }).click();
  await expect(ana.page).toHaveURL(/\/login\?m=loggedOut$/);
  await expect(ana.page.getByRole('status')).toHaveText('Você saiu. Até logo!');
  await ana.page.goto(server.url);
  await expect(ana.page).toHaveURL(/\/login/);

  // The request log names people, never a password.
  for (const p of Object.values(PEOPLE)) expect(server.output()).not.toContain(p.password);
  expect(server.output()).toContain('"user":"ana"');

  await Promise.all([admin.context.close(), ana.context.close(), bia.context.close()]);
});
