// The `quita` command's words: the Say of src/shared/i18n (shared with the browser host's console lines).
export { createSay, localeOf, type Say } from '../shared/i18n/say';
