/**
 * bench/branches' sandbox, in its own process so that the bench's CPU time is the client's (the core's) alone and
 * the server runs beside it, as a remote API would. Started by run.ts with the sandbox's options as JSON (argv[2]);
 * answers one JSON line on stdout per request line on stdin:
 *   (start)                         → { url, username, adminKey, branchKey, accounts, receivables }
 *   {"op":"cpu"}                    → { user, system } (µs, this process since it started)
 *   {"op":"change","n":50}          → { ids }: n open receivables of the window marked received (admin key, HTTP)
 *   {"op":"statement", ...options}  → { fileName, base64, lines }: sandbox.writeStatement
 *   {"op":"close"}                  → {} and exits
 */
import { createInterface } from 'node:readline';
import { startSandbox, type SandboxOptions, type StatementFormat } from '../../src/sandbox';

const opts = JSON.parse(process.argv[2] ?? '{}') as SandboxOptions & { window: { from: string; to: string } };
const { window, ...sandboxOptions } = opts;
const sandbox = await startSandbox(sandboxOptions);
const d = sandbox.data;
const day = (s: string) => s.slice(0, 10);
const SYNCED = new Set([1, 2, 4]);
const inWindow = d.receivables.filter(
  (r) => SYNCED.has(r.status) && day(r.dueDate) >= window.from && day(r.dueDate) <= window.to,
);
const perBranch: Record<string, number> = {};
for (const r of inWindow) perBranch[r.idBranchMember] = (perBranch[r.idBranchMember] ?? 0) + 1;
const say = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`);
say({
  url: sandbox.url,
  username: sandbox.username,
  adminKey: sandbox.adminKey,
  branchKey: sandbox.branchKey,
  accounts: d.bankAccounts.map((a) => ({ id: a.id, role: a.role, branchId: a.branchId })),
  receivables: { total: d.receivables.length, inWindow: inWindow.length, perBranch },
});

const changed = new Set<number>();
const auth = `Basic ${Buffer.from(`${sandbox.username}:${sandbox.adminKey}`).toString('base64')}`;
/** n open receivables of the window, spread over the branches, marked received against their branch's account. */
async function change(n: number): Promise<number[]> {
  const open = inWindow.filter((r) => (r.status === 1 || r.status === 4) && !changed.has(r.idReceivable));
  const step = Math.max(1, Math.floor(open.length / n));
  const picked = open.filter((_, k) => k % step === 0).slice(0, n);
  const byAccount = new Map<number, number[]>();
  for (const r of picked) {
    const account =
      d.bankAccounts.find((a) => a.role === 'primary' && a.branchId === r.idBranchMember) ??
      d.bankAccounts[0]!;
    byAccount.set(account.id, [...(byAccount.get(account.id) ?? []), r.idReceivable]);
  }
  for (const [idBankAccount, ids] of byAccount) {
    const res = await fetch(`${sandbox.url}/api/v1/receivables/mark-received`, {
      method: 'PUT',
      headers: { authorization: auth, 'content-type': 'application/json-patch+json' },
      body: JSON.stringify({ idsReceivables: ids, idBankAccount }),
    });
    if (!res.ok) throw new Error(`mark-received: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    for (const id of ids) changed.add(id);
  }
  return picked.map((r) => r.idReceivable);
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const req = JSON.parse(line) as {
    op: string;
    n?: number;
    bankAccountId?: number;
    from?: string;
    to?: string;
    format?: StatementFormat;
  };
  if (req.op === 'cpu') say(process.cpuUsage());
  else if (req.op === 'change') say({ ids: await change(Number(req.n)) });
  else if (req.op === 'statement') {
    const st = sandbox.writeStatement({
      bankAccountId: Number(req.bankAccountId),
      from: String(req.from),
      to: String(req.to),
      format: req.format ?? 'csv',
    });
    say({
      fileName: st.fileName,
      base64: st.bytes.toString('base64'),
      lines: st.groundTruth.lines.length,
    });
  } else if (req.op === 'close') {
    await sandbox.close();
    say({});
    break;
  } else say({ error: `unknown op ${req.op}` });
}
process.exit(0);
