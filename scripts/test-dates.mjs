// `npm run test:dates`: the date-sensitive tests with the clock set to other days, so a suite that is green today
// is not green by luck of the calendar. Every process of a run (vitest, the CLI and host processes the tests
// start, Playwright) sees the same time through libfaketime (Debian package `faketime`): the clock shifted so that
// the run starts at the pinned instant, then running at normal speed. Chromium is started without libfaketime
// (under it, it ran 3–6 times slower and journeys missed their deadlines); each page's Date is shifted by the same
// offset instead (playwright.config.ts, the `page` fixture in tests/e2e/fixtures.ts).
//
// The days (Brasília is UTC-3, no daylight saving since 2019):
//   year end   2026-12-31 22:30 in Brasília, already 2027-01-01 in UTC (the day boundary the app must count in
//              Brasília, src/shared/dates.ts)
//   month end  2028-02-29 10:00, a leap day
//   Saturday   2027-03-06 10:00 (no bank business day)
//   holiday    2027-04-21 10:00, Tiradentes (a national holiday, src/shared/bank-calendar.ts)
//   far        2028-11-27 10:00, two years after the suite was written
// Tests that are date-sensitive: the unit and service tests that start a sandbox, the demo branch or read the
// clock (found by what they contain, so a new one is included without editing this list), and every
// end-to-end journey (all of them run on the demo branch, generated around the day).
//
// Usage: node scripts/test-dates.mjs [--only unit|e2e] [--day YYYY-MM-DDTHH:MM:SSZ ...] [--spec tests/e2e/X.spec.ts ...]
// (--spec: only these journeys).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './find-chromium.mjs';

const DAYS = [
  ['year end (UTC already next year)', '2027-01-01T01:30:00Z'],
  ['month end, leap day', '2028-02-29T13:00:00Z'],
  ['Saturday', '2027-03-06T13:00:00Z'],
  ['holiday (Tiradentes)', '2027-04-21T13:00:00Z'],
  ['two years ahead', '2028-11-27T13:00:00Z'],
];
const DATE_SENSITIVE =
  /testSandbox|startSandbox|startTestSandbox|TEST_TODAY|testDay|todayInBrasilia|saoPauloToday|demo|new Date\(\)|Date\.now/;

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const chosen = args.flatMap((a, i) => (a === '--day' ? [args[i + 1]] : []));
const specs = args.flatMap((a, i) => (a === '--spec' ? [args[i + 1]] : []));
const days = chosen.length ? chosen.map((d) => [d, d]) : DAYS;

const LIBS = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];
const lib = LIBS.find((p) => existsSync(p));
if (!lib) {
  console.error('libfaketime is not installed: apt-get install faketime (Debian), then run this again.');
  process.exit(2);
}

function testFiles(dir, suffix) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (name === 'node_modules') continue;
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith(suffix)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}
const unitFiles = [...testFiles('src', '.test.ts'), ...testFiles('tests/unit', '.test.ts')].filter((f) =>
  DATE_SENSITIVE.test(readFileSync(f, 'utf8')),
);

/**
 * The environment that moves every process started from it to `iso` (UTC): the clock is shifted by a fixed offset
 * (libfaketime's relative mode), so each process reads the same time as every other one and time runs as usual —
 * the start-at mode ('@') shares its start through shared memory, and under many processes at once some of them
 * started again at the pinned instant, minutes apart from their siblings.
 */
function pinned(iso) {
  const offset = Math.round((Date.parse(iso) - Date.now()) / 1000);
  return {
    ...process.env,
    TZ: 'UTC',
    FAKETIME: `${offset >= 0 ? '+' : ''}${offset}s`,
    LD_PRELOAD: lib,
    FAKETIME_DISABLE_SHM: '1',
    // Timers and timeouts keep real time.
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  };
}

const chromium = only === 'unit' ? { path: null } : ensureChromium();
const work = mkdtempSync(join(tmpdir(), 'quita-test-dates-'));
const rows = [];
let failed = 0;
for (const [label, iso] of days) {
  const env = pinned(iso);
  // The pin is checked, not assumed: a process started under it must read the pinned instant (to the minute).
  const seen = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], { env });
  if (!(Math.abs(Number(seen.stdout) - Date.parse(iso)) < 60_000)) {
    console.error(`the clock could not be pinned to ${iso} (a process read ${seen.stdout})`);
    process.exit(2);
  }
  const row = { label, iso, unit: '-', e2e: '-' };
  if (only !== 'e2e') {
    console.log(`\n=== ${label}: ${iso} — ${unitFiles.length} date-sensitive unit test files ===`);
    const json = join(work, `vitest-${iso}.json`);
    spawnSync(
      'node_modules/.bin/vitest',
      ['run', '--reporter=dot', '--reporter=json', `--outputFile.json=${json}`, ...unitFiles],
      { stdio: 'inherit', env: pinned(iso) },
    );
    const v = existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : null;
    row.unit = v ? `${v.numPassedTests} passed, ${v.numFailedTests} failed` : 'did not run';
    failed += v ? v.numFailedTests : 1;
  }
  if (only !== 'unit') {
    console.log(`\n=== ${label}: ${iso} — end-to-end ===`);
    if (!chromium.path) {
      console.error(chromium.why);
      row.e2e = 'no Chromium';
      failed++;
    } else {
      const json = join(work, `pw-${iso}.json`);
      spawnSync('node_modules/.bin/playwright', ['test', ...specs], {
        stdio: 'inherit',
        env: { ...pinned(iso), QUITA_CHROMIUM: chromium.path, QUITA_PW_JSON: json },
      });
      const p = existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : null;
      row.e2e = p
        ? `${p.stats.expected + p.stats.flaky} passed, ${p.stats.unexpected} failed`
        : 'did not run';
      failed += p ? p.stats.unexpected : 1;
    }
  }
  rows.push(row);
}
rmSync(work, { recursive: true, force: true });
console.log('\n=== the suite on pinned days ===');
for (const r of rows) console.log(`${r.iso}  ${r.label.padEnd(34)} unit: ${r.unit}   e2e: ${r.e2e}`);
process.exit(failed === 0 ? 0 : 1);
