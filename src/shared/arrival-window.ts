/**
 * The matching engine's window for when a payment type's credit reaches the bank, relative to the due date, as
 * the engine writes it in a reason ("0", "1–3"), read back into its shape so each language can say it in words.
 */
export type ArrivalWindow =
  | { kind: 'due' } // 0: on the due date
  | { kind: 'dueOrNext' } // 0–1
  | { kind: 'upTo'; days: number } // 0–n
  | { kind: 'after'; days: number } // n
  | { kind: 'range'; from: number; to: number } // a–b
  | { kind: 'raw'; text: string }; // anything else, said as it is

export function arrivalWindow(expected: string): ArrivalWindow {
  const [lo, hi = lo] = expected.split('–').map((p) => (/^\d+$/.test(p.trim()) ? Number(p) : NaN));
  if (lo === undefined || !Number.isFinite(lo) || !Number.isFinite(hi))
    return { kind: 'raw', text: expected };
  if (lo === hi) return lo === 0 ? { kind: 'due' } : { kind: 'after', days: lo };
  if (lo === 0) return hi === 1 ? { kind: 'dueOrNext' } : { kind: 'upTo', days: hi! };
  return { kind: 'range', from: lo, to: hi! };
}
