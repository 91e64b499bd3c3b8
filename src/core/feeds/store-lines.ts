import { createHash } from 'node:crypto';
import { assignFingerprints } from '../import/fingerprint';
import { importRepo, linesLock } from '../import/import.repo';
import { sameCreditFinder } from '../import/same-credit';
import type { ParsedLine } from '../import/types';
import type { FetchedLine } from './connector';
import { feedsRepo } from './feeds.repo';
import { lockAdvisory, type Store } from '../store/store';

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
export async function storeFetchedLines(
  store: Store,
  feed: { id: number; label: string; bankAccountId: number },
  lines: readonly FetchedLine[],
  now: string,
): Promise<StoreResult> {
  const byDay = new Map<string, FetchedLine[]>();
  for (const l of [...lines].sort((a, b) => a.at.localeCompare(b.at) || a.fitid.localeCompare(b.fitid))) {
    const day = byDay.get(l.date) ?? [];
    day.push(l);
    byDay.set(l.date, day);
  }
  // Each day's lines with their fingerprints, made before the transaction (it awaits nothing but its queries).
  const days = [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, dayLines]) => ({
      date,
      sha: createHash('sha256').update(`quita-feed/1|${feed.id}|${date}`).digest('hex'),
      parsed: assignFingerprints(
        dayLines.map((l): ParsedLine => ({
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
          fingerprint: '',
        })),
      ),
    }));
  const result: StoreResult = { added: 0, known: 0, ambiguous: 0, statementIds: [] };
  // feedsRepo is still synchronous: on the Store of the same handle its statements run inside this transaction
  // (sqlite-store.ts, storeOfDb). The import's lines and the cross-source rule run on the Store.
  await store.write(async (tx) => {
    // An import of the same account waits (PostgreSQL; SQLite's write transaction is already exclusive).
    await lockAdvisory(tx, linesLock(feed.bankAccountId));
    const same = await sameCreditFinder(
      tx,
      feed.bankAccountId,
      'feed',
      days.flatMap((d) => d.parsed),
      () => now,
    );
    for (const { date, sha, parsed } of days) {
      const statementId =
        (await feedsRepo.statementBySha(tx, feed.bankAccountId, sha)) ??
        (await importRepo.insertStatement(tx, {
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
        }));
      let position = await feedsRepo.linesInStatement(tx, statementId);
      const fresh: ParsedLine[] = [];
      const added = { credit: 0, debit: 0 };
      let known = 0;
      for (const line of parsed) {
        const verdict = same.judge(line);
        if (verdict.kind !== 'new') {
          known++;
          continue;
        }
        if (verdict.ambiguous) result.ambiguous++;
        fresh.push({ ...line, position: ++position });
        added[line.kind === 'debit' ? 'debit' : 'credit']++;
      }
      await importRepo.insertLines(tx, statementId, feed.bankAccountId, fresh);
      await feedsRepo.addToStatement(tx, statementId, added, known);
      result.added += added.credit + added.debit;
      result.known += known;
      if (added.credit + added.debit > 0) result.statementIds.push(statementId);
    }
    await same.flush();
  });
  return result;
}
