/**
 * OFX quirks of real bank exports (issue [L]: 14 of 56 real files were handled wrongly, silently). Each
 * fixture `tests/fixtures/statements/ofx-*.ofx` is made-up bytes (names, amounts, ids and CPF/CNPJ numbers
 * invented, check digits valid) in the structure of that bank's export: its dialect (SGML with or without
 * closed leaves, XML), charset and headers. Everything goes through `parseStatement(bytes, opts)`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors';
import { compareAccount } from '../account-hint';
import { parseStatement } from '../parse-statement';
import type { ParseOptions, ParseResult } from '../types';
import { accountHintOf } from './ofx-account';
import { failure } from '../../../../tests/helpers/errors';

const FIXTURES = join(import.meta.dirname, '../../../../tests/fixtures/statements');
const parse = (name: string, opts: ParseOptions = {}) =>
  parseStatement(readFileSync(join(FIXTURES, name)), opts);
/** [date, amount in cents, payer] of every credit: what gets reconciled. */
const credits = (r: ParseResult) =>
  r.lines.filter((l) => l.kind === 'credit').map((l) => [l.date, l.amountCents, l.payerText]);
const kinds = (r: ParseResult) => r.lines.map((l) => [l.date, l.amountCents, l.kind]);

describe('several statements in one OFX: one is imported, never a merge', () => {
  // Banco do Brasil: two checking accounts of one client in one download (two STMTTRNRS/STMTRS). The first
  // names its agency in BRANCHID; the second leaves BRANCHID empty and writes “1234-5/99999-1” in ACCTID.
  const file = 'ofx-bb-two-accounts.ofx';

  it('Banco do Brasil, two accounts: without a choice, no line is read and every statement is listed', () => {
    const r = parse(file);
    expect(r.statementIndex).toBeNull();
    expect(r.lines).toEqual([]);
    expect(r.statements.map((c) => [c.index, c.accountHint?.account, c.lineCount, c.currency])).toEqual([
      [0, '56789-0', 5, 'BRL'],
      [1, '99999-1', 3, 'BRL'],
    ]);
    expect(r.notices.map((n) => n.code)).toContain('import.several_statements');
  });

  it('Banco do Brasil, two accounts: the chosen account’s statement only, with its own period and balance', () => {
    const r = parse(file, { account: { bankCode: 1, agency: '1234', account: '99999-1' } });
    expect(r.statementIndex).toBe(1);
    expect(credits(r)).toEqual([
      ['2026-05-22', 50000, 'ACADEMIA PARCEIRA LTDA'],
      ['2026-05-28', 7500, 'PEDRO H ALVES'],
    ]);
    expect(kinds(r)).toEqual([
      ['2026-05-22', 50000, 'credit'],
      ['2026-05-28', 7500, 'credit'],
      ['2026-05-30', -1200, 'debit'],
      ['2026-05-31', 856300, 'balance'], // this statement's LEDGERBAL, not the other's
    ]);
    expect(r.period).toEqual({ from: '2026-05-20', to: '2026-05-31' });
    expect(r.accountHint).toEqual({ bankCode: 1, agency: '1234-5', account: '99999-1', source: 'ofx' });
    expect(r.statements).toEqual([
      {
        index: 0,
        accountHint: { bankCode: 1, agency: '1234-5', account: '56789-0', source: 'ofx' },
        currency: 'BRL',
        lineCount: 5,
        period: { from: '2026-06-01', to: '2026-06-05' },
      },
      {
        index: 1,
        accountHint: { bankCode: 1, agency: '1234-5', account: '99999-1', source: 'ofx' },
        currency: 'BRL',
        lineCount: 3,
        period: { from: '2026-05-20', to: '2026-05-31' },
      },
    ]);
    expect(r.notices.map((n) => n.code)).toContain('import.ofx_statement_chosen');
  });

  it('Banco do Brasil, two accounts: statementIndex picks one; payer after date, time, CPF or agency/account', () => {
    const r = parse(file, { statementIndex: 0 });
    expect(r.statementIndex).toBe(0);
    expect(credits(r)).toEqual([
      ['2026-06-02', 9990, 'MARIANA C LOPES'], // “02/06 09:12 31415926590 MARIANA C LOPES”
      ['2026-06-02', 15000, 'JOSE R ALMEIDA'], // “02/06 4321 00012345-6 JOSE R ALMEIDA”
      ['2026-06-03', 12000, 'CARLOS E PRADO'], // “Online TAA - 03/06 14:03 CARLOS E PRADO”
      ['2026-06-05', 8990, 'LUÍZA CONCEIÇÃO'], // Latin-1
    ]);
    expect(r.lines.filter((l) => l.kind === 'balance').map((l) => l.amountCents)).toEqual([239980]);
    // “Saldo Anterior” 0.00 written as a transaction: a balance row, left out and listed, not rejected.
    expect(r.rejected).toEqual([]);
    expect(r.skipped).toEqual([
      { line: 44, reason: 'a balance row (“Saldo Anterior”) without an amount, not a transaction' },
    ]);
    expect(r.accountHint).toEqual({ bankCode: 1, agency: '1234-5', account: '56789-0', source: 'ofx' });
  });

  it('Banco do Brasil, two accounts: an index out of range is refused; an account naming only bank and agency does not choose', () => {
    expect(failure(() => parse(file, { statementIndex: 2 })).code).toBe('import.several_statements');
    expect(
      parse(file, { account: { bankCode: 1, agency: '1234', account: null } }).statementIndex,
    ).toBeNull();
  });

  // Itaú: the checking account (BRL) and a USD statement (a dollar card, ACCTTYPE CREDITLINE) as a second
  // STMTRS. Before, only the first CURDEF was read and the USD 350.00 payment became R$ 350,00.
  it('Itaú checking + USD: the statement in reais is read; the USD one is listed, never read as reais', () => {
    const r = parse('ofx-itau-checking-usd.ofx');
    expect(r.statementIndex).toBe(0);
    expect(credits(r)).toEqual([
      ['2026-06-03', 14990, 'JULIANA M'], // “PIX TRANSF JULIANA M 03/06”
      ['2026-06-10', 120000, 'JOAO P COSTA'],
    ]);
    expect(r.lines.some((l) => Math.abs(l.amountCents) === 35000 || l.amountCents === -4200)).toBe(false);
    expect(r.statements.map((s) => [s.index, s.currency, s.lineCount])).toEqual([
      [0, 'BRL', 3],
      [1, 'USD', 2],
    ]);
    // Itaú's ACCTID “4321123456”: agency 4321, account 12345-6.
    expect(r.accountHint).toEqual({ bankCode: 341, agency: '4321', account: '12345-6', source: 'ofx' });
  });

  it('Itaú checking + USD: choosing the USD statement is refused (import.foreign_currency)', () => {
    const e = failure(() => parse('ofx-itau-checking-usd.ofx', { statementIndex: 1 }));
    expect(e).toMatchObject({
      kind: 'validation',
      code: 'import.foreign_currency',
      field: 'statementIndex',
      params: { currency: 'USD' },
    });
  });
});

describe('credit-card bills are not statements', () => {
  // Nubank card: CREDITCARDMSGSRSV1/CCSTMTRS, closed leaves, UTF-8; its bill payment is a positive 300.00.
  it('Nubank credit-card OFX is refused (import.card_bill)', () => {
    expect(failure(() => parse('ofx-nubank-card.ofx')).code).toBe('import.card_bill');
  });

  // Ourocard (Banco do Brasil card): CREDITCARDMSGSRSV1, SGML without closing tags, Latin-1, installments.
  it('Ourocard OFX is refused (import.card_bill), whatever statement is asked for', () => {
    expect(failure(() => parse('ofx-ourocard-card.ofx')).code).toBe('import.card_bill');
    expect(failure(() => parse('ofx-ourocard-card.ofx', { statementIndex: 0 })).code).toBe(
      'import.card_bill',
    );
  });

  // Banco do Brasil: checking account and Ourocard bill in one download. The card is left out of
  // `statements` (it is never offered) and a notice says so; its 650.00 “PGTO DEBITO CONTA” is no credit.
  it('Banco do Brasil checking + Ourocard: the checking account is read, the card left out and said so', () => {
    const r = parse('ofx-bb-checking-and-card.ofx');
    expect(credits(r)).toEqual([
      ['2026-05-15', 13000, 'RENATA G VIANA'],
      ['2026-06-02', 21550, 'TIAGO B FERRAZ'],
    ]);
    expect(kinds(r)).toContainEqual(['2026-05-20', -65000, 'debit']);
    expect(r.statements).toEqual([]);
    expect(r.statementIndex).toBeNull();
    expect(r.notices.find((n) => n.code === 'import.ofx_card_left_out')?.params).toEqual({ count: 3 });
    expect(r.accountHint).toEqual({ bankCode: 1, agency: '2345-6', account: '67890-1', source: 'ofx' });
  });
});

describe('the payer, wherever the bank put it', () => {
  // Sicredi: MEMO says only “RECEBIMENTO PIX” (or “RECEBIMENTO PIX SICREDI”, which gave the payer “SICREDI”);
  // the payer is in REFNUM, or in FITID itself, after an unmasked CPF/CNPJ.
  it('Sicredi: payer from REFNUM / FITID, the CPF/CNPJ kept out of the name', () => {
    const r = parse('ofx-sicredi-refnum.ofx');
    expect(credits(r)).toEqual([
      ['2026-06-01', 11000, 'BRUNA K MOREIRA'], // REFNUM “PIX_CRED 31415926590 BRUNA K MOREIRA”
      ['2026-06-01', 11000, 'JOÃO V SOARES'], // FITID “PIX_CRED 17320508052 JOÃO V SOARES”
      ['2026-06-02', 9500, 'RAFAELA DUTRA'], // “PIX_CRE …” (cut)
      ['2026-06-03', 48000, 'CROSS BOX SUL LTDA'], // MEMO “RECEBIMENTO PIX SICREDI”, REFNUM “CX712204 1122… NAME”
      ['2026-06-04', 125000, null], // “LIQUIDACAO BOLETO”, REFNUM “COB000013”: names no one
    ]);
    const credit = r.lines.filter((l) => l.kind === 'credit');
    expect(credit.map((l) => l.payerDocument ?? null)).toEqual([
      '31415926590',
      '17320508052',
      '14142135651',
      '11223344000186',
      null,
    ]);
    expect(JSON.parse(credit[0]!.rawJson)).toMatchObject({
      REFNUM: 'PIX_CRED 31415926590 BRUNA K MOREIRA',
      payerDocument: '31415926590',
    });
    expect(credit[0]!.description).toBe('RECEBIMENTO PIX - PIX_CRED 31415926590 BRUNA K MOREIRA');
    expect(credit[4]!.document).toBe('COB000013');
    // Debits name no payer, even with a name in REFNUM.
    expect(
      r.lines.filter((l) => l.kind === 'debit').map((l) => [l.payerText, l.payerDocument ?? null]),
    ).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  // Bradesco, newer export: no NAME; “Transfe Pix Rem: Name dd/mm” (cut), “TRANSFERENCIA PIX REM: NAME, dd/mm”,
  // “Ted-t Elet Disp Remet.Name”; an investment redemption names no one; a comma decimal.
  it('Bradesco: “Transfe Pix Rem:” and the other prefixes stripped', () => {
    const r = parse('ofx-bradesco-pix-rem.ofx');
    expect(credits(r)).toEqual([
      ['2026-06-02', 9990, 'Fernanda Lima Rocha'],
      ['2026-06-03', 18990, 'CENTRO DE TREINO ALFA'],
      ['2026-06-04', 130000, 'Paulo R Nunes'],
      ['2026-06-05', 3977, null], // “Resgate Inv Fac”
    ]);
  });

  // Nubank account: “Transferência recebida pelo Pix - Name - •••.159.265-•• - PAYER'S BANK Agência… Conta…”.
  it('Nubank account: masked CPF and printed CNPJ go to payerDocument, the payer’s bank is dropped', () => {
    const r = parse('ofx-nubank-account.ofx');
    expect(credits(r)).toEqual([
      ['2026-06-01', 11990, 'Helena Souza Prado'],
      ['2026-06-05', 240000, 'Studio Fit Ltda'],
      ['2026-06-08', 8990, 'Otávio Araújo'],
    ]);
    expect(r.lines.filter((l) => l.kind === 'credit').map((l) => l.payerDocument)).toEqual([
      '•••.159.265-••',
      '11.223.344/0001-86',
      '•••.818.205-••',
    ]);
    expect(r.accountHint).toEqual({ bankCode: 260, agency: '1', account: '87654321-0', source: 'ofx' });
  });
});

describe('small ones', () => {
  // Santander OFX 2.x: DTSTART = DTEND = the moment of the export (15/06 10:30), the lines are 01–12/06.
  it('Santander: the period comes from the lines when DTSTART/DTEND do not hold them', () => {
    const r = parse('ofx-santander-period.ofx');
    expect(r.period).toEqual({ from: '2026-06-01', to: '2026-06-12' });
    expect(r.notices.map((n) => n.code)).toContain('import.currency_brc');
    expect(credits(r)).toEqual([
      ['2026-06-01', 25000, 'JULIANA M TAVARES'], // “PIX RECEBIDO ***.205.080-** JULIANA M TAVARES”
      ['2026-06-08', 9990, 'GUSTAVO LEMOS'],
      ['2026-06-12', 123456, 'EMPRESA BETA & FILHOS LTDA'],
    ]);
    expect(r.lines.filter((l) => l.kind === 'credit').map((l) => l.payerDocument ?? null)).toEqual([
      '***.205.080-**',
      null,
      '99.887.766/0001-05',
    ]);
    expect(r.accountHint).toEqual({ bankCode: 33, agency: '3456', account: '01098765', source: 'ofx' });
  });

  // Bradesco writes the export time in DTSTART and DTEND too.
  it('Bradesco: the same period fix; BRANCHID with its check digit still matches the account', () => {
    const r = parse('ofx-bradesco-pix-rem.ofx');
    expect(r.period).toEqual({ from: '2026-06-02', to: '2026-06-05' });
    expect(r.accountHint).toEqual({ bankCode: 237, agency: '1234-5', account: '0056789-0', source: 'ofx' });
    expect(compareAccount(r.accountHint, { bankCode: 237, agency: '1234', account: '56789-0' })).toBe('same');
  });

  // Caixa: “SALDO DIA” as a STMTTRN with TRNAMT “.” (also space-padded), amounts padded and with commas.
  it('Caixa: SALDO DIA rows are skipped balance rows, not rejections', () => {
    const r = parse('ofx-caixa-saldo-dia.ofx');
    expect(r.rejected).toEqual([]);
    const reason = 'a balance row (“SALDO DIA”) without an amount, not a transaction';
    expect(r.skipped).toEqual([
      { line: 48, reason },
      { line: 71, reason },
      { line: 86, reason },
    ]);
    expect(r.notices.find((n) => n.code === 'import.rows_skipped')?.params).toMatchObject({ count: 3 });
    expect(credits(r)).toEqual([
      ['2026-06-01', 9990, 'JOANA D ARC'],
      ['2026-06-02', 6000, null], // “DP DIN LOT”: a cash deposit names no one
      ['2026-06-03', 15000, 'CARLOS A MENDES'],
    ]);
    expect(r.accountHint).toEqual({ bankCode: 104, agency: '0987', account: '00100056789-1', source: 'ofx' });
  });
});

describe('whose account (BANKACCTFROM)', () => {
  const hint = (h: Record<string, string>) => accountHintOf(h);
  it('reads the bank-specific shapes, and leaves null what it cannot be sure of', () => {
    // Itaú: 10 digits = agency + account + check digit; an agency that disagrees means another shape.
    expect(hint({ BANKID: '0341', ACCTID: '4321123456' })).toMatchObject({
      agency: '4321',
      account: '12345-6',
    });
    expect(hint({ BANKID: '341', BRANCHID: '4321', ACCTID: '12345-6' })).toMatchObject({
      bankCode: 341,
      agency: '4321',
      account: '12345-6',
    });
    expect(hint({ BANKID: '0341', BRANCHID: '9999', ACCTID: '4321123456' })).toMatchObject({
      agency: '9999',
      account: null,
    });
    // Bradesco: BRANCHID with its check digit; agency/account together in ACCTID.
    expect(hint({ BANKID: '0237', ACCTID: '1133/56535' })).toMatchObject({
      bankCode: 237,
      agency: '1133',
      account: '56535',
    });
    // Banco do Brasil: agency and account together; the agency taken off only when unambiguous.
    expect(hint({ BANKID: '001', BRANCHID: '1234', ACCTID: '12340056789-0' })).toMatchObject({
      agency: '1234',
      account: '56789-0',
    });
    expect(hint({ BANKID: '1', BRANCHID: '1234-5', ACCTID: '1234500567890' })).toMatchObject({
      agency: '1234-5',
      account: null,
    });
    expect(hint({ BANKID: '1', ACCTID: '123400567890' })).toMatchObject({ agency: null, account: null });
    // Never a wrong bank: a US routing number, zero, a 4-digit number are no FEBRABAN code.
    expect(hint({ BANKID: '121000248', ACCTID: '000123456789' })).toMatchObject({ bankCode: null });
    expect(hint({ BANKID: '0', BRANCHID: '0000', ACCTID: '12345' })).toEqual({
      bankCode: null,
      agency: null,
      account: '12345',
      source: 'ofx',
    });
    expect(hint({ BANKID: '1234' })).toBeNull();
    expect(hint({})).toBeNull();
  });
});

describe('the sum of the credits imported, per fixture, computed by hand', () => {
  it.each([
    ['ofx-bb-two-accounts.ofx', { statementIndex: 0 }, 9990 + 15000 + 12000 + 8990],
    ['ofx-bb-two-accounts.ofx', { statementIndex: 1 }, 50000 + 7500],
    ['ofx-itau-checking-usd.ofx', {}, 14990 + 120000],
    ['ofx-nubank-card.ofx', {}, null],
    ['ofx-ourocard-card.ofx', {}, null],
    ['ofx-bb-checking-and-card.ofx', {}, 13000 + 21550],
    ['ofx-sicredi-refnum.ofx', {}, 11000 + 11000 + 9500 + 48000 + 125000],
    ['ofx-bradesco-pix-rem.ofx', {}, 9990 + 18990 + 130000 + 3977],
    ['ofx-nubank-account.ofx', {}, 11990 + 240000 + 8990],
    ['ofx-santander-period.ofx', {}, 25000 + 9990 + 123456],
    ['ofx-caixa-saldo-dia.ofx', {}, 9990 + 6000 + 15000],
  ] as const)('%s %o: %s cents (null: refused)', (name, opts, expected) => {
    let sum: number | null;
    try {
      sum = parse(name, opts)
        .lines.filter((l) => l.kind === 'credit')
        .reduce((s, l) => s + l.amountCents, 0);
    } catch (e) {
      if (!isAppError(e)) throw e;
      sum = null;
    }
    expect(sum).toBe(expected);
  });
});
