import { AppError } from '../../errors';

/**
 * File-level failures of OFX reading beyond `importErrors` (same shape: kind `validation`, a stable code the
 * UI translates under `errors.import.*`).
 */
export const ofxErrors = {
  /**
   * The statement to import is not in reais (CURDEF USD, EUR…): its amounts are never read as reais.
   * `field` is set when the file holds other statements the clerk may choose instead.
   */
  foreignCurrency: (currency: string, severalStatements: boolean) =>
    new AppError(
      'validation',
      `This statement is in ${currency}, not in reais (BRL): Quita reconciles amounts in reais only, so it was not imported. Choose or export the statement of the account in reais.`,
      {
        code: 'import.foreign_currency',
        ...(severalStatements ? { field: 'statementIndex' } : {}),
        params: { currency },
      },
    ),
};
