import { inflateRawSync } from 'node:zlib';
import { importErrors } from '../import-errors';
import { MAX_UNPACK_RATIO, MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES, UNPACK_RATIO_FROM_BYTES } from '../limits';

const MB = 1024 * 1024;
const EOCD = 0x06054b50;
const mb = (bytes: number) => Math.round(bytes / MB);

interface Part {
  method: number;
  /** Encrypted (zip encryption): left to SheetJS, which refuses it as password-protected. */
  encrypted: boolean;
  /** Where the part's data starts (after its local header). */
  dataStart: number;
  packed: number;
  /** The largest size any header (central directory, local header, ZIP64 extra) declares. */
  declared: number;
}

/** ZIP64 extra field (0x0001): the 64-bit sizes, in the order the zip spec gives (uncompressed first). */
function zip64Sizes(extra: Buffer): number[] {
  const out: number[] = [];
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const len = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      for (let q = p + 4; q + 8 <= p + 4 + len && q + 8 <= extra.length; q += 8) {
        out.push(Number(extra.readBigUInt64LE(q)));
      }
    }
    p += 4 + len;
  }
  return out;
}

/**
 * The parts as SheetJS will read them: it walks the central directory for the local headers and inflates
 * from each local header's data to the end of its deflate stream (it believes the local header, not the
 * central one). Anything that does not hold together is a damaged file.
 */
function partsOf(b: Buffer, what: string): Part[] {
  const corrupt = () => importErrors.corrupt(what);
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw corrupt();
  const count = b.readUInt16LE(end + 10);
  const cdStart = b.readUInt32LE(end + 16);
  if (count > MAX_ZIP_ENTRIES) throw corrupt();
  const parts: Part[] = [];
  let p = cdStart;
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length) throw corrupt();
    const cdPacked = b.readUInt32LE(p + 20);
    const cdSize = b.readUInt32LE(p + 24);
    const nameLen = b.readUInt16LE(p + 28);
    const extraLen = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    const offset = b.readUInt32LE(p + 42);
    if (p + 46 + nameLen + extraLen > b.length) throw corrupt();
    const cdExtra = b.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (offset + 30 > b.length) throw corrupt();
    const flags = b.readUInt16LE(offset + 6);
    const method = b.readUInt16LE(offset + 8);
    const localPacked = b.readUInt32LE(offset + 18);
    const localSize = b.readUInt32LE(offset + 22);
    const localNameLen = b.readUInt16LE(offset + 26);
    const localExtraLen = b.readUInt16LE(offset + 28);
    const dataStart = offset + 30 + localNameLen + localExtraLen;
    if (dataStart > b.length) throw corrupt();
    const localExtra = b.subarray(offset + 30 + localNameLen, dataStart);
    const sizes = [cdSize, localSize, ...zip64Sizes(cdExtra), ...zip64Sizes(localExtra)];
    parts.push({
      method,
      encrypted: (flags & 0x0041) !== 0,
      dataStart,
      packed: Math.max(cdPacked, localPacked) || b.length - dataStart,
      declared: Math.max(...sizes),
    });
  }
  return parts;
}

/** Refuse when `unpacked` bytes are too many in all, or too many for what they were packed from. */
function refuseIfBomb(unpacked: number, packed: number) {
  if (unpacked > MAX_UNPACKED_BYTES)
    throw importErrors.unpackedTooLarge(mb(unpacked), mb(MAX_UNPACKED_BYTES));
  if (unpacked > UNPACK_RATIO_FROM_BYTES && unpacked > packed * MAX_UNPACK_RATIO)
    throw importErrors.unpackedTooLarge(mb(unpacked), mb(MAX_UNPACKED_BYTES));
}

/**
 * A zip-based workbook (XLSX, ODS) is checked before SheetJS unpacks it, because SheetJS inflates every
 * part into memory at once (a 3 MB bomb reached 6–8 GB). First what the headers declare (the central
 * directory and the local headers, ZIP64 sizes included): over MAX_UNPACKED_BYTES in all, or a big part
 * over MAX_UNPACK_RATIO times its packed size, is refused with `import.unpacked_too_large`. Declared sizes
 * can lie, so each part is then really inflated (native zlib, output capped at what is left of the budget,
 * and dropped at once): a part that goes past the budget is refused the same way, whatever its header said.
 * A deflate stream zlib cannot read is a damaged file (`import.corrupt`) rather than something to hand to
 * SheetJS's more forgiving inflater. The worker's heap limit cannot do this job: inflated parts are Buffers,
 * outside the V8 heap it bounds.
 */
export function checkZipWorkbook(bytes: Uint8Array, what: string): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = partsOf(b, what);
  let declared = 0;
  for (const part of parts) {
    declared += part.declared;
    refuseIfBomb(part.declared, part.packed);
  }
  refuseIfBomb(declared, b.length);

  let unpacked = 0;
  for (const part of parts) {
    if (part.encrypted) continue;
    if (part.method === 0) {
      unpacked += Math.min(part.packed, b.length - part.dataStart);
    } else if (part.method === 8) {
      const budget = MAX_UNPACKED_BYTES - unpacked;
      try {
        unpacked += inflateRawSync(b.subarray(part.dataStart), {
          maxOutputLength: Math.max(1, budget),
          chunkSize: 1024 * 1024,
        }).length;
      } catch (e) {
        if (e instanceof RangeError) {
          throw importErrors.unpackedTooLarge(
            Math.max(mb(declared), mb(MAX_UNPACKED_BYTES) + 1),
            mb(MAX_UNPACKED_BYTES),
          );
        }
        throw importErrors.corrupt(what);
      }
    }
    // Other methods: SheetJS refuses them itself (“Unsupported ZIP Compression method”).
  }
  refuseIfBomb(unpacked, b.length);
}
