/** One STMTTRN aggregate (or LEDGERBAL) with its leaf values, and where it starts in the file. */
export interface OfxBlock {
  line: number;
  fields: Record<string, string>;
  closed: boolean;
}

/** One statement: a bank STMTRS or a card CCSTMTRS, with what belongs to it only. */
export interface OfxStatementScan {
  kind: 'bank' | 'card';
  /** Line of its STMTRS / CCSTMTRS tag (or of what opened it, in a file without one). */
  line: number;
  /** Leaves of the statement outside transactions: CURDEF, DTSTART, DTEND, BANKID, BRANCHID, ACCTID, ACCTTYPE. */
  header: Record<string, string>;
  transactions: OfxBlock[];
  ledger: OfxBlock | null;
  sawTranListStart: boolean;
  sawTranListEnd: boolean;
  /** Opened by a STMTRS / CCSTMTRS tag (false: a sloppy file with transactions and no statement tag). */
  explicit: boolean;
  /** Its closing tag was seen. */
  closed: boolean;
}

export interface OfxScan {
  statements: OfxStatementScan[];
  sawOfxEnd: boolean;
  /** A CREDITCARDMSGSRSV1 message set, even an empty one. */
  sawCardMessages: boolean;
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

const HEADER_LEAVES = new Set(['CURDEF', 'DTSTART', 'DTEND', 'BANKID', 'ACCTID', 'BRANCHID', 'ACCTTYPE']);
/** Aggregates inside a STMTTRN whose leaves are kept under a prefix (`CURRENCY.CURSYM`), not merged. */
const TRN_SUBAGGREGATES = new Set(['CURRENCY', 'ORIGCURRENCY', 'BANKACCTTO', 'CCACCTTO', 'PAYEE']);
const MAX_FIELD_CHARS = 2_000;

/**
 * One linear pass over the tags, good for both dialects: OFX 1.x SGML leaves have no closing tag (the value
 * runs to the next `<`), and 2.x XML closing tags are simply ignored for leaves. Aggregates are tracked only
 * where it matters: each STMTRS (bank) or CCSTMTRS (card) is its own statement, with its own currency,
 * account, period, transactions and balance; an STMTTRN left open by a sloppy writer is closed by the next
 * one. A file with transactions but no statement tag gets one implicit statement.
 */
export function scanOfx(text: string, from: number): OfxScan {
  const scan: OfxScan = { statements: [], sawOfxEnd: false, sawCardMessages: false };
  const tag = /<(\/?)([A-Za-z0-9_.]{1,40})[^<>]{0,200}>/g;
  tag.lastIndex = from;
  let line = 1;
  for (let i = 0; i < from; i++) if (text.charCodeAt(i) === 10) line++;
  let counted = from;
  let stmt: OfxStatementScan | null = null;
  let trn: OfxBlock | null = null;
  let sub = '';
  let inLedger = false;
  let inCardSet = false;
  let inCardAccount = false;
  const open = (kind: 'bank' | 'card', explicit: boolean): OfxStatementScan => {
    if (trn && stmt) stmt.transactions.push(trn);
    trn = null;
    inLedger = false;
    const s: OfxStatementScan = {
      kind,
      line,
      header: {},
      transactions: [],
      ledger: null,
      sawTranListStart: false,
      sawTranListEnd: false,
      explicit,
      closed: false,
    };
    scan.statements.push(s);
    return s;
  };
  const current = () => stmt ?? (stmt = open(inCardSet || inCardAccount ? 'card' : 'bank', false));
  let m: RegExpExecArray | null;
  while ((m = tag.exec(text)) !== null) {
    for (let i = counted; i < m.index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = m.index;
    const closing = m[1] === '/';
    const name = m[2]!.toUpperCase();
    switch (name) {
      case 'STMTRS':
      case 'CCSTMTRS':
        if (closing) {
          if (stmt) {
            if (trn) stmt.transactions.push(trn);
            stmt.closed = true;
          }
          trn = null;
          stmt = null;
          inLedger = false;
        } else stmt = open(name === 'CCSTMTRS' ? 'card' : 'bank', true);
        continue;
      case 'CREDITCARDMSGSRSV1':
        inCardSet = !closing;
        if (!closing) scan.sawCardMessages = true;
        continue;
      case 'BANKMSGSRSV1':
        if (!closing) inCardSet = false;
        continue;
      case 'CCACCTFROM':
        inCardAccount = !closing;
        if (!closing && stmt && !stmt.explicit && stmt.transactions.length === 0) stmt.kind = 'card';
        if (!closing) scan.sawCardMessages = true;
        continue;
      case 'STMTTRN': {
        const s = current();
        if (trn) s.transactions.push({ ...trn, closed: closing });
        trn = closing ? null : { line, fields: {}, closed: false };
        sub = '';
        continue;
      }
      case 'BANKTRANLIST':
        if (closing) current().sawTranListEnd = true;
        else current().sawTranListStart = true;
        continue;
      case 'LEDGERBAL': {
        const s = current();
        inLedger = !closing;
        if (!closing) s.ledger = { line, fields: {}, closed: false };
        else if (s.ledger) s.ledger.closed = true;
        continue;
      }
      case 'OFX':
        if (closing) scan.sawOfxEnd = true;
        continue;
    }
    if (trn && TRN_SUBAGGREGATES.has(name)) {
      sub = closing ? '' : `${name}.`;
      continue;
    }
    if (closing) continue;
    const end = text.indexOf('<', tag.lastIndex);
    const value = decodeEntities(text.slice(tag.lastIndex, end < 0 ? text.length : end).trim());
    if (value === '') continue;
    const v = value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value;
    if (trn) {
      // Some banks repeat MEMO for long texts; keep every part.
      const key = sub + name;
      trn.fields[key] = trn.fields[key] ? `${trn.fields[key]} ${v}` : v;
    } else if (inLedger && stmt?.ledger) {
      stmt.ledger.fields[name] = v;
    } else if (HEADER_LEAVES.has(name)) {
      const s = current();
      if (s.header[name] === undefined) s.header[name] = v;
    }
  }
  if (trn && stmt) stmt.transactions.push(trn);
  return scan;
}
