import { COMMAND_NAMES, commands } from '../../shared/contract';
import { LOCALES, THEMES, type Locale, type Theme } from '../../shared/constants';
import { runCommand } from '../run-command';
import { UsageError, type Subcommand } from '../types';

export const infoCommand: Subcommand = {
  name: 'info',
  options: {},
  async run(_v, _p, core, { say }) {
    const info = await runCommand(core, 'app.info', {});
    const lines = [
      say.t('cli.info.version', { version: info.version }),
      say.t('cli.info.dataDir', { path: info.dataDir }),
      say.t('cli.info.log', { path: core.logFile }),
      say.t('cli.info.keys', { scheme: say.t(`help.about.protection.${info.secretProtection.scheme}`) }),
    ];
    // As Ajuda says it: a passphrase is what it says; the other two warn when they are weaker than assumed.
    const { scheme, warning } = info.secretProtection;
    if (warning && scheme !== 'passphrase')
      lines.push(say.t('cli.info.warning', { warning: say.t(`help.about.protectionWarning.${scheme}`) }));
    return { json: info, text: lines.join('\n') };
  },
};

/** For integrations: the core's command names and their summaries, as the contract states them (technical). */
export const commandsCommand: Subcommand = {
  name: 'commands',
  developer: true,
  options: {},
  async run() {
    const list = COMMAND_NAMES.map((name) => ({ name, summary: commands[name].summary }));
    // The names' column as wide as the longest name (branches.placeAccount is 21 characters).
    const width = Math.max(...list.map((c) => c.name.length));
    return { json: list, text: list.map((c) => `${c.name.padEnd(width)} ${c.summary}`).join('\n') };
  },
};

export const settingsCommand: Subcommand = {
  name: 'settings',
  options: { locale: { type: 'string' }, theme: { type: 'string' } },
  async run(values, _p, core, { say }) {
    const patch: { locale?: Locale; theme?: Theme } = {};
    if (values.locale !== undefined) {
      const locale = LOCALES.find((l) => l.toLowerCase() === String(values.locale).toLowerCase());
      if (!locale) throw new UsageError(say.t('cli.settings.badLocale'));
      patch.locale = locale;
    }
    if (values.theme !== undefined) {
      const theme = THEMES.find((t) => t === values.theme);
      if (!theme) throw new UsageError(say.t('cli.settings.badTheme'));
      patch.theme = theme;
    }
    const settings = Object.keys(patch).length
      ? await runCommand(core, 'settings.update', patch)
      : await runCommand(core, 'settings.get', {});
    const profile = settings.activeProfileId
      ? (await runCommand(core, 'profiles.list', {})).profiles.find((p) => p.id === settings.activeProfileId)
      : undefined;
    return {
      json: settings,
      text: [
        say.t('cli.settings.locale', { value: say.t(`languages.${settings.locale}`) }),
        say.t('cli.settings.theme', { value: say.t(`cli.settings.themes.${settings.theme}`) }),
        say.t('cli.settings.profile', { value: profile?.name ?? say.t('cli.settings.noProfile') }),
      ].join('\n'),
    };
  },
};

export const profilesCommand: Subcommand = {
  name: 'profiles',
  options: {},
  async run(_v, _p, core, { say }) {
    const { profiles, activeProfileId } = await runCommand(core, 'profiles.list', {});
    const text = profiles.length
      ? profiles
          .map((p) =>
            say.t('cli.profiles.line', {
              mark: p.id === activeProfileId ? '*' : ' ',
              name: p.name,
              username: p.username,
              host: p.baseUrl,
              kind: say.t(`cli.profiles.kind.${p.keyKind}`),
              noKey: p.hasSecret ? '' : say.t('cli.profiles.noKey'),
            }),
          )
          .join('\n')
      : say.t('cli.profiles.none');
    return { json: { profiles, activeProfileId }, text };
  },
};
