/** English texts of `help` (help.pt-BR.ts). */
export const helpEn = {
  title: 'Help',
  intro:
    'How Quita runs on this computer, the shortcuts of Reconcile and what to do when something goes wrong.',
  about: {
    title: 'About Quita',
    version: 'Version',
    mode: 'How it is running',
    modes: {
      desktop: 'Desktop app installed on this computer.',
      browser: 'In the browser: Quita runs on this computer and shows in this tab.',
      cli: 'From the command line (terminal).',
      server: 'Office server: Quita runs on an office computer, and each person signs in as themselves.',
    },
    dataDir: 'Data folder',
    dataDirNote: 'Each branch’s database, the backups and the settings.',
    logFile: 'Log file',
    logFileNote: 'When Quita tells you about a failure in one sentence, its details are kept in this file.',
    keys: 'Access keys',
    protection: {
      os: 'The integration keys kept here are in the operating system’s password vault, protected by this user’s login.',
      passphrase:
        'The integration keys kept here are encrypted with a passphrase set when Quita was installed; without it they cannot be read.',
      keyfile:
        'The integration keys kept here are encrypted with a key file that belongs to this computer user.',
    },
    protectionWarning: {
      os: 'Warning: this computer has no system password vault, so the keys are only disguised on disk. Ask whoever supports Quita to protect them better.',
      keyfile:
        'Warning: anyone who signs in to this computer as this user can use the key file. Whoever supports Quita can protect the keys with a passphrase.',
    },
    copy: 'Copy path',
    copyDataDir: 'Copy path of the data folder',
    copyLogFile: 'Copy path of the log file',
    copied: 'Path copied.',
    copyFailed: 'Could not copy: select the path and press Ctrl+C.',
  },
  shortcuts: {
    title: 'Keyboard shortcuts',
    intro:
      'In Reconcile, with the list of lines focused. There, the ? key shows these shortcuts at any time.',
  },
  reads: {
    title: 'What Quita reads',
    intro: 'Import takes three kinds of file:',
    send: 'Send marks receivables as paid in EVO only after your click or, when it is on, under the automatic send rule the branch wrote in Settings.',
  },
  trouble: {
    title: 'When something goes wrong',
    say: 'The message on the screen says, in one sentence, what happened and what to do: start there.',
    log: 'If the problem persists, send the log file (above) to whoever supports your branch’s Quita: the details are in it.',
    backups: 'Quita backs up the database every day; to go back to a backup, use Backups in Settings.',
    once: 'Nothing is sent to EVO twice: trying a failed send again is safe.',
  },
};
