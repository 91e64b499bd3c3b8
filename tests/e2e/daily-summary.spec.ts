/**
 * [U] item 7: the daily summary of what Quita did by itself, on Início under the automatic cycle. The demo branch
 * switches its send policy on (after its dry run), the demo's Itaú statement arrives in the intake folder, a cycle
 * runs; the clerk reads the day's totals, downloads the XLSX and the PDF, and types another day (dd/mm/aaaa).
 * Shots light and dark at 1366×768.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { command, demoSynced, expect, shoot, test } from './fixtures';

test.use({ viewport: { width: 1366, height: 768 } });

const brasiliaToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
const dmy = (iso: string) => iso.split('-').reverse().join('/');

test('the daily summary on Início: totals, XLSX and PDF of a chosen day', async ({ page, host }) => {
  test.setTimeout(240_000);
  const nav = await demoSynced(page, host.url);
  const folder = join(host.dataDir, '..', 'entrada-resumo');
  mkdirSync(folder, { recursive: true });
  await command(page, 'intake.setFolder', { folder });
  await command(page, 'policy.dryRun', { policy: { enabled: true } });
  await command(page, 'policy.save', { enabled: true });
  const sample = await command<{ path: string; fileName: string }>(page, 'demo.sampleStatement', {
    format: 'ofx',
  });
  copyFileSync(sample.path, join(folder, sample.fileName));

  await nav.getByRole('button', { name: 'Início' }).click();
  const cycle = page.getByRole('region', { name: 'Ciclo automático' });
  await cycle.getByRole('button', { name: 'Rodar agora' }).click();
  await expect(cycle.locator('ul.cycle-list > li').first()).toContainText('1 arquivo importado', {
    timeout: 120_000,
  });

  const panel = cycle.getByTestId('daily-summary');
  await expect(panel.getByRole('heading', { name: 'Resumo do dia' })).toBeVisible();
  const day = panel.getByRole('textbox', { name: 'Dia', exact: true });
  const today = brasiliaToday();
  await expect(day).toHaveValue(dmy(today));
  const totals = panel.getByTestId('daily-summary-totals');
  // What the policy did today, in words (the demo's greens that meet every condition; none is also said).
  await expect(totals).toHaveText(/aprovados? pela regra|Nada foi feito automaticamente/);
  await expect(totals).not.toContainText('{');
  const summary = await command<{ summary: { totals: { approved: number } } }>(page, 'policy.dailySummary', {
    day: today,
  });
  if (summary.summary.totals.approved > 0)
    await expect(totals).toContainText(`${summary.summary.totals.approved} aprovado`);
  await panel.scrollIntoViewIfNeeded();
  await shoot(page, 'daily-summary-home');

  for (const [format, magic] of [
    ['XLSX', 'PK'],
    ['PDF', '%PDF'],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: `Baixar o resumo do dia em ${format}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`resumo-automatico-${today}.${format.toLowerCase()}`);
    const saved = join(host.dataDir, '..', download.suggestedFilename());
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, magic.length).toString('latin1')).toBe(magic);
  }

  // A day that does not exist is said, and nothing is downloaded for it; a past day with nothing done says so.
  await day.fill('31/02/2026');
  await expect(panel.getByRole('alert')).toHaveText('Digite o dia como dd/mm/aaaa.');
  await expect(panel.getByRole('button', { name: 'Baixar o resumo do dia em PDF' })).toBeDisabled();
  await day.fill('01/01/2020');
  await expect(totals).toHaveText('Nada foi feito automaticamente neste dia.');
  const [old] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Baixar o resumo do dia em PDF' }).click(),
  ]);
  expect(old.suggestedFilename()).toBe('resumo-automatico-2020-01-01.pdf');
  await shoot(page, 'daily-summary-other-day');

  // Reminders to the debtors: those with money on its way (a credit of the imported statement naming them, not yet
  // decided) are held. Início counts them and leads to Inadimplentes.
  const debtors = await command<{ members: { memberId: number | null }[] }>(page, 'debtors.list', {});
  const memberIds = debtors.members.flatMap((m) => (m.memberId ? [m.memberId] : [])).slice(0, 500);
  await command(page, 'notify.send', {
    template: 'Olá! Consta um pagamento em aberto na academia.',
    memberIds,
    // Held or not is decided when queued; the sending goes on in the background.
    wait: false,
    again: true,
  });
  const queue = await command<{ counts: { held: number } }>(page, 'notify.queue', { limit: 1 });
  expect(queue.counts.held).toBeGreaterThan(0);
  await nav.getByRole('button', { name: 'Inadimplentes' }).click();
  await nav.getByRole('button', { name: 'Início' }).click();
  const held = cycle.getByTestId('held-reminders');
  // The count as queued, or more: the background send checks each reminder again right before it goes.
  await expect(held).toHaveText(
    /^\d+ cobranças? (está|estão) retidas? porque (o membro tem|os membros têm) dinheiro a caminho\. Ver em Inadimplentes$/,
  );
  expect(Number((await held.textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(queue.counts.held);
  await held.scrollIntoViewIfNeeded();
  await shoot(page, 'daily-summary-held');
  await held.getByRole('button', { name: 'Ver em Inadimplentes' }).click();
  await expect(page.getByRole('heading', { name: 'Inadimplentes', level: 1 })).toBeVisible();
});
