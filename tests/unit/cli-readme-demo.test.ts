import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { quitaCli } from '../helpers/cli';
import { tempDir } from '../helpers/tmp';

/**
 * [T] item 10: the README's demo examples, run as a newcomer runs them on a fresh data folder. `demo statement
 * --out` writes the answer key beside the statement (README: "+ extrato.ofx.truth.json"); after `geography
 * --refresh` the README's search finds the city; `notify --member ID` with an id from `debtors --json` is sent.
 */
const tmp = tempDir();
afterAll(() => tmp.cleanup());

describe("the README's demo examples", () => {
  it('statement with its truth file, geography after refresh, notify a debtor from the list', async () => {
    const quita = quitaCli(join(tmp.dir, 'data'), { QUITA_KEY_FILE: join(tmp.dir, 'keys', 'master.key') });
    expect((await quita(['demo', 'start'])).code).toBe(0);
    expect((await quita(['sync'])).code).toBe(0);

    const out = join(tmp.dir, 'extrato.ofx');
    expect((await quita(['demo', 'statement', '--format', 'ofx', '--out', out])).code).toBe(0);
    expect(existsSync(out)).toBe(true);
    const truth = JSON.parse(readFileSync(`${out}.truth.json`, 'utf8')) as { lines: unknown[] };
    expect(truth.lines.length).toBeGreaterThan(0);

    expect((await quita(['geography', '--refresh'])).code).toBe(0);
    const places = JSON.parse((await quita(['geography', '--search', 'sao jose', '--json'])).stdout) as {
      name: string;
    }[];
    expect(places.map((p) => p.name)).toContain('São José dos Campos');

    const debtors = JSON.parse((await quita(['debtors', '--json'])).stdout) as { memberId: number }[];
    expect(debtors.length).toBeGreaterThan(0);
    const sent = await quita([
      'notify',
      '--member',
      String(debtors[0]!.memberId),
      '--message',
      'Olá {primeiro_nome}, sua mensalidade de {valor} venceu em {vencimento}.',
    ]);
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
  }, 120_000);
});
