import type { AccountPlaceDto, BranchDto, BranchesViewDto } from '../../shared/contract/branches';
import type { Say } from '../i18n';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';
import { checkInput, choiceOf } from './words';

/** The actions' names: the clerk's Portuguese words, and English ones for scripts and `--lang en`. */
const ACTIONS = {
  nomear: ['name', 'renomear', 'rename'],
  conciliar: ['reconcile', 'choose', 'escolher'],
  ignorar: ['ignore', 'unchoose'],
  adicionar: ['add'],
  conta: ['account'],
} as const;

/** `conta`'s last word when it is not a branch number. */
const PLACES = {
  network: ['rede', 'central', 'conta central'],
  clear: ['desfazer', 'undo', 'limpar'],
} as const;

/** A branch as the screens name it: the office's name, or "Unidade 12". */
export const branchName = (say: Say, b: Pick<BranchDto, 'id' | 'name'>): string =>
  b.name ?? say.t('branches.unnamed', { id: b.id });

/** "da unidade Centro (definida pela API)", "da rede (conta central) (…)", "ainda não sabemos de qual unidade". */
export function placeText(say: Say, view: Pick<BranchesViewDto, 'branches'>, a: AccountPlaceDto): string {
  if (!a.placed) return say.t('branches.place.unknown');
  const b = view.branches.find((x) => x.id === a.branchId);
  const place =
    a.branchId === null
      ? say.t('branches.place.network')
      : b?.name
        ? say.t('branches.place.branch', { name: b.name })
        : say.t('branches.place.branchNumber', { id: a.branchId });
  return a.source
    ? say.t('branches.place.said', { place, by: say.t(`branches.place.by.${a.source}`) })
    : place;
}

/** A positive whole number typed by the clerk, or bad usage naming what it was meant to be. */
function positive(say: Say, value: string | undefined, key: 'badId' | 'badAccount'): number {
  const n = value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)
    throw new UsageError(say.t(`cli.branches.${key}`, { value: value ?? '' }));
  return n;
}

function listText(say: Say, view: BranchesViewDto): string {
  if (view.branches.length === 0) return say.t('cli.branches.empty');
  const c = (k: string) => say.t(`cli.branches.col.${k}`);
  const rows = view.branches.map((b) => [
    String(b.id),
    branchName(say, b),
    say.t(b.chosen ? 'cli.branches.yes' : 'cli.branches.no'),
    say.n(b.openReceivables),
    say.n(b.accounts),
  ]);
  const head = [c('id'), c('name'), c('chosen'), c('open'), c('accounts')];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Numbers to the right, words to the left, as a spreadsheet shows them.
  const right = [true, false, false, true, true];
  const line = (r: string[]) =>
    r
      .map((cell, i) => (right[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const chosen = view.branches.filter((b) => b.chosen).length;
  const out = [
    say.t('branches.summary', {
      branches: say.t('branches.count', { count: view.branches.length }),
      chosen: say.t('branches.chosenCount', { count: chosen }),
    }),
    '',
    line(head),
    ...rows.map(line),
    '',
  ];
  if (view.accounts.length === 0) out.push(say.t('cli.branches.noAccounts'));
  else {
    out.push(say.t('cli.branches.accountsTitle'));
    const idWidth = Math.max(...view.accounts.map((a) => String(a.accountId).length));
    for (const a of view.accounts) {
      const account = a.inactive
        ? `${a.description} (${say.t('branches.accounts.inactive')})`
        : a.description;
      out.push(
        `  ${say.t('cli.branches.accountLine', {
          id: String(a.accountId).padStart(idWidth),
          account,
          place: placeText(say, view, a),
        })}`,
      );
    }
  }
  return out.join('\n');
}

/**
 * `quita branches`: the branches of a network connection (Configurações → Unidades at the command line). Without an
 * action it lists them and the accounts' places; each action changes one thing and says it in the screen's words.
 */
export const branchesCommand: Subcommand = {
  name: 'branches',
  options: {},
  async run(_v, positionals, core, { say }) {
    const [word, ...args] = positionals;
    if (word === undefined) {
      const view = await runCommand(core, 'branches.list', {});
      return { json: view, text: listText(say, view) };
    }
    const action = choiceOf(word, ACTIONS);
    if (!action) throw new UsageError(say.t('cli.branches.badAction', { action: word }));
    if (args.length === 0 || (action === 'conta' && args.length < 2))
      throw new UsageError(say.t(`cli.branches.missing.${action}`));
    const name = (from: number) => {
      const text = args.slice(from).join(' ').trim();
      return text === '' ? null : text;
    };
    const nameSentence = { name: () => say.t('cli.branches.longName') };

    if (action === 'nomear') {
      const id = positive(say, args[0], 'badId');
      if (args.length < 2) throw new UsageError(say.t('cli.branches.missing.nomear'));
      const input = { id, name: name(1) };
      checkInput('branches.update', input, nameSentence);
      const view = await runCommand(core, 'branches.update', input);
      return {
        json: view,
        text:
          input.name === null
            ? say.t('branches.nameCleared', { id })
            : say.t('branches.renamed', { name: input.name }),
      };
    }
    if (action === 'conciliar' || action === 'ignorar') {
      if (args.length > 1) throw new UsageError(say.t('cli.errors.unexpectedArgument', { value: args[1] }));
      const id = positive(say, args[0], 'badId');
      const chosen = action === 'conciliar';
      const view = await runCommand(core, 'branches.update', { id, chosen });
      const b = view.branches.find((x) => x.id === id);
      return {
        json: view,
        text: say.t(chosen ? 'branches.chosenOn' : 'branches.chosenOff', {
          name: b ? branchName(say, b) : say.t('branches.unnamed', { id }),
        }),
      };
    }
    if (action === 'adicionar') {
      const id = positive(say, args[0], 'badId');
      const given = name(1);
      const input = { id, ...(given !== null ? { name: given } : {}) };
      checkInput('branches.add', input, nameSentence);
      const view = await runCommand(core, 'branches.add', input);
      return {
        json: view,
        text: say.t('branches.add.added', { name: given ?? say.t('branches.unnamed', { id }) }),
      };
    }
    // conta <conta> <unidade|rede|desfazer>
    if (args.length > 2) throw new UsageError(say.t('cli.errors.unexpectedArgument', { value: args[2] }));
    const accountId = positive(say, args[0], 'badAccount');
    const where = args[1]!;
    const place = /^\d+$/.test(where.trim()) ? null : choiceOf(where, PLACES, { exactKeys: false });
    if (place === undefined) throw new UsageError(say.t('cli.branches.badPlace', { value: where }));
    const input =
      place === 'clear'
        ? { accountId, clear: true }
        : { accountId, branchId: place === 'network' ? null : positive(say, where, 'badId') };
    const view = await runCommand(core, 'branches.placeAccount', input);
    const a = view.accounts.find((x) => x.accountId === accountId);
    const account = a?.description ?? String(accountId);
    return {
      json: view,
      text:
        place === 'clear' || !a
          ? say.t('branches.accounts.cleared', { account })
          : say.t('branches.accounts.moved', { account, place: placeText(say, view, a) }),
    };
  },
};
