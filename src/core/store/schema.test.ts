import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../db/migrations';
import { latestSchemaModel, SCHEMA_FILE, schemaTypesSource } from './schema-types';

describe('schema.ts, the Store’s table types', () => {
  it('is generated from the latest migration (regenerate: npx tsx src/core/store/schema-types.ts)', async () => {
    const model = await latestSchemaModel();
    expect(model.version).toBe(MIGRATIONS.length);
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(schemaTypesSource(model));
  });

  it('types a nullable column as such, and what the database fills as optional to insert', async () => {
    const source = schemaTypesSource(await latestSchemaModel());
    expect(source).toContain('  seq: Generated<number>;'); // audit_log's rowid
    expect(source).toContain('  subject: string | null;');
    expect(source).toContain('  rejected_json: Generated<string>;'); // DEFAULT '[]'
    expect(source).toContain('  percent: number;'); // REAL
  });
});
