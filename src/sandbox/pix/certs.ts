import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/**
 * The sandbox Pix API's test PKI, made in pure JavaScript so the demo runs on a clerk's Windows computer without
 * openssl: node-forge builds and signs the X.509 certificates and the PKCS#12 (.pfx) files; Node's own crypto
 * makes the RSA keys (native, fast). Made fresh at every start: nothing here is a secret worth keeping.
 *
 * - a test CA that signs the server's certificate (127.0.0.1 and localhost) and the "company's" client certificate;
 * - an expired client certificate (same CA) and one from another CA, for the fault tests.
 *
 * TLS checks validity against the computer's real clock, while a sandbox may run on a pinned day: every window is
 * wide around both, and the expired one ended before both.
 */
export interface PemPair {
  cert: string;
  key: string;
}

export interface ClientCertificate extends PemPair {
  /** The same certificate and key as a .pfx (PKCS#12, AES-256), locked with `password`. */
  pfx: Buffer;
  password: string;
}

export interface SandboxPki {
  ca: PemPair;
  server: PemPair;
  client: ClientCertificate;
  expiredClient: ClientCertificate;
  otherCaClient: ClientCertificate;
}

const DAY_MS = 86_400_000;

function rsaKeys(): {
  publicKey: forge.pki.rsa.PublicKey;
  privateKey: forge.pki.rsa.PrivateKey;
  pem: string;
} {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const priv = forge.pki.privateKeyFromPem(privateKey);
  const pub = forge.pki.setRsaPublicKey(priv.n, priv.e);
  return { publicKey: pub, privateKey: priv, pem: privateKey };
}

interface Issuer {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

function serial(): string {
  // Positive (leading bit clear) and unique: X.509 serials are signed integers.
  const b = randomBytes(12);
  b[0] = b[0]! & 0x7f;
  return b.toString('hex');
}

function makeCert(opts: {
  cn: string;
  org?: string;
  from: Date;
  to: Date;
  issuer: Issuer | null;
  ca?: boolean;
  usage: 'ca' | 'server' | 'client';
}): { cert: forge.pki.Certificate; keys: ReturnType<typeof rsaKeys> } {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = opts.from;
  cert.validity.notAfter = opts.to;
  const subject = [
    { name: 'commonName', value: opts.cn },
    { name: 'organizationName', value: opts.org ?? 'Quita Sandbox' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(opts.issuer ? opts.issuer.cert.subject.attributes : subject);
  const extensions: object[] = [];
  if (opts.usage === 'ca') {
    extensions.push({ name: 'basicConstraints', cA: true, critical: true });
    extensions.push({ name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true });
  } else {
    extensions.push({ name: 'basicConstraints', cA: false });
    extensions.push({ name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true });
    extensions.push(
      opts.usage === 'server'
        ? { name: 'extKeyUsage', serverAuth: true }
        : { name: 'extKeyUsage', clientAuth: true },
    );
  }
  if (opts.usage === 'server')
    extensions.push({
      name: 'subjectAltName',
      altNames: [
        { type: 7, ip: '127.0.0.1' },
        { type: 2, value: 'localhost' },
      ],
    });
  extensions.push({ name: 'subjectKeyIdentifier' });
  cert.setExtensions(extensions);
  cert.sign(opts.issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return { cert, keys };
}

function toPfx(
  cert: forge.pki.Certificate,
  key: forge.pki.rsa.PrivateKey,
  chain: forge.pki.Certificate[],
  password: string,
): Buffer {
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert, ...chain], password, {
    algorithm: 'aes256',
    friendlyName: 'quita-sandbox',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

function client(cn: string, from: Date, to: Date, issuer: Issuer, password: string): ClientCertificate {
  const { cert, keys } = makeCert({ cn, org: 'Academia Quitafit Ltda', from, to, issuer, usage: 'client' });
  return {
    cert: forge.pki.certificateToPem(cert),
    key: keys.pem,
    pfx: toPfx(cert, keys.privateKey, [issuer.cert], password),
    password,
  };
}

/** A fresh test PKI; `now` is the sandbox's clock (maybe pinned), the real clock is read too (see above). */
export function createSandboxPki(now: Date, password = 'quita-demo'): SandboxPki {
  const real = Date.now();
  const earliest = Math.min(now.getTime(), real);
  const latest = Math.max(now.getTime(), real);
  const from = new Date(earliest - 30 * DAY_MS);
  const to = new Date(latest + 3 * 365 * DAY_MS);

  const caMade = makeCert({ cn: 'Quita Sandbox Pix CA', from, to, issuer: null, usage: 'ca' });
  const ca: Issuer = { cert: caMade.cert, key: caMade.keys.privateKey };
  const serverMade = makeCert({ cn: '127.0.0.1', from, to, issuer: ca, usage: 'server' });
  const otherMade = makeCert({ cn: 'Autoridade Desconhecida', from, to, issuer: null, usage: 'ca' });
  const other: Issuer = { cert: otherMade.cert, key: otherMade.keys.privateKey };
  const cnpj = 'ACADEMIA QUITAFIT LTDA:12345678000190';
  return {
    ca: { cert: forge.pki.certificateToPem(caMade.cert), key: caMade.keys.pem },
    server: { cert: forge.pki.certificateToPem(serverMade.cert), key: serverMade.keys.pem },
    client: client(cnpj, from, to, ca, password),
    expiredClient: client(
      cnpj,
      new Date(earliest - 400 * DAY_MS),
      new Date(earliest - 35 * DAY_MS),
      ca,
      password,
    ),
    otherCaClient: client(cnpj, from, to, other, password),
  };
}
