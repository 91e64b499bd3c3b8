/** Types of pg-cluster.mjs (a plain ES module, used by scripts/test-all.mjs). */
export declare const MISSING_POSTGRES: string;
export declare function findPgBin(): string | null;
export declare function startPgCluster(opts?: {
  log?: (line: string) => void;
}): Promise<{ url: string; dir: string; stop: () => void }>;
