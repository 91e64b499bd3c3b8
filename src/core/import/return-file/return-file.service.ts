/**
 * CNAB return files in the import flow ([K]): `import.preview` / `import.commit` recognise one by its
 * content (sniff.ts → parse-statement.ts → `ParseResult.returnFile`) and hand it here. A return file is not a
 * statement: it is stored as `return_files` + `return_titles` (migration 008), all of it or nothing, and its
 * settlements explain the account's boleto credits when matching (core/matching/return-files.ts).
 */
import { bankLabel } from '../../../shared/banks';
import type {
  AccountCheck,
  ImportCommitResult,
  ImportPreview,
  Notice,
  ReturnFileSummary,
} from '../../../shared/contract/import';
import { lockAdvisory, type Store, type Tx } from '../../store/store';
import type { CnabReturn, CnabTitle } from '../cnab/types';
import type { BankAccountRow } from '../import.repo';
import { PREVIEW_LINES } from '../limits';
import {
  alreadyImportedNotice,
  daySpan,
  settlementFileResult,
  settlementPreview,
  storeSettlementFile,
} from '../settlement-result';
import type { ParseResult } from '../types';
import { returnFileRepo, returnFilesLock, titleFingerprints, type ReturnFileRow } from './return-file.repo';

export interface ReadReturnFile {
  parsed: ParseResult & { returnFile: CnabReturn };
  account: BankAccountRow | null;
  check: AccountCheck;
  sha256: string;
  byteSize: number;
}

/** The first and last days the bank credited a settlement of the file (its payment date when the bank left the credit date blank). */
const creditRange = (titles: CnabTitle[]) =>
  daySpan(titles.map((t) => (t.isSettlement ? (t.creditDate ?? t.paidDate) : null)));

export function summarize(
  r: CnabReturn,
  extra: { id: number | null; inserted: number | null; known: number | null; sameFile: boolean },
): ReturnFileSummary {
  let paidCents = 0;
  let feeCents = 0;
  let settlements = 0;
  for (const t of r.titles) {
    feeCents += t.feeCents;
    if (!t.isSettlement) continue;
    settlements++;
    paidCents += t.paidCents ?? 0;
  }
  const range = creditRange(r.titles);
  return {
    ...extra,
    bankCode: r.bankCode,
    layout: r.layout,
    variant: r.variant,
    fileDate: r.fileDate,
    titles: r.titles.length,
    settlements,
    paidCents,
    feeCents,
    creditFrom: range?.from ?? null,
    creditTo: range?.to ?? null,
    occurrences: r.occurrences.map((o) => ({
      code: o.code,
      occurrence: o.occurrence,
      kind: o.kind,
      isSettlement: o.isSettlement,
      count: o.count,
    })),
  };
}

/** The file row's summary columns: also what finds the same file imported in other bytes. */
function summaryColumns(r: CnabReturn) {
  const range = creditRange(r.titles);
  return {
    variant: r.variant,
    file_date: r.fileDate,
    credit_from: range?.from ?? null,
    credit_to: range?.to ?? null,
    title_count: r.titles.length,
    settlement_count: r.titles.filter((t) => t.isSettlement).length,
  };
}

/**
 * This file imported before into the account: the same bytes (SHA-256), or the same records in other bytes —
 * CRLF/LF/CR, Latin-1 or UTF-8, trailing blanks or an end-of-file mark change the bytes, not the titles read:
 * every title's fingerprint (bank, nosso número, occurrence, date, amount) already stored, and an earlier
 * file with the same summary (variant, file date, titles, settlements, credit range).
 */
async function earlierSameFile(
  tx: Tx,
  accountId: number,
  r: CnabReturn,
  sha256: string,
  known: ReadonlySet<string>,
): Promise<ReturnFileRow | undefined> {
  const bySha = await returnFileRepo.bySha(tx, accountId, sha256);
  if (bySha) return bySha;
  if (!titleFingerprints(r).every((fp) => known.has(fp))) return undefined;
  return returnFileRepo.bySummary(tx, accountId, summaryColumns(r));
}

/** The file's titles the account already has, and the earlier import of the same file, in the caller's transaction. */
async function knownOf(tx: Tx, accountId: number, r: CnabReturn, sha256: string) {
  const known = await returnFileRepo.knownTitles(tx, accountId, titleFingerprints(r));
  return { known, earlier: await earlierSameFile(tx, accountId, r, sha256, known) };
}

/** What the clerk is told beside the titles: other occurrences are listed, never matched; a bank mismatch. */
function notices(r: CnabReturn, account: BankAccountRow | null): Notice[] {
  // What the reader tolerated (a placeholder header date, a line one blank longer…) comes first.
  const out: Notice[] = r.notices.map((n) => ({ ...n }));
  const others = r.occurrences.filter((o) => !o.isSettlement);
  if (others.length) {
    // The bank's words and the count; the occurrence code is the bank's, not the clerk's ([T]).
    const list = others.map((o) => `${o.occurrence}: ${o.count}`).join('; ');
    out.push({
      code: 'cnab.other_occurrences',
      message: `${others.reduce((n, o) => n + o.count, 0)} titles of this return file are not settlements (${list}); they are listed, not matched.`,
      params: { count: others.reduce((n, o) => n + o.count, 0), list },
    });
  }
  if (account?.bank_code != null && account.bank_code !== Number(r.bankCode)) {
    out.push({
      code: 'cnab.other_bank',
      message: `This return file is from bank ${r.bankCode}, and the account chosen is of bank ${account.bank_code}; check the account.`,
      params: {
        bankCode: r.bankCode,
        accountBank: account.bank_code,
        // The banks by name for the clerk (“Itaú (341)”).
        bank: bankLabel(r.bankCode),
        accountBankName: bankLabel(account.bank_code),
      },
    });
  }
  return out;
}

/** A settlement as a preview line: credit date, amount paid, payer, nosso número. */
function previewLines(r: CnabReturn, known: ((fp: string) => boolean) | null): ImportPreview['lines'] {
  const fps = titleFingerprints(r);
  const lines: ImportPreview['lines'] = [];
  r.titles.forEach((t, k) => {
    if (!t.isSettlement || lines.length >= PREVIEW_LINES) return;
    lines.push({
      position: t.line,
      date: t.creditDate ?? t.paidDate ?? r.fileDate ?? '1970-01-01',
      amountCents: t.paidCents ?? 0,
      balanceCents: null,
      kind: 'credit',
      description: `${t.occurrence} · nosso número ${t.nossoNumero}${t.seuNumero ? ` · seu número ${t.seuNumero}` : ''}`,
      payerText: t.payerName,
      document: t.nossoNumero,
      fitid: null,
      problems: [],
      known: known ? known(fps[k]!) : null,
    });
  });
  return lines;
}

/** What importing the file would store, read in one read transaction; writes nothing. */
export async function previewReturnFile(
  store: Store,
  fileName: string,
  read: ReadReturnFile,
): Promise<ImportPreview> {
  const { parsed, account, sha256 } = read;
  const r = parsed.returnFile;
  const found = account ? await store.read((tx) => knownOf(tx, account.id, r, sha256)) : null;
  const known = found ? (fp: string) => found.known.has(fp) : null;
  let knownCount: number | null = null;
  if (known) knownCount = titleFingerprints(r).filter(known).length;
  const earlier = found?.earlier;
  const sameFile = earlier !== undefined;
  const summary = summarize(r, {
    id: null,
    inserted: knownCount === null ? null : r.titles.length - knownCount,
    known: knownCount,
    sameFile,
  });
  return {
    ...settlementPreview({
      fileName,
      sha256,
      format: 'cnab',
      parsed,
      account,
      lines: previewLines(r, known),
      notices: [...(earlier ? [alreadyImportedNotice('cnab', earlier)] : []), ...notices(r, account)],
      rows: r.titles.length,
      moneyRows: summary.settlements,
      moneyCents: summary.paidCents,
      debits: 0,
      period: creditRange(r.titles),
      knownMoneyRows: known ? settledKnown(r, known) : null,
    }),
    returnFile: summary,
  };
}

function settledKnown(r: CnabReturn, known: (fp: string) => boolean): number {
  const fps = titleFingerprints(r);
  return r.titles.filter((t, k) => t.isSettlement && known(fps[k]!)).length;
}

/**
 * Stores the file and its titles in one Store write transaction, under the account's return-files lock
 * (returnFilesLock: an import of a statement or a feed run of the same account does not wait for it, as they write
 * other tables): all titles new for the account or none (a failure rolls the file row back too). Titles an earlier
 * return file brought are counted, not stored twice; the same file again returns its row with `sameFile`. `audit`
 * (the import's hook) writes its entry in the same transaction, so the file and the entry recording it commit
 * together.
 */
export async function commitReturnFile(
  store: Store,
  fileName: string,
  account: BankAccountRow,
  read: ReadReturnFile,
  now: string,
  audit?: (tx: Tx, result: Omit<ImportCommitResult, 'suggestions'>) => Promise<void>,
): Promise<Omit<ImportCommitResult, 'suggestions'> & { returnFile: ReturnFileSummary }> {
  const r = read.parsed.returnFile;
  const fps = titleFingerprints(r);
  return store.write(async (tx) => {
    await lockAdvisory(tx, returnFilesLock(account.id));
    const { known, earlier } = await knownOf(tx, account.id, r, read.sha256);
    const done = await storeSettlementFile({
      existingId: async () => earlier?.id,
      insertFile: () =>
        returnFileRepo.insertFile(tx, {
          bank_account_id: account.id,
          file_name: fileName.slice(0, 255),
          sha256: read.sha256,
          byte_size: read.byteSize,
          bank_code: r.bankCode,
          layout: r.layout,
          imported_at: now,
          ...summaryColumns(r),
          occurrences_json: JSON.stringify(r.occurrences),
        }),
      rows: r.titles,
      known: fps.map((fp) => known.has(fp)),
      insertRows: (id, fresh) =>
        returnFileRepo.insertTitles(
          tx,
          id,
          account.id,
          fresh.map((k) => ({ title: r.titles[k]!, fingerprint: fps[k]! })),
        ),
      isMoney: (t) => t.isSettlement,
      setCounts: (id, inserted, knownCount) => returnFileRepo.setCounts(tx, id, inserted, knownCount),
    });
    const result = {
      ...settlementFileResult({
        fresh: done.moneyNew,
        known: done.moneyKnown,
        sameFile: done.sameFile,
        notices: [...(earlier ? [alreadyImportedNotice('cnab', earlier)] : []), ...notices(r, account)],
      }),
      returnFile: summarize(r, {
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

/** The imported return files (of an account, or all), newest first, with their counts. */
export async function listReturnFiles(tx: Tx, bankAccountId?: number) {
  const out = [];
  for (const f of await returnFileRepo.list(tx, bankAccountId)) {
    const occurrences = JSON.parse(f.occurrences_json) as ReturnFileSummary['occurrences'];
    const titles = await returnFileRepo.titlesOfFile(tx, f.id);
    // Sums of the titles stored with this file: a resent file's known titles stay with the first file.
    let paidCents = 0;
    let feeCents = 0;
    for (const t of titles) {
      feeCents += t.feeCents;
      if (t.isSettlement) paidCents += t.paidCents ?? 0;
    }
    out.push({
      id: f.id,
      bankAccountId: f.bank_account_id,
      fileName: f.file_name,
      importedAt: f.imported_at,
      bankCode: f.bank_code,
      layout: f.layout,
      variant: f.variant,
      fileDate: f.file_date,
      titles: f.title_count,
      settlements: f.settlement_count,
      paidCents,
      feeCents,
      creditFrom: f.credit_from,
      creditTo: f.credit_to,
      occurrences: occurrences.map((o) => ({
        code: o.code,
        occurrence: o.occurrence,
        kind: o.kind,
        isSettlement: o.isSettlement,
        count: o.count,
      })),
      inserted: f.inserted_count,
      known: f.known_count,
      sameFile: false,
    });
  }
  return out;
}

export type { ReturnFileRow };
