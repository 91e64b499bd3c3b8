import { closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { writeFileAtomic } from '../fs-atomic';

/**
 * The intake folder on disk: which files are whole and ready, and where they go afterwards. A file is read only
 * when nothing is writing it — and a reader cannot ask a writer, so this is judged from outside:
 * - names writers use while a file is unfinished are never read: `.part`, `.partial`, `.tmp`, `.temp`,
 *   `.crdownload`, `.download`, `.filepart` (WinSCP), `.!ut`, Office's `~$…` owner files and LibreOffice's
 *   `.~lock.…#`, and any hidden file (a leading dot: rsync's and many transfer tools' temporary names);
 * - an empty file is not ready (a writer creates the file before it writes the first byte);
 * - size, modification time and file identity must be the same at two looks separated by a pause (`settle`):
 *   a writer still appending changes at least one of them;
 * - on Windows a writer usually holds the file open without sharing writes: opening it for writing fails
 *   (EBUSY / EPERM / EACCES), and such a file is left for the next look. Elsewhere nothing stops a writer that
 *   pauses longer than the settle time between writes: the bank's software and e-mail rules are assumed to write
 *   to a temporary name and rename, or to write in one go (docs/automation.md).
 */

export const IMPORTED_DIR = 'importados';
export const REFUSED_DIR = 'recusados';
export const REASON_SUFFIX = '.motivo.txt';

const TEMP_EXTENSIONS = new Set([
  '.part',
  '.partial',
  '.tmp',
  '.temp',
  '.crdownload',
  '.download',
  '.filepart',
  '.!ut',
  '.lock',
]);

/** A name a writer uses while the file is unfinished, or one of ours. */
export function isIgnoredName(name: string): boolean {
  if (name.startsWith('.') || name.startsWith('~$') || name.startsWith('.~lock.')) return true;
  if (name.endsWith(REASON_SUFFIX)) return true;
  return TEMP_EXTENSIONS.has(extname(name).toLowerCase());
}

export interface Look {
  size: number;
  mtimeMs: number;
  ino: number;
}

export function ensureIntakeFolders(folder: string): void {
  mkdirSync(join(folder, IMPORTED_DIR), { recursive: true });
  mkdirSync(join(folder, REFUSED_DIR), { recursive: true });
}

/** The regular files directly in the folder that are candidates, with their size, time and identity now. */
export function lookAtFolder(folder: string): Map<string, Look> {
  const out = new Map<string, Look>();
  for (const name of readdirSync(folder).sort()) {
    if (isIgnoredName(name)) continue;
    try {
      const st = statSync(join(folder, name));
      if (!st.isFile() || st.size === 0) continue;
      out.set(name, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino });
    } catch {
      // Gone or renamed between the listing and the look: its writer is still at work.
    }
  }
  return out;
}

const same = (a: Look, b: Look) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/** Files unchanged between the two looks (and, on Windows, not held open by a writer). */
export function stableFiles(
  folder: string,
  first: Map<string, Look>,
  second: Map<string, Look>,
  platform: NodeJS.Platform = process.platform,
): string[] {
  const ready: string[] = [];
  for (const [name, look] of second) {
    const before = first.get(name);
    if (!before || !same(before, look)) continue;
    if (platform === 'win32' && heldByWriter(join(folder, name))) continue;
    ready.push(name);
  }
  return ready;
}

function heldByWriter(path: string): boolean {
  try {
    closeSync(openSync(path, 'r+'));
    return false;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'EBUSY' || code === 'EPERM' || code === 'EACCES';
  }
}

/** A free name in `dir` for `name`: `extrato.ofx`, then `extrato (2).ofx`… (earlier files are never replaced). */
function freeName(dir: string, name: string): string {
  const ext = extname(name);
  const stem = basename(name, ext);
  let candidate = name;
  for (let n = 2; existsSync(join(dir, candidate)) || existsSync(join(dir, candidate + REASON_SUFFIX)); n++)
    candidate = `${stem} (${n})${ext}`;
  return candidate;
}

/** Move a handled file into `importados/` or `recusados/`; returns its new path. */
export function moveHandled(
  folder: string,
  name: string,
  to: typeof IMPORTED_DIR | typeof REFUSED_DIR,
): string {
  const dir = join(folder, to);
  mkdirSync(dir, { recursive: true });
  const dest = join(dir, freeName(dir, name));
  renameSync(join(folder, name), dest);
  return dest;
}

/** The refusal sentence beside a refused file, as `<file>.motivo.txt` (UTF-8 with BOM, so Notepad reads it right). */
export function writeReason(movedTo: string, sentence: string): void {
  writeFileAtomic(`${movedTo}${REASON_SUFFIX}`, `\uFEFF${sentence}\r\n`);
}
