import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, EVENT_NAMES, commands } from '../../src/shared/contract';

describe('command contract', () => {
  it('lists every command once (snapshot: a change here is a change of the public contract)', () => {
    expect(COMMAND_NAMES).toMatchInlineSnapshot(`
      [
        "acquirer.files",
        "acquirer.payments",
        "app.info",
        "app.status",
        "app.update.check",
        "app.update.setFeed",
        "app.update.status",
        "audit.export",
        "audit.list",
        "audit.verify",
        "branches.add",
        "branches.list",
        "branches.placeAccount",
        "branches.update",
        "cache.bankAccounts",
        "cache.receivables",
        "connection.test",
        "cycle.history",
        "cycle.run",
        "cycle.saveSchedule",
        "cycle.schedule",
        "dashboard.summary",
        "db.backup",
        "db.backups",
        "db.restore",
        "debtors.export",
        "debtors.list",
        "demo.sampleStatement",
        "demo.start",
        "feeds.list",
        "feeds.remove",
        "feeds.run",
        "feeds.save",
        "feeds.test",
        "geo.cities",
        "geo.neighborhoods",
        "geo.refresh",
        "geo.search",
        "geo.states",
        "import.commit",
        "import.preview",
        "import.profiles",
        "import.remove",
        "import.returnFiles",
        "import.statements",
        "intake.assign",
        "intake.setFolder",
        "intake.status",
        "match.candidates",
        "match.cardFees",
        "match.lineDetails",
        "match.lines",
        "match.run",
        "match.settings.get",
        "match.settings.update",
        "notify.preview",
        "notify.queue",
        "notify.recent",
        "notify.retry",
        "notify.send",
        "office.link.get",
        "office.link.set",
        "office.link.test",
        "policy.dailySummary",
        "policy.dryRun",
        "policy.get",
        "policy.save",
        "profiles.activate",
        "profiles.list",
        "profiles.prefs",
        "profiles.remove",
        "profiles.save",
        "profiles.setPrefs",
        "profiles.test",
        "reports.reconciliation",
        "review.aliases",
        "review.approve",
        "review.approveGreen",
        "review.asideRules",
        "review.override",
        "review.previewAsideRule",
        "review.reject",
        "review.removeAlias",
        "review.removeAsideRule",
        "review.searchReceivables",
        "review.setAside",
        "review.toReview",
        "review.unmatch",
        "review.updateAsideRule",
        "send.batchItems",
        "send.batches",
        "send.confirm",
        "send.preview",
        "send.run",
        "settings.get",
        "settings.update",
        "sync.cancel",
        "sync.run",
        "sync.status",
        "users.add",
        "users.changePassword",
        "users.list",
        "users.me",
        "users.setPassword",
        "users.update",
      ]
    `);
    expect(EVENT_NAMES).toMatchInlineSnapshot(`
      [
        "job.progress",
        "job.finished",
      ]
    `);
  });

  it('gives every command a summary and zod schemas for input and output', () => {
    for (const name of COMMAND_NAMES) {
      const def = commands[name];
      expect(def.summary.length, name).toBeGreaterThan(5);
      expect(typeof def.input.safeParse, name).toBe('function');
      expect(typeof def.output.safeParse, name).toBe('function');
    }
  });

  it('refuses plain http for a remote API but accepts it for the loopback sandbox', () => {
    const input = { username: 'gym', password: 'k', keyKind: 'branch' };
    expect(
      commands['connection.test'].input.safeParse({ ...input, baseUrl: 'http://evo.example.com' }).success,
    ).toBe(false);
    expect(
      commands['connection.test'].input.safeParse({ ...input, baseUrl: 'http://127.0.0.1:8787' }).success,
    ).toBe(true);
    const parsed = commands['connection.test'].input.parse({ ...input, baseUrl: 'https://evo.example.com/' });
    expect(parsed.baseUrl).toBe('https://evo.example.com');
  });
});
