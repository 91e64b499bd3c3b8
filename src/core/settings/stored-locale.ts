import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../../shared/constants';
import { SETTINGS_FILE_NAME } from './kv-store';

/**
 * The language chosen in Configurações (or `quita settings --locale`), read without opening the data folder:
 * the `quita` command speaks it from its first line, `--help` included, even where no data folder exists yet.
 * A missing, unreadable or hand-edited file means the default, Portuguese.
 */
export function storedLocale(dataDir: string): Locale {
  try {
    const raw = JSON.parse(readFileSync(join(dataDir, `${SETTINGS_FILE_NAME}.json`), 'utf8')) as unknown;
    const locale = (raw as { locale?: unknown } | null)?.locale;
    return LOCALES.find((l) => l === locale) ?? 'pt-BR';
  } catch {
    return 'pt-BR';
  }
}
