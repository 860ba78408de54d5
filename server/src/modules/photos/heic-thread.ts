import { createRequire } from 'node:module';
import { dedicatedThread } from '../../lib/dedicated-thread';

/**
 * HEIC decoding (libheif compiled to JavaScript, heic-decode) off the main thread (issue 28): it is
 * synchronous work of up to a second for a phone photo, which held every other request meanwhile.
 */
const heic = dedicatedThread(
  `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.heicDecode);
parentPort.on('message', async ({ id, input }) => {
  try {
    const image = await decode({ buffer: input });
    const data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    parentPort.postMessage({ id, value: { width: image.width, height: image.height, data } }, [data.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`,
  { heicDecode: createRequire(import.meta.url).resolve('heic-decode') },
);

/** Decodes a HEIC file to RGBA pixels on the HEIC thread. */
export function decodeHeicOffThread(input: Buffer) {
  // A copy goes over (the caller keeps its buffer); its memory moves rather than being copied again.
  const copy = new Uint8Array(input);
  return heic.run<{ width: number; height: number; data: Uint8Array }>(copy, [copy.buffer]);
}
