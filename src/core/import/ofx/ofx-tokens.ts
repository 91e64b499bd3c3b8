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

/** Tags that may open a statement, a transaction or a balance, whose line is kept. */
const STRUCTURE = new Set(['STMTRS', 'CCSTMTRS', 'STMTTRN', 'BANKTRANLIST', 'LEDGERBAL']);
const HEADER_LEAVES = new Set(['CURDEF', 'DTSTART', 'DTEND', 'BANKID', 'ACCTID', 'BRANCHID', 'ACCTTYPE']);
/** Aggregates inside a STMTTRN whose leaves are kept under a prefix (`CURRENCY.CURSYM`), not merged. */
const TRN_SUBAGGREGATES = new Set(['CURRENCY', 'ORIGCURRENCY', 'BANKACCTTO', 'CCACCTTO', 'PAYEE']);
const MAX_FIELD_CHARS = 2_000;

/** Characters of a tag name: A-Z a-z 0-9 _ . */
const NAME_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.')
  NAME_CHAR[c.charCodeAt(0)] = 1;
const MAX_NAME = 40;
const MAX_ATTRIBUTES = 200;

/** One tag found by `nextTag`. */
interface Tag {
  /** Index of its `<`. */
  start: number;
  closing: boolean;
  nameStart: number;
  nameEnd: number;
  /** Index after its `>`. */
  end: number;
  /** A hash of the name's characters (31-fold), to find the name among those already seen without a copy. */
  hash: number;
}

/**
 * The first tag at or after `from`, as the pattern `<(\/?)([A-Za-z0-9_.]{1,40})[^<>]{0,200}>` finds it: a `<`,
 * maybe a `/`, the name (its first 40 characters; more run into what follows), up to 200 characters other
 * than `<` and `>`, then `>`. Read by hand into `tag` (no match array and strings per tag: a 100,000-line
 * file has about a million tags). Returns false when there is none.
 */
function nextTag(text: string, from: number, tag: Tag): boolean {
  const n = text.length;
  for (let p = text.indexOf('<', from); p >= 0; p = text.indexOf('<', p + 1)) {
    let q = p + 1;
    const closing = text.charCodeAt(q) === 47; // '/'
    if (closing) q++;
    const nameStart = q;
    let hash = 0;
    while (q < n && q - nameStart < MAX_NAME) {
      const c = text.charCodeAt(q);
      if (c >= 128 || NAME_CHAR[c] === 0) break;
      hash = (Math.imul(hash, 31) + c) | 0;
      q++;
    }
    if (q === nameStart) continue;
    // The name was taken as long as it goes: a shorter one leaves more before the `>`, never less.
    for (let r = q; r < n && r - q <= MAX_ATTRIBUTES; r++) {
      const c = text.charCodeAt(r);
      if (c === 60) break; // '<'
      if (c === 62) {
        // '>'
        tag.start = p;
        tag.closing = closing;
        tag.nameStart = nameStart;
        tag.nameEnd = q;
        tag.end = r + 1;
        tag.hash = hash;
        return true;
      }
    }
  }
  return false;
}

/** What String.prototype.trim removes: white space and line terminators. */
function isSpace(c: number): boolean {
  return c <= 32
    ? c === 32 || (c >= 9 && c <= 13)
    : c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff;
}

/**
 * One linear pass over the tags, good for both dialects: OFX 1.x SGML leaves have no closing tag (the value
 * runs to the next `<`), and 2.x XML closing tags are simply ignored for leaves. Aggregates are tracked only
 * where it matters: each STMTRS (bank) or CCSTMTRS (card) is its own statement, with its own currency,
 * account, period, transactions and balance; an STMTTRN left open by a sloppy writer is closed by the next
 * one. A file with transactions but no statement tag gets one implicit statement.
 */
export function scanOfx(text: string, from: number): OfxScan {
  const scan: OfxScan = { statements: [], sawOfxEnd: false, sawCardMessages: false };
  const tag: Tag = { start: 0, closing: false, nameStart: 0, nameEnd: 0, end: from, hash: 0 };
  /** Tag names as written → upper case (a file uses a few dozen). */
  const upper = new Map<string, string>();
  /**
   * The last name seen with each hash, as written and upper-cased: a tag whose characters are that name's
   * (compared in place) is named without cutting a copy of it out of the text (a million tags in 100,000 lines).
   */
  const byHash = new Map<number, { raw: string; name: string }>();
  const nameOf = (): string => {
    const len = tag.nameEnd - tag.nameStart;
    const seen = byHash.get(tag.hash);
    if (seen !== undefined && seen.raw.length === len && text.startsWith(seen.raw, tag.nameStart))
      return seen.name;
    const raw = text.slice(tag.nameStart, tag.nameEnd);
    let name = upper.get(raw);
    if (name === undefined) upper.set(raw, (name = raw.toUpperCase()));
    byHash.set(tag.hash, { raw, name });
    return name;
  };
  let line = 1;
  let counted = 0;
  /** `line` becomes the line of index `at`: counted only where a line number is kept. */
  const lineAt = (at: number) => {
    for (let i = text.indexOf('\n', counted); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
    counted = at;
  };
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
  while (nextTag(text, tag.end, tag)) {
    const closing = tag.closing;
    const name = nameOf();
    if (STRUCTURE.has(name)) lineAt(tag.start);
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
        if (trn) {
          trn.closed = closing;
          s.transactions.push(trn);
        }
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
    // The value runs to the next `<`, white space around it off (as trim does), sliced once.
    let a = tag.end;
    let b = text.indexOf('<', a);
    if (b < 0) b = text.length;
    while (a < b && isSpace(text.charCodeAt(a))) a++;
    while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
    if (a === b) continue;
    const value = decodeEntities(text.slice(a, b));
    if (value === '') continue;
    const v = value.length > MAX_FIELD_CHARS ? value.slice(0, MAX_FIELD_CHARS) : value;
    if (trn) {
      // Some banks repeat MEMO for long texts; keep every part.
      const key = sub + name;
      trn.fields[key] = trn.fields[key] ? `${trn.fields[key]} ${v}` : v;
    } else if (inLedger && stmt?.ledger) {
      stmt.ledger.fields[name] = v;
    } else if (HEADER_LEAVES.has(name)) {
      lineAt(tag.start);
      const s = current();
      if (s.header[name] === undefined) s.header[name] = v;
    }
  }
  if (trn && stmt) stmt.transactions.push(trn);
  return scan;
}
