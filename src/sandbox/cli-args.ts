import { parseArgs } from 'node:util';
import { CARD_STYLE_NAMES, type CardStyleName } from './data/card-styles';
import { ADMIN_WITHOUT_BRANCH, ID_BRANCH_MODES, MAX_BRANCHES, type NetworkOptions } from './data/network';
import type { ReturnFileOptions } from './statement/return-file';
import { ACQUIRER_FORMATS, type AcquirerFileOptions, type AcquirerFormat } from './acquirer-files';
import type { NoiseLevel, StatementFormat } from './statement/types';
import { IGNORABLE_FILTERS, MARK_RECEIVED_ANSWERS } from './lenient';
import type { FaultOptions, IgnorableFilter, LenientOptions, SandboxOptions } from './types';

export const USAGE = `Usage:
  npm run sandbox -- [options]                 start the sandbox API on 127.0.0.1
  npm run sandbox -- statement [options]       write a bank statement (+ .truth.json) and exit
  npm run sandbox -- return-file [options]     write a CNAB return file (+ .truth.json) and exit
  npm run sandbox -- acquirer-file [options]   write an acquirer settlement file (+ .truth.json) and exit

Data:        --seed N (42) --members N (200) --months N (6) --today YYYY-MM-DD (today, Brasília)
             --card-style ${CARD_STYLE_NAMES.join('|')} (classic): how acquirers settle cards
             --db FILE   keep client changes across restarts (its stored seed/members/months/today win)
Network:     --branches N (2..200; members per branch = --members) --id-branch honoured|ignored|refused
             --admin-without-branch all|refused   (see docs/sandbox.md, Network mode)
Server:      --port N (8787; 0 = random) --user NAME --branch-key KEY --admin-key KEY
Rate limit:  --no-rate-limit | --rate-per-second N (5) --rate-per-minute N (40)
Faults:      --latency MS --latency-jitter MS --error-rate P --throttle-rate P --timeout-rate P
             --reset-rate P (mark-received only) --fault-seed N          (P = probability 0..1)
             --mark-received-latency MS (mark-received only)
Lenient:     --accept-id-lists --ignore-filter NAME[,NAME] (repeatable) --single-value-lists
             --date-only-filters --mark-received-answer empty|true|object|html
Statement:   --account ID --from YYYY-MM-DD --to YYYY-MM-DD --format ofx|csv|xlsx
             --noise low|default|high --statement-seed N --out PATH
             --boleto-lumps some|all (all: every day's boletos as one credit)
Return file: --account ID --from YYYY-MM-DD --to YYYY-MM-DD (credit dates) --layout 240|400
             --seu-numero id|blank --strip (trailing spaces removed) --out PATH
Acquirer:    --format cielo|rede-eevc|rede-eevd|rede-eefi|stone --account ID (2, the cards account)
             --from YYYY-MM-DD --to YYYY-MM-DD (payment dates) --out PATH`;

export type CliCommand =
  | { kind: 'serve'; options: SandboxOptions }
  | {
      kind: 'statement';
      options: SandboxOptions;
      statement: {
        bankAccountId: number;
        from: string;
        to: string;
        format: StatementFormat;
        noise: NoiseLevel;
        seed?: number;
        out?: string;
        boletoLumps?: 'some' | 'all';
      };
    }
  | { kind: 'return-file'; options: SandboxOptions; returnFile: ReturnFileOptions & { out?: string } }
  | { kind: 'acquirer-file'; options: SandboxOptions; acquirerFile: AcquirerFileOptions & { out?: string } }
  | { kind: 'help' };

function num(name: string, value: string | undefined, integer = true): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n))) {
    throw new Error(`--${name} must be a ${integer ? 'whole ' : ''}number, got '${value}'`);
  }
  return n;
}

function rate(name: string, value: string | undefined): number | undefined {
  const n = num(name, value, false);
  if (n !== undefined && (n < 0 || n > 1)) throw new Error(`--${name} must be between 0 and 1`);
  return n;
}

const isIgnorable = (name: string): name is IgnorableFilter =>
  (IGNORABLE_FILTERS as readonly string[]).includes(name);

/** The lenient switches given on the command line (only those given, so none = strict). */
function lenientOptions(values: {
  'accept-id-lists'?: boolean;
  'ignore-filter'?: string[];
  'single-value-lists'?: boolean;
  'date-only-filters'?: boolean;
  'mark-received-answer'?: string;
}): LenientOptions {
  const out: LenientOptions = {};
  if (values['accept-id-lists']) out.idLists = true;
  if (values['single-value-lists']) out.singleValueLists = true;
  if (values['date-only-filters']) out.dateOnlyFilters = true;
  const ignore = (values['ignore-filter'] ?? []).flatMap((v) => v.split(',')).map((v) => v.trim());
  for (const name of ignore) {
    if (!isIgnorable(name))
      throw new Error(`--ignore-filter must be one of ${IGNORABLE_FILTERS.join(', ')}, got '${name}'`);
  }
  if (ignore.length > 0) out.ignoreFilters = [...new Set(ignore.filter(isIgnorable))];
  const answer = values['mark-received-answer'];
  if (answer !== undefined) {
    const known = MARK_RECEIVED_ANSWERS.find((a) => a === answer);
    if (known === undefined)
      throw new Error(`--mark-received-answer must be one of ${MARK_RECEIVED_ANSWERS.join(', ')}`);
    out.markReceivedAnswer = known;
  }
  return out;
}

/** Network mode from `--branches`; the two switches alone are an error (they mean nothing for one branch). */
function networkOptions(values: {
  branches?: string;
  'id-branch'?: string;
  'admin-without-branch'?: string;
}): NetworkOptions | undefined {
  const branches = num('branches', values.branches);
  const idBranch = values['id-branch'];
  const admin = values['admin-without-branch'];
  if (branches === undefined) {
    if (idBranch !== undefined || admin !== undefined)
      throw new Error('--id-branch and --admin-without-branch need --branches N (network mode)');
    return undefined;
  }
  if (branches < 2 || branches > MAX_BRANCHES)
    throw new Error(`--branches must be from 2 to ${MAX_BRANCHES}`);
  const mode = ID_BRANCH_MODES.find((m) => m === idBranch);
  if (idBranch !== undefined && mode === undefined)
    throw new Error(`--id-branch must be one of ${ID_BRANCH_MODES.join(', ')}`);
  const without = ADMIN_WITHOUT_BRANCH.find((m) => m === admin);
  if (admin !== undefined && without === undefined)
    throw new Error(`--admin-without-branch must be one of ${ADMIN_WITHOUT_BRANCH.join(', ')}`);
  return {
    branches,
    ...(mode !== undefined ? { idBranch: mode } : {}),
    ...(without !== undefined ? { adminWithoutBranch: without } : {}),
  };
}

/** Parses the command line; throws an Error with a readable message on bad input. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      seed: { type: 'string' },
      members: { type: 'string' },
      months: { type: 'string' },
      today: { type: 'string' },
      db: { type: 'string' },
      port: { type: 'string' },
      user: { type: 'string' },
      'branch-key': { type: 'string' },
      'admin-key': { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      'rate-per-second': { type: 'string' },
      'rate-per-minute': { type: 'string' },
      latency: { type: 'string' },
      'latency-jitter': { type: 'string' },
      'error-rate': { type: 'string' },
      'throttle-rate': { type: 'string' },
      'timeout-rate': { type: 'string' },
      'reset-rate': { type: 'string' },
      'fault-seed': { type: 'string' },
      'mark-received-latency': { type: 'string' },
      'accept-id-lists': { type: 'boolean' },
      'ignore-filter': { type: 'string', multiple: true },
      'single-value-lists': { type: 'boolean' },
      'date-only-filters': { type: 'boolean' },
      'mark-received-answer': { type: 'string' },
      account: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      format: { type: 'string' },
      noise: { type: 'string' },
      'statement-seed': { type: 'string' },
      out: { type: 'string' },
      'boleto-lumps': { type: 'string' },
      'card-style': { type: 'string' },
      branches: { type: 'string' },
      'id-branch': { type: 'string' },
      'admin-without-branch': { type: 'string' },
      layout: { type: 'string' },
      'seu-numero': { type: 'string' },
      strip: { type: 'boolean' },
    },
  });
  if (values.help) return { kind: 'help' };
  const faults: FaultOptions = {};
  const setFault = <K extends keyof FaultOptions>(key: K, value: FaultOptions[K] | undefined) => {
    if (value !== undefined) faults[key] = value;
  };
  setFault('latencyMs', num('latency', values.latency));
  setFault('latencyJitterMs', num('latency-jitter', values['latency-jitter']));
  setFault('errorRate', rate('error-rate', values['error-rate']));
  setFault('rateLimitRate', rate('throttle-rate', values['throttle-rate']));
  setFault('timeoutRate', rate('timeout-rate', values['timeout-rate']));
  setFault('resetAfterApplyRate', rate('reset-rate', values['reset-rate']));
  setFault('markReceivedLatencyMs', num('mark-received-latency', values['mark-received-latency']));
  setFault('seed', num('fault-seed', values['fault-seed']));
  const lenient = lenientOptions(values);

  const perSecond = num('rate-per-second', values['rate-per-second']) ?? 5;
  const perMinute = num('rate-per-minute', values['rate-per-minute']) ?? 40;
  const options: SandboxOptions = {
    port: num('port', values.port) ?? 8787,
    rateLimit: values['no-rate-limit'] ? false : { perSecond, perMinute },
    faults,
  };
  const assign = <K extends keyof SandboxOptions>(key: K, value: SandboxOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  assign('seed', num('seed', values.seed));
  assign('members', num('members', values.members));
  assign('months', num('months', values.months));
  assign('today', values.today);
  const style = values['card-style'];
  if (style !== undefined && !(CARD_STYLE_NAMES as string[]).includes(style))
    throw new Error(`--card-style must be one of ${CARD_STYLE_NAMES.join(', ')}`);
  assign('cardStyle', style as CardStyleName | undefined);
  assign('dbFile', values.db);
  assign('username', values.user);
  assign('branchKey', values['branch-key']);
  assign('adminKey', values['admin-key']);
  if (Object.keys(lenient).length > 0) options.lenient = lenient;
  assign('network', networkOptions(values));

  const [command, ...rest] = positionals;
  if (
    rest.length > 0 ||
    (command !== undefined &&
      command !== 'statement' &&
      command !== 'serve' &&
      command !== 'return-file' &&
      command !== 'acquirer-file')
  ) {
    throw new Error(`unknown command '${positionals.join(' ')}'`);
  }
  if (command === 'acquirer-file') {
    if (!values.from || !values.to) throw new Error('acquirer-file needs --from and --to (YYYY-MM-DD)');
    const format = values.format;
    const known = ACQUIRER_FORMATS.find((f) => f === format);
    if (known === undefined) throw new Error(`--format must be one of ${ACQUIRER_FORMATS.join(', ')}`);
    const acquirerFormat: AcquirerFormat = known;
    return {
      kind: 'acquirer-file',
      options,
      acquirerFile: {
        bankAccountId: num('account', values.account) ?? 2,
        from: values.from,
        to: values.to,
        format: acquirerFormat,
        ...(values.out !== undefined ? { out: values.out } : {}),
      },
    };
  }
  if (command === 'return-file') {
    if (!values.from || !values.to) throw new Error('return-file needs --from and --to (YYYY-MM-DD)');
    const layout = values.layout;
    if (layout !== undefined && layout !== '240' && layout !== '400')
      throw new Error('--layout must be 240 or 400');
    const seu = values['seu-numero'] ?? 'id';
    if (seu !== 'id' && seu !== 'blank') throw new Error('--seu-numero must be id or blank');
    return {
      kind: 'return-file',
      options,
      returnFile: {
        bankAccountId: num('account', values.account) ?? 1,
        from: values.from,
        to: values.to,
        ...(layout !== undefined ? { layout } : {}),
        seuNumero: seu === 'id' ? 'receivable-id' : 'blank',
        ...(values.strip ? { stripTrailingSpaces: true } : {}),
        ...(values.out !== undefined ? { out: values.out } : {}),
      },
    };
  }
  if (command !== 'statement') return { kind: 'serve', options };

  const format = values.format ?? 'ofx';
  if (format !== 'ofx' && format !== 'csv' && format !== 'xlsx')
    throw new Error('--format must be ofx, csv or xlsx');
  const noise = values.noise ?? 'default';
  if (noise !== 'low' && noise !== 'default' && noise !== 'high')
    throw new Error('--noise must be low, default or high');
  if (!values.from || !values.to) throw new Error('statement needs --from and --to (YYYY-MM-DD)');
  const statementSeed = num('statement-seed', values['statement-seed']);
  const lumps = values['boleto-lumps'];
  if (lumps !== undefined && lumps !== 'some' && lumps !== 'all')
    throw new Error('--boleto-lumps must be some or all');
  return {
    kind: 'statement',
    options,
    statement: {
      bankAccountId: num('account', values.account) ?? 1,
      from: values.from,
      to: values.to,
      format,
      noise,
      ...(statementSeed !== undefined ? { seed: statementSeed } : {}),
      ...(values.out !== undefined ? { out: values.out } : {}),
      ...(lumps !== undefined ? { boletoLumps: lumps } : {}),
    },
  };
}
