import { createHash } from 'node:crypto';
import type { Db } from '../db/open-db';
import { assignFingerprints } from '../import/fingerprint';
import { importRepo } from '../import/import.repo';
import { sameCreditFinder } from '../import/same-credit';
import type { ParsedLine } from '../import/types';
import type { FetchedLine } from './connector';
import { feedsRepo } from './feeds.repo';

export interface StoreResult {
  added: number;
  known: number;
  /** Lines kept although a file line of the same day and amount might be them (several candidates). */
  ambiguous: number;
  /** Statements that received new lines. */
  statementIds: number[];
}

/**
 * Store what a feed read, all or nothing: one statement per feed and Brasília day (it grows over the day's runs),
 * lines unique per account by fingerprint — the bank's id (endToEndId) + date + amount — so a Pix fetched twice is
 * one line. A line an imported file already brought is known, not stored again (import/same-credit.ts).
 */
export function storeFetchedLines(
  db: Db,
  feed: { id: number; label: string; bankAccountId: number },
  lines: readonly FetchedLine[],
  now: string,
): StoreResult {
  const byDay = new Map<string, FetchedLine[]>();
  for (const l of [...lines].sort((a, b) => a.at.localeCompare(b.at) || a.fitid.localeCompare(b.fitid))) {
    const day = byDay.get(l.date) ?? [];
    day.push(l);
    byDay.set(l.date, day);
  }
  const result: StoreResult = { added: 0, known: 0, ambiguous: 0, statementIds: [] };
  const run = db.transaction(() => {
    const same = sameCreditFinder(db, feed.bankAccountId, 'feed', () => now);
    for (const [date, dayLines] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
      const sha = createHash('sha256').update(`quita-feed/1|${feed.id}|${date}`).digest('hex');
      const statementId =
        feedsRepo.statementBySha(db, feed.bankAccountId, sha) ??
        importRepo.insertStatement(db, {
          bankAccountId: feed.bankAccountId,
          fileName: `${feed.label} — ${date}`.slice(0, 255),
          sha256: sha,
          byteSize: 0,
          format: 'pix',
          encoding: null,
          mappingJson: JSON.stringify({ kind: 'feed', feedId: feed.id }),
          mappingSource: 'feed',
          importedAt: now,
          periodFrom: date,
          periodTo: date,
          counts: { credit: 0, debit: 0, balance: 0 },
          rejected: [],
        });
      let position = feedsRepo.linesInStatement(db, statementId);
      const parsed: ParsedLine[] = assignFingerprints(
        dayLines.map((l) => ({
          position: 0,
          date: l.date,
          amountCents: l.amountCents,
          balanceCents: null,
          kind: l.kind,
          description: l.description,
          payerText: l.payerText,
          payerDocument: l.payerDocument,
          document: l.document,
          fitid: l.fitid,
          rawJson: l.rawJson,
          problems: [],
        })),
      );
      const insert = importRepo.lineInserter(db, statementId, feed.bankAccountId);
      const added = { credit: 0, debit: 0 };
      let known = 0;
      for (const line of parsed) {
        const verdict = same.judge(line);
        if (verdict.kind !== 'new') {
          known++;
          continue;
        }
        if (verdict.ambiguous) result.ambiguous++;
        if (insert({ ...line, position: position + 1 })) {
          position++;
          added[line.kind === 'debit' ? 'debit' : 'credit']++;
        } else known++;
      }
      feedsRepo.addToStatement(db, statementId, added, known);
      result.added += added.credit + added.debit;
      result.known += known;
      if (added.credit + added.debit > 0) result.statementIds.push(statementId);
    }
  });
  // IMMEDIATE: the write lock up front, as an import takes it (a concurrent import waits instead of failing).
  run.immediate();
  return result;
}
