import type { FuseV1Config } from '@electron/fuses';

/** Types of electron-fuses.mjs (a plain ES module so electron-builder can load it without a build step). */
export declare const QUITA_FUSES: FuseV1Config;
export interface AfterPackContext {
  appOutDir: string;
  electronPlatformName: string;
  packager: { executableName: string; appInfo: { productFilename: string } };
}
export declare function electronBinary(context: AfterPackContext): string;
export default function afterPack(context: AfterPackContext): Promise<void>;
