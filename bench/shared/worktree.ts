/**
 * A detached worktree of another commit for a bench that runs two commits side by side (bench:compare,
 * bench/conciliar): it shares this checkout's node_modules, and the bench's own files (paths under bench/, taken
 * from this checkout) are copied in, so the old commit runs today's measuring code on its own product code.
 */
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bench = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(bench, '..');

export const shortSha = (rev: string) =>
  execFileSync('git', ['rev-parse', '--short', rev], { cwd: root, encoding: 'utf8' }).trim();

/** `tree`: where to put it (an old one there is removed first); `files`: under bench/, e.g. 'compare/probe.ts'. */
export function addWorktree(
  sha: string,
  tree: string,
  files: string[],
): { tree: string; remove: () => void } {
  const remove = () => execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
  if (existsSync(tree)) remove();
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', tree, sha], { cwd: root });
  if (!existsSync(join(tree, 'node_modules')))
    symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
  for (const f of files) {
    mkdirSync(dirname(join(tree, 'bench', f)), { recursive: true });
    copyFileSync(join(bench, f), join(tree, 'bench', f));
  }
  return { tree, remove };
}
