/**
 * office-schema.ts is generated from the office database's latest migration (OFFICE_MIGRATIONS), as the branch
 * databases' schema.ts is from theirs (src/core/store/schema-types.ts), so users.repo.ts's typed queries know every
 * column of the office's tables. users.store.test.ts fails while it is behind the migrations; regenerate with
 * `npx tsx src/core/users/office-schema-types.ts`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { migrate } from '../db/migrate';
import { readSqliteSchema, type SchemaModel } from '../store/pg-schema';
import { schemaTypesSource } from '../store/schema-types';
import { sqliteStore } from '../store/sqlite-store';
import { OFFICE_MIGRATIONS } from './office-migrations';

/** The schema of a new office database migrated to the latest version. */
export async function officeSchemaModel(): Promise<SchemaModel> {
  const db = new Database(':memory:');
  migrate(db, OFFICE_MIGRATIONS);
  const store = sqliteStore(db);
  try {
    return await store.read(readSqliteSchema);
  } finally {
    await store.close();
  }
}

export const officeSchemaSource = (model: SchemaModel): string =>
  schemaTypesSource(model, {
    name: 'OfficeSchema',
    from: "the office database's migration",
    by: 'src/core/users/office-schema-types.ts',
  });

export const OFFICE_SCHEMA_FILE = fileURLToPath(new URL('./office-schema.ts', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OFFICE_SCHEMA_FILE, officeSchemaSource(await officeSchemaModel()));
  console.log(`wrote ${OFFICE_SCHEMA_FILE}`);
}
