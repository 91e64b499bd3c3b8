import * as XLSX from 'xlsx';

/** 100,000-line statements in the three shapes Quita meets most, built in memory. */
export const LINES = 100_000;

const day = (i: number) => {
  const d = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 300) * 86_400_000);
  return {
    br: d.toISOString().slice(0, 10).split('-').reverse().join('/'),
    ofx: d.toISOString().slice(0, 10).replace(/-/g, ''),
  };
};
const cents = (i: number) => ((i * 7919) % 500_000) - (i % 5 === 0 ? 600_000 : 0);
const br = (c: number) => {
  const abs = Math.abs(c);
  const int = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${c < 0 ? '-' : ''}${int},${String(abs % 100).padStart(2, '0')}`;
};
const dot = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const memo = (i: number) => `PIX RECEBIDO - MEMBRO ${i} DA SILVA ASSUNÇÃO`;

export function csvBytes(): Buffer {
  const out = [
    'Extrato de Conta Corrente',
    'Agência;0123;Conta;45678-9',
    '',
    'Data;Lançamento;Ag./Origem;Valor (R$);Saldos (R$)',
  ];
  for (let i = 0; i < LINES; i++) out.push(`${day(i).br};${memo(i)};;${br(cents(i))};`);
  return Buffer.from(`${out.join('\r\n')}\r\n`, 'latin1');
}

export function xlsxBytes(): Buffer {
  const rows: unknown[][] = [
    ['Extrato'],
    [],
    ['Data', 'Histórico', 'Docto.', 'Crédito (R$)', 'Débito (R$)', 'Saldo (R$)'],
  ];
  for (let i = 0; i < LINES; i++) {
    const c = cents(i) / 100;
    const serial = 46023 + Math.floor(i / 300);
    rows.push([
      { t: 'n', v: serial, z: 'dd/mm/yyyy' },
      memo(i),
      String(i),
      c >= 0 ? c : null,
      c < 0 ? c : null,
      null,
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Extrato');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export function ofxBytes(): Buffer {
  const out = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'CHARSET:1252',
    '',
    '<OFX>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKTRANLIST>',
  ];
  for (let i = 0; i < LINES; i++) {
    const c = cents(i);
    out.push(
      '<STMTTRN>',
      `<TRNTYPE>${c < 0 ? 'DEBIT' : 'CREDIT'}`,
      `<DTPOSTED>${day(i).ofx}120000[-3:BRT]`,
      `<TRNAMT>${dot(c)}`,
      `<FITID>${i}`,
      `<MEMO>${memo(i)}`,
      '</STMTTRN>',
    );
  }
  out.push('</BANKTRANLIST>', '</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '');
  return Buffer.from(out.join('\r\n'), 'latin1');
}
