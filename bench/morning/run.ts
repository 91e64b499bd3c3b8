/**
 * [U] issue 29's measurements (closing note): a morning of 40 Pix, card deposits explained by an acquirer file and a
 * boleto day, on the demo-like sandbox (seed 42, 200 members, as the demo), read by the cycle instead of by hand.
 * Prints: files and clicks a person handles before (import by hand) and after (the cycle); HTTP requests per cycle
 * to the integration API (counted by a loopback proxy) and to the Pix API (its journal); cycle time.
 *
 * Clicks "before" are counted from what the screens require (src/renderer/src/screens): Importar — open the file
 * picker, pick the file, "Importar" (the account comes pre-chosen from the file) = 3 per file, +1 to open the screen;
 * Conciliar — open, "Aprovar verdes" once per statement, one click per line left to decide; Enviar — open, "Enviar",
 * confirm = 3. Downloading each file from the bank's or acquirer's site is not counted (it is more, not less).
 * "After": no file; Conciliar for what the cycle left to decide, and Enviar for it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startSandbox, writeReturnFile } from '../../src/sandbox';
import { writeAcquirerFile } from '../../src/sandbox/acquirer-files';
import { startPixSandbox } from '../../src/sandbox/pix';
import { addDays, todayInBrasilia } from '../../src/shared/dates';
import type { CycleRecord } from '../../src/shared/contract/cycle';
import { commandCaller, testCore } from '../../tests/helpers/core';
import { addPixAt, payableByPix } from '../../tests/helpers/morning';

const today = todayInBrasilia();
const evo = await startSandbox({ seed: 42, members: 200, today, rateLimit: false, unreconciledDays: 14 });
let evoRequests = 0;
const proxy = createServer((req, res) => {
  evoRequests++;
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
    const body = Buffer.concat(chunks);
    fetch(evo.url + (req.url ?? '/'), {
      method: req.method ?? 'GET',
      headers,
      body: body.length ? body : null,
    })
      .then(async (up) => {
        const text = await up.text();
        const out: Record<string, string> = {
          'content-type': up.headers.get('content-type') ?? 'application/json',
        };
        for (const h of ['date', 'retry-after']) if (up.headers.get(h)) out[h] = up.headers.get(h)!;
        res.sendDate = false;
        res.writeHead(up.status, out);
        res.end(text);
      })
      .catch(() => res.destroy());
  });
});
await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
const pix = await startPixSandbox({ data: evo.data, now: () => new Date() });

const t = testCore('cli');
const call = commandCaller(t.core);
const folder = join(dirname(t.dataDir), 'entrada');
// Where the money of each kind lands in the generated branch: the card acquirer's deposits in the account of role
// `cards`, the boletos in the account most of their hidden payments reached.
const cardsAccount = evo.data.bankAccounts.find((a) => a.role === 'cards')!.id;
const boletoAccount = (() => {
  const count = new Map<number, number>();
  for (const r of evo.data.receivables)
    if (r.paymentType === 5 && r.payment)
      count.set(r.payment.bankAccountId, (count.get(r.payment.bankAccountId) ?? 0) + 1);
  return [...count].sort((a, b) => b[1] - a[1])[0]![0];
})();

await call('profiles.save', {
  name: 'Demo',
  baseUrl: proxyUrl,
  username: evo.username,
  password: evo.branchKey,
  keyKind: 'branch',
});
await call('sync.run', {});
mkdirSync(folder, { recursive: true });
await call('intake.setFolder', { folder });
const { uploadId } = t.core.ctx.uploads.stage('certificado.pfx', pix.pki.client.pfx);
await call('feeds.save', {
  label: 'Pix do banco',
  bankAccountId: pix.bankAccountId,
  tokenUrl: pix.tokenUrl,
  baseUrl: pix.baseUrl,
  clientId: pix.clientId,
  clientSecret: pix.clientSecret,
  certificate: { kind: 'pfx', uploadId, password: pix.pki.client.password },
  serverCa: { uploadId: t.core.ctx.uploads.stage('autoridade.pem', Buffer.from(pix.pki.ca.cert)).uploadId },
  startDate: today,
});

// The morning's 40 Pix: members paying open receivables (one in five under another name: a parent, a company),
// the rest strangers. Only the morning: anything earlier today is left out of the feed's window.
const now = Date.now();
const pay = payableByPix(evo.data, today, 40, 10);
const todayStart = new Date(`${today}T00:00:00.000-03:00`).getTime();
for (const p of pix.items()) if (p.at.getTime() >= todayStart) p.at = new Date(todayStart - 1);
for (let i = 0; i < 40; i++) {
  const r = pay[i];
  addPixAt(pix, new Date(now - (i + 1) * 20_000), {
    amountCents: r ? r.ammountCents : 4_321 + i,
    payerName: r && i % 5 !== 4 ? r.payerName.toUpperCase() : `PAGADOR ${i} DIFERENTE`,
    payerDocument: `6${String(i).padStart(10, '0')}`,
    tail: `bench${i}`,
  });
}
// The card deposits' statement (Itaú card account OFX, as the bank's transfer software drops it), Cielo's EDI
// explaining them (the last week), and BB's CNAB 240 return (the month's boleto days: the last days have none).
const st = evo.writeStatement({
  bankAccountId: cardsAccount,
  from: addDays(today, -7),
  to: today,
  format: 'ofx',
});
const acq = writeAcquirerFile(evo.data, {
  bankAccountId: cardsAccount,
  from: addDays(today, -7),
  to: today,
  format: 'cielo',
});
const ret = writeReturnFile(evo.data, { bankAccountId: boletoAccount, from: addDays(today, -30), to: today });
const cardDeposits = st.groundTruth.lines.filter(
  (l) => l.amountCents > 0 && /CIELO|REDE|STONE/i.test(l.description ?? ''),
).length;
for (const f of [st, acq, ret]) writeFileSync(join(folder, f.fileName), f.bytes);

const policy = await call<{ policy: Record<string, unknown> }>('policy.get', {});
const on = { ...policy.policy, enabled: true, cardWithAcquirerFile: true };
await call('policy.dryRun', { policy: on });
await call('policy.save', on);

const pixRequests = () => pix.journal.length;
async function cycle() {
  const e0 = evoRequests;
  const p0 = pixRequests();
  const t0 = performance.now();
  const r = await call<{ cycle: CycleRecord }>('cycle.run', { trigger: 'schedule' });
  const ms = performance.now() - t0;
  return { c: r.cycle, ms, evo: evoRequests - e0, pix: pixRequests() - p0 };
}
const first = await cycle();
// Why the policy left the others for a person (its own dry run over the morning's proposals, changing nothing).
const why = await call<{ refusals: { count: number; text: string }[] }>('policy.dryRun', { policy: on });
const second = await cycle();
const statements = await call<{ statements: { id: number }[] }>('import.statements', {});
const s = first.c.summary!;
const toDecide = second.c.summary!.toDecide ?? 0;
// A person's clicks for what is left: one per line in Conciliar plus opening it, then Enviar (open, send, confirm).
const files = 4; // the bank's OFX with the Pix (downloaded by hand), the card account OFX, Cielo EDI, BB CNAB 240
const beforeClicks = 1 + 3 * files + 1 + statements.statements.length + toDecide + 3;
const afterClicks = toDecide > 0 ? 1 + toDecide + 3 : 0;

console.log(`morning on the demo-like sandbox (seed 42, 200 members), ${today}`);
console.log(
  `  40 Pix (${pay.length} members' receivables payable), ${cardDeposits} card deposit line(s) in the card account's OFX explained by Cielo EDI (${acq.groundTruth.batches.length} batches), BB CNAB 240 ${ret.groundTruth.from}..${ret.groundTruth.to} (${ret.groundTruth.titles.length} titles)`,
);
console.log(
  `  cycle 1: Pix read ${s.feeds[0]?.added ?? 0}, files imported ${s.filesImported}, approved by policy ${s.approvedByPolicy}, sent ${s.sent}, confirmed ${s.confirmed}, left to decide ${toDecide}`,
);
console.log(
  `  left for a person by the policy (its dry run afterwards): ${why.refusals.map((r) => `${r.count} ${r.text}`).join('; ')}`,
);
console.table([
  { measure: 'files handled by a person', before: files, after: 0 },
  { measure: 'clicks by a person', before: beforeClicks, after: afterClicks },
  { measure: 'HTTP requests to EVO (cycle 1 / cycle 2)', before: '-', after: `${first.evo} / ${second.evo}` },
  {
    measure: 'HTTP requests to the Pix API (cycle 1 / cycle 2)',
    before: '-',
    after: `${first.pix} / ${second.pix}`,
  },
  {
    measure: 'cycle time, ms (cycle 1 / cycle 2)',
    before: '-',
    after: `${Math.round(first.ms)} / ${Math.round(second.ms)}`,
  },
]);
await pix.close();
await new Promise<void>((r) => proxy.close(() => r()));
await evo.close();
await t.core.close();
t.cleanup();
