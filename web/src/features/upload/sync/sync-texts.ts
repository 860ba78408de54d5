/** The words of offline capture (issue #34), in one place for the pages and the journeys. */
export const SYNC_TEXT = {
  offline: 'No signal — saved on this phone',
  waiting: 'Waiting to sync',
  sending: 'Sending…',
  retrying: 'Could not send yet: trying again shortly',
  signInToSend: 'Sign in to send the cars saved on this phone',
  refusedPrefix: 'A car could not be sent: ',
  mayBeCleared: 'This phone may clear saved cars when it runs low on space: send them soon.',
  /** The complete step when the car stays on the phone. */
  keptTitle: 'Saved on this phone',
  keptOffline: 'No signal: the car is saved on this phone and will be sent when a signal returns.',
  keptSending: 'Sending it now. You can start the next car: the bar above shows what is still on its way.',
  keptToast: 'Saved on this phone',
  /** The video step offline. */
  videoKept: 'Saved on this phone: the video is sent when a signal returns.',
  photosKept: 'No signal: photos are saved on this phone and upload when a signal returns.',
  /** The condition step's action when the car cannot be created now. */
  saveOnPhone: 'Continue (save on this phone)',
  storageFull: 'This phone has no room left to save more. Send the saved cars before taking more.',
} as const;

/** "2 cars waiting to sync · 14 photos" */
export function waitingLabel(cars: number, photos: number): string {
  const carText = `${cars} car${cars === 1 ? '' : 's'} waiting to sync`;
  return photos > 0 ? `${carText} · ${photos} photo${photos === 1 ? '' : 's'}` : carText;
}

/** The words of a VIN decode put off for want of a signal (decode-state.ts says it everywhere). */
export const DEFERRED_DECODE_TEXT = {
  title: 'Not decoded yet: no signal',
  note: 'The server decodes the VIN when the car is sent',
} as const;
