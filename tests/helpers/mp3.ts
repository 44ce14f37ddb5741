/**
 * Reads an MP3 file the way a decoder finds its way through it: an optional ID3v2 tag, then MPEG audio frames,
 * each starting with an 11-bit frame sync. Duration is frames × samples per frame ÷ sample rate, so a file
 * that is not a chain of valid frames cannot pass.
 */

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Info {
  id3v2: boolean;
  frames: number;
  sampleRate: number;
  durationSeconds: number;
}

export function readMp3(bytes: Uint8Array): Mp3Info {
  let offset = 0;
  const id3v2 = bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33; // "ID3"
  if (id3v2) {
    // The tag size is four 7-bit bytes ("syncsafe"), after the 10-byte header.
    const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
    offset = 10 + size;
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!;
    const b2 = bytes[offset + 2]!;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      // An ID3v1 tag may close the file; anything else is not MP3.
      if (bytes[offset] === 0x54 && bytes[offset + 1] === 0x41 && bytes[offset + 2] === 0x47 && bytes.length - offset === 128) break;
      throw new Error(`no frame sync at byte ${offset} (after ${frames} frames)`);
    }
    const version = (b1 >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (b1 >> 1) & 0x03; // 1: Layer III
    if (version === 1 || layer !== 1) throw new Error(`not an MPEG Layer III frame at byte ${offset}`);
    const bitrate = (version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[(b2 >> 4) & 0x0f];
    const rate = SAMPLE_RATES[version]![(b2 >> 2) & 0x03];
    if (!bitrate || !rate) throw new Error(`bad bitrate or sample rate at byte ${offset}`);
    const padding = (b2 >> 1) & 0x01;
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * bitrate * 1000) / rate) + padding;
    sampleRate = rate;
    frames++;
    samples += perFrame;
    offset += length;
  }
  if (frames === 0) throw new Error("no MPEG audio frames");
  return { id3v2, frames, sampleRate, durationSeconds: samples / sampleRate };
}

/** Length in seconds of a PCM WAV file, from its fmt and data chunks. */
export function wavSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new Error("not a WAV file");
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === "fmt ") byteRate = view.getUint32(offset + 16, true);
    if (id === "data") return Math.min(size, bytes.length - offset - 8) / byteRate;
    offset += 8 + size + (size % 2);
  }
  throw new Error("WAV file without a data chunk");
}
