import { BRASILIA_TIME_ZONE, todayInBrasilia } from '../../../shared/dates';
import type { FetchedLine } from '../connector';

/**
 * A Pix API answer item → statement lines (pure). What is standard and what is a bank's extension is in
 * docs/feeds.md; in short:
 * - standard (bacen/pix-api openapi.yaml, schema Pix): endToEndId, txid, valor ("\d{1,10}\.\d{2}"), horario
 *   (RFC 3339), infoPagador, devolucoes[] (id, rtrId, valor, horario.solicitacao/liquidacao, status);
 * - extension most banks add: pagador {nome, cpf | cnpj}; read where present, lived without;
 * - tolerated, not standard: valor with a decimal comma, horario without an offset (read as Brasília time).
 */
export interface RejectedItem {
  endToEndId: string | null;
  reason: string;
}

/** Cents from the standard's decimal string; also "110,00" and "1.234,56" (seen outside the standard). */
export function valorToCents(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.round(v * 100);
  if (typeof v !== 'string') return null;
  const s = v.trim();
  let m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) {
    // Decimal comma, optionally with dots between thousands.
    const c = /^(\d{1,3}(?:\.\d{3})*|\d{1,10}),(\d{1,2})$/.exec(s);
    if (!c) return null;
    m = [s, c[1]!.replace(/\./g, ''), c[2]!] as unknown as RegExpExecArray;
  }
  const cents = (m[2] ?? '').padEnd(2, '0');
  return Number(m[1]) * 100 + Number(cents);
}

const OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const WALL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * The instant of a `horario`. With an offset (the standard): as written. Without one (seen in the wild): Brasília's
 * wall-clock time, whose offset is looked up for that day (no daylight saving since 2019, but older days had it).
 */
export function horarioToInstant(h: unknown): Date | null {
  if (typeof h !== 'string') return null;
  const s = h.trim();
  if (OFFSET.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : new Date(t);
  }
  const m = WALL.exec(s);
  if (!m) return null;
  const [, date, hh, mm, ss = '00', frac = '0'] = m;
  const asUtc = Date.parse(`${date}T${hh}:${mm}:${ss}.${frac.slice(0, 3).padEnd(3, '0')}Z`);
  if (Number.isNaN(asUtc)) return null;
  return new Date(asUtc - brasiliaOffsetMs(new Date(asUtc)));
}

const OFFSET_FMT = new Intl.DateTimeFormat('en-US', {
  timeZone: BRASILIA_TIME_ZONE,
  timeZoneName: 'longOffset',
});
/** Brasília's offset from UTC at about that instant, in ms (−3 h today). */
function brasiliaOffsetMs(at: Date): number {
  const name = OFFSET_FMT.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-03:00';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!m) return -3 * 3_600_000;
  const sign = m[1] === '-' ? -1 : 1;
  return sign * (Number(m[2]) * 3_600_000 + Number(m[3] ?? 0) * 60_000);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const digitsOnly = (v: unknown): string | null => {
  const s = str(v);
  const d = s ? s.replace(/\D/g, '') : '';
  return d.length === 11 || d.length === 14 ? d : null;
};

/** The lines of one item: its credit, and a debit for each refund that left the account (status DEVOLVIDO). */
export function itemToLines(item: unknown): { lines: FetchedLine[]; rejected: RejectedItem[] } {
  const rejected: RejectedItem[] = [];
  if (!item || typeof item !== 'object')
    return { lines: [], rejected: [{ endToEndId: null, reason: 'not an object' }] };
  const it = item as Record<string, unknown>;
  const e2e = str(it.endToEndId);
  if (!e2e) return { lines: [], rejected: [{ endToEndId: null, reason: 'no endToEndId' }] };
  const cents = valorToCents(it.valor);
  const at = horarioToInstant(it.horario);
  if (cents === null || cents <= 0 || at === null)
    return {
      lines: [],
      rejected: [
        {
          endToEndId: e2e,
          reason: `valor ${JSON.stringify(it.valor)} / horario ${JSON.stringify(it.horario)}`,
        },
      ],
    };
  const pagador =
    it.pagador && typeof it.pagador === 'object' ? (it.pagador as Record<string, unknown>) : null;
  const nome = str(pagador?.nome);
  const doc = digitsOnly(pagador?.cpf) ?? digitsOnly(pagador?.cnpj);
  const info = str(it.infoPagador);
  const txid = str(it.txid);
  const description = ['PIX RECEBIDO', nome, info].filter(Boolean).join(' - ');
  const lines: FetchedLine[] = [
    {
      fitid: e2e,
      at: at.toISOString(),
      date: todayInBrasilia(at),
      amountCents: cents,
      kind: 'credit',
      description,
      payerText: nome,
      payerDocument: doc,
      document: txid,
      rawJson: JSON.stringify(it),
    },
  ];
  const devolucoes = Array.isArray(it.devolucoes) ? it.devolucoes : [];
  for (const d of devolucoes) {
    if (!d || typeof d !== 'object') continue;
    const dv = d as Record<string, unknown>;
    // Only money that left: EM_PROCESSAMENTO may still fail (NAO_REALIZADO); it is read again on a later run.
    if (dv.status !== 'DEVOLVIDO') continue;
    const rtr = str(dv.rtrId);
    const dc = valorToCents(dv.valor);
    const h = dv.horario && typeof dv.horario === 'object' ? (dv.horario as Record<string, unknown>) : {};
    const dAt = horarioToInstant(h.liquidacao ?? h.solicitacao);
    if (!rtr || dc === null || dc <= 0 || !dAt) {
      rejected.push({ endToEndId: e2e, reason: `refund ${JSON.stringify(d)}` });
      continue;
    }
    lines.push({
      fitid: rtr,
      at: dAt.toISOString(),
      date: todayInBrasilia(dAt),
      amountCents: -dc,
      kind: 'debit',
      description: ['PIX DEVOLVIDO', nome].filter(Boolean).join(' - '),
      payerText: nome,
      payerDocument: doc,
      document: e2e,
      rawJson: JSON.stringify({ devolucao: dv, endToEndId: e2e }),
    });
  }
  return { lines, rejected };
}
