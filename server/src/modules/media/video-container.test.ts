import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkVideoContainer, windowedReader } from './video-container';

/** The container check on bytes in memory, counting the reads it asks for. */
async function check(bytes: Buffer, type = 'video/mp4') {
  const reads: [number, number][] = [];
  const read = windowedReader(async (start, end) => {
    reads.push([start, end]);
    return bytes.subarray(start, end + 1);
  }, bytes.length);
  return { problem: await checkVideoContainer(type, bytes.length, read), reads };
}

/** One ISO-BMFF box: 32-bit size, 4-letter type, payload. */
const box = (type: string, payload: Buffer | number) => {
  const body = typeof payload === 'number' ? Buffer.alloc(payload, 5) : payload;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const ftyp = (brand = 'isom') => box('ftyp', Buffer.from(`${brand}\0\0\x02\0isomiso2`, 'latin1'));
const moov = box('moov', box('mvhd', 100));

// EBML: an element is its ID's bytes, a size (here always 8 bytes, or "unknown") and its data.
const ebmlSize = (size: number | null) => {
  const bytes = Buffer.alloc(8, 0xff);
  bytes[0] = 0x01;
  if (size === null) return bytes;
  bytes.writeUInt32BE(Math.floor(size / 2 ** 32), 0);
  bytes.writeUInt32BE(size % 2 ** 32, 4);
  bytes[0] = 0x01;
  return bytes;
};
const element = (id: number[], data: Buffer | number, size: number | null = null) => {
  const body = typeof data === 'number' ? Buffer.alloc(data, 3) : data;
  return Buffer.concat([Buffer.from(id), ebmlSize(size === null ? body.length : size), body]);
};
const openElement = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), ebmlSize(null), data]);
const ID = {
  ebml: [0x1a, 0x45, 0xdf, 0xa3],
  docType: [0x42, 0x82],
  segment: [0x18, 0x53, 0x80, 0x67],
  info: [0x15, 0x49, 0xa9, 0x66],
  tracks: [0x16, 0x54, 0xae, 0x6b],
  cluster: [0x1f, 0x43, 0xb6, 0x75],
  cues: [0x1c, 0x53, 0xbb, 0x6b],
  timecode: [0xe7],
  simpleBlock: [0xa3],
  void: [0xec],
};
const ebmlHeader = (docType = 'webm') => element(ID.ebml, element(ID.docType, Buffer.from(docType)));
/** A recording as Chrome's MediaRecorder writes it: Segment and Clusters of open size. */
const recorded = (clusters = 3) =>
  Buffer.concat([
    ebmlHeader(),
    openElement(
      ID.segment,
      Buffer.concat([
        element(ID.info, 20),
        element(ID.tracks, 40),
        ...Array.from({ length: clusters }, () =>
          openElement(
            ID.cluster,
            Buffer.concat([
              element(ID.timecode, 2),
              element(ID.simpleBlock, 3000),
              element(ID.simpleBlock, 900),
            ]),
          ),
        ),
      ]),
    ),
  ]);

const MB = 1024 * 1024;

describe('ISO-BMFF (mp4, mov, m4v, 3gp)', () => {
  it('accepts boxes chaining to the end: moov before or after mdat, 64-bit largesize, size 0 to the end', async () => {
    expect((await check(Buffer.concat([ftyp(), moov, box('mdat', 5000)]))).problem).toBeNull();
    expect(
      (await check(Buffer.concat([ftyp('qt  '), box('wide', 0), box('mdat', 5000), moov]))).problem,
    ).toBeNull();
    // Older QuickTime: no ftyp, a movie atom first.
    expect((await check(Buffer.concat([moov, box('mdat', 100)]), 'video/quicktime')).problem).toBeNull();
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(16n + 3000n, 8);
    expect((await check(Buffer.concat([ftyp(), moov, large, Buffer.alloc(3000, 9)]))).problem).toBeNull();
    const toEnd = box('mdat', 4000);
    toEnd.writeUInt32BE(0, 0);
    expect((await check(Buffer.concat([ftyp(), moov, toEnd]))).problem).toBeNull();
  });

  it('refuses a real header followed by 20 MB of zeros, reading only a few windows of it', async () => {
    const padded = Buffer.concat([ftyp(), moov, box('mdat', 1000), Buffer.alloc(20 * MB)]);
    const { problem, reads } = await check(padded);
    expect(problem).toMatch(/data at byte 1,148 that is not part of any MP4 box/);
    expect(reads.length).toBeLessThanOrEqual(2);
    // Only the header, then zeros: the zeros are a "box" of size 0 (to the end) with no name.
    expect((await check(Buffer.concat([ftyp(), Buffer.alloc(20 * MB)]))).problem).toMatch(
      /not part of any MP4 box/,
    );
  });

  it('refuses a file cut short, padded, without moov or mdat, or with an impossible size', async () => {
    const whole = Buffer.concat([ftyp(), moov, box('mdat', 5000)]);
    expect((await check(whole.subarray(0, whole.length - 10))).problem).toMatch(
      /"mdat" box at byte 140 that runs 10 bytes past the end of the file/,
    );
    expect((await check(Buffer.concat([whole, Buffer.alloc(3)]))).problem).toMatch(/ends with 3 stray bytes/);
    expect((await check(Buffer.concat([ftyp(), box('mdat', 5000)]))).problem).toMatch(/no movie header/);
    expect((await check(Buffer.concat([ftyp(), moov]))).problem).toMatch(/no media data/);
    expect((await check(Buffer.concat([ftyp(), moov, moov, box('mdat', 10)]))).problem).toMatch(
      /more than one movie header/,
    );
    const tiny = Buffer.concat([ftyp(), moov, box('mdat', 10)]);
    tiny.writeUInt32BE(4, 140);
    expect((await check(tiny)).problem).toMatch(/impossible size \(4 bytes\)/);
    const huge = Buffer.concat([
      ftyp(),
      moov,
      Buffer.from([0, 0, 0, 1]),
      Buffer.from('mdat'),
      Buffer.alloc(8, 0xff),
    ]);
    expect((await check(huge)).problem).toMatch(/runs .* past the end of the file/);
    expect((await check(Buffer.concat([box('junk', 10), moov, box('mdat', 10)]))).problem).toMatch(
      /does not start with a file-type/,
    );
  });

  it('refuses a file of millions of empty boxes without a read per box', async () => {
    const empties = Buffer.alloc(8 * 200_000);
    for (let i = 0; i < 200_000; i++) {
      empties.writeUInt32BE(8, i * 8);
      empties.write('free', i * 8 + 4, 'latin1');
    }
    const { problem, reads } = await check(Buffer.concat([ftyp(), moov, empties]));
    expect(problem).toMatch(/more than 100,000 top-level parts/);
    expect(reads.length).toBeLessThan(20);
  });
});

describe('WebM / Matroska', () => {
  it('accepts a recording with open-size Segment and Clusters, and one with every size known', async () => {
    expect((await check(recorded(), 'video/webm')).problem).toBeNull();
    const known = Buffer.concat([
      ebmlHeader('matroska'),
      element(
        ID.segment,
        Buffer.concat([
          element(ID.info, 10),
          element(ID.tracks, 10),
          element(ID.cluster, 500),
          element(ID.cues, 30),
        ]),
      ),
      element(ID.void, 4),
    ]);
    expect((await check(known, 'video/webm')).problem).toBeNull();
  });

  it('accepts the demo walkaround video, reading it in few windows', async () => {
    const demo = readFileSync(join(import.meta.dirname, '../../../demo-media/walkaround.webm'));
    const { problem, reads } = await check(demo, 'video/webm');
    expect(problem).toBeNull();
    expect(reads.length).toBeLessThanOrEqual(3);
  });

  it('refuses a header then 20 MB of zeros, a cut recording, another DocType, junk after the Segment', async () => {
    const zeros = Buffer.concat([recorded(1).subarray(0, 60), Buffer.alloc(20 * MB)]);
    expect((await check(zeros, 'video/webm')).problem).toMatch(/not a WebM element/);
    const header = Buffer.concat([ebmlHeader(), Buffer.alloc(20 * MB)]);
    expect((await check(header, 'video/webm')).problem).toMatch(/no Segment after its header/);
    const whole = recorded();
    expect((await check(whole.subarray(0, whole.length - 100), 'video/webm')).problem).toMatch(
      /runs 100 bytes past the end of its Segment/,
    );
    expect((await check(Buffer.concat([whole, Buffer.alloc(50)]), 'video/webm')).problem).toMatch(
      /not a WebM element/,
    );
    expect(
      (await check(Buffer.concat([ebmlHeader('pdf'), whole.subarray(ebmlHeader().length)]), 'video/webm'))
        .problem,
    ).toBe('is a "pdf" document, not a WebM video');
    const known = Buffer.concat([
      ebmlHeader(),
      element(
        ID.segment,
        Buffer.concat([element(ID.info, 10), element(ID.tracks, 10), element(ID.cluster, 50)]),
      ),
    ]);
    expect((await check(Buffer.concat([known, Buffer.alloc(10)]), 'video/webm')).problem).toMatch(
      /data after the end of its Segment/,
    );
    expect((await check(element(ID.segment, 10), 'video/webm')).problem).toMatch(
      /does not start with a complete WebM/,
    );
  });

  it('refuses a Segment larger than the file, an open size outside a Cluster, missing Tracks or Clusters', async () => {
    const body = Buffer.concat([element(ID.info, 10), element(ID.tracks, 10), element(ID.cluster, 50)]);
    const lying = Buffer.concat([ebmlHeader(), element(ID.segment, body, body.length + 1000)]);
    expect((await check(lying, 'video/webm')).problem).toMatch(/Segment that runs 1,000 bytes past the end/);
    const openInfo = Buffer.concat([
      ebmlHeader(),
      openElement(ID.segment, Buffer.concat([openElement(ID.info, Buffer.alloc(10))])),
    ]);
    expect((await check(openInfo, 'video/webm')).problem).toMatch(/only a Cluster may leave its size open/);
    const noTracks = Buffer.concat([
      ebmlHeader(),
      element(ID.segment, Buffer.concat([element(ID.info, 10), element(ID.cluster, 50)])),
    ]);
    expect((await check(noTracks, 'video/webm')).problem).toBe('has no Tracks');
    const noClusters = Buffer.concat([
      ebmlHeader(),
      element(ID.segment, Buffer.concat([element(ID.info, 10), element(ID.tracks, 50)])),
    ]);
    expect((await check(noClusters, 'video/webm')).problem).toMatch(/no Cluster/);
  });
});
