/**
 * The reasons in Portuguese, as the CLI prints them and the plan shows them: worded in
 * shared/i18n/reasons.pt.ts (the one place), so the renderer can word a reason the list sent without its
 * sentence exactly as the core does.
 */
export { brl, renderReason, renderReasons, typeName, usualArrival } from '../../shared/i18n/reasons.pt';
