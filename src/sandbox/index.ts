import type { AddressInfo } from 'node:net';
import { createClock } from './clock';
import { generateSandboxData, resolveGenerationParams } from './data/generate';
import type { SandboxData } from './data/model';
import { createFaultInjector } from './faults';
import type { NetworkOptions } from './data/network';
import type { GenerationParams } from './data/model';
import { createLenientSwitches } from './lenient';
import { createNetworkSwitches, type NetworkSwitch } from './network-switches';
import {
  createMarkReceivedWatch,
  type HeldMarkReceived,
  type HoldOptions,
  type MarkReceivedRecord,
} from './mark-received-hold';
import { createRng, guid } from './prng';
import { createRateLimiter, DEFAULT_RATE_LIMIT } from './rate-limit';
import { createSandboxServer } from './server';
import { loadSnapshot } from './state/snapshot';
import { createStore } from './state/store';
import { writeStatement as writeStatementFor } from './statement/write';
import type { StatementFile, StatementOptions } from './statement/types';
import type { FaultOptions, LenientOptions, SandboxOptions } from './types';

export type {
  HeldMarkReceived,
  HoldOptions,
  MarkReceivedOutcome,
  MarkReceivedRecord,
} from './mark-received-hold';
export type {
  FaultOptions,
  IgnorableFilter,
  KeyKind,
  LenientOptions,
  MarkReceivedAnswer,
  RateLimitOptions,
  SandboxEndpoint,
  SandboxOptions,
  SandboxPermissions,
} from './types';
export type {
  GroundTruthLine,
  LineKind,
  NoiseLevel,
  StatementFile,
  StatementFormat,
  StatementGroundTruth,
  StatementOptions,
} from './statement/types';
export type { NetworkSwitch } from './network-switches';
export type { NetworkOptions } from './data/network';
export type {
  AdminWithoutBranch,
  BankAccountRecord,
  Branch,
  IdBranchMode,
  NetworkParams,
  HiddenPayment,
  Member,
  PaymentChannel,
  ReceivableRecord,
  SandboxData,
} from './data/model';
export { generateSandboxData } from './data/generate';
export { CARD_STYLE_NAMES, CARD_STYLES, type CardStyleName } from './data/card-styles';
export { paidButNotReconciled, type PaidRecord } from './data/truth';
export { writeStatement } from './statement/write';
export {
  writeReturnFile,
  returnLayoutFor,
  BOLETO_FEE_CENTS,
  type ReturnFile,
  type ReturnFileOptions,
  type ReturnLayout,
  type ReturnTitleTruth,
} from './statement/return-file';

export const DEFAULT_USERNAME = 'quitafit';

export interface RunningSandbox {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  username: string;
  branchKey: string;
  adminKey: string;
  /**
   * The generated branch (or network: `data.branches`, `data.network`), including the hidden payments (the ground
   * truth). Do not mutate.
   */
  data: SandboxData;
  /** Replaces the fault options (an empty object switches every fault off). */
  setFaults(f: FaultOptions): void;
  /** Replaces the lenient switches (an empty object = strict, as documented); throws if invalid. */
  setLenient(l: LenientOptions): void;
  /**
   * Network mode only (throws otherwise, and on a bad value): changes how the server treats idBranch and what an
   * admin key gets without it, or the branch key's branch. Fields left out keep their value; answers the result.
   */
  setNetwork(p: NetworkSwitch): Required<NetworkSwitch>;
  /**
   * Test control: holds the next mark-received (after `skip` others) open at the server once it arrived whole, until
   * the test releases it (applied late) or drops it (never applied); see mark-received-hold.ts.
   */
  holdMarkReceived(opts?: HoldOptions): HeldMarkReceived;
  /** Every valid mark-received that reached the server, in order, with what the server did with it. */
  readonly markReceivedJournal: readonly MarkReceivedRecord[];
  /** Statement of one of the sandbox's accounts; see writeStatement. */
  writeStatement(opts: StatementOptions): StatementFile;
  close(): Promise<void>;
}

/**
 * A db file's parameters win (the file is the database), but the network's server switches are behaviour, not
 * data: the ones given in the options replace the stored ones.
 */
function withServerSwitches(stored: GenerationParams, opts: NetworkOptions | undefined): GenerationParams {
  if (!stored.network || !opts) return stored;
  const pick = <K extends 'idBranch' | 'adminWithoutBranch' | 'branchKeyBranch'>(k: K) =>
    opts[k] !== undefined ? { [k]: opts[k] } : {};
  return {
    ...stored,
    network: {
      ...stored.network,
      ...pick('idBranch'),
      ...pick('adminWithoutBranch'),
      ...pick('branchKeyBranch'),
    },
  };
}

/** Default keys are derived from the seed, so a restarted sandbox keeps the same credentials. */
export function defaultKeys(seed: number): { branchKey: string; adminKey: string } {
  return { branchKey: guid(createRng(seed, 'branch-key')), adminKey: guid(createRng(seed, 'admin-key')) };
}

/**
 * Starts the sandbox API on 127.0.0.1. With `dbFile`, the generation parameters stored in the file win
 * over the options (the file is the database), and every change is written through to it.
 */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const snapshot = opts.dbFile ? loadSnapshot(opts.dbFile) : null;
  const params = snapshot ? withServerSwitches(snapshot.params, opts.network) : resolveGenerationParams(opts);
  const data = generateSandboxData(params);
  const store = createStore(data, opts.dbFile, snapshot);
  const keys = defaultKeys(params.seed);
  const creds = {
    username: opts.username ?? DEFAULT_USERNAME,
    branchKey: opts.branchKey ?? keys.branchKey,
    adminKey: opts.adminKey ?? keys.adminKey,
  };
  if (creds.branchKey.toLowerCase() === creds.adminKey.toLowerCase()) {
    throw new Error('branchKey and adminKey must differ');
  }
  const faults = createFaultInjector(opts.faults ?? {}, params.seed);
  const lenient = createLenientSwitches(opts.lenient ?? {});
  const network = createNetworkSwitches(data.network);
  const rateLimit = opts.rateLimit === undefined ? DEFAULT_RATE_LIMIT : opts.rateLimit;
  const markReceivedWatch = createMarkReceivedWatch();
  const { server, close } = createSandboxServer({
    store,
    creds,
    permissions: opts.permissions ?? {},
    rateLimiter: rateLimit === false ? null : createRateLimiter(rateLimit),
    faults,
    lenient,
    clock: createClock(data.today, opts.timeSource),
    markReceivedWatch,
    network,
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    ...creds,
    data,
    setFaults: (f) => faults.set(f),
    setLenient: (l) => lenient.set(l),
    setNetwork: (p) => {
      const v = network.set(p);
      return {
        idBranch: v.idBranch,
        adminWithoutBranch: v.adminWithoutBranch,
        branchKeyBranch: v.branchKeyBranch,
      };
    },
    holdMarkReceived: (o) => markReceivedWatch.hold(o),
    markReceivedJournal: markReceivedWatch.journal,
    writeStatement: (o) => writeStatementFor(data, o),
    close,
  };
}
