import { storeOfDb } from '../../src/core/store/sqlite-store';
/**
 * One side of bench/conciliar: a data folder for the browser host, made with the code of the tree this file sits
 * in (run.ts copies it into a worktree of an older commit and runs it there). Arguments: the data set (JSON,
 * written by run.ts), the data folder, and the key file. It saves a branch profile as the app does
 * (`profiles.save`), stores the bank accounts and the receivables as a sync stores them, writes one statement of
 * credit lines from the table's own columns (older schemas take it too), and runs the real matching on it.
 * Prints one JSON line: the statement id, the lines, and the zones the matching gave them.
 * Only module paths and functions that exist since 2295b34 are used.
 */
import { readFileSync } from 'node:fs';
import { bankAccountSchema, receivableSchema } from '../../src/core/api/schemas';
import { createCore } from '../../src/core/bootstrap';
import { replaceBankAccounts } from '../../src/core/cache/bank-accounts.repo';
import { upsertReceivables } from '../../src/core/cache/receivables.repo';
import { runMatching } from '../../src/core/matching/matching.service';
import { storeStatement } from '../shared/store-statement';

interface DataSet {
  today: string;
  primaryAccountId: number;
  bankAccounts: unknown[];
  receivables: unknown[];
  lines: { date: string; amountCents: number; description: string; payerText: string | null }[];
}

const [dataFile, dataDir, keyFile] = process.argv.slice(2);
const data = JSON.parse(readFileSync(dataFile!, 'utf8')) as DataSet;
const core = createCore({
  mode: 'cli',
  version: 'bench',
  dataDir: dataDir!,
  env: { ...process.env, QUITA_KEY_FILE: keyFile! },
});
await core.dispatch('profiles.save', {
  name: 'Bench',
  baseUrl: 'https://evo.example.com',
  username: 'bench',
  password: 'k',
  keyKind: 'branch',
});
const db = core.ctx.db();
const at = `${data.today}T15:00:00.000Z`;
await core.ctx.store().write(async (tx) => {
  await replaceBankAccounts(
    tx,
    data.bankAccounts.map((a) => bankAccountSchema.parse(a)),
    at,
  );
  await upsertReceivables(
    tx,
    data.receivables.map((r) => receivableSchema.parse(r)),
    at,
  );
});
const statementId = storeStatement(db, {
  bankAccountId: data.primaryAccountId,
  fileName: 'conciliar.ofx',
  at,
  lines: data.lines,
});
await runMatching(storeOfDb(db), { statementId }, { now: () => new Date(at) });
const zones = Object.fromEntries(
  (
    db
      .prepare(
        `SELECT m.zone AS z, count(*) AS c FROM matches m JOIN statement_lines l ON l.id = m.line_id
         WHERE l.statement_id = ? GROUP BY m.zone`,
      )
      .all(statementId) as { z: string; c: number }[]
  ).map((r) => [r.z, r.c]),
);
await core.close();
process.stdout.write(`${JSON.stringify({ statementId, lines: data.lines.length, zones })}\n`);
