import { AppError } from '../../errors';

/**
 * File-level refusals of acquirer settlement files: kind `validation`, a stable code the UI translates under
 * `errors.acquirer.*`, one sentence naming what was found. A record that does not fit refuses the whole file
 * (nothing is half-imported); see docs/import.md, “Acquirer settlement files”.
 */
export const acquirerErrors = {
  /**
   * The acquirer is known, but not this file: another layout version (`version`, its value), another kind of
   * file (`option`, Cielo's file option: 09 open balance, 15, 16), or no structure Quita knows.
   */
  unsupported: (acquirer: string, found: string, what?: { kind: 'version' | 'option'; value: string }) =>
    new AppError(
      'validation',
      `This ${acquirer} file is ${found}, which Quita cannot read; download the sales or payments file in the layout docs/import.md lists (Cielo EDI v15, Rede EEVC/EEVD/EEFI, Stone XML 2.2).`,
      {
        code: what ? `acquirer.unsupported_${what.kind}` : 'acquirer.unsupported',
        params: { acquirer, found, value: what?.value ?? '' },
      },
    ),
  /** One record that does not fit the layout: the whole file is refused, with its line. */
  badLine: (acquirer: string, layout: string, line: number, reason: string) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) cannot be read (${reason}), so nothing was imported; download the file from the acquirer again.`,
      { code: 'acquirer.bad_line', params: { acquirer, layout, line, reason } },
    ),
  /** The file ends before its trailer, or the trailer counts other rows than the file holds. */
  truncated: (acquirer: string, layout: string, detail: string) =>
    new AppError(
      'validation',
      `This ${acquirer} file (${layout}) is incomplete (${detail}), so nothing was imported; download it from the acquirer again.`,
      { code: 'acquirer.truncated', params: { acquirer, layout, detail } },
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
      { code: 'acquirer.control_character', params: { acquirer, layout, line, position, byte } },
    ),
  /** A record of another length than the layout's (one character more or less shifts every field). */
  lineLength: (acquirer: string, layout: string, line: number, length: number, expected: number) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) has ${length} characters instead of ${expected}, so its fields would be shifted and nothing was imported; download the file from the acquirer again.`,
      { code: 'acquirer.line_length', params: { acquirer, layout, line, length, expected } },
    ),
  /** The trailer counting other records than the file holds. */
  recordCount: (acquirer: string, layout: string, line: number, declared: number, found: number) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) is the trailer counting ${declared} records where the file holds ${found}, so records are missing or repeated and nothing was imported; download the file from the acquirer again.`,
      { code: 'acquirer.record_count', params: { acquirer, layout, line, declared, found } },
    ),
  /** A summary (Rede RV, EEFI day total) whose count or amounts disagree with the records it sums. */
  summaryTotal: (acquirer: string, layout: string, line: number, declared: string, found: string) =>
    new AppError(
      'validation',
      `Line ${line} of this ${acquirer} file (${layout}) is a total of ${declared} where its records add up to ${found}, so a record is missing, repeated or damaged and nothing was imported; download the file from the acquirer again.`,
      { code: 'acquirer.summary_total', params: { acquirer, layout, line, declared, found } },
    ),
};
