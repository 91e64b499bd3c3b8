import type { ErrorInfo } from '../contract';
import { withWordedReason } from './rejected-text';

/** The two things of an i18next instance that wording an error needs (the renderer's and the CLI's). */
export interface Translator {
  t: (key: string, params?: object) => string;
  exists: (key: string) => boolean;
}

/**
 * A clerk-facing sentence for a core error, in the translator's language: the screens and the `quita` command
 * word every error here, so a refusal reads the same at the desk and at the command line.
 */
export function describeErrorWith({ t, exists }: Translator, error: ErrorInfo): string {
  // A code the catalogue words itself comes first: its text is written for the clerk, in their language.
  if (error.code && exists(`errors.${error.code}`)) {
    // A refused line travels as a code ([T]): its reason is worded here, never the core's English.
    return t(`errors.${error.code}`, withWordedReason({ t, exists }, error.params ?? {}));
  }
  if (error.kind === 'validation' && error.field) {
    return t('errors.field', { field: error.field, detail: error.params?.detail ?? error.message });
  }
  return `${t(`errors.kind.${error.kind}`)} ${error.message}`;
}
