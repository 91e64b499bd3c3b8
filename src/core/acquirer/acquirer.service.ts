/**
 * Acquirer settlement files in the import flow ([J]): `import.preview` / `import.commit` recognise one by its
 * content (sniff.ts → parse-statement.ts → `ParseResult.acquirerFile`) and hand it here. Not a statement: it
 * is stored as `acquirer_files` + `acquirer_payments` + `acquirer_sales` (migration 011), all of it or
 * nothing, and its payment batches explain the account's card credits when matching
 * (core/matching/acquirer-files.ts).
 */
import { bankLabel } from '../../shared/banks';
import type { AcquirerFileSummary } from '../../shared/contract/acquirer';
import type { ImportCommitResult, ImportPreview, Notice } from '../../shared/contract/import';
import type { AcquirerFile } from '../import/acquirer/types';
import type { BankAccountRow } from '../import/import.repo';
import { PREVIEW_LINES } from '../import/limits';
import {
  alreadyImportedNotice,
  daySpan,
  settlementFileResult,
  settlementPreview,
  storeSettlementFile,
} from '../import/settlement-result';
import type { ParseResult } from '../import/types';
import { acquirerMatchStore } from './acquirer-match.store';
import { lockAdvisory, type Store, type Tx } from '../store/store';
import {
  acquirerFilesLock,
  acquirerRepo,
  paymentFingerprints,
  saleFingerprints,
  type AcquirerFileRow,
  type StoredPayment,
  type StoredSale,
} from './acquirer.repo';

export interface ReadAcquirerFile {
  parsed: ParseResult & { acquirerFile: AcquirerFile };
  account: BankAccountRow | null;
  sha256: string;
  byteSize: number;
}

/** The first and last payment days of the file. */
const dateRange = (f: AcquirerFile) => daySpan(f.payments.map((p) => p.paymentDate));

export function summarize(
  f: AcquirerFile,
  extra: { id: number | null; inserted: number | null; known: number | null; sameFile: boolean },
): AcquirerFileSummary {
  let gross = 0;
  let fee = 0;
  let net = 0;
  let sales = 0;
  for (const s of f.sales) {
    if (s.kind !== 'sale') continue;
    sales++;
    gross += s.grossCents;
    fee += s.feeCents;
    net += s.netCents;
  }
  const range = dateRange(f);
  return {
    ...extra,
    acquirer: f.acquirer,
    layout: f.layout,
    fileKind: f.fileKind,
    fileDate: f.fileDate,
    merchant: f.merchant,
    sales,
    otherRows: f.sales.length - sales,
    grossCents: gross,
    feeCents: fee,
    netCents: net,
    payments: f.payments.length,
    settledPayments: f.payments.filter((p) => p.settled).length,
    paymentsCents: f.payments.reduce((n, p) => n + p.netCents, 0),
    paymentFrom: range?.from ?? null,
    paymentTo: range?.to ?? null,
  };
}

/** The file row's summary columns: also what finds the same file imported in other bytes. */
function summaryColumns(f: AcquirerFile) {
  const range = dateRange(f);
  return {
    layout: f.layout,
    file_kind: f.fileKind,
    file_date: f.fileDate,
    merchant: f.merchant,
    payment_from: range?.from ?? null,
    payment_to: range?.to ?? null,
    sale_count: f.sales.length,
    payment_count: f.payments.length,
  };
}

/**
 * This file imported before into the account: the same bytes (SHA-256), or the same records in other bytes
 * (line ends, encoding, trailing blanks, an end-of-file mark): every row's and payment's fingerprint already
 * stored, and an earlier file with the same summary (layout, kind, date, merchant, payment range, counts).
 */
async function earlierSameFile(
  tx: Tx,
  accountId: number,
  f: AcquirerFile,
  sha256: string,
  knownSales: ReadonlySet<string>,
  knownPayments: ReadonlySet<string>,
): Promise<AcquirerFileRow | undefined> {
  const bySha = await acquirerRepo.bySha(tx, accountId, sha256);
  if (bySha) return bySha;
  if (!saleFingerprints(f).every((fp) => knownSales.has(fp))) return undefined;
  if (!paymentFingerprints(f).every((fp) => knownPayments.has(fp))) return undefined;
  return acquirerRepo.bySummary(tx, accountId, summaryColumns(f));
}

/**
 * The file's rows and payment batches the account already has, and the earlier import of the same file, in the
 * caller's transaction.
 */
async function knownOf(tx: Tx, accountId: number, f: AcquirerFile, sha256: string) {
  const known = await acquirerRepo.knownSales(tx, accountId, saleFingerprints(f));
  const payments = await acquirerRepo.knownPayments(tx, accountId, paymentFingerprints(f));
  return { known, payments, earlier: await earlierSameFile(tx, accountId, f, sha256, known, payments) };
}

/** The parser's notices, and an account whose bank is not the one the acquirer pays into. */
function notices(f: AcquirerFile, account: BankAccountRow | null): Notice[] {
  const out: Notice[] = f.notices.map((n) => ({
    code: n.code,
    message: n.message,
    ...(n.params ? { params: n.params } : {}),
  }));
  if (f.skipped.length)
    out.push({
      code: 'acquirer.rows_skipped',
      message: `${f.skipped.length} records of this file are not sales or payments (${[...new Set(f.skipped.map((s) => s.reason))].slice(0, 3).join('; ')}); they were left out.`,
      params: { count: f.skipped.length },
    });
  const banks = new Set(f.payments.map((p) => Number(p.bankCode)).filter((b) => Number.isFinite(b) && b > 0));
  if (account?.bank_code != null && banks.size > 0 && !banks.has(account.bank_code))
    out.push({
      code: 'acquirer.other_bank',
      message: `This file's payments go to bank ${[...banks].join(', ')}, and the account chosen is of bank ${account.bank_code}; check the account.`,
      params: {
        banks: [...banks].join(', '),
        accountBank: account.bank_code,
        // The banks by name for the clerk (“Itaú (341)”).
        bankNames: [...banks].map(bankLabel).join(', '),
        accountBankName: bankLabel(account.bank_code),
      },
    });
  return out;
}

const KIND_WORDS: Record<string, string> = {
  sale: 'venda',
  summary: 'crédito de resumo de vendas',
  cancellation: 'cancelamento',
  chargeback: 'chargeback',
  adjustment: 'ajuste',
  rent: 'aluguel do equipamento',
  other: 'outro lançamento',
};

/** A row as a preview line: payment date, net amount, what it is, its keys. */
function previewLines(f: AcquirerFile, known: ((fp: string) => boolean) | null): ImportPreview['lines'] {
  const fps = saleFingerprints(f);
  return f.sales.slice(0, PREVIEW_LINES).map((s, k) => ({
    position: s.line,
    date: s.paymentDate ?? s.saleDate ?? f.fileDate ?? '1970-01-01',
    amountCents: Math.abs(s.netCents),
    balanceCents: null,
    kind: s.netCents < 0 ? 'debit' : 'credit',
    description: [
      KIND_WORDS[s.kind] ?? s.kind,
      s.brand,
      s.installments ? `parcela ${s.installment ?? '?'}/${s.installments}` : null,
      s.nsu ? `NSU ${s.nsu}` : null,
      s.authorization ? `autorização ${s.authorization}` : null,
      s.description,
    ]
      .filter(Boolean)
      .join(' · '),
    payerText: null,
    document: s.nsu,
    fitid: null,
    problems: [],
    known: known ? known(fps[k]!) : null,
  }));
}

/** What importing the file would store, read in one read transaction; writes nothing. */
export async function previewAcquirerFile(
  store: Store,
  fileName: string,
  read: ReadAcquirerFile,
): Promise<ImportPreview> {
  const { parsed, account, sha256 } = read;
  const f = parsed.acquirerFile;
  const found = account ? await store.read((tx) => knownOf(tx, account.id, f, sha256)) : null;
  const known = found ? (fp: string) => found.known.has(fp) : null;
  const fps = saleFingerprints(f);
  const knownCount = known ? fps.filter(known).length : null;
  const earlier = found?.earlier;
  const summary = summarize(f, {
    id: null,
    inserted: knownCount === null ? null : f.sales.length - knownCount,
    known: knownCount,
    sameFile: earlier !== undefined,
  });
  const knownSales = known ? f.sales.filter((s, k) => s.kind === 'sale' && known(fps[k]!)).length : null;
  return {
    ...settlementPreview({
      fileName,
      sha256,
      format: 'acquirer',
      parsed,
      account,
      lines: previewLines(f, known),
      notices: [...(earlier ? [alreadyImportedNotice('acquirer', earlier)] : []), ...notices(f, account)],
      rows: f.sales.length,
      moneyRows: summary.sales,
      moneyCents: summary.netCents,
      debits: f.sales.filter((s) => s.netCents < 0).length,
      period: dateRange(f),
      knownMoneyRows: knownSales,
    }),
    acquirerFile: summary,
  };
}

/**
 * Stores the file, its payments and rows in one Store write transaction, under the account's acquirer-files lock
 * (acquirerFilesLock): everything new for the account or nothing. Rows an earlier file brought are counted, not
 * stored twice; the same file again returns its row. `audit` (the import's hook) writes its entry in the same
 * transaction, so the file and the entry recording it commit together.
 */
export async function commitAcquirerFile(
  store: Store,
  fileName: string,
  account: BankAccountRow,
  read: ReadAcquirerFile,
  now: string,
  audit?: (tx: Tx, result: Omit<ImportCommitResult, 'suggestions'>) => Promise<void>,
): Promise<Omit<ImportCommitResult, 'suggestions'> & { acquirerFile: AcquirerFileSummary }> {
  const f = read.parsed.acquirerFile;
  const sfps = saleFingerprints(f);
  const pfps = paymentFingerprints(f);
  return store.write(async (tx) => {
    await lockAdvisory(tx, acquirerFilesLock(account.id));
    const { known, payments, earlier } = await knownOf(tx, account.id, f, read.sha256);
    const done = await storeSettlementFile({
      existingId: async () => earlier?.id,
      insertFile: () =>
        acquirerRepo.insertFile(tx, {
          bank_account_id: account.id,
          file_name: fileName.slice(0, 255),
          sha256: read.sha256,
          byte_size: read.byteSize,
          acquirer: f.acquirer,
          imported_at: now,
          ...summaryColumns(f),
          notices_json: JSON.stringify(f.notices),
        }),
      rows: f.sales,
      known: sfps.map((fp) => known.has(fp)),
      insertRows: async (id, fresh) => {
        // The payment batches first: a payments file brings them, a sales file its forecasts; one already stored
        // becomes settled when this file says it was paid.
        const batches = f.payments.map((p, k) => ({ payment: p, fingerprint: pfps[k]! }));
        await acquirerRepo.insertPayments(
          tx,
          id,
          account.id,
          f,
          batches.filter((b) => !payments.has(b.fingerprint)),
        );
        await acquirerRepo.settlePayments(
          tx,
          account.id,
          batches.filter((b) => payments.has(b.fingerprint) && b.payment.settled).map((b) => b.fingerprint),
        );
        await acquirerRepo.insertSales(
          tx,
          id,
          account.id,
          f,
          fresh.map((k) => ({ sale: f.sales[k]!, fingerprint: sfps[k]! })),
        );
      },
      isMoney: (s) => s.kind === 'sale',
      setCounts: (id, inserted, knownCount) => acquirerRepo.setCounts(tx, id, inserted, knownCount),
    });
    const result = {
      ...settlementFileResult({
        fresh: done.moneyNew,
        known: done.moneyKnown,
        sameFile: done.sameFile,
        notices: [...(earlier ? [alreadyImportedNotice('acquirer', earlier)] : []), ...notices(f, account)],
      }),
      acquirerFile: summarize(f, {
        id: done.id,
        inserted: done.inserted,
        known: done.known,
        sameFile: done.sameFile,
      }),
    };
    if (audit) await audit(tx, result);
    return result;
  });
}

/** The imported acquirer files (of an account, or all), newest first, with the sums of the rows they added. */
export async function listAcquirerFiles(tx: Tx, bankAccountId?: number) {
  const files = await acquirerRepo.list(tx, bankAccountId);
  const salesOf = new Map<number, StoredSale[]>();
  const paymentsOf = new Map<number, StoredPayment[]>();
  for (const f of files) {
    salesOf.set(f.id, await acquirerRepo.salesOfFile(tx, f.id));
    paymentsOf.set(f.id, await acquirerMatchStore.paymentsOfFile(tx, f.id));
  }
  return files.map((row) => {
    const sales = salesOf.get(row.id)!;
    const payments = paymentsOf.get(row.id)!;
    const only = sales.filter((s) => s.kind === 'sale');
    return {
      id: row.id,
      bankAccountId: row.bank_account_id,
      fileName: row.file_name,
      importedAt: row.imported_at,
      acquirer: row.acquirer as AcquirerFileSummary['acquirer'],
      layout: row.layout as AcquirerFileSummary['layout'],
      fileKind: row.file_kind,
      fileDate: row.file_date,
      merchant: row.merchant,
      sales: only.length,
      otherRows: sales.length - only.length,
      grossCents: only.reduce((n, s) => n + s.grossCents, 0),
      feeCents: only.reduce((n, s) => n + s.feeCents, 0),
      netCents: only.reduce((n, s) => n + s.netCents, 0),
      payments: payments.length,
      settledPayments: payments.filter((p) => p.settled).length,
      paymentsCents: payments.reduce((n, p) => n + p.netCents, 0),
      paymentFrom: row.payment_from,
      paymentTo: row.payment_to,
      inserted: row.inserted_count,
      known: row.known_count,
      sameFile: false,
    };
  });
}

/** A file's payment batches, each with its rows (a Rede EEFI credit: the summary rows it pays). */
export async function paymentsOfFile(tx: Tx, fileId: number) {
  const file = await acquirerRepo.byId(tx, fileId);
  if (!file) return [];
  const payments = await acquirerMatchStore.paymentsOfFile(tx, fileId);
  const rows = await acquirerMatchStore.salesOfBatches(
    tx,
    file.bank_account_id,
    payments.map((p) => ({ acquirer: p.acquirer, ref: p.ref })),
  );
  return payments.map((p) => ({
    id: p.id,
    paymentDate: p.paymentDate,
    netCents: p.netCents,
    brand: p.brand,
    product: p.product,
    settled: p.settled,
    rows: rows
      .filter((s) => s.batchRef === p.ref)
      .map((s) => ({
        kind: s.kind,
        nsu: s.nsu,
        authorization: s.authorization,
        saleDate: s.saleDate,
        installment: s.installment,
        installments: s.installments,
        grossCents: s.grossCents,
        feeCents: s.feeCents,
        netCents: s.netCents,
        description: s.description,
      })),
  }));
}
