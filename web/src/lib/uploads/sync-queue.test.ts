import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOutcome,
  failureOf,
  keptFile,
  nextSync,
  retryDelayMs,
  type SyncAction,
  type SyncOutcome,
  type SyncVehicleState,
  syncTotals,
} from './sync-queue';

/*
 * The sync queue against a model of our server, over random sequences of captures, signal lost and
 * back, requests that never arrive, answers lost on the way back, server errors, an ended session
 * and the app killed (its memory gone, the phone's store kept). The server is idempotent the way
 * ours is: a vehicle per Idempotency-Key, a photo per finished tus upload (a resumed upload whose
 * bytes are all in answers the same photo), a tus upload continued from its URL.
 */

interface ServerUpload {
  file: string;
  complete: boolean;
  photo: number | null;
}
interface ServerVehicle {
  id: number;
  key: string;
  photos: string[];
  recon: boolean;
}
class ModelServer {
  uploads = new Map<string, ServerUpload>();
  photos: { id: number; file: string }[] = [];
  vehicles: ServerVehicle[] = [];
  private next = 1;

  createUpload(file: string) {
    const url = `/api/photo-uploads/${this.next++}`;
    this.uploads.set(url, { file, complete: false, photo: null });
    return url;
  }
  /** Sends the rest of the bytes (or finds them all in) and finishes: one photo per upload. */
  send(url: string) {
    const upload = this.uploads.get(url);
    if (!upload) throw new Error(`unknown upload ${url}`);
    upload.complete = true;
    if (upload.photo === null) {
      upload.photo = this.next++;
      this.photos.push({ id: upload.photo, file: upload.file });
    }
    return upload.photo;
  }
  create(key: string, photos: string[]) {
    const existing = this.vehicles.find((v) => v.key === key);
    if (existing) return existing.id;
    const vehicle = { id: this.next++, key, photos, recon: false };
    this.vehicles.push(vehicle);
    return vehicle.id;
  }
  recon(vehicleId: number) {
    const vehicle = this.vehicles.find((v) => v.id === vehicleId);
    if (!vehicle) throw new Error('no such vehicle');
    vehicle.recon = true;
  }
}

/** A fault on the way: the request never arrives, its answer is lost, the server fails, the session ended, the app is killed after the server acted. */
type Fault = 'none' | 'lost-request' | 'lost-answer' | 'server-error' | 'unauthorized' | 'killed';

type Command =
  | { type: 'capture'; files: number; wizardUploaded: number; wizardStarted: boolean }
  | { type: 'offline' }
  | { type: 'online' }
  | { type: 'sign-in' }
  | { type: 'kill' }
  | { type: 'step'; fault: Fault };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant('capture' as const),
      files: fc.integer({ min: 0, max: 4 }),
      wizardUploaded: fc.integer({ min: 0, max: 4 }),
      wizardStarted: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ type: 'offline' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'online' as const }), weight: 2 },
  { arbitrary: fc.constant({ type: 'sign-in' as const }), weight: 1 },
  { arbitrary: fc.constant({ type: 'kill' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constant('step' as const),
      fault: fc.constantFrom<Fault>(
        'none',
        'none',
        'none',
        'lost-request',
        'lost-answer',
        'server-error',
        'unauthorized',
        'killed',
      ),
    }),
    weight: 8,
  },
);

/** The phone: what its store keeps (survives a kill) and what the running app knows (does not). */
class Phone {
  stored: SyncVehicleState[] = [];
  /** What each captured vehicle holds, by its key (the test's record, not the phone's). */
  captured = new Map<string, string[]>();
  online = true;
  signedOut = false;
  private count = 0;

  constructor(private readonly server: ModelServer) {}

  capture({ files, wizardUploaded, wizardStarted }: Extract<Command, { type: 'capture' }>) {
    const id = `car-${this.count++}`;
    const fileIds = Array.from({ length: files }, (_, i) => `${id}/f${i}`);
    this.captured.set(id, fileIds);
    // Online, the wizard may have sent some files itself before the car was finished, and may have
    // been stopped mid-upload (its URL written, its bytes partly in).
    const uploaded = Math.min(wizardUploaded, files);
    const state: SyncVehicleState = {
      id,
      status: 'waiting',
      createdAt: this.count,
      vehicleId: null,
      reconSaved: false,
      blocked: null,
      files: fileIds.map((file, i) => {
        if (i < uploaded) {
          const url = this.server.createUpload(file);
          this.server.send(url);
          return keptFile(file, { uploadUrl: url, done: true });
        }
        if (i === uploaded && wizardStarted)
          return keptFile(file, { uploadUrl: this.server.createUpload(file), done: false });
        return keptFile(file, { uploadUrl: null, done: false });
      }),
    };
    this.stored = [...this.stored, state];
  }

  kill() {
    // A restarted app reads the store again; the session cookie outlives it.
    this.signedOut = false;
  }

  /** One runner step: the next action, its request with the fault, the outcome written (or not). */
  step(fault: Fault) {
    const action = nextSync(this.stored, { online: this.online, signedOut: this.signedOut });
    if (!action) return;
    if (fault === 'lost-request') return;
    if (fault === 'server-error') return;
    if (fault === 'unauthorized') {
      expect(failureOf(401)).toBe('signed-out');
      this.signedOut = true;
      return;
    }
    const outcome = this.perform(action);
    if (fault === 'lost-answer' || fault === 'killed') return;
    this.stored = applyOutcome(this.stored, outcome);
  }

  private perform(action: SyncAction): SyncOutcome {
    switch (action.type) {
      case 'upload': {
        if (action.resumeUrl === null) {
          const url = this.server.createUpload(action.file);
          return { type: 'upload-url', vehicle: action.vehicle, file: action.file, url };
        }
        this.server.send(action.resumeUrl);
        return { type: 'uploaded', vehicle: action.vehicle, file: action.file };
      }
      case 'create': {
        const vehicle = this.stored.find((v) => v.id === action.vehicle)!;
        // Every file has its result before the create (the body names their photos).
        expect(vehicle.files.every((f) => f.status === 'ready')).toBe(true);
        const photos = vehicle.files.map((f) => f.id);
        return {
          type: 'created',
          vehicle: action.vehicle,
          vehicleId: this.server.create(action.vehicle, photos),
        };
      }
      case 'recon':
        this.server.recon(action.vehicleId);
        return { type: 'recon-saved', vehicle: action.vehicle };
      case 'remove':
        return { type: 'removed', vehicle: action.vehicle };
    }
  }
}

/** Nothing lost: each captured car is on the phone with every file, or on the server with every photo and its recon. */
function checkNothingLost(phone: Phone, server: ModelServer) {
  for (const [id, files] of phone.captured) {
    const kept = phone.stored.find((v) => v.id === id);
    if (kept) {
      expect(kept.files.map((f) => f.id)).toEqual(files);
      continue;
    }
    const sent = server.vehicles.filter((v) => v.key === id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.photos).toEqual(files);
    expect(sent[0]!.recon).toBe(true);
  }
}

/** Nothing twice: one vehicle per captured car, one photo per captured file. */
function checkNothingTwice(phone: Phone, server: ModelServer) {
  const keys = server.vehicles.map((v) => v.key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const key of keys) expect(phone.captured.has(key)).toBe(true);
  const photoFiles = server.photos.map((p) => p.file);
  expect(new Set(photoFiles).size).toBe(photoFiles.length);
}

describe('sync queue', () => {
  it('loses nothing and sends nothing twice over any run of captures, signal, lost answers, errors and kills', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 60 }), (commands) => {
        const server = new ModelServer();
        const phone = new Phone(server);
        for (const command of commands) {
          if (command.type === 'capture') phone.capture(command);
          else if (command.type === 'offline') phone.online = false;
          else if (command.type === 'online') phone.online = true;
          else if (command.type === 'sign-in') phone.signedOut = false;
          else if (command.type === 'kill') phone.kill();
          else phone.step(command.fault);
          checkNothingLost(phone, server);
          checkNothingTwice(phone, server);
        }
        // Then a good signal and a live session: everything arrives, and the phone is empty.
        phone.online = true;
        phone.signedOut = false;
        for (let i = 0; i < 1000 && nextSync(phone.stored, { online: true, signedOut: false }); i++)
          phone.step('none');
        expect(phone.stored).toEqual([]);
        checkNothingLost(phone, server);
        checkNothingTwice(phone, server);
        expect(server.vehicles).toHaveLength(phone.captured.size);
        // Every captured file became exactly one photo, every one of them on its vehicle.
        const captured = [...phone.captured.values()].flat();
        expect(server.photos.map((p) => p.file).sort()).toEqual([...captured].sort());
      }),
      { numRuns: 500 },
    );
  });

  it('sends nothing while offline or signed out, and nothing of a draft', () => {
    const draft: SyncVehicleState = {
      id: 'draft',
      status: 'draft',
      createdAt: 1,
      files: [keptFile('f', { uploadUrl: null, done: false })],
      vehicleId: null,
      reconSaved: false,
      blocked: null,
    };
    const waiting: SyncVehicleState = { ...draft, id: 'car', status: 'waiting', createdAt: 2 };
    expect(nextSync([draft], { online: true, signedOut: false })).toBeNull();
    expect(nextSync([draft, waiting], { online: false, signedOut: false })).toBeNull();
    expect(nextSync([draft, waiting], { online: true, signedOut: true })).toBeNull();
    expect(nextSync([draft, waiting], { online: true, signedOut: false })).toEqual({
      type: 'upload',
      vehicle: 'car',
      file: 'f',
      resumeUrl: null,
    });
    // A refused car waits for the staff member; the next one goes on.
    const refused = applyOutcome([waiting], {
      type: 'refused',
      vehicle: 'car',
      message: 'VIN already listed',
    });
    expect(nextSync(refused, { online: true, signedOut: false })).toBeNull();
    expect(syncTotals([draft, ...refused])).toEqual({ vehicles: 1, files: 1, filesDone: 0, blocked: 1 });
  });

  it('reads a kept file into the file state: queued, uploading from its kept URL, or ready', () => {
    expect(keptFile('a', { uploadUrl: null, done: false, size: 10 })).toMatchObject({
      id: 'a',
      status: 'queued',
      uploadUrl: null,
      total: 10,
    });
    expect(keptFile('b', { uploadUrl: '/api/photo-uploads/1', done: false })).toMatchObject({
      status: 'uploading',
      uploadUrl: '/api/photo-uploads/1',
    });
    expect(keptFile('c', { uploadUrl: '/api/photo-uploads/2', done: true, size: 10 })).toMatchObject({
      status: 'ready',
      sent: 10,
    });
    // An outcome the file state refuses changes nothing: a queued file is not ready without its upload.
    const [car] = applyOutcome(
      [
        {
          id: 'car',
          status: 'waiting',
          createdAt: 1,
          files: [keptFile('f', { uploadUrl: null, done: false })],
          vehicleId: null,
          reconSaved: false,
          blocked: null,
        },
      ],
      { type: 'uploaded', vehicle: 'car', file: 'f' },
    );
    expect(car?.files[0]?.status).toBe('queued');
  });

  it('takes statuses as failures the way a retry can or cannot help, and backs off', () => {
    expect([null, 401, 500, 503, 409, 429, 400, 413, 415].map(failureOf)).toEqual([
      'network',
      'signed-out',
      'server',
      'server',
      'server',
      'server',
      'refused',
      'refused',
      'refused',
    ]);
    expect([1, 2, 3, 10, 100].map(retryDelayMs)).toEqual([2000, 4000, 8000, 300_000, 300_000]);
  });
});
