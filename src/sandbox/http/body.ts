import type { IncomingMessage } from 'node:http';
import { badRequest, statusError, type HandlerResult } from './respond';

const MAX_BODY_BYTES = 1_000_000;

/** Media types the vendor's Swagger lists for request bodies (`application/*+json` taken as a pattern and literally). */
const JSON_MEDIA = /^(application\/json|text\/json|application\/[a-z0-9.*+-]+\+json)$/;

export type BodyResult = { ok: true; value: unknown } | { ok: false; result: HandlerResult };

function readRaw(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Reads a JSON body; a client's mistake (type, size, syntax) is a 4xx, never a 500. */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!JSON_MEDIA.test(mediaType)) {
    req.resume();
    return { ok: false, result: statusError(415, 'Unsupported Media Type') };
  }
  const raw = await readRaw(req);
  if (raw === null) return { ok: false, result: statusError(413, 'Payload Too Large') };
  const text = raw.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '')
    return { ok: false, result: badRequest(['corpo: o corpo da requisição está vazio']) };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, result: badRequest(['corpo: JSON malformado']) };
  }
}
