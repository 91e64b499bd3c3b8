import { sql, type SqlBool } from 'kysely';
import type { LineKind, Rejected, StatementFormat } from '../../shared/contract/import';
import { dialectOf, inIds, slices, textOrder, type Tx } from '../store/store';
import type { ParsedLine } from './types';

export interface BankAccountRow {
  id: number;
  description: string;
  bank_code: number | null;
  agency: string | null;
  account: string | null;
}

export interface StatementRow {
  id: number;
  bank_account_id: number;
  file_name: string;
  sha256: string;
  format: StatementFormat;
  imported_at: string;
  period_from: string | null;
  period_to: string | null;
  line_count: number;
  credit_count: number;
  debit_count: number;
  balance_count: number;
  inserted_count: number;
  known_count: number;
  rejected_count: number;
}

export interface ProfileRow {
  id: number;
  bank_account_id: number;
  signature: string;
  name: string;
  format: string;
  mapping_json: string;
  updated_at: string;
}

export interface NewStatement {
  bankAccountId: number;
  fileName: string;
  sha256: string;
  byteSize: number;
  format: StatementFormat;
  encoding: string | null;
  mappingJson: string;
  mappingSource: string;
  importedAt: string;
  periodFrom: string | null;
  periodTo: string | null;
  counts: Record<LineKind, number>;
  rejected: Rejected[];
}

/**
 * `column IN (texts)` for a list of any length, as one parameter (store.ts's inIds, for text): SQLite reads a JSON
 * array (`json_each`), PostgreSQL a text array (`= any`).
 */
export function inTexts(tx: Tx, column: string, values: readonly string[]) {
  return dialectOf(tx) === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${[...values]}::text[])`;
}

/**
 * The advisory lock (store.ts's lockAdvisory) of an account's statement lines, taken by an import and by a feed run
 * before they read which fingerprints are new: on PostgreSQL two writers of one account would both find a line new.
 */
export const linesLock = (bankAccountId: number) => `lines:${bankAccountId}`;

/** Fingerprints asked per query: one parameter each time, a few thousand index lookups. */
const LOOKUP_SLICE = 1000;
/** Lines per INSERT: 14 values each, under SQLite's and PostgreSQL's caps on parameters per statement. */
const INSERT_SLICE = 500;

const STATEMENT_COLUMNS = [
  'id',
  'bank_account_id',
  'file_name',
  'sha256',
  'format',
  'imported_at',
  'period_from',
  'period_to',
  'line_count',
  'credit_count',
  'debit_count',
  'balance_count',
  'inserted_count',
  'known_count',
  'rejected_count',
] as const;

/**
 * The SQL of the import feature, over a Store transaction (docs/postgres.md). Callers own the transaction: an
 * import's statement, lines, counts, remembered identification, profile and audit entry are one `store.write`.
 */
export const importRepo = {
  bankAccount: (tx: Tx, id: number): Promise<BankAccountRow | undefined> =>
    tx
      .selectFrom('bank_accounts')
      .select(['id', 'description', 'bank_code', 'agency', 'account'])
      .where('id', '=', id)
      .executeTakeFirst(),

  bankAccounts: (tx: Tx): Promise<BankAccountRow[]> =>
    tx
      .selectFrom('bank_accounts')
      .select(['id', 'description', 'bank_code', 'agency', 'account'])
      .where('inactive', '=', 0)
      .orderBy('id')
      .execute(),

  /** The account a file identification was confirmed for, if any. */
  accountOfHint: async (tx: Tx, hintKey: string): Promise<number | undefined> =>
    (
      await tx
        .selectFrom('bank_account_files')
        .select('bank_account_id')
        .where('hint_key', '=', hintKey)
        .executeTakeFirst()
    )?.bank_account_id,

  /** Remember that files with this identification belong to this account (moved from any other). */
  async rememberHint(
    tx: Tx,
    r: {
      hintKey: string;
      bankAccountId: number;
      bankCode: number | null;
      agency: string | null;
      account: string | null;
      at: string;
      by: string;
    },
  ): Promise<void> {
    await tx
      .insertInto('bank_account_files')
      .values({
        hint_key: r.hintKey,
        bank_account_id: r.bankAccountId,
        bank_code: r.bankCode,
        agency: r.agency,
        account: r.account,
        confirmed_at: r.at,
        confirmed_by: r.by,
      })
      .onConflict((oc) =>
        oc.column('hint_key').doUpdateSet((eb) => ({
          bank_account_id: eb.ref('excluded.bank_account_id'),
          confirmed_at: eb.ref('excluded.confirmed_at'),
          confirmed_by: eb.ref('excluded.confirmed_by'),
        })),
      )
      .execute();
  },

  statementBySha: (tx: Tx, bankAccountId: number, sha256: string): Promise<{ id: number } | undefined> =>
    tx
      .selectFrom('statements')
      .select('id')
      .where('bank_account_id', '=', bankAccountId)
      .where('sha256', '=', sha256)
      .executeTakeFirst(),

  /**
   * The ids of the account's lines stored under these fingerprints (fingerprint → id), asked in slices, each slice's
   * list as one parameter, instead of one query per line. The list drives the join (SQLite: CROSS JOIN keeps it
   * outer) and each row answers with its place in the list, not the fingerprint: the unique index
   * (bank_account_id, fingerprint) holds the id, so no table row is read and no fingerprint comes back as text.
   */
  async storedLines(
    tx: Tx,
    bankAccountId: number,
    fingerprints: readonly string[],
  ): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const sqlite = dialectOf(tx) === 'sqlite';
    for (let start = 0; start < fingerprints.length; start += LOOKUP_SLICE) {
      const slice = fingerprints.slice(start, start + LOOKUP_SLICE);
      const q = sqlite
        ? sql<{ at: number; id: number }>`select j.key as at, l.id from json_each(${JSON.stringify(slice)}) j
            cross join statement_lines l on l.bank_account_id = ${bankAccountId} and l.fingerprint = j.value`
        : sql<{
            at: number;
            id: number;
          }>`select j.k - 1 as at, l.id from unnest(${slice}::text[]) with ordinality j(v, k)
            join statement_lines l on l.bank_account_id = ${bankAccountId} and l.fingerprint = j.v`;
      for (const r of (await q.execute(tx)).rows) found.set(slice[Number(r.at)]!, r.id);
    }
    return found;
  },

  /** The statements these lines belong to. */
  async statementsOfLines(tx: Tx, lineIds: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const slice of slices(lineIds, LOOKUP_SLICE)) {
      const rows = await tx
        .selectFrom('statement_lines')
        .select('statement_id')
        .distinct()
        .where(inIds(tx, 'id', slice))
        .execute();
      for (const r of rows) found.add(r.statement_id);
    }
    return found;
  },

  /** What tells whether a file is this statement again: its number of lines and its period. */
  statementShape: (
    tx: Tx,
    id: number,
  ): Promise<
    { id: number; line_count: number; period_from: string | null; period_to: string | null } | undefined
  > =>
    tx
      .selectFrom('statements')
      .select(['id', 'line_count', 'period_from', 'period_to'])
      .where('id', '=', id)
      .executeTakeFirst(),

  async insertStatement(tx: Tx, s: NewStatement): Promise<number> {
    const row = await tx
      .insertInto('statements')
      .values({
        bank_account_id: s.bankAccountId,
        file_name: s.fileName,
        sha256: s.sha256,
        byte_size: s.byteSize,
        format: s.format,
        encoding: s.encoding,
        mapping_json: s.mappingJson,
        mapping_source: s.mappingSource,
        imported_at: s.importedAt,
        period_from: s.periodFrom,
        period_to: s.periodTo,
        line_count: s.counts.credit + s.counts.debit + s.counts.balance,
        credit_count: s.counts.credit,
        debit_count: s.counts.debit,
        balance_count: s.counts.balance,
        inserted_count: 0,
        known_count: 0,
        rejected_count: s.rejected.length,
        rejected_json: JSON.stringify(s.rejected),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async addCounts(tx: Tx, id: number, inserted: number, known: number): Promise<void> {
    await tx
      .updateTable('statements')
      .set((eb) => ({
        inserted_count: eb('inserted_count', '+', inserted),
        known_count: eb('known_count', '+', known),
      }))
      .where('id', '=', id)
      .execute();
  },

  /**
   * Insert lines whose fingerprints the caller found new for the account (storedLines, in this transaction), in
   * multi-row slices, in the order given (their ids follow it). A fingerprint stored meanwhile would be skipped by
   * the unique index and the counts would lie, so that fails the whole import instead.
   */
  async insertLines(
    tx: Tx,
    statementId: number,
    bankAccountId: number,
    lines: readonly ParsedLine[],
  ): Promise<void> {
    for (const slice of slices(lines, INSERT_SLICE)) {
      const r = await tx
        .insertInto('statement_lines')
        .values(
          slice.map((l) => ({
            statement_id: statementId,
            bank_account_id: bankAccountId,
            position: l.position,
            date: l.date,
            amount_cents: l.amountCents,
            balance_cents: l.balanceCents,
            kind: l.kind,
            description: l.description,
            payer_text: l.payerText,
            payer_document: l.payerDocument ?? null,
            document: l.document,
            fitid: l.fitid,
            raw_json: l.rawJson,
            fingerprint: l.fingerprint,
          })),
        )
        .onConflict((oc) => oc.columns(['bank_account_id', 'fingerprint']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0) !== slice.length)
        throw new Error(
          `statement ${statementId}: ${slice.length - Number(r.numInsertedOrUpdatedRows ?? 0)} line(s) were stored by another import meanwhile`,
        );
    }
  },

  statements: (tx: Tx, bankAccountId?: number): Promise<StatementRow[]> => {
    let q = tx.selectFrom('statements').select(STATEMENT_COLUMNS);
    if (bankAccountId !== undefined) q = q.where('bank_account_id', '=', bankAccountId);
    return q.orderBy(textOrder(tx, 'imported_at'), 'desc').orderBy('id', 'desc').execute() as Promise<
      StatementRow[]
    >;
  },

  /** Statements of the account whose period overlaps [from, to] (the caller keeps those of another kind of file). */
  overlapping: (
    tx: Tx,
    bankAccountId: number,
    from: string,
    to: string,
  ): Promise<Pick<StatementRow, 'id' | 'format' | 'period_from' | 'period_to'>[]> =>
    tx
      .selectFrom('statements')
      .select(['id', 'format', 'period_from', 'period_to'])
      .where('bank_account_id', '=', bankAccountId)
      .where('period_from', '<=', to)
      .where('period_to', '>=', from)
      // As the account's index (bank_account_id, period_from) gives them, which the synchronous query relied on.
      .orderBy(textOrder(tx, 'period_from'))
      .orderBy('id')
      .execute() as Promise<Pick<StatementRow, 'id' | 'format' | 'period_from' | 'period_to'>[]>,

  profiles: (tx: Tx, bankAccountId?: number): Promise<ProfileRow[]> => {
    let q = tx
      .selectFrom('mapping_profiles')
      .select(['id', 'bank_account_id', 'signature', 'name', 'format', 'mapping_json', 'updated_at']);
    if (bankAccountId !== undefined) q = q.where('bank_account_id', '=', bankAccountId);
    return q.orderBy(textOrder(tx, 'updated_at'), 'desc').orderBy('id', 'desc').execute();
  },

  async upsertProfile(tx: Tx, p: Omit<ProfileRow, 'id'>): Promise<void> {
    await tx
      .insertInto('mapping_profiles')
      .values({
        bank_account_id: p.bank_account_id,
        signature: p.signature,
        name: p.name,
        format: p.format,
        mapping_json: p.mapping_json,
        created_at: p.updated_at,
        updated_at: p.updated_at,
      })
      .onConflict((oc) =>
        oc.columns(['bank_account_id', 'signature']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          format: eb.ref('excluded.format'),
          mapping_json: eb.ref('excluded.mapping_json'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  },
};
