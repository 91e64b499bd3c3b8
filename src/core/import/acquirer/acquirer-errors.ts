import { AppError } from '../../errors';

/**
 * The layout as a key of the renderer's layout names (`acquirerFile.layouts.*`, dots are key separators there):
 * the clerk's sentence names the file in words (“extrato eletrônico da Cielo, versão 13”), not by our id.
 */
const keyOf = (layout: string) => layout.replace(/\./g, '_');

/** Kinds of Cielo statement that hold no sales or payments, by file option (header 48–49): refused by name. */
export type CieloOtherFile = 'open_balance' | 'negotiation' | 'pix' | 'anticipation' | 'pending';

const CIELO_OTHER: Record<CieloOtherFile, string> = {
  open_balance: 'the open balance statement (option VALUE, “saldo em aberto”), which holds no sales',
  negotiation: 'the receivables negotiation statement (option VALUE), which holds no sales',
  pix: 'the Pix statement (option VALUE), which holds no card sales',
  anticipation: 'the anticipation or assignment statement (option VALUE), which holds no sales',
  pending: 'the pending installments statement (option VALUE), sent once when the service starts',
};

/**
 * File-level refusals of acquirer settlement files: kind `validation`, a stable code the UI translates under
 * `errors.acquirer.*`, one sentence naming what was found. A record that does not fit refuses the whole file
 * (nothing is half-imported); see docs/import.md, “Acquirer settlement files”.
 */
export const acquirerErrors = {
  /**
   * Not a settlement file of an acquirer Quita reads: no Cielo, Rede, Stone, Getnet or PagBank first record. The clerk is
   * told what to download instead (docs/import.md, “Acquirer settlement files”).
   */
  unsupported: () =>
    new AppError(
      'validation',
      'This file is not a sales or payments statement of Cielo, Rede, Stone, Getnet or PagBank that Quita reads; on the acquirer’s site, download the electronic statement (EDI) of sales or of payments.',
      { code: 'acquirer.unsupported', params: {} },
    ),
  /**
   * A known acquirer, but a version of its statement layout Quita does not read (`value`, as the header writes it;
   * `readable`, the versions Quita reads, e.g. “13, 14, 15”).
   */
  unsupportedVersion: (acquirer: string, value: string, readable: string) =>
    new AppError(
      'validation',
      `This ${acquirer} file is written in version “${value}” of its electronic statement layout, which Quita does not read (versions it reads: ${readable}); ask ${acquirer} for the electronic statement (EDI) in a version Quita reads.`,
      { code: 'acquirer.unsupported_version', params: { acquirer, value, readable } },
    ),
  /** A Cielo statement of another kind than sales (03) or payments (04): named, with what to download instead. */
  cieloOtherFile: (kind: CieloOtherFile, value: string) =>
    new AppError(
      'validation',
      `This Cielo file is ${CIELO_OTHER[kind].replace('VALUE', value)}; on Cielo’s site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).`,
      { code: `acquirer.cielo_${kind}`, params: { acquirer: 'Cielo', value } },
    ),
  /** A Stone XML `Conciliation` without its `Header`: not a whole conciliation file. */
  stoneWithoutHeader: () =>
    new AppError(
      'validation',
      'This Stone XML file has no conciliation header, so it is not a whole conciliation file; on Stone’s portal, download the conciliation file (XML) again.',
      { code: 'acquirer.stone_no_header', params: { acquirer: 'Stone' } },
    ),
  /** A Cielo file option Quita does not know at all. */
  unsupportedOption: (acquirer: string, value: string) =>
    new AppError(
      'validation',
      `This ${acquirer} file is a statement of option “${value}”, not of sales (03) or payments (04); on ${acquirer}’s site, under Extrato Eletrônico (EDI), download the sales file (03) or the payments file (04).`,
      { code: 'acquirer.unsupported_option', params: { acquirer, value } },
    ),
  /** One record that does not fit the layout: the whole file is refused, with its line. */
  badLine: (acquirer: string, layout: string, line: number, reason: string) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) cannot be read (${reason}), so nothing was imported; download the file from the acquirer again.`,
      { code: 'acquirer.bad_line', params: { acquirer, layout, layoutKey: keyOf(layout), line, reason } },
    ),
  /** The file ends before its trailer, or the trailer counts other rows than the file holds. */
  truncated: (acquirer: string, layout: string, detail: string) =>
    new AppError(
      'validation',
      `This ${acquirer} file (${layout}) is incomplete (${detail}), so nothing was imported; download it from the acquirer again.`,
      { code: 'acquirer.truncated', params: { acquirer, layout, layoutKey: keyOf(layout), detail } },
    ),
  /** XML with a DOCTYPE or entity declarations: never expanded (no external entities). */
  unsafeXml: () =>
    new AppError(
      'validation',
      'This XML file declares a DOCTYPE or entities, which a Stone conciliation file never does, so it was not read; download the file from Stone again.',
      { code: 'acquirer.unsafe_xml' },
    ),
  /** A control byte (NUL, other C0, DEL) inside a record: damage in transfer or storage. */
  controlCharacter: (acquirer: string, layout: string, line: number, position: number, byte: string) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) holds a control character (${byte}) at position ${position}, so the file is damaged and nothing was imported; download it from the acquirer again.`,
      {
        code: 'acquirer.control_character',
        params: { acquirer, layout, layoutKey: keyOf(layout), line, position, byte },
      },
    ),
  /** A record of another length than the layout's (one character more or less shifts every field). */
  lineLength: (acquirer: string, layout: string, line: number, length: number, expected: number) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) has ${length} characters instead of ${expected}, so its fields would be shifted and nothing was imported; download the file from the acquirer again.`,
      {
        code: 'acquirer.line_length',
        params: { acquirer, layout, layoutKey: keyOf(layout), line, length, expected },
      },
    ),
  /** The trailer counting other records than the file holds. */
  recordCount: (acquirer: string, layout: string, line: number, declared: number, found: number) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) is the trailer counting ${declared} records where the file holds ${found}, so records are missing or repeated and nothing was imported; download the file from the acquirer again.`,
      {
        code: 'acquirer.record_count',
        params: { acquirer, layout, layoutKey: keyOf(layout), line, declared, found },
      },
    ),
  /** A summary (Rede RV, EEFI day total) whose count or amounts disagree with the records it sums. */
  summaryTotal: (acquirer: string, layout: string, line: number, declared: string, found: string) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) is a total of ${declared} where its records add up to ${found}, so a record is missing, repeated or damaged and nothing was imported; download the file from the acquirer again.`,
      {
        code: 'acquirer.summary_total',
        params: { acquirer, layout, layoutKey: keyOf(layout), line, declared, found },
      },
    ),
};
