import type { CDPSession } from 'playwright-core';

/**
 * Lighthouse's mobile throttling, applied through CDP: slow 4G (150 ms RTT × 3.75, 1.6 Mbit/s × 0.9
 * down, 750 kbit/s × 0.9 up) and a 4× slower CPU. The journeys and bench:pages act under it.
 */
export async function throttleLikeAPhone(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
