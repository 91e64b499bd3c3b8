/**
 * Rede's electronic statements (docs/import.md, “Rede EEVC, EEVD, EEFI”):
 * - EEVC (credit card sales), fixed width: header 002, RV à vista 006 + its sales 008, RV in installments
 *   010 + its sales 012 + their installments 014, trailer 028. An RV (resumo de vendas) is one forecast
 *   credit: à vista, the RV's net on its credit date; in installments, each installment's net on its date.
 * - EEVD (debit card sales), comma-separated: header 00, RV 01, sales 05, file total 04.
 * - EEFI (financial: what was paid), fixed width: header 030, credits 034 (one RV or installment paid),
 *   adjustments 035, anticipations 036, credit totals 037 (the bank credit: date, account, total), debits 038.
 * Rede writes brands as one-letter/digit codes whose table was not in the sources read: they are kept as
 * `code X` and a notice says matching does not use them.
 */
import type { RawLine } from '../cnab/cnab-records';
import { acquirerErrors } from './acquirer-errors';
import { addSummary, addTo, checkSummaries, money, type Summary, type Summed } from './summary-totals';
import { centsOfDigits, dateOf, FieldError, FixedRecord, keyOf } from './fields';
import type { AcquirerFile, AcquirerLayout, AcquirerPayment, AcquirerSale } from './types';

/** EEVC header “002” / EEFI header “030”: record type, DDMMAAAA, then the acquirer's name at 12–19. */
export function redeFixedLayout(text: string): 'rede-eevc' | 'rede-eefi' | null {
  if (!/^(002|030)\d{8}/.test(text) || !/^REDE/.test(text.slice(11, 19))) return null;
  return text.startsWith('002') ? 'rede-eevc' : 'rede-eefi';
}

/** EEVD header: comma-separated, type “00”, the acquirer's name in the fifth field. */
export function isEevdHeader(text: string): boolean {
  const f = text.split(',');
  return f.length >= 10 && f[0]!.trim() === '00' && /^REDE/i.test(f[4]!.trim());
}

const brandOf = (code: string | null, unknown: Set<string>) => {
  if (code === null) return null;
  unknown.add(code);
  return `code ${code}`;
};

function brandNotice(unknown: Set<string>): AcquirerFile['notices'] {
  if (unknown.size === 0) return [];
  const codes = [...unknown].sort().join(', ');
  return [
    {
      code: 'acquirer.rede_brand_codes',
      message: `Rede's brand codes (${codes}) are not translated (their table was not in the layouts Quita was built from); this file's sales are matched by NSU, authorization, amount and date, not by brand.`,
      params: { codes },
    },
  ];
}

const fail = (layout: AcquirerLayout, line: number, e: unknown): never => {
  if (e instanceof FieldError) throw acquirerErrors.badLine('Rede', layout, line, e.message);
  throw e;
};

const sale = (s: Partial<AcquirerSale> & Pick<AcquirerSale, 'line' | 'kind'>): AcquirerSale => ({
  nsu: null,
  authorization: null,
  tid: null,
  brand: null,
  product: null,
  grossCents: 0,
  feeCents: 0,
  netCents: 0,
  saleDate: null,
  paymentDate: null,
  installment: null,
  installments: null,
  batchRef: null,
  summaryRef: null,
  description: null,
  ...s,
});

export function parseEevc(lines: RawLine[]): AcquirerFile {
  const layout = 'rede-eevc';
  const header = new FixedRecord(lines[0]!.text);
  const unknown = new Set<string>();
  const sales: AcquirerSale[] = [];
  const payments: AcquirerPayment[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  let fileDate: string | null = null;
  let trailer = false;
  /** RVs in installments: their own record, and the installments (014) seen for them. */
  const split = new Map<string, { rv: AcquirerPayment; seen: boolean }>();
  /** The sale (012) the next installment records (014) belong to. */
  let current: AcquirerSale | null = null;
  try {
    fileDate = header.ddmmyyyy(4, 11, 'the issue date');
  } catch (e) {
    fail(layout, 1, e);
  }
  const rvs = new Map<string, AcquirerPayment>();
  const summaries = new Map<string, Summary>();
  const sums = new Map<string, Summed>();
  for (const raw of lines.slice(1)) {
    const r = new FixedRecord(raw.text.padEnd(262, ' '));
    const type = raw.text.slice(0, 3);
    if (trailer) throw acquirerErrors.badLine('Rede', layout, raw.line, 'a record after the trailer 028');
    try {
      if (type === '006' || type === '010') {
        const ref = `${keyOf(r.str(4, 12)) ?? ''}/${keyOf(r.str(13, 21)) ?? ''}`;
        const date = r.ddmmyyyy(129, 136, 'the credit date');
        if (!date) throw new FieldError('the sales summary has no credit date');
        const gross = r.cents(54, 68, 'the gross amount');
        const net = r.cents(114, 128, 'the net amount');
        const p: AcquirerPayment = {
          line: raw.line,
          ref,
          paymentDate: date,
          grossCents: gross,
          feeCents: r.cents(99, 113, 'the discount'),
          netCents: net,
          brand: brandOf(r.str(137, 137), unknown),
          product: 'credit',
          bankCode: r.str(22, 24),
          agency: r.str(25, 29),
          account: r.str(30, 40),
          settled: false,
        };
        rvs.set(ref, p);
        addSummary(summaries, ref, {
          line: raw.line,
          count: r.int(49, 53, 'the number of sales'),
          grossCents: gross,
          feeCents: p.feeCents,
          netCents: net,
        });
        if (type === '006') payments.push(p);
        else split.set(ref, { rv: p, seen: false });
        current = null;
      } else if (type === '008' || type === '012') {
        const inst = type === '012';
        const ref = `${keyOf(r.str(4, 12)) ?? ''}/${keyOf(r.str(13, 21)) ?? ''}`;
        const rv = rvs.get(ref) ?? null;
        const gross = r.cents(38, 52, 'the sale amount');
        const net = inst ? r.cents(206, 220, 'the net amount') : r.cents(204, 218, 'the net amount');
        const status = r.str(84, 86);
        const s = sale({
          line: raw.line,
          kind: 'sale',
          nsu: inst ? r.str(89, 100) : r.str(87, 98),
          authorization: inst ? r.str(129, 134) : r.str(127, 132),
          brand: brandOf(inst ? r.str(262, 262) : r.str(230, 230), unknown),
          product: 'credit',
          grossCents: gross,
          feeCents: inst ? r.cents(114, 128, 'the discount') : r.cents(112, 126, 'the discount'),
          netCents: net,
          saleDate: r.ddmmyyyy(22, 29, 'the sale date'),
          paymentDate: rv?.paymentDate ?? null,
          installments: inst ? r.int(87, 88, 'the number of installments') : null,
          batchRef: rv ? ref : null,
          summaryRef: ref,
          description: status,
        });
        sales.push(s);
        addTo(sums, ref, s);
        current = inst ? s : null;
      } else if (type === '014') {
        if (!current) throw new FieldError('an installment record without its sale (012) before it');
        const cv: AcquirerSale = current;
        const n = r.int(38, 39, 'the installment number');
        const date = r.ddmmyyyy(85, 92, 'the credit date');
        const ref = cv.summaryRef!;
        const entry = split.get(ref);
        if (entry) entry.seen = true;
        // The whole sale (012) stands for its installments from now on: one row per installment.
        // The 012 row is the last one pushed until its first 014 replaces it (O(1), not a search).
        if (cv.installment === null && sales.at(-1) === cv) sales.pop();
        sales.push(
          sale({
            ...cv,
            line: raw.line,
            grossCents: r.cents(40, 54, 'the installment amount'),
            feeCents: r.cents(55, 69, 'the installment discount'),
            netCents: r.cents(70, 84, 'the installment net amount'),
            paymentDate: date,
            installment: n,
            // One credit per summary and credit day (installments of one day are paid together).
            batchRef: `${ref}@${date ?? ''}`,
          }),
        );
        current = { ...cv, installment: n };
      } else if (type === '028') {
        trailer = true;
      } else if (type === '002') {
        throw new FieldError('a second header');
      } else {
        skipped.push({ line: raw.line, reason: `record type ${type} (not a sale or a sales summary)` });
      }
    } catch (e) {
      fail(layout, raw.line, e);
    }
  }
  if (!trailer) throw acquirerErrors.truncated('Rede', layout, 'no file trailer 028');
  checkSummaries('Rede', layout, summaries, sums);
  // RVs in installments: one forecast payment per installment (the 014s of its sales, summed), or, when the
  // file does not detail them, the RV itself on its first credit date (said in a notice).
  const notices: AcquirerFile['notices'] = [];
  let undetailed = 0;
  for (const [ref, { rv, seen }] of split) {
    if (!seen) {
      payments.push(rv);
      undetailed++;
      continue;
    }
    const byDay = new Map<string, AcquirerPayment>();
    for (const s of sales) {
      if (s.summaryRef !== ref || s.installment === null || !s.batchRef) continue;
      const p = byDay.get(s.batchRef) ?? {
        ...rv,
        line: s.line,
        ref: s.batchRef,
        paymentDate: s.paymentDate ?? rv.paymentDate,
        grossCents: 0,
        feeCents: 0,
        netCents: 0,
      };
      p.grossCents = (p.grossCents ?? 0) + s.grossCents;
      p.feeCents = (p.feeCents ?? 0) + s.feeCents;
      p.netCents += s.netCents;
      byDay.set(s.batchRef, p);
    }
    payments.push(...byDay.values());
  }
  if (undetailed)
    notices.push({
      code: 'acquirer.installments_not_detailed',
      message: `${undetailed} sales summaries in installments do not list their installments (record 014); each is taken as one credit on its first credit date.`,
      params: { count: undetailed },
    });
  return {
    acquirer: 'rede',
    layout,
    fileKind: 'EEVC',
    fileDate,
    merchant: header.str(78, 86),
    sales,
    payments: payments.sort((a, b) => a.line - b.line),
    declaredRows: null,
    notices: [...brandNotice(unknown), ...notices],
    skipped,
  };
}

/** EEVD money: digits are cents (assumed: counted in `digitsOnly`); a value with a decimal separator is read as such. */
function eevdCents(v: string | undefined, field: string, seen?: { digitsOnly: number }): number {
  const t = (v ?? '').trim();
  if (seen && /^\d+$/.test(t)) seen.digitsOnly++;
  if (/^\d+[.,]\d{1,2}$/.test(t)) {
    const [a, b] = t.split(/[.,]/);
    return Number(a) * 100 + Number(b!.padEnd(2, '0'));
  }
  return centsOfDigits(t, field);
}

export function parseEevd(lines: RawLine[]): AcquirerFile {
  const layout = 'rede-eevd';
  const unknown = new Set<string>();
  const sales: AcquirerSale[] = [];
  const payments: AcquirerPayment[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  const head = lines[0]!.text.split(',');
  let fileDate: string | null = null;
  let declared: number | null = null;
  let trailer = false;
  try {
    fileDate = dateOf(head[2] ?? '', 'dmy', 'the issue date');
  } catch (e) {
    fail(layout, 1, e);
  }
  const rvs = new Map<string, AcquirerPayment>();
  const summaries = new Map<string, Summary>();
  const sums = new Map<string, Summed>();
  const seen = { digitsOnly: 0 };
  for (const raw of lines.slice(1)) {
    const f = raw.text.split(',').map((x) => x.trim());
    const type = f[0]!;
    if (trailer) throw acquirerErrors.badLine('Rede', layout, raw.line, 'a record after the file total 04');
    try {
      if (type === '01') {
        if (f.length < 14) throw new FieldError(`the sales summary has ${f.length} fields, not 14`);
        const ref = `${keyOf(f[1]!) ?? ''}/${keyOf(f[4]!) ?? ''}`;
        const date = dateOf(f[2]!, 'dmy', 'the credit date');
        if (!date) throw new FieldError('the sales summary has no credit date');
        const p: AcquirerPayment = {
          line: raw.line,
          ref,
          paymentDate: date,
          grossCents: eevdCents(f[6], 'the gross amount', seen),
          feeCents: eevdCents(f[7], 'the discount'),
          netCents: eevdCents(f[8], 'the net amount'),
          brand: brandOf(f[13] || null, unknown),
          product: 'debit',
          bankCode: f[10] || null,
          agency: f[11] || null,
          account: f[12] || null,
          settled: false,
        };
        rvs.set(ref, p);
        addSummary(summaries, ref, {
          line: raw.line,
          count: /^\d+$/.test(f[5] ?? '') ? Number(f[5]) : null,
          grossCents: p.grossCents,
          feeCents: p.feeCents,
          netCents: p.netCents,
        });
        payments.push(p);
      } else if (type === '05') {
        if (f.length < 19) throw new FieldError(`the sale has ${f.length} fields, not 19`);
        const ref = `${keyOf(f[1]!) ?? ''}/${keyOf(f[2]!) ?? ''}`;
        const rv = rvs.get(ref);
        const gross = eevdCents(f[4], 'the gross amount', seen);
        const fee = eevdCents(f[5], 'the discount');
        const net = eevdCents(f[6], 'the net amount');
        addTo(sums, ref, { grossCents: gross, feeCents: fee, netCents: net });
        sales.push(
          sale({
            line: raw.line,
            kind: 'sale',
            nsu: f[9] || null,
            brand: brandOf(f[18] || null, unknown),
            product: 'debit',
            grossCents: gross,
            feeCents: fee,
            netCents: net,
            saleDate: dateOf(f[3]!, 'dmy', 'the sale date'),
            paymentDate: rv?.paymentDate ?? dateOf(f[10]!, 'dmy', 'the credit date'),
            batchRef: rv ? ref : null,
            summaryRef: ref,
            description: f[11] || null,
          }),
        );
      } else if (type === '04') {
        trailer = true;
        declared = f[10] && /^\d+$/.test(f[10]) ? Number(f[10]) : null;
      } else if (type === '00') {
        throw new FieldError('a second header');
      } else {
        skipped.push({ line: raw.line, reason: `record type ${type} (not a sale or a sales summary)` });
      }
    } catch (e) {
      fail(layout, raw.line, e);
    }
  }
  if (!trailer) throw acquirerErrors.truncated('Rede', layout, 'no file total record 04');
  checkSummaries('Rede', layout, summaries, sums);
  if (declared !== null && declared !== lines.length)
    throw acquirerErrors.truncated(
      'Rede',
      layout,
      `the file total counts ${declared} records and the file holds ${lines.length}`,
    );
  return {
    acquirer: 'rede',
    layout,
    fileKind: 'EEVD',
    fileDate,
    merchant: head[1]?.trim() || null,
    sales,
    payments,
    declaredRows: null,
    notices: [
      ...brandNotice(unknown),
      ...(seen.digitsOnly
        ? [
            {
              code: 'acquirer.eevd_amounts_assumed',
              message:
                "This EEVD writes its amounts without a decimal separator; Quita reads the last two digits as cents (the layout it was built from does not say): check one sale's amount against Rede's portal.",
            },
          ]
        : []),
    ],
    skipped,
  };
}

export function parseEefi(lines: RawLine[]): AcquirerFile {
  const layout = 'rede-eefi';
  const header = new FixedRecord(lines[0]!.text);
  const unknown = new Set<string>();
  const sales: AcquirerSale[] = [];
  const payments: AcquirerPayment[] = [];
  const totals: { line: number; date: string; cents: number }[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  let fileDate: string | null = null;
  try {
    fileDate = header.ddmmyyyy(4, 11, 'the issue date');
  } catch (e) {
    fail(layout, 1, e);
  }
  /** Adjustments and debits, with the RV they name: given to that RV's credit of their day, or the day's only one. */
  const loose: { s: AcquirerSale; rv: string | null }[] = [];
  for (const raw of lines.slice(1)) {
    const r = new FixedRecord(raw.text.padEnd(316, ' '));
    const type = raw.text.slice(0, 3);
    try {
      if (type === '034' || type === '036') {
        // One credit of one sales summary (or installment of it): one payment batch of the bank account.
        const antecipated = type === '036';
        const date = r.ddmmyyyy(24, 31, 'the launch date');
        if (!date) throw new FieldError('the credit has no launch date');
        const net = r.cents(32, 46, 'the credit amount');
        const parcel = antecipated ? r.str(108, 112) : r.str(125, 129);
        const m = parcel ? /^(\d{1,2})\/(\d{1,2})$/.exec(parcel) : null;
        const rv = keyOf(antecipated ? r.str(68, 76) : r.str(76, 84));
        const pv = keyOf(r.str(4, 12));
        const summaryRef = `${pv ?? ''}/${rv ?? ''}`;
        const installment = m && Number(m[2]) > 1 ? Number(m[1]) : null;
        const ref = `${summaryRef}#${installment ?? 1}@${date}`;
        const brand = brandOf(antecipated ? r.str(152, 152) : r.str(93, 93), unknown);
        const product = antecipated
          ? null
          : r.raw(94, 94) === 'D'
            ? 'debit'
            : r.raw(94, 94) === 'C'
              ? 'credit'
              : null;
        sales.push(
          sale({
            line: raw.line,
            kind: 'summary',
            brand,
            product,
            grossCents: net,
            netCents: net,
            saleDate: antecipated
              ? r.ddmmyyyy(77, 84, 'the summary date')
              : r.ddmmyyyy(85, 92, 'the summary date'),
            paymentDate: date,
            installment,
            installments: m && Number(m[2]) > 1 ? Number(m[2]) : null,
            batchRef: ref,
            summaryRef,
            description: antecipated ? 'antecipação' : null,
          }),
        );
        payments.push({
          line: raw.line,
          ref,
          paymentDate: date,
          netCents: net,
          grossCents: null,
          feeCents: null,
          brand,
          product,
          bankCode: r.str(48, 50),
          agency: r.str(51, 56),
          account: r.str(57, 67),
          settled: true,
        });
      } else if (type === '035' || type === '038') {
        const value =
          type === '035' ? r.cents(30, 44, 'the adjustment amount') : r.cents(32, 46, 'the debit');
        const date =
          type === '035' ? r.ddmmyyyy(171, 178, 'the credit date') : r.ddmmyyyy(24, 31, 'the debit date');
        const s = sale({
          line: raw.line,
          kind: 'adjustment',
          nsu: type === '035' ? r.str(239, 250) : null,
          authorization: type === '035' ? r.str(251, 256) : null,
          grossCents: -value,
          netCents: -value,
          paymentDate: date,
          description: type === '035' ? r.str(48, 75) : 'débito',
        });
        sales.push(s);
        loose.push({
          s,
          rv: type === '035' ? `${keyOf(r.str(4, 12)) ?? ''}/${keyOf(r.str(13, 21)) ?? ''}` : null,
        });
      } else if (type === '037') {
        const date = r.ddmmyyyy(20, 27, 'the credit date');
        if (!date) throw new FieldError('the credit total has no date');
        totals.push({ line: raw.line, date, cents: r.cents(28, 42, 'the credit total') });
      } else if (type === '030') {
        throw new FieldError('a second header');
      } else {
        skipped.push({
          line: raw.line,
          reason: `record type ${type} (not a credit, adjustment or credit total)`,
        });
      }
    } catch (e) {
      fail(layout, raw.line, e);
    }
  }
  // An adjustment is netted from its RV's credit of the day, or from the day's only credit.
  let unlinked = 0;
  for (const { s, rv } of loose) {
    const day = payments.filter((p) => p.paymentDate === s.paymentDate);
    const own = day.filter((p) => rv !== null && p.ref.startsWith(`${rv}#`));
    const target = own.length === 1 ? own[0]! : day.length === 1 ? day[0]! : null;
    if (!target) {
      unlinked++;
      continue;
    }
    s.batchRef = target.ref;
    target.netCents += s.netCents;
  }
  const notices = brandNotice(unknown);
  notices.push({
    code: 'acquirer.eefi_no_trailer',
    message:
      "Quita does not know the EEFI's closing record, so it cannot tell a file cut short from a whole one: check that the day's credit totals (record 037) are all there.",
  });
  if (unlinked)
    notices.push({
      code: 'acquirer.adjustment_unlinked',
      message: `${unlinked} adjustments or debits could not be tied to one credit of their day; they are listed, not used to explain a credit.`,
      params: { count: unlinked },
    });
  // The day totals (037) are the file's own check of its credits.
  const off = totals.filter(
    (t) => payments.filter((p) => p.paymentDate === t.date).reduce((n, p) => n + p.netCents, 0) !== t.cents,
  );
  // With every adjustment tied to its credit, a day total that disagrees is the file disagreeing with itself.
  const first = off[0];
  if (first && unlinked === 0) {
    const sum = payments.filter((p) => p.paymentDate === first.date).reduce((n, p) => n + p.netCents, 0);
    throw acquirerErrors.summaryTotal('Rede', layout, first.line, money(first.cents), money(sum));
  }
  if (off.length)
    notices.push({
      code: 'acquirer.total_mismatch',
      message: `The credit totals of ${off.map((t) => t.date).join(', ')} (record 037) differ from the sum of that day's credits; check the file with Rede.`,
      params: { dates: off.map((t) => t.date).join(', ') },
    });
  return {
    acquirer: 'rede',
    layout,
    fileKind: 'EEFI',
    fileDate,
    merchant: header.str(82, 90),
    sales,
    payments,
    declaredRows: null,
    notices,
    skipped,
  };
}
