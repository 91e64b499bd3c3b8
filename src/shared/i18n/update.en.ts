/** Texts of Settings → Updates (mounted under `update`). */
export const updateEn = {
  title: 'Updates',
  version: 'Installed version: {{version}}',
  explain:
    'Quita looks for a new version when it opens and once a day, downloads it in the background and asks before installing: it is installed when you close Quita.',
  feed: 'Update address',
  feedHelp:
    'Given by your network or support. It must start with https:// and contain no user name or password.',
  placeholder: 'https://updates.example.com/quita/',
  save: 'Save address',
  clear: 'Remove address',
  check: 'Check now',
  saved: 'Address saved.',
  cleared: 'Address removed: Quita does not look for updates.',
  lastCheck: 'Last check: {{when}}',
  state: {
    not_configured: 'No update address is set for this installation.',
    idle: 'Waiting for the next check.',
    checking: 'Looking for a new version…',
    up_to_date: 'Quita is up to date.',
    downloading: 'Downloading version {{available}}… {{percent}}%',
    downloaded: 'Version {{available}} has been downloaded.',
    error: 'The last check did not work.',
  },
  downloaded: {
    onQuit: 'It will be installed when you close Quita.',
    later: 'You chose not to install it now; Quita will ask again the next time it opens.',
  },
  error: {
    offline: 'The update address cannot be reached. Quita tries again tomorrow or when you ask.',
    feed: 'This address does not hold Quita’s updates (no latest.yml found). Check the address.',
    download: 'The update’s download failed or arrived damaged; it will be tried again.',
    unknown: 'Unexpected error; the details are in Quita’s log.',
  },
  unsupported: {
    browser: 'In browser mode Quita does not update itself: update the installation that serves it.',
    cli: 'The command line does not update itself.',
    development: 'This copy of Quita was not installed by an installer, so it does not update itself.',
    portable:
      'The portable version does not update itself: download the new .exe when there is a new version.',
    linux_package: 'Installed from a .deb package: update it by installing the new package.',
  },
  errors: {
    feed_invalid: 'This address is not valid.',
    feed_https: 'The address must start with https://.',
    feed_credentials: 'The address must not contain a user name or password.',
    feed_query: 'The address must be a folder, without ? or #.',
  },
};
