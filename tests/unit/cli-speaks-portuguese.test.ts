import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main';
import { codes, englishWords, guessedPlurals, machineMoney } from '../helpers/clerk-text';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

/**
 * [T] item 1: the `quita` command speaks the profile's language, Portuguese by default. Every subcommand's
 * `--help` and a whole demo journey (the README's, as a newcomer runs it) are read for English words, guessed
 * plurals ("linha(s)"), machine money ("1398.70") and codes; each finding is named in the failure.
 */
const tmp = tempDir();
afterAll(() => tmp.cleanup());

interface Finding {
  where: string;
  what: string;
}

function findings(where: string, text: string, allowed: string[] = []): Finding[] {
  return [
    ...englishWords(text, allowed).map((w) => ({ where, what: `English “${w}”` })),
    ...guessedPlurals(text, allowed).map((w) => ({ where, what: `plural “${w}”` })),
    ...machineMoney(text, allowed).map((w) => ({ where, what: `money “${w}”` })),
    ...codes(text, allowed).map((w) => ({ where, what: `code “${w}”` })),
  ];
}

/** In-process, as the bin runs it: the help texts need no data folder, so no process is started per command. */
async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    stdout: (s) => out.push(s),
    stderr: (s) => err.push(s),
    env: { QUITA_DATA_DIR: join(tmp.dir, 'help-data'), QUITA_KEY_FILE: join(tmp.dir, 'keys', 'h.key') },
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

/** The subcommands `quita --help` lists (two spaces, a name, two spaces, its summary). */
const listed = (help: string) => [...help.matchAll(/^ {2}([a-z][a-z-]*) {2,}\S/gm)].map((m) => m[1]!);

describe('quita speaks Portuguese', () => {
  it("a path the test gave is the user's words, whatever its random name looks like (once a flaky finding)", () => {
    const text = 'Arquivo de chave: /tmp/quita-test-oswGcb/keys/master.key; valor 398.70 em 2 linha(s)';
    expect(findings('info', text).map((f) => f.what)).toContain('code “oswGcb”');
    // Every check leaves the allowed text out, and still sees the rest.
    expect(findings('info', text, ['/tmp/quita-test-oswGcb/keys/master.key']).map((f) => f.what)).toEqual([
      'plural “linha(s)”',
      'money “398.70”',
    ]);
  });

  it('every --help, the main one and each subcommand’s, in pt-BR; English with --lang en', async () => {
    const main = await cli(['--help']);
    expect(main.code).toBe(0);
    const names = listed(main.stdout);
    expect(names.length).toBeGreaterThanOrEqual(20);
    const found: Finding[] = findings('quita --help', main.stdout);
    for (const name of names) {
      const r = await cli([name, '--help']);
      expect(r.code, name).toBe(0);
      // Each option of the synopsis is explained on a line of its own ("  --dry-run  mostra o que seria…").
      const synopsis = r.stdout.split('\n').filter((l) => l.startsWith('quita '));
      const options = new Set(synopsis.join(' ').match(/--[a-z][a-z-]*/g) ?? []);
      for (const o of ['--json', '--help', '--data-dir', '--lang']) options.delete(o);
      for (const o of options)
        if (!new RegExp(`^ +${o}\\b.*\\p{L}{3}`, 'mu').test(r.stdout))
          found.push({ where: `quita ${name} --help`, what: `${o} not explained` });
      found.push(...findings(`quita ${name} --help`, r.stdout));
    }
    expect(found).toEqual([]);

    const en = await cli(['--lang', 'en', 'send', '--help']);
    expect(en.stdout).toMatch(/Mark the approved receivables as paid/);
    // After the command too, as --json.
    expect((await cli(['send', '--help', '--lang', 'en'])).stdout).toBe(en.stdout);
    // The checks do see English: the same help in English is full of it.
    expect(findings('en', en.stdout).length).toBeGreaterThan(5);
    // A usage error is worded too, in the language asked for.
    const bad = await cli(['match', '--no-such-option']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('quita: opção desconhecida: --no-such-option\nVeja quita match --help.');
    expect((await cli(['--lang', 'klingon', 'info'])).stderr).toMatch(/^quita: --lang aceita pt-BR ou en/);
  }, 60_000);

  it('a demo journey, start to audit, in pt-BR: no English, no guessed plurals, money as R$ 1.398,70', async () => {
    const dataDir = join(tmp.dir, 'journey');
    const quita = quitaCli(dataDir, { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });
    const statement = join(tmp.dir, 'extrato.ofx');
    const outputs: { where: string; text: string }[] = [];
    const texts: string[] = [];
    const step = async (args: string[], expectCode = 0) => {
      const r = await quita(args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(expectCode);
      outputs.push({ where: `quita ${args.join(' ')}`, text: `${r.stdout}\n${r.stderr}` });
      texts.push(r.stdout, r.stderr);
      return r;
    };
    await step(['demo', 'start']);
    await step(['sync']);
    await step(['accounts']);
    await step(['receivables', '--limit', '5']);
    await step(['demo', 'statement', '--format', 'ofx', '--out', statement]);
    // The same sample again, for its account (the --json answer names it; the text one says it in words).
    const sample = JSON.parse(
      (await quita(['demo', 'statement', '--format', 'ofx', '--out', statement, '--json'])).stdout,
    ) as { bankAccountId: number };
    const account = String(sample.bankAccountId);
    await step(['import', statement, '--bank-account', account, '--dry-run']);
    await step(['import', statement, '--bank-account', account]);
    await step(['match']);
    await step(['approve', '--green']);
    await step(['status']);
    await step(['send']);
    await step(['status']);
    await step(['debtors']);
    await step(['profiles']);
    await step(['settings']);
    await step(['info']);
    await step(['audit', 'verify']);
    await step(['backup']);
    await step(['backup', '--list']);
    await step(['import', join(tmp.dir, 'missing.ofx'), '--bank-account', '1'], 1);
    // The user's own words back are not Quita's prose: the data folder, the statement's path, and the data the
    // demo makes up for the day (the bank's descriptions, the members' names), read from the --json answers.
    const json = async (args: string[]) => JSON.parse((await quita([...args, '--json'])).stdout) as unknown;
    const data = [
      ...((await json(['match'])) as { description: string }[]).map((l) => l.description),
      ...((await json(['debtors'])) as { name: string }[]).map((d) => d.name),
      ...((await json(['receivables', '--limit', '5000'])) as { payerName: string | null }[]).map(
        (r) => r.payerName,
      ),
    ].filter((t): t is string => !!t);
    // The test's own folder holds them all, and the key file beside: its random name ("quita-test-oswGcb")
    // may look like a code.
    const allowed = [tmp.dir, ...new Set(data)].sort((a, b) => b.length - a.length);
    const found = outputs.flatMap((o) => findings(o.where, o.text, allowed));
    expect(found).toEqual([]);
    // Money is written as the screens write it.
    expect(texts.join('\n')).toMatch(/R\$ \d{1,3}(\.\d{3})*,\d{2}/);
  }, 240_000);
});
