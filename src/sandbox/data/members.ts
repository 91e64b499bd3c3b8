import { addDays, diffDays } from '../dates';
import { createRng, digits } from '../prng';
import { BANKS, BRANCH, CARD_FLAGS, ACQUIRERS, MEMBER_PAYMENT_TYPES, PLANS } from './catalog';
import type { BankAccountRecord, Member } from './model';
import { COMPANY_PAYERS, randomCpf, randomGivenName, randomPersonName } from './names';

export const FIRST_MEMBER_ID = 1001;

/**
 * Members of one branch. Share of oddities on purpose: ~8% are dependents paid by a parent member,
 * ~2% carry exactly the full name of another member (homonyms), ~1.5% are paid by a company.
 */
export function generateMembers(
  seed: number,
  count: number,
  today: string,
  windowStart: string,
  /** Network mode: the branch's first member id (ids are unique across the network) and its id. */
  branch?: { firstMemberId: number; idBranch: number },
): Member[] {
  const rng = createRng(seed, 'members');
  const members: Member[] = [];
  const adults: Member[] = [];
  for (let i = 0; i < count; i++) {
    const idMember = (branch?.firstMemberId ?? FIRST_MEMBER_ID) + i;
    const parent = adults.length > 5 && rng.chance(0.08) ? rng.pick(adults) : null;
    const twin = !parent && members.length > 10 && rng.chance(0.02) ? rng.pick(members) : null;
    const person = parent
      ? {
          fullName: `${randomGivenName(rng, rng.chance(0.5))} ${parent.lastName}`,
          lastName: parent.lastName,
        }
      : twin
        ? { fullName: twin.name, lastName: twin.lastName }
        : randomPersonName(rng);
    const plan = rng.weighted(
      PLANS.map((p) => [p, parent ? (p.name === 'Plano Estudante' ? 60 : p.weight) : p.weight]),
    );
    const company = !parent && rng.chance(0.015) ? rng.pick(COMPANY_PAYERS) : null;
    const paymentType = plan.annual
      ? 2
      : company
        ? rng.pick([5, 13])
        : (parent?.paymentType ?? rng.weighted(MEMBER_PAYMENT_TYPES));
    const joinedBefore = rng.chance(0.7);
    const joinDate = joinedBefore
      ? addDays(windowStart, -rng.int(1, 900))
      : addDays(windowStart, rng.int(0, Math.max(0, diffDays(windowStart, today) - 1)));
    const leaves = rng.chance(0.08);
    const leftDate = leaves ? addDays(joinDate, rng.int(40, 400)) : null;
    const gone = leftDate !== null && leftDate <= today;
    const card = paymentType === 2 || paymentType === 3;
    const member: Member = {
      idMember,
      name: person.fullName,
      lastName: person.lastName,
      status: gone ? 2 : rng.chance(0.04) ? 3 : 1,
      joinDate,
      leftDate: gone ? leftDate : null,
      planName: plan.name,
      paymentType,
      payerName: parent ? parent.name : (company ?? person.fullName),
      idMemberPayer: parent ? parent.idMember : company ? null : idMember,
      payerKind: parent ? 'parent' : company ? 'company' : 'self',
      payerCpf: parent ? parent.payerCpf : randomCpf(rng),
      badPayer: rng.chance(0.1),
      cardAcquirer: card ? rng.pick(ACQUIRERS) : null,
      cardFlag: card ? rng.weighted(CARD_FLAGS) : null,
      // Added last and only in network mode, so a single branch's members stay exactly as they were.
      ...(branch ? { idBranch: branch.idBranch } : {}),
    };
    members.push(member);
    if (!parent) adults.push(member);
  }
  return members;
}

const BIG_BANKS = [341, 237, 1, 104];
const DIGITAL_BANKS = [260, 77, 336];

/**
 * Two to four accounts: a big bank for boletos/Pix, an acquirer domicile, maybe a digital bank, maybe an old one.
 * Network mode passes the branch: its ids continue the network's numbering and the description names the unit.
 */
export function generateBankAccounts(
  seed: number,
  branch: { branchId: number; firstId?: number; unit?: string } = { branchId: BRANCH.id },
): BankAccountRecord[] {
  const rng = createRng(seed, 'bank-accounts');
  const count = rng.int(2, 4);
  const primaryCode = rng.pick(BIG_BANKS);
  const cardsCode = rng.pick(BIG_BANKS.filter((c) => c !== primaryCode));
  const codes = [
    primaryCode,
    cardsCode,
    rng.pick(DIGITAL_BANKS),
    rng.pick(BIG_BANKS.filter((c) => c !== primaryCode)),
  ];
  const roles: Exclude<BankAccountRecord['role'], 'central'>[] = ['primary', 'cards', 'digital', 'old'];
  return codes.slice(0, count).map((code, i) => {
    const bank = BANKS.find((b) => b.code === code) ?? BANKS[0]!;
    const role = roles[i]!;
    const digital = DIGITAL_BANKS.includes(code);
    const label = {
      primary: 'Conta Movimento',
      cards: 'Recebimentos Cartões',
      digital: 'Conta Pix',
      old: 'Conta Antiga',
    }[role];
    return {
      id: (branch.firstId ?? 1) + i,
      description: `${bank.name} - ${label}${branch.unit ? ` ${branch.unit}` : ''}`,
      accountType: true,
      bankCode: code,
      bankName: bank.name,
      agency: digital ? '0001' : digits(rng, 4),
      account: `${digits(rng, digital ? 7 : 5)}-${digits(rng, 1)}`,
      observations:
        role === 'old'
          ? 'Conta encerrada, mantida para histórico'
          : role === 'cards'
            ? 'Domicílio bancário das adquirentes'
            : null,
      inactive: role === 'old',
      bankIntegration: role === 'primary',
      role,
      branchId: branch.branchId,
    };
  });
}
