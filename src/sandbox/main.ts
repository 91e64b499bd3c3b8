import { writeFileSync } from 'node:fs';
import { parseCliArgs, USAGE, type CliCommand } from './cli-args';
import { generateSandboxData } from './data/generate';
import { loadSnapshot } from './state/snapshot';
import { writeReturnFile } from './statement/return-file';
import { writeAcquirerFile } from './acquirer-files';
import { writeStatement } from './statement/write';
import { startSandbox } from './index';

async function serve(cmd: Extract<CliCommand, { kind: 'serve' }>): Promise<void> {
  const sb = await startSandbox(cmd.options);
  const d = sb.data;
  const rl = cmd.options.rateLimit;
  const faults = cmd.options.faults ?? {};
  console.log(`Quita sandbox (EVO integration API) listening on ${sb.url}`);
  console.log(`  user (DNS name): ${sb.username}`);
  console.log(`  branch key:      ${sb.branchKey}`);
  console.log(`  admin key:       ${sb.adminKey}`);
  console.log(
    `  data: seed ${d.seed}, ${d.members} members, ${d.months} months up to ${d.today}: ` +
      `${d.receivables.length} receivables, ${d.bankAccounts.length} bank accounts` +
      (d.network ? ` in ${d.branches.length} branches` : '') +
      (cmd.options.dbFile ? ` (db ${cmd.options.dbFile})` : ''),
  );
  console.log(
    `  rate limit: ${rl === false || rl === undefined ? 'off' : `${rl.perSecond}/s, ${rl.perMinute}/min per IP`}`,
  );
  console.log(`  faults: ${Object.keys(faults).length ? JSON.stringify(faults) : 'none'}`);
  if (d.network) {
    const n = d.network;
    console.log(
      `  network: ${n.branches} branches x ${n.membersPerBranch} members, idBranch ${n.idBranch}, ` +
        `admin without idBranch: ${n.adminWithoutBranch}, branch key = branch ${n.branchKeyBranch}, ` +
        `central account ${n.centralAccount ? 'yes' : 'no'}, cross-branch ${n.crossBranchRate}`,
    );
  }
  const lenient = cmd.options.lenient ?? {};
  console.log(`  lenient: ${Object.keys(lenient).length ? JSON.stringify(lenient) : 'none (strict)'}`);
  console.log(`  try: curl -u '${sb.username}:${sb.branchKey}' ${sb.url}/api/v1/bank-accounts`);
  console.log('Ctrl-C to stop.');
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping sandbox...`);
    sb.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

function statement(cmd: Extract<CliCommand, { kind: 'statement' }>): void {
  const snapshot = cmd.options.dbFile ? loadSnapshot(cmd.options.dbFile) : null;
  const data = generateSandboxData(snapshot?.params ?? cmd.options);
  const { out, ...opts } = cmd.statement;
  const file = writeStatement(data, opts);
  const path = out ?? file.fileName;
  writeFileSync(path, file.bytes);
  writeFileSync(`${path}.truth.json`, `${JSON.stringify(file.groundTruth, null, 2)}\n`);
  const paying = file.groundTruth.lines.filter((l) => l.receivableIds.length > 0).length;
  console.log(
    `wrote ${path} (${file.bytes.length} bytes, ${file.groundTruth.lines.length} lines, ${paying} paying receivables)`,
  );
  console.log(`wrote ${path}.truth.json`);
}

function returnFile(cmd: Extract<CliCommand, { kind: 'return-file' }>): void {
  const snapshot = cmd.options.dbFile ? loadSnapshot(cmd.options.dbFile) : null;
  const data = generateSandboxData(snapshot?.params ?? cmd.options);
  const { out, ...opts } = cmd.returnFile;
  const file = writeReturnFile(data, opts);
  const path = out ?? file.fileName;
  writeFileSync(path, file.bytes);
  writeFileSync(`${path}.truth.json`, `${JSON.stringify(file.groundTruth, null, 2)}\n`);
  const settled = file.groundTruth.titles.filter((t) => t.settlement).length;
  console.log(
    `wrote ${path} (CNAB ${file.groundTruth.layout}, bank ${file.groundTruth.bankCode}, ${file.groundTruth.titles.length} titles, ${settled} settlements)`,
  );
  console.log(`wrote ${path}.truth.json`);
}

function acquirerFile(cmd: Extract<CliCommand, { kind: 'acquirer-file' }>): void {
  const snapshot = cmd.options.dbFile ? loadSnapshot(cmd.options.dbFile) : null;
  const data = generateSandboxData(snapshot?.params ?? cmd.options);
  const { out, ...opts } = cmd.acquirerFile;
  const file = writeAcquirerFile(data, opts);
  const path = out ?? file.fileName;
  writeFileSync(path, file.bytes);
  writeFileSync(`${path}.truth.json`, `${JSON.stringify(file.groundTruth, null, 2)}\n`);
  const sales = file.groundTruth.batches.reduce((n, b) => n + b.receivableIds.length, 0);
  console.log(
    `wrote ${path} (${file.groundTruth.format}, ${file.groundTruth.acquirer}, ${file.groundTruth.batches.length} payment batches, ${sales} sales)`,
  );
  console.log(`wrote ${path}.truth.json`);
}

async function main(): Promise<void> {
  let cmd: CliCommand;
  try {
    cmd = parseCliArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`sandbox: ${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  }
  if (cmd.kind === 'help') console.log(USAGE);
  else if (cmd.kind === 'statement') statement(cmd);
  else if (cmd.kind === 'return-file') returnFile(cmd);
  else if (cmd.kind === 'acquirer-file') acquirerFile(cmd);
  else await serve(cmd);
}

main().catch((err: unknown) => {
  console.error(`sandbox: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
