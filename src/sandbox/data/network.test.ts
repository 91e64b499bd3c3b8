import { describe, expect, it } from 'vitest';
import { bankAccountJson } from '../serialize';
import { writeStatement } from '../statement/write';
import { BRANCH } from './catalog';
import { generateSandboxData } from './generate';
import type { ReceivableRecord, SandboxData } from './model';
import { paidButNotReconciled } from './truth';

const TODAY = '2026-07-15';
const BANK = new Set(['pix', 'ted', 'deposit']);

const net = (branches: number, extra: object = {}) =>
  generateSandboxData({
    seed: 42,
    today: TODAY,
    members: 80,
    network: { branches, ...extra },
  });

/** The account a receivable's money really reached, and whose it is. */
function landing(data: SandboxData, r: ReceivableRecord) {
  return data.bankAccounts.find((a) => a.id === r.payment!.bankAccountId)!;
}

describe('network generation', () => {
  const data = net(5);

  it('is deterministic', () => {
    expect(net(5)).toEqual(data);
  });

  it('single-branch mode exposes the one branch and owns every account by it', () => {
    const one = generateSandboxData({ seed: 42, today: TODAY, members: 30 });
    expect(one.branches).toEqual([BRANCH]);
    expect(one.network).toBeUndefined();
    expect(one.bankAccounts.every((a) => a.branchId === BRANCH.id)).toBe(true);
    expect(one.memberList.every((m) => m.idBranch === undefined)).toBe(true);
  });

  it('names unique branches in Portuguese, ids 1..N', () => {
    expect(data.branches.map((b) => b.id)).toEqual([1, 2, 3, 4, 5]);
    expect(data.branches[0]!.name).toBe('Academia Quita Fit - Unidade Centro');
    expect(new Set(data.branches.map((b) => b.name)).size).toBe(5);
    const big = net(200, { membersPerBranch: 1 });
    expect(new Set(big.branches.map((b) => b.name)).size).toBe(200);
    expect(big.branches.every((b) => b.name.startsWith('Academia Quita Fit - Unidade '))).toBe(true);
  });

  it('gives every branch its members and accounts, ids unique across the network', () => {
    expect(data.memberList).toHaveLength(5 * 80);
    expect(new Set(data.memberList.map((m) => m.idMember)).size).toBe(400);
    expect(new Set(data.receivables.map((r) => r.idReceivable)).size).toBe(data.receivables.length);
    const ids = data.bankAccounts.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    const numbers = data.bankAccounts.map((a) => `${a.bankCode}|${a.agency}|${a.account}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const b of data.branches) {
      const own = data.bankAccounts.filter((a) => a.branchId === b.id);
      expect(own.filter((a) => a.role === 'primary')).toHaveLength(1);
      expect(own.every((a) => a.description.endsWith(b.name.split(' - Unidade ')[1]!))).toBe(true);
      expect(data.memberList.filter((m) => m.idBranch === b.id)).toHaveLength(80);
    }
    const central = data.bankAccounts.filter((a) => a.branchId === null);
    expect(central).toHaveLength(1);
    expect(central[0]!.description).toMatch(/Conta central da rede – Pix$/);
    expect(central[0]!.role).toBe('central');
  });

  it("dates every receivable to its member's branch", () => {
    const branchOf = new Map(data.memberList.map((m) => [m.idMember, m.idBranch]));
    for (const r of data.receivables) expect(r.idBranchMember).toBe(branchOf.get(r.idMember));
    for (const b of data.branches) expect(data.receivables.some((r) => r.idBranchMember === b.id)).toBe(true);
  });

  it('sends about crossBranchRate of the bank payments to another branch, ~20% of the Pix to the central account', () => {
    const big = net(6, { crossBranchRate: 0.1, membersPerBranch: 150 });
    const bank = big.receivables.filter((r) => r.payment && BANK.has(r.payment.channel));
    const cross = bank.filter((r) => {
      const a = landing(big, r);
      return a.branchId !== null && a.branchId !== r.idBranchMember;
    });
    expect(cross.length / bank.length).toBeGreaterThan(0.08);
    expect(cross.length / bank.length).toBeLessThan(0.12);
    // Into the other branch's primary account, never its cards or digital one.
    expect(cross.every((r) => landing(big, r).role === 'primary')).toBe(true);
    const pix = bank.filter((r) => r.payment!.channel === 'pix');
    const central = pix.filter((r) => landing(big, r).branchId === null);
    expect(central.length / pix.length).toBeGreaterThan(0.14);
    expect(central.length / pix.length).toBeLessThan(0.24);
    // Reconciled payments name the account the money reached.
    const received = cross.filter((r) => r.status === 2);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((r) => r.bankAccountId === r.payment!.bankAccountId)).toBe(true);
    // Boletos and cards never move.
    const others = big.receivables.filter((r) => r.payment && !BANK.has(r.payment.channel));
    expect(others.every((r) => landing(big, r).branchId === r.idBranchMember)).toBe(true);
  });

  it('crossBranchRate 0 and centralAccount false keep every payment in its branch', () => {
    const closed = net(3, { crossBranchRate: 0, centralAccount: false });
    expect(closed.bankAccounts.every((a) => a.branchId !== null)).toBe(true);
    expect(closed.bankAccounts[0]!.id).toBe(1);
    const paid = closed.receivables.filter((r) => r.payment);
    expect(paid.every((r) => landing(closed, r).branchId === r.idBranchMember)).toBe(true);
  });

  it("leaves branch 1's members and charges as they were when branches are added", () => {
    const small = net(2);
    const shape = (d: SandboxData) =>
      d.receivables
        .filter((r) => r.idBranchMember === 1)
        .map((r) => [r.idMember, r.description, r.dueDate, r.ammountCents, r.status, r.payment?.amountCents]);
    expect(small.memberList.filter((m) => m.idBranch === 1)).toEqual(
      data.memberList.filter((m) => m.idBranch === 1),
    );
    expect(shape(small)).toEqual(shape(data));
    expect(small.bankAccounts.filter((a) => a.branchId !== 2)).toEqual(
      data.bankAccounts.filter((a) => a.branchId === 1 || a.branchId === null),
    );
  });

  // How long it takes is bench/sandbox's (printed, not timed here: a test never depends on the machine's load).
  it('makes 20 branches of ~2,000 receivables each', () => {
    const d = generateSandboxData({ seed: 3, today: TODAY, members: 350, network: { branches: 20 } });
    expect(d.receivables.length / 20).toBeGreaterThan(1500);
  });

  it('writes statements of the central account and of an account paid by another branch, truth and all', () => {
    const central = data.bankAccounts.find((a) => a.branchId === null)!;
    const st = writeStatement(data, {
      bankAccountId: central.id,
      from: '2026-06-01',
      to: TODAY,
      format: 'ofx',
    });
    const paying = st.groundTruth.lines.filter((l) => l.receivableIds.length > 0);
    expect(paying.length).toBeGreaterThan(0);
    const branchesPaying = new Set(
      paying
        .flatMap((l) => l.receivableIds)
        .map((id) => data.receivables.find((r) => r.idReceivable === id)!),
    );
    expect(new Set([...branchesPaying].map((r) => r.idBranchMember)).size).toBeGreaterThan(1);

    const crossed = data.receivables.find(
      (r) =>
        r.payment &&
        r.payment.creditDate >= '2026-05-01' &&
        landing(data, r).branchId !== null &&
        landing(data, r).branchId !== r.idBranchMember,
    )!;
    expect(crossed).toBeDefined();
    const other = writeStatement(data, {
      bankAccountId: crossed.payment!.bankAccountId,
      from: '2026-05-01',
      to: TODAY,
      format: 'csv',
    });
    expect(other.groundTruth.lines.some((l) => l.receivableIds.includes(crossed.idReceivable))).toBe(true);
  });

  it('still finds the paid-but-not-reconciled work across branches', () => {
    const work = paidButNotReconciled(data);
    expect(new Set(work.map((r) => r.idBranchMember)).size).toBe(5);
  });

  it('keeps branchId and role out of the API record of a bank account', () => {
    for (const a of data.bankAccounts) {
      const json = bankAccountJson(a);
      expect(Object.keys(json)).not.toContain('branchId');
      expect(Object.keys(json)).not.toContain('role');
    }
  });

  it('refuses bad network options', () => {
    expect(() => net(1)).toThrow(/branches/);
    expect(() => net(201)).toThrow(/branches/);
    expect(() => net(3, { crossBranchRate: 2 })).toThrow(/crossBranchRate/);
    expect(() => net(3, { idBranch: 'maybe' })).toThrow(/idBranch/);
    expect(() => net(3, { adminWithoutBranch: 'never' })).toThrow(/adminWithoutBranch/);
    expect(() => net(3, { branchKeyBranch: 4 })).toThrow(/branchKeyBranch/);
  });
});
