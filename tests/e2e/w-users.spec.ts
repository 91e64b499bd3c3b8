import type { Page, Route } from '@playwright/test';
import type { CommandOutput } from '../../src/shared/contract';
import { command, demoSynced, expect, shoot, test } from './fixtures';

/**
 * [W] The office server's people on screen (issue 34, must show 5). The browser host has no office server: there
 * `users.me` is null and nothing of logins may show. The screens with a person logged in are shot here with the
 * `users.*` answers stubbed (named so in the test); the real flow is asserted by the server's own e2e.
 */
type Lines = CommandOutput<'match.lines'>;
type User = CommandOutput<'users.list'>[number];

/** The demo branch synced, its sample OFX imported through Importar, every suggested line but one approved. */
async function approvedToSend(page: Page, url: string) {
  const nav = await demoSynced(page, url);
  await nav.getByRole('button', { name: 'Importar' }).click();
  await page.getByRole('button', { name: 'OFX' }).click();
  await page.getByRole('button', { name: /^Importar \(\d+ crédito/ }).click();
  await expect(page.getByText(/^Importado: \d+ lançamento/)).toBeVisible({ timeout: 30_000 });
  const plan = await command<Lines>(page, 'match.lines', { limit: 5000 });
  const proposed = plan.rows.filter((r) => r.state === 'suggested' && r.receivables.length > 0);
  expect(proposed.length).toBeGreaterThan(1);
  // All but one: Conciliar keeps a line to decide (the demo's statement may leave none otherwise, by the day).
  await command(page, 'review.approve', { matchIds: proposed.slice(1).map((r) => r.matchId) });
  return nav;
}

test('no office server (browser host): users.me is null and nothing changes — no Sair, no Minha conta nor Usuários, Configurações and Enviar as before', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  const nav = await approvedToSend(page, host.url);
  expect(await command(page, 'users.me', {})).toBeNull();

  await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);
  await expect(page.locator('.who-is-in')).toHaveCount(0);

  await nav.getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Conexões (uma por filial)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar conexão' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Usuários', exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toHaveCount(0);
  await expect(page.getByText('são alterados por um administrador')).toHaveCount(0);

  await nav.getByRole('button', { name: 'Enviar' }).click();
  const markPaid = page.getByRole('button', { name: /^Marcar como pagos \(\d+, R\$/ });
  await expect(markPaid).toBeEnabled();
  await expect(markPaid).not.toHaveAttribute('title');
  await expect(page.getByText('Só um supervisor')).toHaveCount(0);
});

/**
 * Answers the `users.*` commands as an office server would, for the shots: who is logged in (`me`, changed by the
 * test) and a list the screen changes. Every other command goes to the real host.
 */
function stubUsers(page: Page) {
  const state = {
    me: { login: 'ana', name: 'Ana Souza', role: 'administrador' } as Pick<User, 'login' | 'name' | 'role'>,
    users: [
      ['ana', 'Ana Souza', 'administrador', true, '2026-11-27T12:40:00.000Z'],
      ['bruno', 'Bruno Lima', 'conferente', true, '2026-11-26T18:05:00.000Z'],
      ['carla', 'Carla Dias', 'supervisor', true, '2026-11-27T11:15:00.000Z'],
      ['diego', 'Diego Reis', 'conferente', false, null],
    ].map(([login, name, role, active, lastLoginAt], id) => ({
      id: id + 1,
      login,
      name,
      role,
      active,
      createdAt: '2026-11-02T13:00:00.000Z',
      lastLoginAt,
    })) as User[],
    changes: [] as { name: string; input: Record<string, unknown> }[],
  };
  const ok = (route: Route, value: unknown) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, value }) });
  const fail = (route: Route, code: string, message: string) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: { kind: 'validation', code, message } }),
    });
  return {
    state,
    install: async () => {
      // The office server's bridge has a way out (`logout`); the browser mode's has none: the one it gets here only
      // counts the clicks. The bridge defines window.api once, frozen: it is given a copy with `logout` as it does.
      await page.addInitScript(() => {
        const define = Object.defineProperty;
        Object.defineProperty = function <T>(
          o: T,
          key: PropertyKey,
          d: PropertyDescriptor & ThisType<unknown>,
        ): T {
          if (key === 'api' && (o as unknown) === globalThis && d.value) {
            const w = globalThis as unknown as { loggedOut: number };
            w.loggedOut = 0;
            d = {
              ...d,
              value: Object.freeze({
                ...(d.value as object),
                logout: async () => {
                  w.loggedOut += 1;
                },
              }),
            };
          }
          return define(o, key, d);
        } as typeof Object.defineProperty;
      });
      await page.route(/\/api\/commands\/users\./, async (route) => {
        const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
        const input = (route.request().postDataJSON() ?? {}) as Record<string, unknown>;
        state.changes.push({ name, input });
        const find = (login: unknown) => state.users.find((u) => u.login === login)!;
        switch (name) {
          case 'users.me':
            return ok(route, state.me);
          case 'users.list':
            return ok(route, state.users);
          case 'users.add': {
            const u = {
              id: state.users.length + 1,
              login: String(input.login),
              name: String(input.name),
              role: input.role as User['role'],
              active: true,
              createdAt: '2026-11-27T13:00:00.000Z',
              lastLoginAt: null,
            };
            state.users.push(u);
            return ok(route, u);
          }
          case 'users.update': {
            const u = find(input.login);
            Object.assign(u, input);
            return ok(route, u);
          }
          case 'users.setPassword':
            return ok(route, find(input.login));
          case 'users.changePassword':
            return input.current === 'senha-certa-123'
              ? ok(route, find(state.me.login))
              : fail(route, 'users.current_wrong', 'The current password is not right.');
          default:
            return route.continue();
        }
      });
    },
  };
}

test('screens with a person logged in, users.* stubbed (no office server in the browser host yet): Usuários as an administrator, a conferente’s Configurações and Enviar, Quem in Auditoria — light and dark at 1366×768', async ({
  page,
  host,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  const stub = stubUsers(page);
  await stub.install();

  // A server not yet connected to EVO, seen by a conferente: who may connect it, and the way out.
  stub.state.me = { login: 'bruno', name: 'Bruno Lima', role: 'conferente' };
  await page.goto(host.url);
  await expect(page.getByRole('status')).toHaveText(
    'Este servidor do escritório ainda não está ligado ao EVO. Um administrador precisa configurar a conexão; depois, recarregue esta página.',
  );
  await expect(page.getByRole('button', { name: 'Usar filial de demonstração' })).toHaveCount(0);
  await expect(page.locator('.who-is-in').getByRole('button', { name: 'Sair' })).toBeVisible();
  await shoot(page, 'w-users-conferente-first-run');

  stub.state.me = { login: 'ana', name: 'Ana Souza', role: 'administrador' };
  // The address differs only by its fragment: going to it again would not load the page again.
  await page.goto('about:blank');
  const nav = await approvedToSend(page, host.url);

  // An administrator: who is in, and the way out only where the bridge has one (not the browser mode's).
  const who = page.locator('.who-is-in');
  await expect(who.locator('.who-name')).toHaveAttribute('title', 'Ana Souza · Administrador');
  await expect(who).toContainText('Ana Souza');
  await expect(who).toContainText('Administrador');
  await expect(who).toHaveAccessibleName('Conectado como Ana Souza (login ana), Administrador');
  await expect(who.getByRole('button', { name: 'Sair' })).toBeVisible();

  await nav.getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  const users = page.locator('section.users');
  await expect(users.getByRole('heading', { name: 'Usuários', exact: true })).toBeVisible();
  await expect(users.getByRole('row')).toHaveCount(5);
  await expect(users.getByRole('row', { name: /diego/ })).toContainText('desativado');
  await expect(users.getByRole('row', { name: /diego/ })).toContainText('nunca entrou');
  // One's own role and access are another administrator's to change.
  await expect(users.getByLabel('Papel de ana')).toBeDisabled();
  await expect(users.getByRole('button', { name: 'Desativar ana' })).toBeDisabled();
  await expect(page.getByRole('heading', { name: 'Conexões (uma por filial)' })).toBeVisible();

  await users.getByLabel('Papel de bruno').selectOption('supervisor');
  await expect(users.getByRole('status')).toHaveText(
    'Bruno Lima agora é Supervisor. Se estava conectado, precisa entrar de novo.',
  );
  expect(stub.state.changes.at(-1)).toEqual({
    name: 'users.update',
    input: { login: 'bruno', role: 'supervisor' },
  });

  await users.getByRole('button', { name: 'Adicionar usuário' }).click();
  const add = users.getByRole('form', { name: 'Adicionar usuário' });
  await add.getByLabel('Login').fill('elisa.m');
  await add.getByLabel('Nome').fill('Elisa Martins');
  await add.getByLabel('Papel').selectOption('conferente');
  await add.getByLabel('Senha', { exact: true }).fill('uma-senha-longa-1');
  await add.getByLabel('Confirme a senha').fill('uma-senha-longa-2');
  await add.getByRole('button', { name: 'Adicionar' }).click();
  await expect(users.getByRole('alert')).toHaveText(
    'A nova senha e a confirmação não são iguais: digite as duas de novo.',
  );
  expect(stub.state.changes.some((c) => c.name === 'users.add')).toBe(false);
  await users.getByRole('button', { name: 'Redefinir a senha de carla' }).click();
  await expect(users.getByRole('form', { name: 'Nova senha de carla' })).toBeVisible();
  await users.scrollIntoViewIfNeeded();
  await shoot(page, 'w-users-admin-forms');

  await users.getByRole('button', { name: 'Ativar diego' }).click();
  await expect(users.getByRole('status')).toHaveText(
    'Usuário diego (Diego Reis) ativado: pode entrar de novo.',
  );

  await add.getByLabel('Confirme a senha').fill('uma-senha-longa-1');
  await add.getByRole('button', { name: 'Adicionar' }).click();
  await expect(users.getByRole('status')).toHaveText(
    'Usuário elisa.m (Elisa Martins) adicionado como Conferente. Entregue a senha pessoalmente.',
  );
  await expect(users.getByRole('row')).toHaveCount(6);
  await users.getByRole('button', { name: 'Cancelar' }).click();
  await users.evaluate((el) => (el as unknown as { scrollIntoView: () => void }).scrollIntoView());
  await shoot(page, 'w-users-admin');

  // A conferente: nothing of the administrator's, their own password, and Enviar's button saying who may.
  stub.state.me = { login: 'bruno', name: 'Bruno Lima', role: 'conferente' };
  await page.reload();
  await expect(who.locator('.who-name')).toHaveAttribute('title', 'Bruno Lima · Conferente');
  await nav.getByRole('button', { name: 'Configurações' }).click();
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  await expect(
    page.getByText('Conexões, unidades, extratos automáticos e usuários são alterados'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Conexões (uma por filial)' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Usuários', exact: true })).toHaveCount(0);
  const mine = page.locator('section.my-account');
  await mine.getByLabel('Senha atual').fill('senha-errada-123');
  await mine.getByLabel('Nova senha', { exact: true }).fill('outra-senha-456');
  await mine.getByLabel('Confirme a nova senha').fill('outra-senha-456');
  await mine.getByRole('button', { name: 'Trocar minha senha' }).click();
  await expect(mine.getByRole('alert')).toHaveText('A senha atual não confere.');
  await shoot(page, 'w-users-conferente-settings');
  // Backups: a copy is a supervisor's, a restore an administrator's.
  await expect(page.getByRole('button', { name: 'Fazer uma cópia agora' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Fazer uma cópia agora' })).toHaveAttribute(
    'title',
    'Só um supervisor (ou administrador) pode fazer uma cópia de segurança.',
  );
  await expect(page.getByRole('button', { name: 'Restaurar…' }).first()).toHaveAttribute(
    'title',
    'Só um administrador pode restaurar uma cópia de segurança.',
  );
  // The send rule: simulating stays open to all, saving is a supervisor's.
  const policy = page.locator('section.send-policy');
  await policy.scrollIntoViewIfNeeded();
  await expect(policy.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await expect(policy.getByRole('button', { name: 'Salvar' })).toHaveAttribute(
    'title',
    'Só um supervisor (ou administrador) pode alterar a regra de envio automático.',
  );

  await nav.getByRole('button', { name: 'Enviar' }).click();
  const markPaid = page.getByRole('button', { name: /^Marcar como pagos \(\d+, R\$/ });
  await expect(markPaid).toBeDisabled();
  await expect(markPaid).toHaveAttribute('title', 'Só um supervisor (ou administrador) pode enviar ao EVO.');
  await expect(page.getByText('Só um supervisor (ou administrador) pode enviar ao EVO.')).toBeVisible();
  await markPaid.scrollIntoViewIfNeeded();
  await shoot(page, 'w-users-conferente-send');

  // Conciliar: setting a line aside is the clerk's; a rule for every line like it is a supervisor's.
  await nav.getByRole('button', { name: 'Conciliar' }).click();
  const grid = page.locator('.reconcile-grid');
  await expect(grid).toBeFocused();
  await page.locator('.vlist-row').first().click();
  await grid.press('d');
  const aside = page.getByRole('form', { name: 'Deixar de lado este lançamento' });
  const makeRule = aside.getByLabel('Sempre deixar de lado lançamentos como este');
  await expect(makeRule).toBeDisabled();
  await expect(makeRule).toHaveAttribute(
    'title',
    'Só um supervisor (ou administrador) pode criar uma regra de separação.',
  );
  await expect(aside.getByRole('radio', { name: 'transferência entre contas próprias' })).toBeEnabled();

  // Quem in Auditoria: the host's entries said as the office server writes them (`ana (server)`).
  await page.route(/\/api\/commands\/audit\.list$/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { ok: boolean; value: CommandOutput<'audit.list'> };
    for (const [i, e] of body.value.entries.entries())
      e.actor = i % 3 === 2 ? 'bruno (server)' : i % 3 === 1 ? 'ana (schedule)' : 'ana (server)';
    await route.fulfill({ response: res, json: body });
  });
  await nav.getByRole('button', { name: 'Auditoria' }).click();
  await expect(page.getByRole('cell', { name: 'ana, pelo servidor do escritório' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'bruno, pelo servidor do escritório' }).first()).toBeVisible();
  await shoot(page, 'w-users-audit-quem');

  // Sair asks the bridge to end the session (the server's bridge then opens its login page).
  await who.getByRole('button', { name: 'Sair' }).click();
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { loggedOut: number }).loggedOut))
    .toBe(1);
});
