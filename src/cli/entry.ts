import { runCli } from './main';
import { lineWriter } from './output';

// A write that fails for another reason than a closed pipe: say it once where it can still be read, exit 1.
const stderr = lineWriter(process.stderr, () => {
  process.exitCode = 1;
});
const stdout = lineWriter(process.stdout, (e) => {
  stderr(`quita: cannot write the output (${e.code ?? e.message})`);
  process.exitCode = 1;
});

const code = await runCli(process.argv.slice(2), {
  stdout,
  stderr,
  env: process.env,
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
});
// A write failure reported before the command ended keeps its 1.
process.exitCode = process.exitCode || code;
