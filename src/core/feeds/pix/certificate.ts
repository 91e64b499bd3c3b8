import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import forge from 'node-forge';
import type { FeedCertificateInfo } from '../../../shared/contract/feeds';
import { feedErrors } from '../feed-errors';

/** The company's certificate as kept sealed (feed-secrets.ts): a PKCS#12 with its password, or a PEM pair. */
export type CertificateMaterial =
  | { kind: 'pfx'; pfxBase64: string; password: string }
  | { kind: 'pem'; cert: string; key: string; password: string };

/** What node:https needs to present the certificate. */
export function tlsOptionsOf(m: CertificateMaterial): {
  pfx?: Buffer;
  cert?: string;
  key?: string;
  passphrase?: string;
} {
  return m.kind === 'pfx'
    ? { pfx: Buffer.from(m.pfxBase64, 'base64'), passphrase: m.password }
    : { cert: m.cert, key: m.key, ...(m.password ? { passphrase: m.password } : {}) };
}

const dn = (c: X509Certificate, which: 'subject' | 'issuer') => {
  const s = c[which];
  const cn = /(?:^|\n)CN=([^\n]+)/.exec(s)?.[1];
  const o = /(?:^|\n)O=([^\n]+)/.exec(s)?.[1];
  return [cn, o].filter(Boolean).join(' — ') || s.replace(/\n/g, ', ');
};

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The leaf certificate of a PKCS#12, as PEM (node-forge reads it; Node's crypto has no PKCS#12 reader). */
function leafOfPfx(der: Buffer, password: string): string {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), password);
  } catch (e) {
    if (/mac|password|decrypt/i.test(String(e))) throw feedErrors.certificatePassword();
    throw feedErrors.certificateUnreadable();
  }
  const oids = forge.pki.oids as Record<string, string>;
  const bagsOf = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const certs = bagsOf(oids.certBag!)
    .map((b) => b.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  const keyBag = bagsOf(oids.pkcs8ShroudedKeyBag!)[0] ?? bagsOf(oids.keyBag!)[0];
  const key = keyBag?.key;
  const isCa = (c: forge.pki.Certificate) =>
    (c.extensions as { name?: string; cA?: boolean }[]).some((x) => x.name === 'basicConstraints' && x.cA);
  // The leaf is the certificate of the private key (the others are its chain).
  const leaf =
    (key && certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n.equals(key.n))) ??
    certs.find((c) => !isCa(c)) ??
    certs[0];
  if (!leaf) throw feedErrors.certificateUnreadable();
  return forge.pki.certificateToPem(leaf);
}

/** OpenSSL's words for the failures of loading a certificate, as the clerk's sentence. */
function loadError(e: unknown): Error {
  const s = `${(e as { code?: string }).code ?? ''} ${String(e)}`;
  if (/mac verify|bad decrypt|MAC_VERIFY|BAD_DECRYPT|wrong password|passphrase/i.test(s))
    return feedErrors.certificatePassword();
  if (/unsupported|legacy|RC2|UNSUPPORTED/i.test(s)) return feedErrors.certificateLegacy();
  if (/key values mismatch|KEY_VALUES_MISMATCH/i.test(s)) return feedErrors.certificateKeyMismatch();
  return feedErrors.certificateUnreadable();
}

/**
 * Check a certificate before it is stored or used, and read its public facts: the password opens it, the key is
 * its own, Node's TLS accepts it, and it is valid `now`. Each failure is one sentence naming what to do.
 */
export function inspectCertificate(m: CertificateMaterial, now: Date): FeedCertificateInfo {
  try {
    createSecureContext(tlsOptionsOf(m));
  } catch (e) {
    throw loadError(e);
  }
  let leafPem: string;
  if (m.kind === 'pfx') leafPem = leafOfPfx(Buffer.from(m.pfxBase64, 'base64'), m.password);
  else {
    leafPem = m.cert;
    try {
      createPrivateKey({ key: m.key, ...(m.password ? { passphrase: m.password } : {}) });
    } catch (e) {
      throw loadError(e);
    }
  }
  let x: X509Certificate;
  try {
    x = new X509Certificate(leafPem);
  } catch {
    throw feedErrors.certificateUnreadable();
  }
  const validFrom = new Date(x.validFrom).toISOString();
  const validTo = new Date(x.validTo).toISOString();
  if (now.getTime() > Date.parse(validTo)) throw feedErrors.certificateExpired(brDate(validTo));
  if (now.getTime() < Date.parse(validFrom)) throw feedErrors.certificateNotYetValid(brDate(validFrom));
  return { kind: m.kind, subject: dn(x, 'subject'), issuer: dn(x, 'issuer'), validFrom, validTo };
}

/** Material from the clerk's files: a .pfx/.p12, or a PEM certificate (maybe with its chain) and key. */
export function materialFromFiles(
  input:
    | { kind: 'pfx'; pfx: Buffer; password: string }
    | { kind: 'pem'; cert: Buffer; key: Buffer; password: string },
): CertificateMaterial {
  if (input.kind === 'pfx')
    return { kind: 'pfx', pfxBase64: input.pfx.toString('base64'), password: input.password };
  const cert = input.cert.toString('utf8');
  const key = input.key.toString('utf8');
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw feedErrors.certificateUnreadable();
  if (!/-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/.test(key))
    throw feedErrors.certificateUnreadable();
  return { kind: 'pem', cert, key, password: input.password };
}
