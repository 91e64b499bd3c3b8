/**
 * [T] the screen-text check: what a clerk reads on a screen must be Portuguese words, not the program's insides.
 * Every check here is a pure function of the text (or, for cut names, of measurements the page took), so
 * tests/unit/screen-text.test.ts tests them without a browser; tests/e2e/t-screen-text.spec.ts walks the screens
 * and feeds them.
 *
 * The checks, and what each deliberately lets through:
 *
 * - `codes`: the program's identifiers shown as text. Dotted keys (`import.notices.cnab_x`, `reconcile.panel`:
 *   lowercase, two or more segments of two or more characters, so `p.ex.` is not one), snake_case words
 *   (`return_file`, `RETURN_FILE`), `kind:id` (`return_file:1`, `line:12`: a lowercase word, a colon and no space),
 *   and camelCase words (`statementId`: two lowercase letters before the first capital, so `iPhone` or `eSocial`
 *   are not). Not codes: a message template's placeholders in braces (`{primeiro_nome}`: the clerk types them),
 *   addresses (`http://…`, `…@…`), domains (`evo.com.br`, any ending in a known top-level domain), decimals and
 *   times (digits, never letters, around the dot or colon), and file names with an extension the clerk handles
 *   (`extrato.ofx`, `cielo-04-pagamentos.txt`, `flow-itau-400-day.ret`: the clerk chose the file and reads its
 *   name back).
 * - `english`: words of ENGLISH_WORDS, whole words (letters only, so `import` never matches inside `importar`),
 *   case-insensitive. The list leaves out every word that is also Portuguese or is an English loanword a Brazilian
 *   screen uses as is: a, as, do, no, me, for ("se for"), use ("use o…"), serve, data, total, status, real,
 *   normal, final, local, via, menu, demo, ok, online, backup, link, login, token, site, hash, e-mail, download,
 *   id. PROPER_NAMES (Quita, EVO, Pix, OFX, CSV, XLSX, Cielo, Rede, Stone, Getnet, PagBank, Itaú…) are never words,
 *   nor a state's abbreviation in capitals (`Tocantins (TO)`), nor the words of a file name or an address.
 * - `json`: raw JSON or a stringified object: `{"`, `"key":`, `[object Object]`.
 * - `paths`: a file system path or an internal file: `/tmp/`, `/home/`, `/root/`, `/var/`, `/Users/`, `C:\`, a UNC
 *   `\\`, a `.json`, `.sqlite` or `.db` file (unless it is a file the clerk imported, named in `importedFiles`),
 *   and the test host's own folders, which the walk puts in as ‹pasta de dados›, ‹arquivo de log› and ‹raiz›
 *   (normalisePaths) so a finding reads the same on every run. A screen may show exactly the paths ALLOWED_PATHS
 *   names for it: Ajuda shows the data folder and the log file, which the clerk needs to find and send.
 * - `plurals`: a word with "(s)", "(ns)", "(es)", "(is)" glued on: `lançamento(s)`, `alguém(ns)` (not a state's
 *   abbreviation after a space: `Espírito Santo (ES)`).
 * - `cut`: a name cut with "…" where its row has room for more (collectInPage measures in the page, cutFindings
 *   decides; the heuristic is described at each).
 */

export type Check = 'codes' | 'english' | 'json' | 'paths' | 'plurals' | 'cut';
export const CHECKS: readonly Check[] = ['codes', 'english', 'json', 'paths', 'plurals', 'cut'];

/** One thing found: `text` is what the known list matches on (stable across runs), `context` what is around it. */
export interface Hit {
  check: Check;
  text: string;
  context: string;
}

/** A hit, where the walk saw it: `screen` (a navigation entry, or the frame) and `stop` (the dialog or state). */
export interface Finding extends Hit {
  screen: string;
  stop: string;
}

/** An entry of the known list (tests/e2e/screen-text-known.ts): a finding accepted for now, and why. */
export interface KnownEntry {
  screen: string;
  check: Check;
  text: string;
  why: string;
}

const around = (s: string, index: number, length: number, span = 40) =>
  (index > span ? '…' : '') +
  s
    .slice(Math.max(0, index - span), index + length + span)
    .replace(/\s+/g, ' ')
    .trim() +
  (index + length + span < s.length ? '…' : '');

function hits(check: Check, s: string, re: RegExp, text: (m: RegExpExecArray) => string = (m) => m[0]) {
  const out: Hit[] = [];
  for (const m of s.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g')))
    out.push({ check, text: text(m), context: around(s, m.index, m[0].length) });
  return out;
}

/** Blank out (same length, so contexts still line up) what a pattern matches. */
const blank = (s: string, re: RegExp) => s.replace(re, (m) => ' '.repeat(m.length));

/** Extensions of files a clerk handles by name (statements, return files, card files, exports). */
export const CLERK_EXTENSIONS = [
  'ofx',
  'ofc',
  'qif',
  'csv',
  'xlsx',
  'xls',
  'ods',
  'txt',
  'ret',
  'rem',
  'cnab',
  'xml',
  'json',
  'pdf',
  'zip',
];
const FILE_NAME = new RegExp(`[\\p{L}\\p{N}_.-]+\\.(?:${CLERK_EXTENSIONS.join('|')})\\b`, 'giu');
const URL = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"”')]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A message template's placeholder, which the clerk types: `{primeiro_nome}` (Inadimplentes' notify panel). */
const PLACEHOLDER = /\{[a-z_]+\}/g;
const DOMAIN = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|br|net|org|io|dev|app|local|localhost|gov|edu)\b/gi;

/** The program's identifiers shown as text (see the file's head for what is let through). */
export function checkCodes(s: string): Hit[] {
  let t = blank(s, URL);
  t = blank(t, EMAIL);
  t = blank(t, FILE_NAME);
  t = blank(t, DOMAIN);
  t = blank(t, PLACEHOLDER);
  const code = new RegExp(
    [
      // kind:id, return_file:1
      String.raw`\b[a-z][a-z_]*:[a-z0-9_]+\b`,
      // dotted keys, with snake segments: import.notices.cnab_x
      String.raw`\b[a-z][a-z0-9]+(?:\.[a-z_][a-z0-9_]+)+\b`,
      // snake_case, any case: return_file, RETURN_FILE
      String.raw`\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b`,
      // camelCase: statementId
      String.raw`\b[a-z]{2,}[A-Z][A-Za-z0-9]*\b`,
    ].join('|'),
    'g',
  );
  return hits('codes', t, code).map((h) => ({ ...h, context: around(s, s.indexOf(h.text), h.text.length) }));
}

/**
 * English UI words that are never Portuguese (about 180). Words also Portuguese, or loanwords a Brazilian screen
 * uses as they are, are left out on purpose (the file's head names them).
 */
export const ENGLISH_WORDS: readonly string[] = [
  // function words
  'the and of with without in on is are was were be been this that these those it its an or if then else when',
  'which what who will would can could should must has have had more less than only also each every other some',
  'any here there please your you our we they their into out from to by at per after before between about again',
  'still just now already not yes but how why where too many much first last next',
  // the app's nouns
  'file files line lines statement statements receivable receivables match matches batch batches request requests',
  'account accounts amount amounts date dates fee fees tax bank banks card cards sale sales payment payments member',
  'members debtor debtors rule rules branch profile connection settings report audit entry entries message messages',
  'notification notifications credit credits debit debits balance gross net name user key value code kind type state',
  'source target subject action actor browser desktop schedule folder path error errors warning details help home',
  'search filter day days week month year today yesterday return acquirer settlement settlements title titles queue',
  'job update version',
  // the app's verbs and states
  'matched unmatched pending failed sent send import imported confirm confirmed suggested approved approve recorded',
  'queued review skipped aside cancel cancelled save saved delete deleted remove removed edit new add all none show',
  'hide open close closed paid due overdue unknown invalid missing empty required found loading saving sync synced',
  'retry success done notify notified preview verify verified broken rejected received dropped inserted mode',
  // what a program prints when it prints a value
  'null undefined true false nan infinity object',
]
  .join(' ')
  .split(' ');

/** Names the screens rightly show as they are; never counted as English words. */
export const PROPER_NAMES: readonly string[] = (
  'Quita EVO Pix OFX CSV XLSX XLS PDF CNAB EDI TED DOC Cielo Rede Stone Getnet PagBank PagSeguro Itaú Bradesco ' +
  'Santander Sicoob Sicredi Safra Caixa Inter Nubank Mercado Pago Brasília Windows macOS Linux'
).split(' ');

/** The states' abbreviations, in capitals: `Tocantins (TO)` is not English. */
const UF = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);
const WORDS = new Set(ENGLISH_WORDS.map((w) => w.toLowerCase()));
const NAMES = new Set(PROPER_NAMES.map((w) => w.toLowerCase()));

/** English words of ENGLISH_WORDS, whole words, case-insensitive; `text` is the word as the list has it. */
export function checkEnglish(s: string): Hit[] {
  const out: Hit[] = [];
  // Addresses and file names are not words: `cielo-04-pagamentos-crlf-stripped.txt`, `http://…/api`.
  const t = blank(blank(blank(s, URL), EMAIL), FILE_NAME);
  // A run of letters glued to digits is part of a code, not a word: a hash "5a49c1be0f…" holds no "be".
  for (const m of t.matchAll(/(?<![\p{L}\p{N}])\p{L}+(?![\p{L}\p{N}])/gu)) {
    if (UF.has(m[0])) continue;
    const w = m[0].toLowerCase();
    if (WORDS.has(w) && !NAMES.has(w))
      out.push({ check: 'english', text: w, context: around(s, m.index, w.length) });
  }
  return out;
}

/** Raw JSON or a stringified object. */
export function checkJson(s: string): Hit[] {
  return [
    ...hits('json', s, /\{\s*"[^"\n]{0,30}/g),
    ...hits('json', s, /"[\w.-]{1,40}"\s*:/g),
    ...hits('json', s, /\[object \w+\]/g),
  ].filter((h, i, all) => all.findIndex((o) => o.context === h.context && o.text === h.text) === i);
}

/** The test host's folders, replaced in the page's text by what they are, so a finding reads the same each run. */
export interface HostPaths {
  dataDir: string;
  logFile: string | null;
  /** The folder the test host was started in (the data folder's parent, a fresh temporary folder). */
  root: string;
}

export const DATA_DIR = '‹pasta de dados›';
export const LOG_FILE = '‹arquivo de log›';
export const ROOT = '‹raiz›';

export function normalisePaths(s: string, p: HostPaths): string {
  let t = s;
  if (p.logFile) t = t.split(p.logFile).join(LOG_FILE);
  t = t.split(p.dataDir).join(DATA_DIR);
  t = t.split(p.root).join(ROOT);
  // Any other fresh temporary folder of a test host.
  return t.replace(/quita-e2e-[A-Za-z0-9]+/g, 'quita-e2e-*');
}

/** The paths each screen may show, exactly (after normalisePaths), and what each is. */
export const ALLOWED_PATHS: Readonly<Record<string, readonly { path: string; is: string }[]>> = {
  Ajuda: [
    { path: DATA_DIR, is: 'a pasta de dados, que o suporte pede e o botão copia' },
    { path: LOG_FILE, is: 'o arquivo de log, que o suporte pede e o botão copia' },
  ],
};

const PATH_CHARS = String.raw`[^\s"”'’)\]>,;]*`;

/** File system paths and internal files; `allowed` the exact paths this screen may show. */
export function checkPaths(
  s: string,
  allowed: readonly string[] = [],
  importedFiles: readonly string[] = [],
): Hit[] {
  const t = blank(s, URL);
  const re = new RegExp(
    [
      // the host's own folders, put in by normalisePaths, and what is under them
      `(?:${DATA_DIR}|${LOG_FILE}|${ROOT})${PATH_CHARS}`,
      // Unix absolute paths under the usual roots
      String.raw`(?<![\w./])\/(?:tmp|home|root|var|usr|etc|opt|Users|mnt|private|srv)\/${PATH_CHARS}`,
      // Windows: C:\…, and \\server\share
      String.raw`\b[A-Za-z]:\\${PATH_CHARS}`,
      String.raw`\\\\${PATH_CHARS}`,
      // internal files by extension
      String.raw`[\p{L}\p{N}_.\/\\-]*\.(?:json|sqlite3?|db)\b`,
    ].join('|'),
    'gu',
  );
  const out = hits('paths', t, re)
    .map((h) => ({ ...h, text: h.text.replace(/[.:]$/, '') }))
    .filter((h) => !allowed.includes(h.text) && !importedFiles.includes(h.text));
  return out.map((h) => ({ ...h, context: around(s, s.indexOf(h.text), h.text.length) }));
}

/** "(s)", "(ns)", "(es)", "(is)" glued to a word: the program did not count. */
export function checkPlurals(s: string): Hit[] {
  return hits('plurals', s, /\p{L}+\((?:s|ns|es|is)\)/giu);
}

/** Every text check but `cut`, on one text. */
export function checkText(
  s: string,
  opts: { allowedPaths?: readonly string[]; importedFiles?: readonly string[] } = {},
): Hit[] {
  return [
    ...checkCodes(s),
    ...checkEnglish(s),
    ...checkJson(s),
    ...checkPaths(s, opts.allowedPaths, opts.importedFiles),
    ...checkPlurals(s),
  ];
}

/**
 * A text cut short, as the page measured it (measureCuts): `where` names the element stably (its region, column
 * and classes, never the name itself), `text` is what it holds, `needed` how many pixels more it needs, `room` the
 * most pixels its row could give it and `roomWhy` where they are.
 */
export interface Cut {
  where: string;
  text: string;
  needed: number;
  room: number;
  roomWhy: string;
}

/** At least this much free room in the row makes a cut a finding. */
export const ROOM_PX = 40;

/**
 * The cut-names heuristic's decision: a text cut with "…" is a finding when its row has at least ROOM_PX pixels
 * free — in another column (its least free cell over the table's rows), in its own cell, at the end of a flex row,
 * or beside a table narrower than what holds it. A cut in a row that is full is the layout doing its job. Less
 * room (a name 2 px short beside 11 px free) is not reported: it would depend on which names the day's demo shows,
 * and the known list must read the same every day. One finding per place (`where`), the first text as example.
 */
export function cutFindings(cuts: readonly Cut[]): Hit[] {
  const out = new Map<string, Hit>();
  for (const c of cuts) {
    if (c.needed <= 0) continue;
    if (c.room < ROOM_PX || out.has(c.where)) continue;
    out.set(c.where, {
      check: 'cut',
      text: c.where,
      context: `“${c.text.slice(0, 60)}” needs ${Math.round(c.needed)}px, ${Math.round(c.room)}px free ${c.roomWhy}`,
    });
  }
  return [...out.values()];
}

const key = (f: { screen: string; check: Check; text: string }) =>
  `${f.screen}\u0000${f.check}\u0000${f.text}`;

/** One finding per screen, check and text (the first stop that showed it). */
export function dedupe(findings: readonly Finding[]): Finding[] {
  const seen = new Map<string, Finding>();
  for (const f of findings) if (!seen.has(key(f))) seen.set(key(f), f);
  return [...seen.values()];
}

/** What the known list does not hold (the check fails on these), and what it holds that no longer occurs. */
export function compareKnown(
  findings: readonly Finding[],
  known: readonly KnownEntry[],
): { fresh: Finding[]; stale: KnownEntry[] } {
  const found = new Set(findings.map(key));
  const listed = new Set(known.map(key));
  return {
    fresh: dedupe(findings).filter((f) => !listed.has(key(f))),
    stale: known.filter((k) => !found.has(key(k))),
  };
}

/** Counts per screen and check, as rows for console.table (with a total row and column). */
export function countTable(
  findings: readonly Finding[],
  screens: readonly string[],
): Record<string, Record<string, number>> {
  const table: Record<string, Record<string, number>> = {};
  const blankRow = () =>
    Object.fromEntries([...CHECKS, 'total'].map((c) => [c, 0])) as Record<string, number>;
  for (const s of screens) table[s] = blankRow();
  table.total = blankRow();
  for (const f of dedupe(findings)) {
    const row = (table[f.screen] ??= blankRow());
    row[f.check]! += 1;
    row.total! += 1;
    table.total[f.check]! += 1;
    table.total.total! += 1;
  }
  return table;
}

/** The known list as the file tests/e2e/screen-text-known.ts holds it, keeping the why of entries that remain. */
export function knownFileText(findings: readonly Finding[], previous: readonly KnownEntry[]): string {
  const why = new Map(previous.map((k) => [key(k), k.why]));
  const entries = dedupe(findings).map((f) => ({
    screen: f.screen,
    check: f.check,
    text: f.text,
    why: why.get(key(f)) ?? `TODO say why (seen at “${f.stop}”: ${f.context})`,
  }));
  return [
    '/**',
    ' * The screen-text check\u2019s known findings (tests/e2e/t-screen-text.spec.ts): each one seen on the demo walk',
    ' * today and accepted for now, with a one-line why. The check fails on a finding not listed here, and on an',
    ' * entry that no longer occurs: delete it when its screen is fixed, so the list only shrinks.',
    ' * Regenerate with SCREEN_TEXT_RECORD=1 (keeps the why of the entries that remain).',
    ' */',
    "import type { KnownEntry } from './screen-text';",
    '',
    'export const KNOWN: KnownEntry[] = [',
    ...entries.map((e) => `  ${JSON.stringify(e)},`),
    '];',
    '',
  ].join('\n');
}

/** What the page shows inside one part of it (collectInPage). */
export interface Collected {
  /** innerText of the part, and the title, aria-label, placeholder and alt of its visible elements. */
  texts: string[];
  cuts: Cut[];
}

/**
 * Runs in the page (page.evaluate: it must not use anything outside itself). For each element `selector` finds:
 * its visible text, the title, aria-label, placeholder and alt of every visible element in it, and every text cut
 * with an ellipsis (computed `text-overflow: ellipsis`, overflow hidden or clip, scrollWidth > clientWidth) with
 * the room its row has:
 *
 * - in the other columns: the row is a `tr`, `[role=row]`, `.grid-row`, `.vlist-row` or `li` (else the nearest
 *   flex or grid parent); for a table or grid, a column's free space is the least free space of its cells over
 *   every visible row (the header's too), so a column held wide by one long cell, or by its header, has none;
 *   a cell's free space is its content box less the width of what it holds (a Range over its contents);
 * - in the row itself: a flex row's width less its children's;
 * - in its own cell: a cut element narrower than the cell it is in;
 * - around the table: a table narrower than what holds it.
 */
export function collectInPage(selector: string): Collected {
  interface Rect {
    width: number;
    height: number;
    top: number;
    bottom: number;
    left: number;
    right: number;
  }
  interface El {
    tagName: string;
    className: unknown;
    id: string;
    children: ArrayLike<El>;
    parentElement: El | null;
    innerText: string;
    textContent: string | null;
    clientWidth: number;
    scrollWidth: number;
    getAttribute(n: string): string | null;
    getBoundingClientRect(): Rect;
    closest(s: string): El | null;
    querySelectorAll(s: string): ArrayLike<El>;
    querySelector(s: string): El | null;
    contains(o: El): boolean;
    checkVisibility(o?: object): boolean;
  }
  interface Style {
    overflowX: string;
    textOverflow: string;
    display: string;
    paddingLeft: string;
    paddingRight: string;
    marginLeft: string;
    marginRight: string;
    columnGap: string;
    flexDirection: string;
  }
  const g = globalThis as unknown as {
    document: {
      querySelectorAll(s: string): ArrayLike<El>;
      createRange(): { selectNodeContents(e: El): void; getBoundingClientRect(): Rect };
    };
    getComputedStyle(e: El): Style;
  };
  const doc = g.document;
  const css = (e: El) => g.getComputedStyle(e);
  const px = (v: string) => Number.parseFloat(v) || 0;
  const visible = (e: El) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const all = (l: ArrayLike<El>) => Array.from(l);
  const contentWidth = (e: El) => {
    const s = css(e);
    return e.clientWidth - px(s.paddingLeft) - px(s.paddingRight);
  };
  const usedWidth = (e: El) => {
    if (!(e.textContent ?? '').trim() && e.children.length === 0) return 0;
    const r = doc.createRange();
    r.selectNodeContents(e);
    return r.getBoundingClientRect().width;
  };
  const slack = (e: El) => Math.max(0, contentWidth(e) - usedWidth(e));
  const classes = (e: El) =>
    typeof e.className === 'string' && e.className.trim()
      ? '.' +
        e.className
          .trim()
          .split(/\s+/)
          .filter((c) => !/^(active|selected|focus|state-|is-)/.test(c))
          .join('.')
      : '';
  const tag = (e: El) => e.tagName.toLowerCase() + classes(e);
  const isCut = (e: El) => {
    const s = css(e);
    return (
      s.textOverflow === 'ellipsis' &&
      (s.overflowX === 'hidden' || s.overflowX === 'clip') &&
      e.scrollWidth > e.clientWidth + 1 &&
      e.innerText.trim() !== '' &&
      visible(e)
    );
  };
  const ROW = 'tr, [role=row], .grid-row, .vlist-row, li';
  const TABLE = 'table, [role=table], [role=grid], [role=treegrid], .vlist, ul, ol';

  const texts: string[] = [];
  const cuts: Cut[] = [];
  for (const root of all(doc.querySelectorAll(selector))) {
    if (!visible(root)) continue;
    texts.push(root.innerText);
    for (const e of all(root.querySelectorAll('[title], [aria-label], [placeholder], [alt]'))) {
      if (!visible(e)) continue;
      for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
        const v = e.getAttribute(a);
        if (v && v.trim()) texts.push(v);
      }
    }
    for (const e of all(root.querySelectorAll('*'))) {
      if (!isCut(e)) continue;
      // The logical row (a table's or list's), and in it the box that lays out the cut text beside others: the
      // nearest flex, grid or table row with two or more children, between the text and the row.
      let row = e.closest(ROW);
      if (row && !root.contains(row)) row = null;
      /** Two or more visible children side by side (sharing a line), as a flex row, a grid row or a table row. */
      const laysOut = (p: El) => {
        const boxes = all(p.children)
          .filter(visible)
          .map((k) => k.getBoundingClientRect())
          .filter((r) => r.width > 0);
        return boxes.some((r, i) =>
          boxes.some((o, j) => j !== i && r.top < o.bottom - 1 && o.top < r.bottom - 1 && r.left !== o.left),
        );
      };
      let box: El | null = null;
      for (let p = e.parentElement, i = 0; p && i < 6; p = p.parentElement, i++) {
        if (laysOut(p)) {
          box = p;
          break;
        }
        if (p === row) break;
      }
      box ??= row ?? e.parentElement;
      if (!box) continue;
      row ??= box;
      // The path from the row down to its box, to find the same box in the other rows.
      const path: number[] = [];
      for (let p: El = box; p !== row && p.parentElement; p = p.parentElement)
        path.unshift(all(p.parentElement.children).indexOf(p));
      const boxOf = (r: El): El | null => {
        let p: El | undefined = r;
        for (const i of path) p = p?.children[i];
        return p ?? null;
      };
      let cell: El = e;
      while (cell.parentElement && cell.parentElement !== box) cell = cell.parentElement;
      const cells = all(box.children);
      const index = cells.indexOf(cell);
      let room = 0;
      let roomWhy = '';
      const offer = (n: number, why: string) => {
        if (n > room) {
          room = n;
          roomWhy = why;
        }
      };
      /** Free width in a flex row: its content box less its children's boxes and gaps. */
      const flexFree = (p: El) => {
        const ps = css(p);
        const kids = all(p.children).filter(visible);
        const used = kids.reduce((n, k) => {
          const ks = css(k);
          return n + k.getBoundingClientRect().width + px(ks.marginLeft) + px(ks.marginRight);
        }, 0);
        return contentWidth(p) - used - px(ps.columnGap) * Math.max(0, kids.length - 1);
      };
      // Its own cell: the cut text beside free space inside the cell (a flex line with room left, or a block
      // narrower than the cell, as a max-width makes it).
      const parent = e.parentElement;
      if (parent && parent !== box) {
        const ps = css(parent);
        if (ps.display.includes('flex') && !ps.flexDirection.startsWith('column'))
          offer(flexFree(parent), 'in its own cell');
        else if (!ps.display.includes('flex') && !ps.display.includes('grid'))
          offer(contentWidth(parent) - e.getBoundingClientRect().width, 'in its own cell');
      }
      // The other columns, over every visible row of the table, grid or list (or this row alone): a column's free
      // space is the least its cells have.
      const table = row.closest(TABLE);
      const boxes = (
        table
          ? all(table.querySelectorAll(ROW))
              .filter((r) => visible(r) && r.closest(TABLE) === table)
              .map(boxOf)
          : [box]
      ).filter((b): b is El => !!b && b.children.length === cells.length);
      if (!boxes.includes(box)) boxes.push(box);
      // A grid's header row is often a sibling `.grid-head`, not a row.
      const head = table?.querySelector('.grid-head, thead tr') ?? null;
      const headed = head && head.children.length === cells.length ? head : null;
      if (headed && !boxes.includes(headed)) boxes.push(headed);
      const header = (i: number) => (headed?.children[i]?.textContent ?? '').trim();
      cells.forEach((c, i) => {
        if (i === index || !visible(c)) return;
        if (isCut(c) || all(c.querySelectorAll('*')).some(isCut)) return;
        const free = Math.min(...boxes.map((b) => (b.children[i] ? slack(b.children[i]) : 0)));
        offer(free, `in column ${i + 1}${header(i) ? ` “${header(i)}”` : ''}`);
      });
      // The row itself: a flex row's width less its children's.
      if (css(box).display.includes('flex') && !css(box).flexDirection.startsWith('column'))
        offer(flexFree(box), 'at the end of the row');
      // Around the table: narrower than what holds it.
      if (table?.tagName === 'TABLE' && table.parentElement)
        offer(contentWidth(table.parentElement) - table.getBoundingClientRect().width, 'beside the table');
      const region = e.closest(
        'table, [role=table], [role=grid], section, aside, form, [role=dialog], [role=region], ul, ol, .card',
      );
      const where = [
        region && region !== row ? tag(region) : '',
        header(index)
          ? `[${header(index).replace(/\d+/g, '#')}]`
          : cells.length > 1
            ? `[column ${index + 1}]`
            : '',
        row !== e ? tag(row) : '',
        box !== row && box !== e ? tag(box) : '',
        tag(e),
      ]
        .filter(Boolean)
        .join(' › ');
      cuts.push({
        where,
        text: e.innerText.trim(),
        needed: e.scrollWidth - e.clientWidth,
        room: Math.round(room),
        roomWhy,
      });
    }
  }
  return { texts, cuts };
}
