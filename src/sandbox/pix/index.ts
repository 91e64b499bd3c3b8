import type { AddressInfo } from 'node:net';
import type { SandboxData } from '../data/model';
import { alnum, createRng } from '../prng';
import { createSandboxPki, type SandboxPki } from './certs';
import { brasiliaInstant, endToEndId, pixOfAccount, type SandboxPix } from './items';
import { createPixServer, type PixQuirks } from './server';

export type { PixQuirks } from './server';
export type { SandboxPix, SandboxRefund } from './items';
export type { SandboxPki, ClientCertificate, PemPair } from './certs';

export const PIX_SANDBOX_CLIENT_ID = 'quita-sandbox-client';

export interface PixSandboxOptions {
  /** The branch whose Pix it serves (the same data as the integration API sandbox). */
  data: SandboxData;
  /** The account the API belongs to; default: the branch's primary account. */
  bankAccountId?: number;
  /** The sandbox's clock (token expiry, "now"); default: the real clock. */
  now?: () => Date;
  quirks?: PixQuirks;
  clientSecret?: string;
  /** The .pfx files' password. */
  certificatePassword?: string;
  port?: number;
  /** See PixServerDeps.maxTlsVersion. */
  maxTlsVersion?: 'TLSv1.2' | 'TLSv1.3';
}

export interface RunningPixSandbox {
  /** https://127.0.0.1:PORT/oauth/token */
  tokenUrl: string;
  /** https://127.0.0.1:PORT/api/v2 (GET /pix below it) */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  bankAccountId: number;
  pki: SandboxPki;
  /** Replaces the quirks (an empty object: the standard answer). */
  setQuirks(q: PixQuirks): void;
  /** The Pix it currently lists (with those added by tests). */
  items(): SandboxPix[];
  /** Adds `count` Pix on `date` (Brasília), e.g. 2500 to read pages of 1000; returns them. */
  addPix(
    count: number,
    date: string,
    opts?: { amountCents?: number; payerName?: string; payerDocument?: string },
  ): SandboxPix[];
  /** Gives the first Pix on or after `date` a refund (DEVOLVIDO by default) an hour later. */
  refundOne(date: string, status?: 'DEVOLVIDO' | 'EM_PROCESSAMENTO'): SandboxPix;
  /** Requests served, in order. */
  readonly journal: { method: string; path: string; status: number }[];
  close(): Promise<void>;
}

/**
 * Starts the sandbox Pix API on 127.0.0.1 over mutual TLS with a fresh test CA (docs/sandbox.md, "Pix API").
 * The Pix it lists are the hidden Pix payments of `data` into the account: the same money the integration API's
 * receivables are waiting for, so fetched lines match.
 */
export async function startPixSandbox(opts: PixSandboxOptions): Promise<RunningPixSandbox> {
  const now = opts.now ?? (() => new Date());
  const bankAccountId =
    opts.bankAccountId ??
    (opts.data.bankAccounts.find((a) => a.role === 'primary') ?? opts.data.bankAccounts[0])!.id;
  const pki = createSandboxPki(now(), opts.certificatePassword);
  const clientSecret = opts.clientSecret ?? 'segredo-do-sandbox';
  let quirks: PixQuirks = { ...(opts.quirks ?? {}) };
  const list: SandboxPix[] = pixOfAccount(opts.data, bankAccountId);
  const extraRng = createRng(opts.data.seed, 'pix-api-extra');
  const sort = () =>
    list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.endToEndId.localeCompare(b.endToEndId));
  const journal: RunningPixSandbox['journal'] = [];

  const addAt = (at: Date, o: { amountCents?: number; payerName?: string; payerDocument?: string } = {}) => {
    const p: SandboxPix = {
      endToEndId: endToEndId('E', at, alnum(extraRng, 11).toLowerCase()),
      txid: null,
      amountCents: o.amountCents ?? extraRng.int(5_000, 30_000),
      at,
      payerName: o.payerName ?? 'Pagador Avulso de Teste',
      payerDocument: o.payerDocument ?? `9${String(extraRng.int(0, 9_999_999_999)).padStart(10, '0')}`,
      infoPagador: null,
      refund: null,
    };
    list.push(p);
    return p;
  };

  const server = createPixServer({
    pki,
    clientId: PIX_SANDBOX_CLIENT_ID,
    clientSecret,
    now,
    items: () => list,
    quirks: () => quirks,
    // A Pix settled a second after the period's start: every later item moves one place down.
    onArrival: (inicio) => {
      addAt(new Date(inicio.getTime() + 1000));
      sort();
    },
    journal,
    ...(opts.maxTlsVersion ? { maxTlsVersion: opts.maxTlsVersion } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;
  return {
    tokenUrl: `${origin}/oauth/token`,
    baseUrl: `${origin}/api/v2`,
    clientId: PIX_SANDBOX_CLIENT_ID,
    clientSecret,
    bankAccountId,
    pki,
    setQuirks: (q) => void (quirks = { ...q }),
    items: () => list,
    addPix(count, date, o) {
      const added: SandboxPix[] = [];
      for (let i = 0; i < count; i++)
        added.push(
          addAt(brasiliaInstant(date, 6 * 60 + Math.floor((i * 17 * 60) / Math.max(count, 1)), i), o),
        );
      sort();
      return added;
    },
    refundOne(date, status = 'DEVOLVIDO') {
      const from = brasiliaInstant(date, 0).getTime();
      const p = list.find((x) => x.at.getTime() >= from && !x.refund);
      if (!p) throw new Error(`no Pix on or after ${date} to refund`);
      const at = new Date(p.at.getTime() + 3_600_000);
      p.refund = {
        id: `DEV${alnum(extraRng, 10)}`,
        rtrId: endToEndId('D', at, alnum(extraRng, 11).toLowerCase()),
        amountCents: p.amountCents,
        at,
        status,
      };
      return p;
    },
    journal,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
