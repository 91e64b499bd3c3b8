import { COMMAND_NAMES, commands } from '../../shared/contract';
import { LOCALES, THEMES } from '../../shared/constants';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const infoCommand: Subcommand = {
  name: 'info',
  summary: 'Show the version, the data folder and how API keys are protected',
  usage: 'quita [--data-dir DIR] info [--json]',
  options: {},
  async run(_v, _p, core) {
    const info = await runCommand(core, 'app.info', {});
    const lines = [
      `Quita ${info.version}`,
      `Data folder: ${info.dataDir}`,
      `API keys: ${info.secretProtection.scheme}`,
    ];
    if (info.secretProtection.warning) lines.push(`Warning: ${info.secretProtection.warning}`);
    return { json: info, text: lines.join('\n') };
  },
};

export const commandsCommand: Subcommand = {
  name: 'commands',
  summary: 'List the core commands that every front door serves',
  usage: 'quita commands [--json]',
  options: {},
  async run() {
    const list = COMMAND_NAMES.map((name) => ({ name, summary: commands[name].summary }));
    return { json: list, text: list.map((c) => `${c.name.padEnd(20)} ${c.summary}`).join('\n') };
  },
};

export const settingsCommand: Subcommand = {
  name: 'settings',
  summary: 'Show or change the language and the theme',
  usage: `quita settings [--locale ${LOCALES.join('|')}] [--theme ${THEMES.join('|')}] [--json]`,
  options: { locale: { type: 'string' }, theme: { type: 'string' } },
  async run(values, _p, core) {
    const patch: Record<string, unknown> = {};
    if (values.locale !== undefined) patch.locale = values.locale;
    if (values.theme !== undefined) patch.theme = values.theme;
    const settings = Object.keys(patch).length
      ? await runCommand(core, 'settings.update', patch as never).catch((e: Error) => {
          throw new UsageError(e.message);
        })
      : await runCommand(core, 'settings.get', {});
    return {
      json: settings,
      text: [
        `locale: ${settings.locale}`,
        `theme: ${settings.theme}`,
        `active profile: ${settings.activeProfileId ?? '(none)'}`,
      ].join('\n'),
    };
  },
};

export const profilesCommand: Subcommand = {
  name: 'profiles',
  summary: 'List the connection profiles',
  usage: 'quita profiles [--json]',
  options: {},
  async run(_v, _p, core) {
    const { profiles, activeProfileId } = await runCommand(core, 'profiles.list', {});
    const text = profiles.length
      ? profiles
          .map(
            (p) =>
              `${p.id === activeProfileId ? '*' : ' '} ${p.id}  ${p.name}  ${p.username}@${p.baseUrl}  (${p.keyKind}${p.hasSecret ? '' : ', no key stored'})`,
          )
          .join('\n')
      : 'No connection profile yet.';
    return { json: { profiles, activeProfileId }, text };
  },
};
