// Draws Quita's application icon with Node alone (no image tools, no downloads) and writes
//   resources/icon.png  512×512 (Linux AppImage/deb, electron-builder's source icon)
//   resources/icon.ico  16, 24, 32, 48, 64, 128 and 256 px, PNG-compressed entries (Windows exe, NSIS, shortcuts)
// The design: a rounded square in Quita's accent green with a white check mark over a short "statement line".
// Run: node scripts/make-icons.mjs  (the outputs are committed; rerun only to change the design).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ACCENT = [0x0b, 0x6e, 0x4f];
const WHITE = [0xff, 0xff, 0xff];

// --- geometry, in a unit square (0..1), evaluated per sub-sample --------------------------------------------
const roundedSquare = (x, y, inset, radius) => {
  const cx = Math.min(Math.max(x, inset + radius), 1 - inset - radius);
  const cy = Math.min(Math.max(y, inset + radius), 1 - inset - radius);
  return Math.hypot(x - cx, y - cy) <= radius && x >= inset && x <= 1 - inset && y >= inset && y <= 1 - inset;
};
const distToSegment = (x, y, [ax, ay], [bx, by]) => {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
};
const CHECK = [
  [0.27, 0.5],
  [0.43, 0.65],
  [0.74, 0.32],
];
const isCheck = (x, y) =>
  distToSegment(x, y, CHECK[0], CHECK[1]) <= 0.055 || distToSegment(x, y, CHECK[1], CHECK[2]) <= 0.055;
const isLine = (x, y) => distToSegment(x, y, [0.27, 0.78], [0.73, 0.78]) <= 0.03;

/** RGBA pixels of the icon at `size`, 4×4 supersampled for smooth edges. */
function draw(size) {
  const px = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let bg = 0;
      let fg = 0;
      for (let sj = 0; sj < S; sj++) {
        for (let si = 0; si < S; si++) {
          const x = (i + (si + 0.5) / S) / size;
          const y = (j + (sj + 0.5) / S) / size;
          if (!roundedSquare(x, y, 0.04, 0.2)) continue;
          if (isCheck(x, y) || isLine(x, y)) fg++;
          else bg++;
        }
      }
      const cover = (bg + fg) / (S * S);
      const o = (j * size + i) * 4;
      if (cover === 0) continue;
      for (let c = 0; c < 3; c++) px[o + c] = Math.round((ACCENT[c] * bg + WHITE[c] * fg) / (bg + fg));
      px[o + 3] = Math.round(cover * 255);
    }
  }
  return px;
}

// --- PNG encoder (RGBA, 8 bit, no interlace) ---------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
export function png(size, rgba = draw(size)) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// --- ICO container with PNG entries (Windows Vista and later) -----------------------------------------------
export function ico(sizes) {
  const images = sizes.map((s) => png(s));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = 6 + 16 * sizes.length;
  const entries = sizes.map((s, k) => {
    const e = Buffer.alloc(16);
    e[0] = s >= 256 ? 0 : s; // 0 means 256
    e[1] = s >= 256 ? 0 : s;
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(images[k].length, 8);
    e.writeUInt32LE(offset, 12);
    offset += images[k].length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = join(root, 'resources');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'icon.png'), png(512));
  writeFileSync(join(out, 'icon.ico'), ico([16, 24, 32, 48, 64, 128, 256]));
  console.log(`wrote ${join('resources', 'icon.png')} and ${join('resources', 'icon.ico')}`);
}
