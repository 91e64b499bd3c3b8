import type { CommandName } from './contract';

/**
 * Who may do what on the office server ([W]). Each role can do everything the roles before it can:
 * - conferente: read everything, import statements and return files, run matching, decide lines (approve, reject,
 *   choose by hand, set aside one line), sync the cache;
 * - supervisor: also send to the gym system (and run the cycle, which may send), the send policy, the rules that act
 *   on every import (set-aside rules, learned names, matching settings), notifications to members, removing a
 *   statement, backups;
 * - administrador: also users, connections (keys), bank feeds (certificates), branches, restore, updates.
 * Outside the server (desktop app, browser mode, `quita` on the branch's own machine) nobody logs in: the person at
 * the desk owns the file and every command is theirs.
 */
export const ROLES = ['conferente', 'supervisor', 'administrador'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { conferente: 0, supervisor: 1, administrador: 2 };

/** Whether `have` includes what `need` may do. */
export const roleAllows = (have: Role, need: Role): boolean => RANK[have] >= RANK[need];

const C = 'conferente' as const;
const S = 'supervisor' as const;
const A = 'administrador' as const;

/** The least role each command needs. The compiler checks that every command is here. */
export const COMMAND_ROLES: Record<CommandName, Role> = {
  'acquirer.files': C,
  'acquirer.payments': C,
  'app.info': C,
  'app.status': C,
  'app.update.check': A,
  'app.update.setFeed': A,
  'app.update.status': C,
  'audit.export': C,
  'audit.list': C,
  'audit.verify': C,
  'branches.add': A,
  'branches.list': C,
  'branches.placeAccount': A,
  'branches.update': A,
  'cache.bankAccounts': C,
  'cache.receivables': C,
  'connection.test': A,
  'cycle.history': C,
  'cycle.run': S,
  'cycle.saveSchedule': S,
  'cycle.schedule': C,
  'dashboard.summary': C,
  'db.backup': S,
  'db.backups': C,
  'db.restore': A,
  'debtors.export': C,
  'debtors.list': C,
  'demo.sampleStatement': C,
  'demo.start': A,
  'feeds.list': C,
  'feeds.remove': A,
  'feeds.run': C,
  'feeds.save': A,
  'feeds.test': A,
  'geo.cities': C,
  'geo.neighborhoods': C,
  'geo.refresh': C,
  'geo.search': C,
  'geo.states': C,
  'import.commit': C,
  'import.preview': C,
  'import.profiles': C,
  'import.remove': S,
  'import.returnFiles': C,
  'import.statements': C,
  'intake.assign': C,
  'intake.setFolder': A,
  'intake.status': C,
  'match.candidates': C,
  'match.cardFees': C,
  'match.lineDetails': C,
  'match.lines': C,
  'match.run': C,
  'match.settings.get': C,
  'match.settings.update': S,
  'notify.preview': C,
  'notify.queue': C,
  'notify.recent': C,
  'notify.retry': S,
  'notify.send': S,
  'office.link.get': C,
  'office.link.set': A,
  'office.link.test': A,
  'policy.dailySummary': C,
  'policy.dryRun': C,
  'policy.get': C,
  'policy.save': S,
  'profiles.activate': A,
  'profiles.list': C,
  'profiles.prefs': C,
  'profiles.remove': A,
  'profiles.save': A,
  'profiles.setPrefs': S,
  'profiles.test': A,
  'reports.reconciliation': C,
  'review.aliases': C,
  'review.approve': C,
  'review.approveGreen': C,
  'review.asideRules': C,
  'review.override': C,
  'review.previewAsideRule': C,
  'review.reject': C,
  'review.removeAlias': S,
  'review.removeAsideRule': S,
  'review.searchReceivables': C,
  'review.setAside': C,
  'review.toReview': C,
  'review.unmatch': C,
  'review.updateAsideRule': S,
  'send.batchItems': C,
  'send.batches': C,
  'send.confirm': S,
  'send.preview': C,
  'send.run': S,
  'settings.get': C,
  'settings.update': A,
  'sync.cancel': C,
  'sync.run': C,
  'sync.status': C,
  'users.add': A,
  'users.changePassword': C,
  'users.list': A,
  'users.me': C,
  'users.setPassword': A,
  'users.update': A,
};

/** Whether this person may run the command; `null` is the desk's owner (no server, no logins): everything. */
export const canRun = (role: Role | null, command: CommandName): boolean =>
  role === null || roleAllows(role, COMMAND_ROLES[command]);

/**
 * The least role this very call needs: the command's, raised where the input turns a decision into a rule (setting
 * one line aside is a clerk's decision; making a rule that sets aside every line like it, from now on, is a
 * supervisor's).
 */
export function roleNeeded(command: CommandName, input: unknown): Role {
  const base = COMMAND_ROLES[command];
  if (command === 'review.setAside' && typeof input === 'object' && input !== null && 'rule' in input)
    return (input as { rule?: unknown }).rule == null ? base : 'supervisor';
  return base;
}
