/**
 * CNAB return files (arquivo retorno) of the demo branch ([K]): what the bank reports on the boletos the gym
 * registered, consistent with the statement the same data writes (statement/plan.ts). Every boleto payment
 * credited into the account in the period is a settlement title (06; Caixa 400: 21) with its face value, the
 * amount paid (late charges included), the bank's fee and the credit date, so the titles of one credit date
 * sum to that day's aggregated boleto credit (“LIQUIDACAO DE COBRANCA N TIT”) or to its single boleto lines.
 * Boletos still open in the period are listed as entries (02 entrada confirmada; Caixa 01): never money.
 * Positions follow docs/import.md, “CNAB return files” (FEBRABAN 240 segments T/U; Itaú, Bradesco, BB CBR643
 * and Caixa 400). Pure: depends only on the data and the options.
 */
import { ACCOUNT_STATUS, PAYMENT_TYPE } from '../../shared/constants';
import type { ReceivableRecord, SandboxData } from '../data/model';
import { addDays } from '../dates';
import { stripAccents } from '../text';
import { createRng, digits } from '../prng';

export type ReturnLayout = '240' | '400';

export interface ReturnFileOptions {
  bankAccountId: number;
  /** Credit dates, `yyyy-mm-dd`, inclusive. */
  from: string;
  to: string;
  /** Default: 400 for Itaú (whose 240 Quita does not read), 240 for the others. */
  layout?: ReturnLayout;
  /** Where the gym puts the receivable id: in “seu número” (default) or nowhere (blank). */
  seuNumero?: 'receivable-id' | 'blank';
  /** Write the records without their trailing spaces, as some downloads do. */
  stripTrailingSpaces?: boolean;
}

export interface ReturnTitleTruth {
  nossoNumero: string;
  /** The receivable this title is (0 for none). */
  receivableId: number;
  occurrenceCode: string;
  settlement: boolean;
  faceCents: number;
  paidCents: number;
  feeCents: number;
  creditDate: string | null;
}

export interface ReturnFile {
  fileName: string;
  bytes: Buffer;
  groundTruth: {
    bankAccountId: number;
    bankCode: number;
    layout: ReturnLayout;
    from: string;
    to: string;
    titles: ReturnTitleTruth[];
  };
}

/** Bank fee per boleto, as the statement's “TARIFA COBRANCA” debits it. */
export const BOLETO_FEE_CENTS = 250;

const FEBRABAN_240 = new Set([1, 33, 104, 237, 748, 756]);

interface Bank400 {
  name: string;
  detailType: string;
  nosso: [number, number];
  fee: [number, number];
  credit: [number, number];
  payer: [number, number] | null;
  settle: string;
  entry: string;
}

const BANKS_400: Record<number, Bank400> = {
  341: {
    name: 'BANCO ITAU SA',
    detailType: '1',
    nosso: [86, 94],
    fee: [176, 188],
    credit: [296, 301],
    payer: [325, 354],
    settle: '06',
    entry: '02',
  },
  237: {
    name: 'BRADESCO',
    detailType: '1',
    nosso: [71, 82],
    fee: [176, 188],
    credit: [296, 301],
    payer: null,
    settle: '06',
    entry: '02',
  },
  1: {
    name: 'BANCODOBRASIL',
    detailType: '7',
    nosso: [64, 80],
    fee: [182, 188],
    credit: [176, 181],
    payer: null,
    settle: '06',
    entry: '02',
  },
  104: {
    name: 'C ECON FEDERAL',
    detailType: '1',
    nosso: [57, 73],
    fee: [176, 188],
    credit: [294, 299],
    payer: null,
    settle: '21',
    entry: '01',
  },
};

type Put = readonly [number, number, string | number];

function record(length: number, puts: Put[]): string {
  const chars = Array.from({ length }, () => ' ');
  for (const [start, end, value] of puts) {
    const width = end - start + 1;
    const text = (
      typeof value === 'number' ? String(value).padStart(width, '0') : value.padEnd(width, ' ')
    ).slice(0, width);
    for (let i = 0; i < width; i++) chars[start - 1 + i] = text[i]!;
  }
  return chars.join('');
}

const ddmmyyyy = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}` : '00000000';
const ddmmyy = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}` : '000000';
/** Banks write names without accents in Latin-1 records; keep them plain ASCII upper case. */
const plain = (s: string) =>
  stripAccents(s)
    .replace(/[^A-Za-z0-9 .&/-]/g, ' ')
    .toUpperCase();

interface Title {
  r: ReceivableRecord;
  code: string;
  settlement: boolean;
  nosso: string;
  seu: string;
  face: number;
  paid: number;
  interest: number;
  fee: number;
  paidDate: string | null;
  creditDate: string | null;
  payer: string;
  doc: string;
}

function titlesOf(
  data: SandboxData,
  o: ReturnFileOptions,
  codes: { settle: string; entry: string },
  nossoWidth: number,
) {
  const titles: Title[] = [];
  const nosso = (r: ReceivableRecord) =>
    `${String(r.idReceivable).padStart(nossoWidth - 1, '0')}${r.idReceivable % 10}`;
  const seu = (r: ReceivableRecord) => (o.seuNumero === 'blank' ? '' : String(r.idReceivable));
  const face = (r: ReceivableRecord) => r.ammountCents;
  for (const r of data.receivables) {
    const p = r.payment;
    if (
      p &&
      p.channel === 'boleto' &&
      p.bankAccountId === o.bankAccountId &&
      p.creditDate >= o.from &&
      p.creditDate <= o.to
    ) {
      titles.push({
        r,
        code: codes.settle,
        settlement: true,
        nosso: nosso(r),
        seu: seu(r),
        face: face(r),
        paid: p.amountCents,
        interest: Math.max(0, p.amountCents - face(r)),
        fee: BOLETO_FEE_CENTS,
        paidDate: p.paidDate,
        creditDate: p.creditDate,
        payer: plain(p.payerText),
        doc: p.payerCpf.replace(/\D/g, ''),
      });
    }
  }
  // Boletos registered (issued ~10 days before their due date) in the period and still open: entries, in
  // the return file of the account that collects boletos (the primary one).
  const collector = data.bankAccounts.find((a) => a.id === o.bankAccountId);
  const primary = collector?.role === 'primary';
  for (const r of primary ? data.receivables : []) {
    if (r.payment || r.paymentType !== PAYMENT_TYPE.boleto || r.status === ACCOUNT_STATUS.cancelled) continue;
    // In a network each branch's primary account collects its own members' boletos.
    if (r.idBranchMember !== collector?.branchId) continue;
    const issued = addDays(r.dueDate.slice(0, 10), -10);
    if (issued < o.from || issued > o.to) continue;
    titles.push({
      r,
      code: codes.entry,
      settlement: false,
      nosso: nosso(r),
      seu: seu(r),
      face: face(r),
      paid: 0,
      interest: 0,
      fee: 0,
      paidDate: issued,
      creditDate: null,
      payer: plain(r.payerName),
      doc: '',
    });
  }
  titles.sort(
    (a, b) =>
      (a.creditDate ?? a.paidDate ?? '').localeCompare(b.creditDate ?? b.paidDate ?? '') ||
      a.r.idReceivable - b.r.idReceivable,
  );
  return titles;
}

function file240(bankCode: number, bankName: string, titles: Title[], fileDate: string): string[] {
  const code = String(bankCode).padStart(3, '0');
  const lines = [
    record(240, [
      [1, 3, code],
      [4, 7, 0],
      [8, 8, '0'],
      [18, 18, '2'],
      [19, 32, 12345678000195],
      [73, 102, 'ACADEMIA DEMONSTRACAO'],
      [103, 132, bankName],
      [143, 143, '2'],
      [144, 151, ddmmyyyy(fileDate)],
      [158, 163, 1],
      [164, 166, '089'],
    ]),
    record(240, [
      [1, 3, code],
      [4, 7, 1],
      [8, 8, '1'],
      [9, 9, 'T'],
      [10, 11, '01'],
      [14, 16, '045'],
      [18, 18, '2'],
      [19, 33, 12345678000195],
      [74, 103, 'ACADEMIA DEMONSTRACAO'],
      [184, 191, 1],
      [192, 199, ddmmyyyy(fileDate)],
    ]),
  ];
  let seq = 0;
  for (const t of titles) {
    lines.push(
      record(240, [
        [1, 3, code],
        [4, 7, 1],
        [8, 8, '3'],
        [9, 13, ++seq],
        [14, 14, 'T'],
        [16, 17, t.code],
        [38, 57, t.nosso],
        [58, 58, '1'],
        [59, 73, t.seu],
        [74, 81, ddmmyyyy(t.r.dueDate.slice(0, 10))],
        [82, 96, t.face],
        [97, 99, code],
        [133, 133, t.doc.length === 14 ? '2' : t.doc ? '1' : '0'],
        [134, 148, t.doc ? Number(t.doc) : 0],
        [149, 188, t.payer],
        [199, 213, t.fee],
      ]),
      record(240, [
        [1, 3, code],
        [4, 7, 1],
        [8, 8, '3'],
        [9, 13, ++seq],
        [14, 14, 'U'],
        [16, 17, t.code],
        [18, 32, t.interest],
        [33, 47, 0],
        [48, 62, 0],
        [63, 77, 0],
        [78, 92, t.paid],
        [93, 107, t.settlement ? t.paid - t.fee : 0],
        [108, 137, 0],
        [138, 145, ddmmyyyy(t.paidDate)],
        [146, 153, ddmmyyyy(t.creditDate)],
      ]),
    );
  }
  lines.push(
    record(240, [
      [1, 3, code],
      [4, 7, 1],
      [8, 8, '5'],
      [18, 23, seq + 2],
    ]),
    record(240, [
      [1, 3, code],
      [4, 7, 9999],
      [8, 8, '9'],
      [18, 23, 1],
      [24, 29, seq + 4],
    ]),
  );
  return lines;
}

function file400(bankCode: number, bank: Bank400, titles: Title[], fileDate: string): string[] {
  const code = String(bankCode).padStart(3, '0');
  const lines = [
    record(400, [
      [1, 1, '0'],
      [2, 2, '2'],
      [3, 9, 'RETORNO'],
      [10, 11, '01'],
      [12, 26, 'COBRANCA'],
      [47, 76, 'ACADEMIA DEMONSTRACAO'],
      [77, 79, code],
      [80, 94, bank.name],
      [95, 100, ddmmyy(fileDate)],
      [395, 400, 1],
    ]),
  ];
  titles.forEach((t, i) => {
    const puts: Put[] = [
      [1, 1, bank.detailType],
      [2, 3, 2],
      [4, 17, 12345678000195],
      [bank.nosso[0], bank.nosso[1], t.nosso],
      [109, 110, t.code],
      [111, 116, ddmmyy(t.paidDate)],
      [117, 126, t.seu],
      [147, 152, ddmmyy(t.r.dueDate.slice(0, 10))],
      [153, 165, t.face],
      [166, 168, code],
      [bank.fee[0], bank.fee[1], t.fee],
      // Itaú writes 254–266 net of its fee (“valor lançado em conta corrente”), as its real returns do.
      [254, 266, code === '341' && t.paid ? t.paid - t.fee : t.paid],
      [267, 279, t.interest],
      [280, 292, 0],
      [bank.credit[0], bank.credit[1], ddmmyy(t.creditDate)],
      [395, 400, i + 2],
    ];
    if (bank.payer) puts.push([bank.payer[0], bank.payer[1], t.payer]);
    lines.push(record(400, puts));
  });
  lines.push(
    record(400, [
      [1, 1, '9'],
      [2, 2, '2'],
      [3, 4, '01'],
      [5, 7, code],
      [395, 400, titles.length + 2],
    ]),
  );
  return lines;
}

/** The layout the sandbox writes by default for a bank, or null when it writes no return file for it. */
export function returnLayoutFor(bankCode: number): ReturnLayout | null {
  return FEBRABAN_240.has(bankCode) ? '240' : BANKS_400[bankCode] ? '400' : null;
}

/** The return file of one account's boletos credited in a period, with its ground truth. */
export function writeReturnFile(data: SandboxData, o: ReturnFileOptions): ReturnFile {
  const account = data.bankAccounts.find((a) => a.id === o.bankAccountId);
  if (!account) throw new Error(`unknown bank account ${o.bankAccountId}`);
  const code = account.bankCode;
  const layout: ReturnLayout = o.layout ?? (FEBRABAN_240.has(code) ? '240' : '400');
  if (layout === '240' && !FEBRABAN_240.has(code)) throw new Error(`no CNAB 240 return for bank ${code}`);
  const bank = BANKS_400[code];
  if (layout === '400' && !bank) throw new Error(`no CNAB 400 return for bank ${code}`);
  const codes = layout === '240' ? { settle: '06', entry: '02' } : bank!;
  const width = layout === '240' ? 17 : bank!.nosso[1] - bank!.nosso[0] + 1;
  const titles = titlesOf(data, o, codes, Math.min(width, 17));
  const fileDate = o.to > data.today ? data.today : o.to;
  const lines =
    layout === '240'
      ? file240(code, account.bankName, titles, fileDate)
      : file400(code, bank!, titles, fileDate);
  const body = lines.map((l) => (o.stripTrailingSpaces ? l.trimEnd() : l)).join('\r\n') + '\r\n';
  const seq = digits(createRng(data.seed, 'return-file', o.bankAccountId, o.from, o.to), 4);
  return {
    fileName: `retorno_${code}_${layout}_${o.from}_${o.to}_${seq}.ret`,
    bytes: Buffer.from(body, 'latin1'),
    groundTruth: {
      bankAccountId: o.bankAccountId,
      bankCode: code,
      layout,
      from: o.from,
      to: o.to,
      titles: titles.map((t) => ({
        nossoNumero: t.nosso,
        receivableId: t.r.idReceivable,
        occurrenceCode: t.code,
        settlement: t.settlement,
        faceCents: t.face,
        paidCents: t.paid,
        feeCents: t.fee,
        creditDate: t.creditDate,
      })),
    },
  };
}
