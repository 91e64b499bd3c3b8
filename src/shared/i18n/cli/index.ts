import { cliBranchesEn } from './branches.en';
import { cliBranchesPtBR } from './branches.pt-BR';
import { cliDataEn } from './data.en';
import { cliDataPtBR } from './data.pt-BR';
import { cliFlowEn } from './flow.en';
import { cliFlowPtBR } from './flow.pt-BR';
import { cliMainEn } from './main.en';
import { cliMigrateEn } from './migrate.en';
import { cliMigratePtBR } from './migrate.pt-BR';
import { cliMainPtBR } from './main.pt-BR';
import { cliRunEn } from './run.en';
import { cliRunPtBR } from './run.pt-BR';
import { cliRemoteEn } from './remote.en';
import { cliRemotePtBR } from './remote.pt-BR';
import { cliServerEn } from './server.en';
import { cliServerPtBR } from './server.pt-BR';
import { cliUsersEn } from './users.en';
import { cliUsersPtBR } from './users.pt-BR';

/**
 * The `quita` command's own texts (`cli.*` in the catalogue), one file per group of commands. Each command has
 * `cli.<name>.summary` (one line in `quita --help`) and `cli.<name>.help` (its `--help`); the rest is its own.
 */
export const cliPtBR = {
  ...cliMainPtBR,
  ...cliDataPtBR,
  ...cliFlowPtBR,
  ...cliRunPtBR,
  ...cliBranchesPtBR,
  ...cliServerPtBR,
  ...cliUsersPtBR,
  ...cliRemotePtBR,
  ...cliMigratePtBR,
};
export const cliEn: typeof cliPtBR = {
  ...cliMainEn,
  ...cliDataEn,
  ...cliFlowEn,
  ...cliRunEn,
  ...cliBranchesEn,
  ...cliServerEn,
  ...cliUsersEn,
  ...cliRemoteEn,
  ...cliMigrateEn,
};
