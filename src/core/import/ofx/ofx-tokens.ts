/** One STMTTRN aggregate (or LEDGERBAL) with its leaf values, and where it starts in the file. */
export interface OfxBlock {
  line: number;
  fields: Record<string, string>;
  closed: boolean;
}

export interface OfxScan {
  transactions: OfxBlock[];
  ledger: OfxBlock | null;
  /** Leaves outside transactions that matter: CURDEF, DTSTART, DTEND, BANKID, ACCTID, BRANCHID. */
  header: Record<string, string>;
  sawTranListEnd: boolean;
  sawOfxEnd: boolean;
  sawStatement: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

const HEADER_LEAVES = new Set(['CURDEF', 'DTSTART', 'DTEND', 'BANKID', 'ACCTID', 'BRANCHID']);
const MAX_FIELD_CHARS = 2_000;

/**
 * One linear pass over the tags, good for both dialects: OFX 1.x SGML leaves have no closing tag (the value
 * runs to the next `<`), and 2.x XML closing tags are simply ignored for leaves. Aggregates are tracked only
 * where it matters (STMTTRN, BANKTRANLIST, LEDGERBAL), and an STMTTRN left open by a sloppy writer is
 * closed by the next one.
 */
export function scanOfx(text: string, from: number): OfxScan {
  const scan: OfxScan = {
    transactions: [],
    ledger: null,
    header: {},
    sawTranListEnd: false,
    sawOfxEnd: false,
    sawStatement: false,
  };
  const tag = /<(\/?)([A-Za-z0-9_.]{1,40})[^<>]{0,200}>/g;
  tag.lastIndex = from;
  let line = 1;
  for (let i = 0; i < from; i++) if (text.charCodeAt(i) === 10) line++;
  let counted = from;
  let trn: OfxBlock | null = null;
  let inLedger = false;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(text)) !== null) {
    for (let i = counted; i < m.index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = m.index;
    const closing = m[1] === '/';
    const name = m[2]!.toUpperCase();
    if (name === 'STMTTRN') {
      if (trn) scan.transactions.push({ ...trn, closed: closing });
      trn = closing ? null : { line, fields: {}, closed: false };
      continue;
    }
    if (name === 'STMTRS' || name === 'CCSTMTRS') scan.sawStatement = true;
    if (name === 'BANKTRANLIST' && closing) scan.sawTranListEnd = true;
    if (name === 'OFX' && closing) scan.sawOfxEnd = true;
    if (name === 'LEDGERBAL') {
      inLedger = !closing;
      if (!closing) scan.ledger = { line, fields: {}, closed: false };
      else if (scan.ledger) scan.ledger.closed = true;
      continue;
    }
    if (closing) continue;
    const end = text.indexOf('<', tag.lastIndex);
    const value = decodeEntities(text.slice(tag.lastIndex, end < 0 ? text.length : end).trim());
    if (value === '') continue;
    const v = value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value;
    if (trn) {
      // Some banks repeat MEMO for long texts; keep every part.
      trn.fields[name] = trn.fields[name] ? `${trn.fields[name]} ${v}` : v;
    } else if (inLedger && scan.ledger) {
      scan.ledger.fields[name] = v;
    } else if (HEADER_LEAVES.has(name) && scan.header[name] === undefined) {
      scan.header[name] = v;
    }
  }
  if (trn) scan.transactions.push(trn);
  return scan;
}
