import { Agent, request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { feedErrors } from '../feed-errors';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A failure that may pass by itself (a reset connection, a timeout): retried like a 5xx. `afterHandshake`: the
 * server closed the connection during the TLS handshake, or right after it on a new connection before answering:
 * what a bank refusing the client certificate looks like when its alert does not reach us (TLS 1.2 servers close
 * mid-handshake; under TLS 1.3 the alert comes after the handshake). Assumed, docs/feeds.md: when every attempt
 * ends so, the certificate was refused.
 */
export class TransientFailure extends Error {
  constructor(
    message: string,
    readonly afterHandshake = false,
  ) {
    super(message);
  }
}

const MAX_BODY = 32 * 1024 * 1024;

/**
 * OpenSSL's and Node's words for a failed connection, as the clerk's sentence. The bank refusing the client
 * certificate shows as a TLS alert (TLS 1.2: during the handshake; TLS 1.3: on the first read after it).
 */
export function connectionFailure(e: unknown, afterHandshake = false): Error {
  const code = String((e as { code?: string }).code ?? '');
  const text = `${code} ${String((e as Error).message ?? e)}`;
  if (/ALERT_CERTIFICATE_EXPIRED|alert certificate expired/i.test(text))
    return feedErrors.certificateRefused();
  if (
    /ALERT_UNKNOWN_CA|ALERT_BAD_CERTIFICATE|CERTIFICATE_REQUIRED|ALERT_ACCESS_DENIED|ALERT_HANDSHAKE_FAILURE|alert (unknown ca|bad certificate|certificate required)/i.test(
      text,
    )
  )
    return feedErrors.certificateRefused();
  if (
    /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_HAS_EXPIRED|ERR_TLS_CERT_ALTNAME_INVALID|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|CERT_UNTRUSTED|CERT_NOT_YET_VALID)$/.test(
      code,
    )
  )
    return feedErrors.serverUntrusted();
  if (/mac verify|bad decrypt|MAC_VERIFY|BAD_DECRYPT/i.test(text)) return feedErrors.certificatePassword();
  if (/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/.test(code))
    return feedErrors.unreachable();
  // TLS 1.2 servers that refuse the certificate often close mid-handshake without an alert reaching us.
  const midHandshake = /before secure TLS connection was established/i.test(text);
  return new TransientFailure(
    text,
    midHandshake || (afterHandshake && /ECONNRESET|EPIPE|socket hang up/i.test(text)),
  );
}

/** A keep-alive agent presenting the company's certificate (one per run: the pages share a TLS session). */
export function mtlsAgent(
  tls: { pfx?: Buffer; cert?: string; key?: string; passphrase?: string },
  ca: string | null,
): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1, ...tls, ...(ca ? { ca } : {}) });
}

export function httpsRequest(
  agent: Agent,
  url: string,
  opts: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    signal?: AbortSignal | undefined;
  },
): Promise<HttpAnswer> {
  return new Promise<HttpAnswer>((resolve, reject) => {
    let req: ReturnType<typeof request>;
    try {
      req = request(url, {
        method: opts.method,
        headers: opts.headers,
        agent,
        timeout: opts.timeoutMs,
        signal: opts.signal,
      });
    } catch (e) {
      reject(connectionFailure(e));
      return;
    }
    let handshook = false;
    let answered = false;
    req.on('socket', (socket) => socket.once('secureConnect', () => (handshook = true)));
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BODY) req.destroy(new Error('answer too large'));
        else chunks.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (e) => reject(connectionFailure(e)));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (e) => reject(opts.signal?.aborted ? e : connectionFailure(e, handshook && !answered)));
    req.end(opts.body);
  });
}
