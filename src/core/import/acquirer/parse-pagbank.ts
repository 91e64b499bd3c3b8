/**
 * PagBank (PagSeguro) “Extrato EDI” as its EDI API gives it — a JSON page `{"detalhes": [...], "pagination":
 * {...}}` of the transactional movement (sales, with the forecast payment date) or of the financial movement
 * (what was settled, with `data_movimentacao`), saved to a file. PagBank documents that the API returns the EDI
 * statement's fields in JSON “exactly as in the EDI manual” (developer.pagbank.com.br, “API do extrato EDI”,
 * EDI versions 2.01 / v3.00 of the API); the field names and value shapes below follow public readers of it —
 * github Kubinyete/pagseguro-edi-php (`TransactionalMovement.php`, `FinantialMovement.php`, `Page.php`, with
 * sample values), confirmed by other public code using the same names — **assumed** from them (the EDI manual's
 * own PDF, with the positional TXT layout, could not be read here: docs/import.md, “PagBank”).
 */
import { acquirerErrors } from './acquirer-errors';
import { dateOf, FieldError } from './fields';
import type { AcquirerFile, AcquirerPayment, AcquirerRowKind, AcquirerSale, CardProduct } from './types';

const LAYOUT = 'pagseguro-edi-json';

/** A JSON object with a `detalhes` list whose rows carry `movimento_api_codigo` (read from the first 4 KB). */
export function isPagBankJson(head: string): boolean {
  return /^\uFEFF?\s*\{/.test(head) && head.includes('"detalhes"') && head.includes('"movimento_api_codigo"');
}

/**
 * `tipo_evento` (the EDI's event table): 1 sale or payment, 2 credit adjustment, 3 debit adjustment,
 * 5 chargeback, 6 cancellation — the codes public readers name (**assumed**); other events (balances, transfers,
 * disputes) are left out, listed.
 */
const EVENTS: Record<string, { kind: AcquirerRowKind; sign: 1 | -1 | 0 }> = {
  '1': { kind: 'sale', sign: 0 },
  '2': { kind: 'adjustment', sign: 1 },
  '3': { kind: 'adjustment', sign: -1 },
  '5': { kind: 'chargeback', sign: -1 },
  '6': { kind: 'cancellation', sign: -1 },
};

/** `meio_pagamento`: 3 credit card, 14 prepaid credit, 8 debit card, 15 prepaid debit, 1 online debit (Pix 11, boleto 2: no card product). */
const PRODUCTS: Record<string, CardProduct> = {
  '3': 'credit',
  '14': 'credit',
  '8': 'debit',
  '15': 'debit',
  '1': 'debit',
};

/** `instituicao_financeira` (the card's brand, in capitals) → the engine's flag names. */
const BRANDS: Record<string, string> = {
  VISA: 'visa',
  MASTERCARD: 'mastercard',
  MASTER: 'mastercard',
  MAESTRO: 'mastercard',
  ELO: 'elo',
  AMEX: 'amex',
  'AMERICAN EXPRESS': 'amex',
  HIPERCARD: 'hipercard',
  HIPER: 'hipercard',
  DINERS: 'diners',
  CABAL: 'cabal',
};

type Row = Record<string, unknown>;

/** An amount of the API: a JSON number of reais (or its text with a point), at most two decimals → cents. */
function cents(row: Row, key: string, required: boolean): number | null {
  const v = row[key];
  if (v === null || v === undefined || v === '') {
    if (required) throw new FieldError(`${key} is missing`);
    return null;
  }
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  const c = Math.round(n * 100);
  if (!Number.isFinite(n) || Math.abs(n * 100 - c) > 1e-6 || !Number.isSafeInteger(c))
    throw new FieldError(`${key} is “${JSON.stringify(v)}”, not an amount in reais and cents`);
  return c;
}

const text = (row: Row, key: string): string | null => {
  const v = row[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' && typeof v !== 'number') throw new FieldError(`${key} is not a text`);
  const t = String(v).trim();
  return t === '' ? null : t;
};

/** “2026-11-04” (or 20261104) → YYYY-MM-DD; null when absent. */
const day = (row: Row, key: string): string | null => {
  const t = text(row, key);
  return t === null ? null : dateOf(t.replace(/-/g, ''), 'ymd', key);
};

const int = (row: Row, key: string): number | null => {
  const t = text(row, key);
  if (t === null) return null;
  if (!/^\d+$/.test(t)) throw new FieldError(`${key} is “${t}”, not a number`);
  return Number(t);
};

export function parsePagBank(source: string): AcquirerFile {
  let doc: unknown;
  try {
    doc = JSON.parse(source);
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    const line = at ? source.slice(0, Number(at[1])).split(/\r\n|\n|\r/).length : 1;
    throw acquirerErrors.badLine('PagBank', LAYOUT, line, 'the JSON is damaged (cut or changed)');
  }
  const rows = (doc as { detalhes?: unknown }).detalhes;
  if (!Array.isArray(rows)) throw acquirerErrors.unsupported();
  // Each row's line: where its `movimento_api_codigo` is written (the k-th one is the k-th row's).
  const lineOf: number[] = [];
  const re = /"movimento_api_codigo"/g;
  for (let m = re.exec(source); m; m = re.exec(source))
    lineOf.push(source.slice(0, m.index).split(/\r\n|\n|\r/).length);
  // A page of a longer movement: the file does not hold all of it.
  const pagination = (doc as { pagination?: Record<string, unknown> }).pagination;
  const total = typeof pagination?.totalElements === 'number' ? pagination.totalElements : null;
  if (total !== null && total !== rows.length)
    throw acquirerErrors.truncated(
      'PagBank',
      LAYOUT,
      `the file holds ${rows.length} of the ${total} movements of the day (page ${JSON.stringify(pagination?.page ?? '?')} of ${JSON.stringify(pagination?.totalPages ?? '?')})`,
    );
  const financial =
    rows.length > 0 && rows.every((r) => r && typeof r === 'object' && 'data_movimentacao' in r);
  const sales: AcquirerSale[] = [];
  const skipped: AcquirerFile['skipped'] = [];
  const seen = new Map<string, number>();
  const batches = new Map<string, AcquirerPayment>();
  let merchant: string | null = null;
  let installmentsAtNet = 0;
  rows.forEach((raw, k) => {
    const line = lineOf[k] ?? k + 1;
    try {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw))
        throw new FieldError('a movement that is not an object');
      const row = raw as Row;
      const id = text(row, 'movimento_api_codigo');
      if (!id) throw new FieldError('movimento_api_codigo is missing');
      if (seen.has(id)) throw new FieldError(`the movement ${id} again (first on line ${seen.get(id)!})`);
      seen.set(id, line);
      // The EDI API answers for one establishment (its USER): a movement of another one is damage.
      const ec = text(row, 'estabelecimento');
      merchant ??= ec;
      if (ec !== merchant)
        throw new FieldError(
          `the movement is of establishment ${ec ?? 'blank'}, the file's is ${merchant ?? 'blank'}`,
        );
      const event = text(row, 'tipo_evento');
      const what = event ? EVENTS[event] : undefined;
      if (!what) {
        skipped.push({
          line,
          reason: `event “${event ?? 'blank'}” (not a sale, adjustment, cancellation or chargeback)`,
        });
        return;
      }
      const paymentDate = financial ? day(row, 'data_movimentacao') : day(row, 'data_prevista_pagamento');
      if (!paymentDate)
        throw new FieldError(
          financial ? 'data_movimentacao is missing' : 'data_prevista_pagamento is missing',
        );
      const gross = cents(row, 'valor_total_transacao', true)!;
      const net = cents(row, 'valor_liquido_transacao', true)!;
      const n = int(row, 'parcela');
      const of = int(row, 'quantidade_parcela');
      let g = gross;
      let v = net;
      if (what.kind === 'sale' && of !== null && of > 1) {
        // One row per installment: its net is valor_parcela; the fee of one installment is not given (notice).
        v = cents(row, 'valor_parcela', true)!;
        g = v;
        installmentsAtNet++;
      } else {
        // Paid at once (and adjustments, cancellations): total − intermediation fee and tariff = net, as in
        // PagBank's sample (663,66 − 0,00 − 1,48 = 662,18); a changed amount shows here.
        const fee =
          (cents(row, 'taxa_intermediacao', false) ?? 0) + (cents(row, 'tarifa_intermediacao', false) ?? 0);
        if (gross - fee !== net)
          throw new FieldError(
            `the total ${gross} less the fees ${fee} is not the net ${net} (cents): an amount was changed`,
          );
      }
      if (what.sign) {
        g = what.sign * Math.abs(g);
        v = what.sign * Math.abs(v);
      }
      const ref = `${merchant ?? ''}@${paymentDate}`;
      const brand = text(row, 'instituicao_financeira');
      const product = PRODUCTS[text(row, 'meio_pagamento') ?? ''] ?? null;
      sales.push({
        line,
        kind: what.kind,
        nsu: text(row, 'nsu'),
        authorization: text(row, 'codigo_autorizacao'),
        tid: text(row, 'codigo_transacao'),
        brand: brand ? (BRANDS[brand.toUpperCase()] ?? null) : null,
        product,
        grossCents: g,
        feeCents: g - v,
        netCents: v,
        saleDate: day(row, 'data_inicial_transacao') ?? day(row, 'data_venda_ajuste'),
        paymentDate,
        installment: n && of && of > 1 ? n : null,
        installments: of && of > 1 ? of : null,
        batchRef: ref,
        summaryRef: null,
        description: null,
      });
      const b = batches.get(ref) ?? {
        line,
        ref,
        paymentDate,
        netCents: 0,
        grossCents: 0,
        feeCents: 0,
        brand: null,
        product: null,
        bankCode: null,
        agency: null,
        account: null,
        settled: financial,
      };
      b.netCents += v;
      b.grossCents! += g;
      b.feeCents! += g - v;
      batches.set(ref, b);
    } catch (e) {
      if (e instanceof FieldError) throw acquirerErrors.badLine('PagBank', LAYOUT, line, e.message);
      throw e;
    }
  });
  const notices: AcquirerFile['notices'] = [];
  if (installmentsAtNet)
    notices.push({
      code: 'acquirer.pagbank_installments_at_net',
      message: `${installmentsAtNet} installments of installment sales are listed at their net amount: PagBank's file does not give the fee of each installment.`,
      params: { count: installmentsAtNet },
    });
  return {
    acquirer: 'pagseguro',
    layout: LAYOUT,
    fileKind: financial ? 'financeiro' : 'transacional',
    fileDate: null,
    merchant,
    sales,
    payments: [...batches.values()],
    declaredRows: total,
    notices,
    skipped,
  };
}
