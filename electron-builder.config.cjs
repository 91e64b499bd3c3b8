// Quita's installers ([O]): electron-builder reads this file through `npm run package` (scripts/package.mjs).
// Windows: a per-user NSIS installer (no administrator rights, Start-menu entry, Portuguese) and a portable
// .exe; Linux: AppImage and .deb. Build, signing and the update feed: docs/packaging.md.
// tests/unit/packaging.test.ts reads this object and checks what the ASAR will hold.

/**
 * Production dependencies the packaged app never loads: the renderer's libraries are bundled into
 * out/renderer by Vite (i18next is not among them: the main process words exported reports and the shell's
 * sentences from the same catalogue), and tsx (with esbuild and TypeScript, which i18next lists as an optional
 * peer) serves only the `quita` command line, which is not part of the desktop package. Everything else in the production
 * closure goes into the ASAR as electron-builder collects it.
 */
const NOT_LOADED_BY_THE_APP = [
  'react',
  'react-dom',
  'scheduler',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  'use-sync-external-store',
  '@babel/runtime',
  'tsx',
  'esbuild',
  '@esbuild',
  'typescript',
];

/** @type {import('electron-builder').Configuration} */
module.exports = {
  appId: 'br.quita.app',
  productName: 'Quita',
  copyright: 'Copyright © Quita',
  directories: { output: 'dist', buildResources: 'resources' },
  // The .deb needs a homepage and a maintainer (package.json has neither): the repository's page on the CI,
  // QUITA_HOMEPAGE if given, a placeholder otherwise.
  extraMetadata: {
    homepage:
      process.env.QUITA_HOMEPAGE ||
      (process.env.GITHUB_REPOSITORY
        ? `${process.env.GITHUB_SERVER_URL || 'https://github.com'}/${process.env.GITHUB_REPOSITORY}`
        : 'https://quita.invalid/'),
    author: { name: 'Quita', email: 'suporte@quita.invalid' },
    // Linux desktops match the running window to quita.desktop through this name (Electron's app_id).
    desktopName: 'quita.desktop',
  },

  // Only the built app and package.json (its `main` is out/main/index.js); electron-builder adds the
  // production dependencies itself, filtered by the same patterns.
  files: [
    'out/main/**',
    'out/preload/**',
    'out/renderer/**',
    'package.json',
    '!**/*.map',
    ...NOT_LOADED_BY_THE_APP.map((name) => `!node_modules/${name}{,/**}`),
    // better-sqlite3's sources and build leftovers: only the compiled .node is loaded.
    '!node_modules/better-sqlite3/{deps,src,docs}{,/**}',
    '!node_modules/better-sqlite3/build/{deps,Release/obj,Release/obj.target,Release/.deps}{,/**}',
    '!node_modules/better-sqlite3/build/Release/test_extension.node',
    '!node_modules/**/{README,readme,CHANGELOG,changelog,HISTORY,History}{,.md,.markdown,.txt}',
  ],
  asar: true,
  // A native module cannot be loaded from inside the ASAR: Electron maps it to app.asar.unpacked/.
  asarUnpack: ['node_modules/better-sqlite3/**/*.node'],

  // better-sqlite3 is compiled against Electron's headers (its ABI is not Node's), from source so it does not
  // depend on a prebuilt binary existing for this Electron version (needs python3 and a C++ compiler).
  npmRebuild: true,
  buildDependenciesFromSource: true,
  nodeGypRebuild: false,

  // The security fuses ([N] item 8): RunAsNode, NODE_OPTIONS and --inspect off, ASAR integrity and
  // only-load-from-ASAR on. Flipped in the packaged binary before it is signed and wrapped in an installer.
  afterPack: 'scripts/electron-fuses.mjs',

  fileAssociations: [
    {
      ext: 'ofx',
      name: 'Extrato OFX',
      description: 'Extrato bancário (OFX)',
      mimeType: 'application/x-ofx',
      role: 'Viewer',
    },
  ],

  // electron-updater's feed. The URL is set per installation in Configurações (a branch network may host its
  // own); this one only shapes the generated latest.yml / latest-linux.yml and is never contacted.
  publish: [{ provider: 'generic', url: 'https://atualizacoes.quita.invalid/', channel: 'latest' }],

  win: {
    target: [
      { target: 'nsis', arch: ['x64'] },
      { target: 'portable', arch: ['x64'] },
    ],
    icon: 'resources/icon.ico',
    // Code signing is optional: electron-builder signs the exe, the installer and the uninstaller when a
    // certificate is given in the environment (WIN_CSC_LINK + WIN_CSC_KEY_PASSWORD, or CSC_LINK +
    // CSC_KEY_PASSWORD: a .pfx path, https URL or base64), and builds unsigned otherwise. Set
    // `publisherName` here once signed builds exist, so electron-updater checks the updates' signature too.
    signAndEditExecutable: true,
  },
  nsis: {
    // One click, for this user only: no page asks "for me or for everyone" (the assisted installer's would, and
    // "everyone" needs an administrator); installs in %LOCALAPPDATA%\Programs\quita and starts Quita.
    oneClick: true,
    perMachine: false,
    allowElevation: false,
    allowToChangeInstallationDirectory: false,
    createStartMenuShortcut: true,
    createDesktopShortcut: true,
    shortcutName: 'Quita',
    menuCategory: false,
    installerLanguages: ['pt_BR'],
    language: '1046',
    // Uninstalling keeps the data folder (%APPDATA%\Quita): the branch's databases and backups.
    deleteAppDataOnUninstall: false,
    runAfterFinish: true,
    artifactName: 'Quita-Setup-${version}.${ext}',
  },
  portable: {
    artifactName: 'Quita-${version}-portable.${ext}',
  },
  linux: {
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
    icon: 'resources/icon.png',
    category: 'Office',
    executableName: 'quita',
    syncDesktopName: true,
    maintainer: 'Quita <suporte@quita.invalid>',
    synopsis: 'Conciliação de extratos bancários com os recebíveis da academia',
  },
  appImage: { artifactName: 'Quita-${version}-${arch}.${ext}' },
  deb: { artifactName: 'quita_${version}_${arch}.${ext}' },
};
