// Electron's security fuses for the packaged app ([N] item 8), flipped in the binary at packaging time.
// electron-builder runs `afterPack` (configured in [O]'s packaging config: `afterPack: "scripts/electron-fuses.mjs"`);
// `npm start` runs the unpackaged Electron, whose fuses are Electron's defaults.
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';

/** @type {import('@electron/fuses').FuseV1Config} */
export const QUITA_FUSES = {
  version: FuseVersion.V1,
  // Every fuse the packaged Electron knows must be set here on purpose: a new one fails the build instead of
  // passing with whatever default it has.
  strictlyRequireAllFuses: true,
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general Node.js interpreter.
  [FuseV1Options.RunAsNode]: false,
  // Cookies and local storage encrypted with the OS keychain's key.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS and --inspect could inject code into the main process.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // The app code is read only from app.asar, whose hash is checked against the one embedded at build time.
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // The renderer is served from app://quita/: file:// needs no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  // Electron's defaults, kept: one V8 snapshot for all processes; WebAssembly trap handlers on.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
};

/** The Electron binary electron-builder just wrote, per platform. */
export function electronBinary(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas')
    return join(appOutDir, `${packager.appInfo.productFilename}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
  return join(appOutDir, packager.executableName);
}

/** electron-builder's afterPack hook. */
export default async function afterPack(context) {
  await flipFuses(electronBinary(context), QUITA_FUSES);
}
