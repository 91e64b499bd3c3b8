import type { Migration } from '../migrate';

/**
 * The boleto number a receivable's record may carry, as a column (written by the cache from
 * `boletoNumberFromRaw`, core/matching/receivables.ts, the one rule of which fields hold it), so matching reads
 * columns only: it used to `json_extract` three of the five fields from every row's `raw_json` at each run
 * (with `fees`, which has had its column since migration 006). Back-filled here from the records already
 * cached, with the same five fields in the same order.
 */
export const m012ReceivableBoletoNumber: Migration = {
  version: 12,
  name: 'receivable-boleto-number',
  sql: `
ALTER TABLE receivables ADD COLUMN boleto_number TEXT;
UPDATE receivables SET boleto_number = coalesce(
  nullif(trim(CAST(json_extract(raw_json, '$.nossoNumero') AS TEXT)), ''),
  nullif(trim(CAST(json_extract(raw_json, '$.ourNumber') AS TEXT)), ''),
  nullif(trim(CAST(json_extract(raw_json, '$.boletoNumber') AS TEXT)), ''),
  nullif(trim(CAST(json_extract(raw_json, '$.bankSlipNumber') AS TEXT)), ''),
  nullif(trim(CAST(json_extract(raw_json, '$.barcode') AS TEXT)), '')
) WHERE json_valid(raw_json);
`,
};
