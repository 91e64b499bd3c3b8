/**
 * What an audit entry is about, by name: the log stores a subject as `kind:id` (`return_file:1`, `statement:3`),
 * which the clerk cannot read. The screen says the kind in words; this finds the name that goes with it — the
 * file's name, the member's, the connection's — from the entry itself first (what was true when it was written:
 * a removed statement keeps its name there), then from the branch's database. Only how entries are shown: the
 * stored subject, which the chain hashes, is never touched and stays in the entry and the exports.
 */
import type { Tx } from '../store/store';
import type { AuditEntry } from './audit.repo';
import { subjectNameIn } from './audit.store';

/** The fields of an entry's own before/after that name its subject, by kind (first found wins). */
const OWN_FIELDS: Record<string, readonly string[]> = {
  statement: ['fileName'],
  return_file: ['fileName'],
  acquirer_file: ['fileName'],
  feed: ['label'],
  profile: ['name'],
  aside_rule: ['pattern'],
  branch: ['name'],
};

/** `kind:id` split in two; null for a subject of another shape (`matching`, `settings`, a step's name). */
export function subjectParts(subject: string | null): { kind: string; id: string } | null {
  const m = subject ? /^([a-z_]+):(.+)$/.exec(subject) : null;
  return m ? { kind: m[1]!, id: m[2]! } : null;
}

function ownName(entry: Pick<AuditEntry, 'before' | 'after'>, fields: readonly string[]): string | null {
  for (const side of [entry.after, entry.before]) {
    if (!side || typeof side !== 'object' || Array.isArray(side)) continue;
    for (const f of fields) {
      const v = (side as Record<string, unknown>)[f];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
    }
  }
  return null;
}

/** Each entry with `subjectName`, from `lookup` when the entry does not say it itself. */
function named<E extends AuditEntry>(
  entries: E[],
  lookup: (kind: string, id: string) => string | null,
): (E & { subjectName: string | null })[] {
  return entries.map((e) => {
    const parts = subjectParts(e.subject);
    if (!parts) return { ...e, subjectName: null };
    const own = OWN_FIELDS[parts.kind];
    return { ...e, subjectName: (own && ownName(e, own)) ?? lookup(parts.kind, parts.id) };
  });
}

/**
 * Each entry with `subjectName`: the name of what it is about, or null when there is none better than its id, read
 * in the caller's Store transaction (both databases): the names the entries do not carry are read first, each
 * subject once, then given to the entries. `profileName` names a connection (they live in the settings, not in the
 * branch's database).
 */
export async function withSubjectNamesIn<E extends AuditEntry>(
  tx: Tx,
  entries: E[],
  profileName: (id: string) => string | undefined = () => undefined,
): Promise<(E & { subjectName: string | null })[]> {
  const found = new Map<string, string | null>();
  for (const e of entries) {
    const parts = subjectParts(e.subject);
    if (!parts || found.has(e.subject!)) continue;
    const own = OWN_FIELDS[parts.kind];
    if (own && ownName(e, own)) continue;
    found.set(
      e.subject!,
      parts.kind === 'profile'
        ? (profileName(parts.id) ?? null)
        : await subjectNameIn(tx, parts.kind, parts.id),
    );
  }
  return named(entries, (kind, id) => found.get(`${kind}:${id}`) ?? null);
}
