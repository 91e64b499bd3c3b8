/** Formatting lives in src/shared/format.ts, shared with the `quita` command; the screens import it from here. */
export * from '../../shared/format';
