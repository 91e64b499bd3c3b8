import { describe, expect, it } from 'vitest';
import { generateSandboxData } from './generate';
import { paidButNotReconciled } from './truth';

const TODAY = '2026-07-15';

describe('generateSandboxData', () => {
  const data = generateSandboxData({ seed: 42, members: 800, today: TODAY });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateSandboxData({ seed: 42, members: 800, today: TODAY })).toEqual(data);
    const other = generateSandboxData({ seed: 43, members: 800, today: TODAY });
    expect(other.memberList.map((m) => m.name)).not.toEqual(data.memberList.map((m) => m.name));
  });

  it('has Brazilian names with accents, homonyms and parents paying for children', () => {
    const names = data.memberList.map((m) => m.name);
    expect(names.some((n) => /[áéíóúâêôãõç]/i.test(n))).toBe(true);
    expect(new Set(names).size).toBeLessThan(names.length);
    const children = data.memberList.filter((m) => m.payerKind === 'parent');
    expect(children.length).toBeGreaterThan(20);
    for (const child of children) {
      const parent = data.memberList.find((m) => m.idMember === child.idMemberPayer);
      expect(parent?.name).toBe(child.payerName);
      expect(child.payerName).not.toBe(child.name);
    }
    const childReceivable = data.receivables.find((r) => r.idMember === children[0]!.idMember);
    expect(childReceivable?.idMemberPayer).toBe(children[0]!.idMemberPayer);
  });

  it('uses every required payment type and status, with gym-like repeated amounts', () => {
    const types = new Set(data.receivables.map((r) => r.paymentType));
    expect([...types].sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 7, 13, 18]);
    expect(new Set(data.receivables.map((r) => r.status))).toEqual(new Set([1, 2, 3, 4]));
    const at9990 = data.receivables.filter((r) => r.ammountCents === 9990).length;
    expect(at9990).toBeGreaterThan(300);
  });

  it('gives card receivables acquirer, flag, authorization, nsu, tid and installments', () => {
    const cards = data.receivables.filter((r) => r.paymentType === 2 || r.paymentType === 3);
    for (const r of cards) {
      expect(r.authorization).toMatch(/^[A-Z0-9]{6}$/);
      expect(r.nsu).toMatch(/^\d{6,9}$/);
      expect(r.tid).toMatch(/^\d{20}$/);
      expect(['Cielo', 'Rede', 'Stone', 'GetNet']).toContain(r.cardAcquirer);
      expect(r.cardFlag).toBeTruthy();
    }
    expect(cards.some((r) => r.totalInstallments === 12 && r.currentInstallment > 1)).toBe(true);
    expect(
      data.receivables.filter((r) => r.paymentType !== 2 && r.paymentType !== 3).every((r) => r.nsu === null),
    ).toBe(true);
  });

  it('keeps hidden payments: paid but not yet reconciled open/overdue receivables', () => {
    const hidden = paidButNotReconciled(data);
    expect(hidden).toEqual(
      data.receivables.filter((r) => r.status !== 2 && r.payment && r.payment.creditDate <= TODAY),
    );
    expect(hidden.length).toBeGreaterThan(100);
    expect(hidden.some((r) => r.status === 1) && hidden.some((r) => r.status === 4)).toBe(true);
    for (const r of data.receivables) {
      if (r.status === 2 && r.payment) expect(r.bankAccountId).toBe(r.payment.bankAccountId);
      if (r.status === 3) expect(r.payment).toBeNull();
    }
    const channels = new Set(hidden.map((r) => r.payment.channel));
    expect(channels).toEqual(new Set(['pix', 'boleto', 'ted', 'deposit', 'credit-card', 'debit-card']));
  });

  it('writes API-style dates, never after yesterday for generated changes', () => {
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
    for (const r of data.receivables) {
      for (const v of [r.dueDate, r.registrationDate, r.updateDate, r.competenceDate, r.receivingDate]) {
        if (v !== null) expect(v).toMatch(iso);
      }
      expect(r.updateDate < `${TODAY}T00:00:00`).toBe(true);
      expect(r.registrationDate < `${TODAY}T00:00:00`).toBe(true);
    }
  });

  it('has 2-4 accounts at real banks and all 27 states with capitals and neighbourhoods', () => {
    expect(data.bankAccounts.length).toBeGreaterThanOrEqual(2);
    expect(data.bankAccounts.length).toBeLessThanOrEqual(4);
    for (const a of data.bankAccounts) expect([341, 237, 1, 104, 260, 77, 336]).toContain(a.bankCode);
    expect(data.states).toHaveLength(27);
    const sp = data.states.find((s) => s.abbreviation === 'SP')!;
    expect(sp.name).toBe('São Paulo');
    expect(sp.cities[0]!.name).toBe('São Paulo');
    expect(sp.cities[0]!.neighborhoods.map((n) => n.description)).toContain('Pinheiros');
    for (const s of data.states) expect(s.cities.every((c) => c.neighborhoods.length > 0)).toBe(true);
  });

  it('rejects impossible parameters', () => {
    expect(() => generateSandboxData({ today: '2026-02-30' })).toThrow(/today/);
    expect(() => generateSandboxData({ members: 0 })).toThrow(/members/);
  });
});
