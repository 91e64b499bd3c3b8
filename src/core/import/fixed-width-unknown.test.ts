/**
 * [S] a bank's fixed-width file whose first line is no CNAB header Quita knows is said as what it looks like, not
 * as "No statement lines were found…" (a spreadsheet without columns). Stands for laravel-boleto's
 * `retorno_banco_fake_2.ret`: 400-position records, header `0` + an operation/literal that is neither RETORNO nor
 * REMESSA, a 401st blank on each line. Own bytes, same shape.
 */
import { describe, expect, it } from 'vitest';
import { fixedRecord } from '../../../tests/fixtures/fixed-width';
import { failure } from '../../../tests/helpers/errors';
import { parseStatement } from './parse-statement';

const header = fixedRecord(401, [
  [1, 1, '0'],
  [2, 9, '12345678'],
  [10, 11, '01'],
  [12, 26, 'COBRANCA'],
  [47, 76, 'ACADEMIA EXEMPLO'],
  [77, 79, '999'],
  [80, 94, 'FAKE'],
]);
const detail = (n: number) =>
  fixedRecord(401, [
    [1, 1, '1'],
    [109, 110, '06'],
    [153, 165, 9990],
    [395, 400, n],
  ]);
const bytes = (lines: string[]) => new Uint8Array(Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'));

describe('a fixed-width file with a header Quita does not know', () => {
  it('is refused as CNAB-like records, naming the width, not as a spreadsheet without columns', () => {
    const e = failure(() =>
      parseStatement(bytes([header, detail(2), detail(3), fixedRecord(400, [[1, 1, '9']])])),
    );
    expect([e.code, e.params]).toEqual(['cnab.unknown_header', { length: 400 }]);
  });

  it('a CSV, even with long rows, is still read as a CSV', () => {
    const row = (d: string) => `${d};PIX RECEBIDO ${'X'.repeat(200)};99,90`;
    const r = parseStatement(bytes(['Data;Historico;Valor', row('03/11/2026'), row('04/11/2026')]));
    expect(r.lines.length).toBe(2);
  });
});
