import { encodeCp1252 } from './encoding';
import { dotAmount } from './format-br';
import type { GroundTruthLine, StatementPlan } from './types';

const pad2 = (n: number) => String(n).padStart(2, '0');
const ofxDate = (date: string, minutes = 0) =>
  `${date.replace(/-/g, '')}${pad2(Math.floor(minutes / 60))}${pad2(minutes % 60)}00[-3:BRT]`;

/** SGML has no escaping story in practice; banks just drop the few characters that would break tags. */
const sgml = (s: string) => s.replace(/[<>&]/g, ' ');

/**
 * OFX 1.02 (SGML, no closing tags on leaves, CRLF), header `CHARSET:1252`, body really in Windows-1252.
 * The payer's name sits in MEMO; Bradesco-style files also carry a short NAME.
 */
export function writeOfx(plan: StatementPlan): { bytes: Buffer; lines: GroundTruthLine[] } {
  const out: string[] = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDate(plan.generatedOn, 8 * 60)}`,
    '<LANGUAGE>POR',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1001',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    `<BANKID>${String(plan.bankCode).padStart(4, '0')}`,
    `<BRANCHID>${plan.agency}`,
    `<ACCTID>${plan.account}`,
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(plan.from)}`,
    `<DTEND>${ofxDate(plan.to, 23 * 60 + 59)}`,
  ];
  const lines: GroundTruthLine[] = [];
  plan.entries.forEach((e, index) => {
    out.push(
      '<STMTTRN>',
      `<TRNTYPE>${e.amountCents < 0 ? 'DEBIT' : 'CREDIT'}`,
      `<DTPOSTED>${ofxDate(e.date, e.minutes)}`,
      `<TRNAMT>${dotAmount(e.amountCents)}`,
      `<FITID>${e.fitid}`,
      `<CHECKNUM>${e.document}`,
    );
    if (plan.bankCode === 237) out.push(`<NAME>${e.amountCents < 0 ? 'DEBITO' : 'CREDITO'}`);
    out.push(`<MEMO>${sgml(e.description)}`, '</STMTTRN>');
    lines.push({
      index,
      row: null,
      fitid: e.fitid,
      date: e.date,
      amountCents: e.amountCents,
      description: e.description,
      kind: e.kind,
      receivableIds: e.receivableIds,
    });
  });
  out.push(
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    `<BALAMT>${dotAmount(plan.closingBalanceCents)}`,
    `<DTASOF>${ofxDate(plan.to, 23 * 60 + 59)}`,
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  );
  return { bytes: encodeCp1252(out.join('\r\n')), lines };
}
