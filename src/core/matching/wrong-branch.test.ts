/**
 * [V] Wrong-branch payments in a network, held on any day (docs/branches.md, "Matching: the account's branch first,
 * then wrong-branch payments"). A statement of an account placed in branch A is matched against A's receivables
 * first; the credits A leaves unexplained and that name a payer are then looked for in the other branches
 * (matching.service.ts: planWithTies, unexplained, namesItsPayer, asOtherBranch). Two behaviours of that search:
 *
 * 1. A full name in another branch wins over a surname alone in the account's branch: "PIX RECEBIDO - FLAVIA
 *    PEREIRA" is Flávia Pereira's receivable in branch B, not Luciana Pereira's in A (proposed, never green,
 *    `other_branch` first). Without Flávia's receivable the surname proposal to Luciana stays as it was.
 * 2. A tie among another branch's candidates that name the payer is said: "CRED TED GABRIELA C ANDRA" (the bank cut
 *    the name) fits two receivables of Gabriela Cecília Andrade in branch B alike (one 25 days overdue, one due 6
 *    days later, TED), and nobody in A: nothing is proposed, and the line says `other_branch` then `tie`, not "nobody
 *    like this payer" (`name_mismatch`).
 *
 * Both were first found by `npm run test:dates` (tests/unit/v-network.test.ts pinned to Saturday 2027-03-06 and to
 * Tiradentes 2027-04-21): there they depended on which day the sandbox was generated for. Here the same situations
 * are written by hand with fixed dates (nothing reads today's clock), so they are held on any day.
 *
 * The real path throughout: an in-memory profile database with the real migrations; the bank account and the
 * receivables written by the cache repos from API-shaped JSON (read through the client's schemas, as a sync does);
 * the branches noted as a sync notes them from the receivables' `idBranchMember`, and the account placed in A as the
 * office places it (`branches.placeAccount` → branchesRepo.setAccountBranch, source 'office'); the statement imported
 * by commitImport from a CSV; runMatching, and the stored plan read back with listMatchLines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bankAccountSchema, receivableSchema } from '../api/schemas';
import { branchesRepo } from '../branches/branches.repo';
import { replaceBankAccounts } from '../cache/bank-accounts.repo';
import { upsertReceivables } from '../cache/receivables.repo';
import { openDb, type Db } from '../db/open-db';
import { commitImport } from '../import/import.service';
import { storeOfDb } from '../store/sqlite-store';
import { listMatchLines } from './matching.lines';
import { runMatching } from './matching.service';
import { NOW } from './testing-db';

/** The statement's account (an Itaú current account of branch A). */
const ACCOUNT = 501;
/** The account's branch. */
const A = 1;
const AT = NOW().toISOString();

interface Rec {
  id: number;
  branch: number;
  payer: string;
  memberId: number;
  amountCents: number;
  due: string;
  /** 18 Pix, 13 TED. */
  paymentType: 13 | 18;
  /** 1 open, 4 overdue. */
  status?: 1 | 4;
  /** Received in the EVO on that day into the statement's account (status 2): reconciled before. */
  receivedOn?: string;
}

/** A receivable as the EVO API sends it (the fields matching reads; the schema keeps the rest as raw). */
const receivableJson = (r: Rec) => ({
  idReceivable: r.id,
  description: 'Mensalidade',
  registrationDate: '2026-05-01T09:00:00',
  dueDate: `${r.due}T00:00:00`,
  receivingDate: r.receivedOn ? `${r.receivedOn}T00:00:00` : null,
  ammount: r.amountCents / 100,
  ammountPaid: r.receivedOn ? r.amountCents / 100 : null,
  status: r.receivedOn
    ? { id: 2, name: 'Recebido' }
    : { id: r.status ?? 1, name: r.status === 4 ? 'Vencido' : 'Em aberto' },
  payerName: r.payer,
  idMemberPayer: r.memberId,
  idBranchMember: r.branch,
  // As mark-received sets it (docs/evo-api.md): the account the money went into.
  bankAccount: r.receivedOn ? { id: ACCOUNT, name: 'Itaú Centro' } : null,
  paymentType: { id: r.paymentType, name: r.paymentType === 13 ? 'Transferência' : 'Pix' },
  conciliated: false,
  updateDate: '2026-07-01T08:00:00',
});

/**
 * A statement file imitating Itaú's CSV export (Latin-1, ';', the title row "Data;Lançamento;Ag./Origem;Valor
 * (R$);Saldos (R$)", a SALDO ANTERIOR row and a SALDO DO DIA row carrying only the balance), without its preamble
 * (so the file names no account). The credit lines' texts are the ones the pinned runs printed.
 */
function itauCsv(credits: { date: string; text: string; amountCents: number }[]): Uint8Array {
  const br = (iso: string) => iso.split('-').reverse().join('/');
  const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
  const rows = [
    'Data;Lançamento;Ag./Origem;Valor (R$);Saldos (R$)',
    `${br('2026-07-01')};SALDO ANTERIOR;;;0,00`,
  ];
  let balance = 0;
  for (const c of credits) {
    balance += c.amountCents;
    rows.push(`${br(c.date)};${c.text};;${money(c.amountCents)};`);
    rows.push(`${br(c.date)};SALDO DO DIA;;;${money(balance)}`);
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1');
}

let db: Db | undefined;
afterEach(() => {
  db?.close();
  db = undefined;
});

/**
 * A network's database as after a sync, with ACCOUNT placed in branch A by the office, and the statement imported
 * and matched. Returns the stored plan's lines.
 */
async function matchInNetwork(recs: Rec[], credits: { date: string; text: string; amountCents: number }[]) {
  db = openDb(':memory:');
  const store = storeOfDb(db);
  await store.write(async (tx) => {
    await replaceBankAccounts(
      tx,
      [
        bankAccountSchema.parse({
          idBankAccount: ACCOUNT,
          description: 'Itaú Centro',
          bankCode: 341,
          agency: '0512',
          account: '07341-2',
          inactive: false,
          bankIntegration: false,
        }),
      ],
      AT,
    );
    const items = recs.map((r) => receivableSchema.parse(receivableJson(r)));
    await upsertReceivables(tx, items, AT);
    // As a sync does with each page: the branches its receivables name are noted (sync.service.ts).
    await branchesRepo.noteSeen(
      tx,
      items.map((r) => r.branchMemberId),
      'receivables',
      AT,
    );
    // As the office does in Configurações → Unidades (branches.placeAccount).
    await branchesRepo.setAccountBranch(tx, ACCOUNT, A, 'office', AT);
  });
  const { statementId } = await commitImport(
    store,
    { fileName: 'extrato-itau.csv', bytes: itauCsv(credits), bankAccountId: ACCOUNT },
    { now: NOW },
  );
  await runMatching(store, { statementId }, { now: NOW });
  const { rows } = await listMatchLines(db, { statementId, limit: 100 });
  return rows;
}

/** Branch B of case 1 (the pinned Saturday's branch 17) and of case 2 (Tiradentes' branch 13). */
const B1 = 17;
const B2 = 13;

/** Case 1: a Pix on Saturday 2026-07-11 (the pinned day was a Saturday too; a Pix is credited on weekends). */
const PIX_DAY = '2026-07-11';
const X = 14_990;
const flaviaPix = [{ date: PIX_DAY, text: 'PIX RECEBIDO - FLAVIA PEREIRA', amountCents: X }];
const luciana: Rec = {
  id: 9001,
  branch: A,
  payer: 'Luciana Pereira',
  memberId: 301,
  amountCents: X,
  due: PIX_DAY,
  paymentType: 18,
};
/** In B, only the surname agrees too: another branch's surname alone must not displace anything. */
const renata: Rec = { ...luciana, id: 9002, branch: B1, payer: 'Renata Pereira', memberId: 302 };
const flavia: Rec = { ...luciana, id: 9003, branch: B1, payer: 'Flávia Pereira', memberId: 303 };

/**
 * Case 2: a TED on Friday 2026-07-10. Gabriela's two receivables are due Monday 2026-06-15 (25 days before: overdue)
 * and Thursday 2026-07-16 (6 days after), the lags of the Tiradentes run (+25 and −6 for payment type 13). Checked
 * on the engine alone: both score 91 % of the name, an equal amount and a consistent type, and 3 and 4 date points
 * (the edge of "late" and of "early"): 80 against 81, within the tie margin of 5.
 */
const TED_DAY = '2026-07-10';
const Y = 21_990;
const gabrielaTed = [{ date: TED_DAY, text: 'CRED TED GABRIELA C ANDRA', amountCents: Y }];
/** A's receivables of that amount: nobody like the payer. */
const unrelatedInA: Rec[] = [
  {
    id: 9101,
    branch: A,
    payer: 'Marcos Teixeira',
    memberId: 401,
    amountCents: Y,
    due: TED_DAY,
    paymentType: 13,
  },
  {
    id: 9102,
    branch: A,
    payer: 'Patrícia Lopes',
    memberId: 402,
    amountCents: Y,
    due: '2026-07-09',
    paymentType: 18,
  },
];
const gabriela: Rec[] = [
  {
    id: 9103,
    branch: B2,
    payer: 'Gabriela Cecília Andrade',
    memberId: 403,
    amountCents: Y,
    due: '2026-06-15',
    paymentType: 13,
    status: 4,
  },
  {
    id: 9104,
    branch: B2,
    payer: 'Gabriela Cecília Andrade',
    memberId: 403,
    amountCents: Y,
    due: '2026-07-16',
    paymentType: 13,
  },
];

const codes = (row: { reasons: { code: string }[] }) => row.reasons.map((r) => r.code);
const ids = (row: { receivables: { id: number }[] }) => row.receivables.map((r) => r.id);

describe("[V] a network: the account's branch first, then wrong-branch payments (held on any day)", () => {
  it("a full name in another branch wins over a surname alone in the account's branch", async () => {
    const [row, ...rest] = await matchInNetwork([luciana, renata, flavia], flaviaPix);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ description: 'PIX RECEBIDO - FLAVIA PEREIRA', state: 'suggested' });
    // Flávia Pereira's receivable in B, not Luciana Pereira's in A (nor Renata Pereira's in B).
    expect(ids(row!)).toEqual([flavia.id]);
    // Money that landed in the wrong unit: a person confirms it, said first.
    expect(row!.zone).not.toBe('green');
    expect(row!.reasons[0]).toMatchObject({
      code: 'other_branch',
      params: { accountBranchId: A, receivableBranchId: B1 },
    });
    expect((row!.reasons[0] as { text?: string }).text).toBe(
      `pago na conta da unidade ${A}; o recebível é da unidade ${B1}: confira antes de aprovar`,
    );
    expect(codes(row!)).toContain('name_similarity');
    expect(codes(row!)).not.toContain('surname');
  });

  it('money another branch already recorded says where, and asks nothing to be approved', async () => {
    // Flávia's receivable in B was received in the EVO on the day of the Pix, into this account (reconciled before,
    // in B's list or by hand): the credit is explained, nothing is proposed, and the line says which unit's account
    // took the money and whose receivable it paid, without "check before approving" (there is nothing to approve).
    const received: Rec = { ...flavia, receivedOn: PIX_DAY };
    const [row, ...rest] = await matchInNetwork([luciana, renata, received], flaviaPix);
    expect(rest).toEqual([]);
    expect(row!.state).toBe('recorded');
    expect(row!.receivables).toEqual([]);
    expect(row!.reasons[0]).toMatchObject({
      code: 'other_branch',
      params: { accountBranchId: A, receivableBranchId: B1, recorded: 1 },
    });
    expect((row!.reasons[0] as { text?: string }).text).toBe(
      `pago na conta da unidade ${A}; o recebível é da unidade ${B1}`,
    );
    expect(row!.reasons[1]).toMatchObject({ code: 'already_received', params: { receivableId: flavia.id } });
  });

  it("control: without Flávia's receivable, the surname proposal to Luciana stays as the engine gives it", async () => {
    // B still holds a receivable of that amount (Renata Pereira's, the surname only): the other branches are
    // searched, and a surname alone there is no better than a surname alone here.
    const [row, ...rest] = await matchInNetwork([luciana, renata], flaviaPix);
    expect(rest).toEqual([]);
    expect(row!.state).toBe('suggested');
    expect(ids(row!)).toEqual([luciana.id]);
    expect(codes(row!)).toContain('surname');
    expect(codes(row!)).not.toContain('other_branch');
  });

  it("a tie among another branch's candidates that name the payer is said, and nothing is proposed", async () => {
    const [row, ...rest] = await matchInNetwork([...unrelatedInA, ...gabriela], gabrielaTed);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ description: 'CRED TED GABRIELA C ANDRA', payerText: 'GABRIELA C ANDRA' });
    expect(row!.state).toBe('unmatched');
    expect(row!.receivables).toEqual([]);
    // Where the candidates are, then that they tie; not "nobody like this payer".
    expect(row!.reasons[0]).toMatchObject({
      code: 'other_branch',
      params: { accountBranchId: A, receivableBranchId: B2 },
    });
    // Nothing is proposed: a choice to make in that branch's candidates, not a proposal to check.
    expect((row!.reasons[0] as { text?: string }).text).toBe(
      `pago na conta da unidade ${A}; os candidatos que servem são da unidade ${B2}: escolha na lista`,
    );
    expect(codes(row!)).toContain('tie');
    expect(row!.reasons.find((r) => r.code === 'tie')!.params).toMatchObject({ others: 1 });
    expect(codes(row!)).not.toContain('name_mismatch');
  });

  it('control: with nobody in another branch naming the payer, the line says "nobody like this payer"', async () => {
    // B holds a receivable of that amount (TED, overdue), of someone else: searched, and not taken.
    const other: Rec = { ...gabriela[0]!, id: 9105, payer: 'Roberto Almeida', memberId: 404 };
    const [row, ...rest] = await matchInNetwork([...unrelatedInA, other], gabrielaTed);
    expect(rest).toEqual([]);
    expect(row!.state).toBe('unmatched');
    expect(row!.receivables).toEqual([]);
    expect(codes(row!)).toContain('name_mismatch');
    expect(codes(row!)).not.toContain('other_branch');
    expect(codes(row!)).not.toContain('tie');
  });

  it("a tie among the account's own branch's named candidates stays there, even with a fitting name elsewhere", async () => {
    // Gabriela's two debts are in A this time; B holds one receivable of that amount for a namesake (another member
    // of the same name). The member is here: the clerk chooses between her two debts, nothing is proposed elsewhere.
    const inA = gabriela.map((r) => ({ ...r, branch: A }));
    const namesake: Rec = { ...gabriela[1]!, id: 9106, branch: B2, memberId: 405 };
    const [row, ...rest] = await matchInNetwork([...inA, namesake], gabrielaTed);
    expect(rest).toEqual([]);
    expect(row!.state).toBe('unmatched');
    expect(row!.receivables).toEqual([]);
    expect(codes(row!)).toContain('tie');
    expect(codes(row!)).not.toContain('other_branch');
  });
});
