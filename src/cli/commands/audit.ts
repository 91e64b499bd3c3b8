import { extname, resolve } from 'node:path';
import { writeFileAtomic } from '../../core';
import { runCommand } from '../run-command';
import { UsageError, type ParsedValues, type Subcommand } from '../types';

const FORMATS = ['csv', 'xlsx', 'pdf'] as const;
type Format = (typeof FORMATS)[number];
const KINDS = ['log', 'reconciliation'] as const;
type Kind = (typeof KINDS)[number];

const str = (v: ParsedValues[string]) => (typeof v === 'string' ? v : undefined);

/** --format, or else the --out file's extension (quita audit export --out maio.xlsx). */
function formatOf(v: ParsedValues, out: string): Format {
  const given = str(v.format) ?? extname(out).slice(1).toLowerCase();
  if (!(FORMATS as readonly string[]).includes(given))
    throw new UsageError(`--format must be csv, xlsx or pdf${given ? ` (not "${given}")` : ''}`);
  return given as Format;
}

async function exportAction(v: ParsedValues, core: Parameters<Subcommand['run']>[2]) {
  const out = str(v.out);
  if (!out) throw new UsageError('--out FILE is required');
  const format = formatOf(v, out);
  const kind = str(v.kind) ?? 'log';
  if (!(KINDS as readonly string[]).includes(kind))
    throw new UsageError(`--kind must be log or reconciliation (not "${kind}")`);
  const from = str(v.from);
  const to = str(v.to);
  const action = str(v.action);
  const file = await runCommand(core, 'audit.export', {
    kind: kind as Kind,
    format,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(action ? { action } : {}),
  });
  const path = resolve(out);
  const bytes = Buffer.from(file.base64, 'base64');
  // Written whole or not at all; 0600 because the log names people and amounts.
  writeFileAtomic(path, bytes);
  return {
    json: { path, fileName: file.fileName, mediaType: file.mediaType, bytes: bytes.length },
    text: `Wrote ${path} (${format.toUpperCase()}, ${bytes.length} bytes).`,
  };
}

async function verifyAction(core: Parameters<Subcommand['run']>[2]) {
  const r = await runCommand(core, 'audit.verify', {});
  if (!r.ok)
    // A broken chain is a failure (exit 1), so a scheduled check notices it without parsing the output.
    throw new Error(
      `audit log broken${r.brokenAt === null ? '' : ` at entry ${r.brokenAt}`}: ${r.reason ?? 'unknown reason'}`,
    );
  const anchor = r.anchor
    ? `Anchored at entry ${r.anchor.count} (head ${r.anchor.head.slice(0, 16)}…, ${r.anchor.at}): none removed or re-hashed.`
    : 'No anchor kept by this front door yet: entries removed from the end would not be noticed.';
  return {
    json: r,
    text: `Audit log OK: ${r.entries} entr${r.entries === 1 ? 'y' : 'ies'}, hash chain intact.\n${anchor}`,
  };
}

export const auditCommand: Subcommand = {
  name: 'audit',
  options: {
    format: { type: 'string' },
    out: { type: 'string', short: 'o' },
    from: { type: 'string' },
    to: { type: 'string' },
    kind: { type: 'string' },
    action: { type: 'string' },
  },
  async run(v, positionals, core) {
    const [action, ...extra] = positionals;
    if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"`);
    if (action === 'export') return exportAction(v, core);
    if (action === 'verify') return verifyAction(core);
    throw new UsageError(
      action ? `unknown action "${action}" (export or verify)` : 'say what to do: export or verify',
    );
  },
};
