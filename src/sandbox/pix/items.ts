import type { SandboxData } from '../data/model';
import { createRng, alnum } from '../prng';

/**
 * The Pix the sandbox's bank account received, as the Pix API stores them: one per hidden payment that travelled by
 * Pix into the account (so the fetched lines pay real receivables and matching finds them). Deterministic from the
 * data: the same sandbox always lists the same endToEndIds at the same times.
 */
export interface SandboxPix {
  endToEndId: string;
  txid: string | null;
  /** Cents. */
  amountCents: number;
  /** The instant the bank settled it. */
  at: Date;
  payerName: string;
  /** 11 digits (CPF) or 14 (CNPJ). */
  payerDocument: string;
  infoPagador: string | null;
  refund: SandboxRefund | null;
}

export interface SandboxRefund {
  id: string;
  rtrId: string;
  amountCents: number;
  at: Date;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

/** The ISPB of the sandbox's bank in ids (Itaú's, 60701190; any 8 digits would do). */
export const SANDBOX_ISPB = '60701190';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The UTC instant of a Brasília wall-clock time (Brasília has kept UTC−3 all year since 2019). */
export function brasiliaInstant(date: string, minutesOfDay: number, ms = 0): Date {
  const h = Math.floor(minutesOfDay / 60);
  const m = minutesOfDay % 60;
  return new Date(Date.parse(`${date}T${pad(h)}:${pad(m)}:00.000-03:00`) + ms);
}

/** `E` + ISPB + yyyyMMddHHmm (UTC) + 11 characters: the 32 characters of an end-to-end id. */
export function endToEndId(prefix: 'E' | 'D', at: Date, tail: string): string {
  const stamp = at.toISOString().replace(/[-T:]/g, '').slice(0, 12);
  return `${prefix}${SANDBOX_ISPB}${stamp}${tail}`.slice(0, 32);
}

export function pixOfAccount(data: SandboxData, bankAccountId: number): SandboxPix[] {
  const out: SandboxPix[] = [];
  for (const r of data.receivables) {
    const p = r.payment;
    if (!p || p.channel !== 'pix' || p.bankAccountId !== bankAccountId) continue;
    const rng = createRng(data.seed, 'pix-api', r.idReceivable);
    // Office hours and the night alike: 06:00–23:30, to the millisecond.
    const at = brasiliaInstant(p.creditDate, rng.int(6 * 60, 23 * 60 + 30), rng.int(0, 59_999));
    out.push({
      endToEndId: endToEndId('E', at, alnum(rng, 11).toLowerCase()),
      txid: rng.chance(0.4) ? alnum(rng, 26).toLowerCase() : null,
      amountCents: p.amountCents,
      at,
      payerName: p.payerText,
      payerDocument: p.payerCpf,
      infoPagador: rng.chance(0.2) ? 'Mensalidade academia' : null,
      refund: null,
    });
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime() || a.endToEndId.localeCompare(b.endToEndId));
}
