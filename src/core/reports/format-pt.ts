import { brasiliaWallClock } from '../export/table-export';

/** pt-BR text for the files Quita hands to a branch (CSV/XLSX keep typed cells; the PDF needs words). */
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export const moneyPt = (cents: number | null): string => (cents === null ? '' : money.format(cents / 100));

export const datePt = (day: string | null): string =>
  day ? day.slice(0, 10).split('-').reverse().join('/') : '';

/** An ISO timestamp as Brasília time, "21/11/2026 14:03". */
export function dateTimePt(iso: string | null, seconds = false): string {
  if (!iso) return '';
  const wall = brasiliaWallClock(iso);
  const [day = '', time = ''] = wall.split(' ');
  return `${datePt(day)} ${seconds ? time : time.slice(0, 5)}`.trim();
}

export const ZONE_PT: Record<string, string> = { green: 'verde', yellow: 'amarela', red: 'vermelha' };

export const OUTBOX_STATE_PT: Record<string, string> = {
  queued: 'na fila',
  sending: 'enviando',
  sent: 'enviado',
  unknown: 'resultado incerto',
  confirmed: 'confirmado',
  needs_review: 'precisa de revisão',
};

/** Cells longer than this are cut: Excel refuses more than 32,767 characters in a cell. */
export const MAX_CELL = 32_000;
export const clip = (s: string | null, max = MAX_CELL): string | null =>
  s === null || s.length <= max ? s : `${s.slice(0, max - 1)}…`;

/** "1 recebível", "3 recebíveis", "1.234 recebíveis" (zero takes the plural in Brazilian usage). */
export const countPt = (n: number, one: string, other: string): string =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? one : other}`;
