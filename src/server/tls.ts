import { createPrivateKey, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * The office server's TLS certificate: the office's own (its files, named in the configuration), or one Quita
 * makes once and keeps in the data folder. A made certificate is signed by itself, so each browser asks once
 * whether to trust it; the server prints its SHA-256 fingerprint for the IT to compare with what the browser shows.
 */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 of the certificate, as browsers show it (AA:BB:…). */
  fingerprint: string;
  /** The names the certificate is valid for (DNS names and IP addresses). */
  names: string[];
  /** The certificate expires on this date (ISO). */
  validTo: string;
  /** Made by Quita (signed by itself), rather than the office's. */
  selfSigned: boolean;
}

export class TlsError extends Error {
  constructor(
    readonly code: 'tls.unreadable' | 'tls.mismatch' | 'tls.expired',
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
/** Browsers refuse server certificates valid for more than 398 days. */
const MADE_VALID_DAYS = 397;

function describe(cert: string, key: string, selfSigned: boolean, now: Date): TlsMaterial {
  let x: X509Certificate;
  try {
    x = new X509Certificate(cert);
  } catch (e) {
    throw new TlsError(
      'tls.unreadable',
      `the certificate is not a PEM X.509 certificate (${(e as Error).message})`,
    );
  }
  try {
    if (!x.checkPrivateKey(createPrivateKey(key))) throw new Error('other key');
  } catch {
    throw new TlsError('tls.mismatch', 'the private key does not belong to the certificate');
  }
  if (new Date(x.validTo).getTime() < now.getTime())
    throw new TlsError('tls.expired', `the certificate expired on ${new Date(x.validTo).toISOString()}`);
  const names = (x.subjectAltName ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.replace(/^(DNS|IP Address):/, ''));
  return {
    cert,
    key,
    fingerprint: x.fingerprint256,
    names,
    validTo: new Date(x.validTo).toISOString(),
    selfSigned,
  };
}

/** A self-signed server certificate for these names (RSA 2048, SHA-256, serverAuth). */
export function makeSelfSigned(names: string[], now = new Date()): { cert: string; key: string } {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const priv = forge.pki.privateKeyFromPem(privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(priv.n, priv.e);
  const serial = randomBytes(12);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(now.getTime() + MADE_VALID_DAYS * DAY_MS);
  const subject = [
    { name: 'commonName', value: names[0] ?? 'quita' },
    { name: 'organizationName', value: 'Quita office server (self-signed)' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })),
    },
  ]);
  cert.sign(priv, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: privateKey };
}

/**
 * The office's certificate when both files are given; otherwise the one made earlier in `dir` (made now, for
 * `names`, when there is none or when it no longer covers every name or has less than 30 days left).
 */
export function loadOrMakeTls(opts: {
  certFile?: string | undefined;
  keyFile?: string | undefined;
  dir: string;
  names: string[];
  now?: Date;
}): TlsMaterial {
  const now = opts.now ?? new Date();
  if (opts.certFile || opts.keyFile) {
    if (!opts.certFile || !opts.keyFile)
      throw new TlsError('tls.unreadable', 'give both the certificate and its private key');
    let cert: string;
    let key: string;
    try {
      cert = readFileSync(opts.certFile, 'utf8');
      key = readFileSync(opts.keyFile, 'utf8');
    } catch (e) {
      throw new TlsError('tls.unreadable', (e as Error).message);
    }
    return describe(cert, key, false, now);
  }
  const certPath = join(opts.dir, 'server-cert.pem');
  const keyPath = join(opts.dir, 'server-key.pem');
  if (existsSync(certPath) && existsSync(keyPath)) {
    try {
      const found = describe(readFileSync(certPath, 'utf8'), readFileSync(keyPath, 'utf8'), true, now);
      const fresh = new Date(found.validTo).getTime() - now.getTime() > 30 * DAY_MS;
      if (fresh && opts.names.every((n) => found.names.includes(n))) return found;
    } catch {
      // Unreadable or expired: made again below.
    }
  }
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const made = makeSelfSigned(opts.names, now);
  // The key first, readable by this user only; each file replaced whole.
  writeFileSync(`${keyPath}.tmp`, made.key, { mode: 0o600 });
  chmodSync(`${keyPath}.tmp`, 0o600);
  renameSync(`${keyPath}.tmp`, keyPath);
  writeFileSync(`${certPath}.tmp`, made.cert);
  renameSync(`${certPath}.tmp`, certPath);
  return describe(made.cert, made.key, true, now);
}
