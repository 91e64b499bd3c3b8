import { appendAudit } from '../audit/audit.store';
import { AppError } from '../errors';
import { X509Certificate } from 'node:crypto';
import type { z } from 'zod';
import type { ErrorInfo } from '../../shared/contract/envelope';
import type { FeedCertificateInfo, FeedDto, feedPresetSchema } from '../../shared/contract/feeds';
import { addDays, todayInBrasilia } from '../../shared/dates';
import { normalAddress } from '../connection/key-binding';
import type { CoreContext } from '../context';
import { DEMO_PROFILE_ID } from '../demo/demo.handlers';
import type { HandlerGroup } from '../handlers';
import { BANK_PRESETS } from './bank-presets';
import { feedErrors } from './feed-errors';
import { deleteFeedSecrets, readFeedSecrets, saveFeedSecrets, type FeedSecrets } from './feed-secrets';
import { feedsRepo, type FeedRow, type NewFeed } from './feeds.repo';
import { inspectCertificate, materialFromFiles } from './pix/certificate';
import { connectorFor, runFeed, type FeedRunResult } from './run';

/** The sandbox's preset: offered on the demonstration branch only. Real banks' presets: bank-presets.ts. */
export const DEMO_PRESET = 'quita-demo';

async function dto(ctx: CoreContext, profileId: string, f: FeedRow): Promise<FeedDto> {
  const run = await ctx.storeFor(profileId).read((tx) => feedsRepo.lastRun(tx, f.id));
  let stored = false;
  try {
    stored = readFeedSecrets(ctx.secrets, profileId, f) !== null;
  } catch (e) {
    ctx.log.warn(`feed ${f.id}: its secrets could not be read`, e);
  }
  return {
    id: f.id,
    kind: f.kind,
    label: f.label,
    bankAccountId: f.bank_account_id,
    preset: f.preset,
    tokenUrl: f.token_url,
    baseUrl: f.base_url,
    clientId: f.client_id,
    enabled: f.enabled === 1,
    startDate: f.start_date,
    readThrough: f.read_through,
    certificate: f.certificate_json ? (JSON.parse(f.certificate_json) as FeedCertificateInfo) : null,
    secretsStored: stored,
    lastRun: run
      ? {
          trigger: run.trigger,
          startedAt: run.started_at,
          finishedAt: run.finished_at,
          fetched: run.fetched,
          added: run.added,
          known: run.known,
          rejected: run.rejected,
          requests: run.requests,
          error: run.error_json ? (JSON.parse(run.error_json) as ErrorInfo) : null,
        }
      : null,
  };
}

type Preset = z.infer<typeof feedPresetSchema>;

/** Real banks' presets on every branch; before them, on the demonstration branch only, the sandbox's. */
export async function presets(ctx: Pick<CoreContext, 'demo' | 'log'>, profileId: string): Promise<Preset[]> {
  const banks: Preset[] = BANK_PRESETS.map((b) => ({
    id: b.id,
    name: b.name,
    tokenUrl: b.tokenUrl,
    baseUrl: b.baseUrl,
    bankAccountId: null,
    source: b.source,
    demoCertificate: null,
  }));
  if (profileId !== DEMO_PROFILE_ID) return banks;
  try {
    const demo = await ctx.demo.ensurePix();
    return [
      {
        id: DEMO_PRESET,
        name: 'Sandbox do Quita (demonstração)',
        tokenUrl: demo.sandbox.tokenUrl,
        baseUrl: demo.sandbox.baseUrl,
        bankAccountId: demo.sandbox.bankAccountId,
        source: null,
        demoCertificate: {
          path: demo.certificatePath,
          password: demo.certificatePassword,
          clientId: demo.sandbox.clientId,
          clientSecret: demo.sandbox.clientSecret,
        },
      },
      ...banks,
    ];
  } catch (e) {
    ctx.log.error('the demonstration Pix API did not start', e);
    return banks;
  }
}

const sameAddresses = (f: FeedRow, i: { tokenUrl: string; baseUrl: string; clientId: string }) =>
  normalAddress(f.token_url) === normalAddress(i.tokenUrl) &&
  normalAddress(f.base_url) === normalAddress(i.baseUrl) &&
  f.client_id === i.clientId;

/** What an audit entry says of a feed's settings (never its secrets). */
function changeOf(f: NewFeed) {
  const info = f.certificate_json ? (JSON.parse(f.certificate_json) as FeedCertificateInfo) : null;
  return {
    label: f.label,
    bankAccountId: f.bank_account_id,
    tokenUrl: f.token_url,
    baseUrl: f.base_url,
    clientId: f.client_id,
    certificate: info ? { subject: info.subject, validTo: info.validTo } : null,
  };
}

/** A stored feed's settings as they were, to put back. */
const formerSettings = (f: FeedRow): NewFeed => ({
  kind: f.kind,
  label: f.label,
  bank_account_id: f.bank_account_id,
  preset: f.preset,
  token_url: f.token_url,
  base_url: f.base_url,
  client_id: f.client_id,
  scope: f.scope,
  ca_pem: f.ca_pem,
  certificate_json: f.certificate_json,
  enabled: f.enabled,
  start_date: f.start_date,
});

export const feedsHandlers: HandlerGroup<
  'feeds.list' | 'feeds.save' | 'feeds.remove' | 'feeds.test' | 'feeds.run'
> = (ctx) => ({
  'feeds.list': async () => {
    const profileId = ctx.activeProfileId();
    return {
      feeds: await Promise.all(
        (await ctx.storeFor(profileId).read(feedsRepo.all)).map((f) => dto(ctx, profileId, f)),
      ),
      presets: await presets(ctx, profileId),
    };
  },

  'feeds.save': async (input) => {
    const profileId = ctx.activeProfileId();
    const store = ctx.storeFor(profileId);
    const now = new Date();
    const feedId = input.id;
    const existing = feedId !== undefined ? await store.read((tx) => feedsRepo.get(tx, feedId)) : undefined;
    if (input.id !== undefined && !existing) throw feedErrors.notFound(input.id);
    if (!(await store.read((tx) => feedsRepo.bankAccountExists(tx, input.bankAccountId))))
      throw feedErrors.unknownAccount(input.bankAccountId);
    const moved = !existing || !sameAddresses(existing, input);
    // The secrets go only where they were typed for: a new address or client id asks for both again.
    if (moved && (!input.clientSecret || !input.certificate)) throw feedErrors.secretsRequired();
    const stored = existing && !moved ? readFeedSecrets(ctx.secrets, profileId, existing) : null;
    let certificate: FeedSecrets['certificate'] | null = stored?.certificate ?? null;
    let info: FeedCertificateInfo | null = existing?.certificate_json
      ? (JSON.parse(existing.certificate_json) as FeedCertificateInfo)
      : null;
    if (input.certificate) {
      const c = input.certificate;
      certificate =
        c.kind === 'pfx'
          ? materialFromFiles({ kind: 'pfx', pfx: ctx.uploads.read(c.uploadId).bytes, password: c.password })
          : materialFromFiles({
              kind: 'pem',
              cert: ctx.uploads.read(c.certUploadId).bytes,
              key: ctx.uploads.read(c.keyUploadId).bytes,
              password: c.password,
            });
      info = inspectCertificate(certificate, now);
    }
    const clientSecret = input.clientSecret ?? stored?.clientSecret ?? null;
    if (!certificate || !clientSecret) throw feedErrors.secretsRequired();
    const ca =
      input.preset === DEMO_PRESET
        ? (await ctx.demo.ensurePix()).sandbox.pki.ca.cert
        : input.serverCa
          ? authorityPem(ctx.uploads.read(input.serverCa.uploadId).bytes)
          : input.serverCa === null
            ? null
            : existing && !moved
              ? existing.ca_pem
              : null;
    const row: NewFeed = {
      kind: input.kind,
      label: input.label,
      bank_account_id: input.bankAccountId,
      preset: input.preset,
      token_url: input.tokenUrl,
      base_url: input.baseUrl,
      client_id: input.clientId,
      scope: 'pix.read',
      ca_pem: ca,
      certificate_json: info ? JSON.stringify(info) : null,
      enabled: input.enabled ? 1 : 0,
      start_date: input.startDate ?? existing?.start_date ?? addDays(todayInBrasilia(now), -7),
    };
    const at = now.toISOString();
    const change = {
      ...changeOf(row),
      secretsReplaced: input.clientSecret !== undefined || input.certificate !== undefined,
    };
    const who = { actor: ctx.actor(), profileId };
    // The feed and its audit entry commit together: no change to a feed is ever left without its entry.
    const saved = await store.write(async (tx) => {
      const id = existing ? existing.id : await feedsRepo.insert(tx, row, at);
      if (existing) await feedsRepo.update(tx, id, row, at);
      await appendAudit(tx, {
        ...who,
        action: existing ? 'feeds.changed' : 'feeds.added',
        subject: `feed:${id}`,
        after: change,
      });
      return (await feedsRepo.get(tx, id))!;
    });
    const id = saved.id;
    try {
      saveFeedSecrets(ctx.secrets, profileId, saved, { clientSecret, certificate });
    } catch (e) {
      // A save whose secrets could not be kept is taken back, with an entry of its own: a new feed is removed
      // again (its log shows it added, then removed); a changed one gets its former settings back, so the log
      // never shows a change, or credentials replaced, that did not hold.
      await store.write(async (tx) => {
        if (!existing) {
          await feedsRepo.remove(tx, id);
          await appendAudit(tx, {
            ...who,
            action: 'feeds.removed',
            subject: `feed:${id}`,
            before: { label: row.label, bankAccountId: row.bank_account_id },
          });
          return;
        }
        await feedsRepo.update(tx, id, formerSettings(existing), existing.updated_at);
        await appendAudit(tx, {
          ...who,
          action: 'feeds.change_undone',
          subject: `feed:${id}`,
          before: change,
          after: { ...changeOf(existing), secretsReplaced: false },
        });
      });
      throw e;
    }
    return await dto(ctx, profileId, saved);
  },

  'feeds.remove': async ({ id }) => {
    const profileId = ctx.activeProfileId();
    const store = ctx.storeFor(profileId);
    const f = await store.read((tx) => feedsRepo.get(tx, id));
    if (!f) throw feedErrors.notFound(id);
    // The removal and its audit entry commit together; the feed's secrets go once it is gone.
    await store.write(async (tx) => {
      await feedsRepo.remove(tx, id);
      await appendAudit(tx, {
        actor: ctx.actor(),
        profileId,
        action: 'feeds.removed',
        subject: `feed:${id}`,
        before: { label: f.label, bankAccountId: f.bank_account_id },
      });
    });
    deleteFeedSecrets(ctx.secrets, profileId, id);
    return { removed: true };
  },

  'feeds.test': async ({ id }) => {
    const profileId = ctx.activeProfileId();
    const f = await ctx.storeFor(profileId).read((tx) => feedsRepo.get(tx, id));
    if (!f) throw feedErrors.notFound(id);
    const now = new Date();
    const { connector, certificate } = connectorFor(ctx, profileId, f);
    try {
      const from = new Date(`${todayInBrasilia(now)}T00:00:00.000-03:00`);
      const { total, requests } = await connector.probe({ from, to: now });
      return { requests, todayCount: total, certificate };
    } finally {
      connector.close();
    }
  },

  'feeds.run': async ({ id }) => {
    const profileId = ctx.activeProfileId();
    const store = ctx.storeFor(profileId);
    const feeds =
      id !== undefined
        ? [await store.read((tx) => feedsRepo.get(tx, id))]
        : await store.read(feedsRepo.enabled);
    if (id !== undefined && !feeds[0]) throw feedErrors.notFound(id);
    const results: FeedRunResult[] = [];
    for (const f of feeds) if (f) results.push(await runFeed(ctx, profileId, f, { trigger: 'manual' }));
    ctx.anchorAudit(profileId);
    return { results };
  },
});

/**
 * An authority certificate file as the bank publishes it (PEM, one or several certificates; or one DER certificate),
 * as PEM: every certificate in it must parse and be an authority (CA:TRUE), or the clerk is told to choose another
 * file (the company's own certificate is the usual mistake).
 */
export function authorityPem(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  try {
    const certs = blocks ? blocks.map((b) => new X509Certificate(b)) : [new X509Certificate(bytes)];
    if (certs.length === 0 || !certs.every((c) => c.ca)) throw feedErrors.caUnreadable();
    return certs.map((c) => c.toString().trim()).join('\n') + '\n';
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw feedErrors.caUnreadable();
  }
}
