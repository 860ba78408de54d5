import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionKey,
  applyOutcome,
  failureOf,
  keptFile,
  nextSync,
  nextSyncActions,
  retryDelayMs,
  SYNC_PARALLEL,
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
  | { type: 'step'; fault: Fault }
  /** The runner starts what the queue lets go together (up to SYNC_PARALLEL on their way). */
  | { type: 'start' }
  /** One request on its way ends (any of them: answers come in any order). */
  | { type: 'finish'; which: number; fault: Fault };

const faultArb = fc.constantFrom<Fault>(
  'none',
  'none',
  'none',
  'lost-request',
  'lost-answer',
  'server-error',
  'unauthorized',
  'killed',
);

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
      fault: faultArb,
    }),
    weight: 8,
  },
);

/** The same run with several requests on their way at once, their answers in any order. */
const parallelCommandArb: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: commandArb, weight: 4 },
  { arbitrary: fc.constant({ type: 'start' as const }), weight: 3 },
  {
    arbitrary: fc.record({ type: fc.constant('finish' as const), which: fc.nat(), fault: faultArb }),
    weight: 6,
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

  apply(command: Command) {
    if (command.type === 'capture') this.capture(command);
    else if (command.type === 'offline') this.online = false;
    else if (command.type === 'online') this.online = true;
    else if (command.type === 'sign-in') this.signedOut = false;
    else if (command.type === 'kill') this.kill();
    else if (command.type === 'start') this.start();
    else if (command.type === 'finish') this.finish(command.which, command.fault);
    else this.step(command.fault);
  }

  /** The requests on their way (the running app's memory: a kill forgets them). */
  onTheirWay: SyncAction[] = [];

  kill() {
    // A restarted app reads the store again; the session cookie outlives it.
    this.signedOut = false;
    this.onTheirWay = [];
  }

  /** The runner starts what may go now besides what is on its way; never one request twice at once. */
  start() {
    const inFlight = new Set(this.onTheirWay.map(actionKey));
    const actions = nextSyncActions(
      this.stored,
      { online: this.online, signedOut: this.signedOut },
      { inFlight, limit: SYNC_PARALLEL - this.onTheirWay.length },
    );
    this.onTheirWay = [...this.onTheirWay, ...actions];
    const keys = this.onTheirWay.map(actionKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeLessThanOrEqual(SYNC_PARALLEL);
    // A car's own step goes alone: none of its files (nor another of its steps) is on its way with it.
    for (const action of this.onTheirWay)
      if (action.type !== 'upload')
        expect(this.onTheirWay.filter((a) => a.vehicle === action.vehicle)).toHaveLength(1);
  }

  /** One request on its way ends with the fault. */
  finish(which: number, fault: Fault) {
    if (this.onTheirWay.length === 0) return;
    const index = which % this.onTheirWay.length;
    const action = this.onTheirWay[index]!;
    this.onTheirWay = this.onTheirWay.filter((_, i) => i !== index);
    this.answer(action, fault);
  }

  /**
   * One runner step: the next action, its request with the fault, the outcome written (or not). It
   * is the same runner as `start`'s (one sender per phone: the app holds a lock), so it sends only
   * what is not already on its way, and nothing while three requests are.
   */
  step(fault: Fault) {
    const [action] = nextSyncActions(
      this.stored,
      { online: this.online, signedOut: this.signedOut },
      {
        inFlight: new Set(this.onTheirWay.map(actionKey)),
        limit: Math.min(1, SYNC_PARALLEL - this.onTheirWay.length),
      },
    );
    if (!action) return;
    this.answer(action, fault);
  }

  private answer(action: SyncAction, fault: Fault) {
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
          phone.apply(command);
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

  it('loses nothing and sends nothing twice with three requests on their way, answered in any order', () => {
    fc.assert(
      fc.property(fc.array(parallelCommandArb, { maxLength: 80 }), (commands) => {
        const server = new ModelServer();
        const phone = new Phone(server);
        for (const command of commands) {
          phone.apply(command);
          checkNothingLost(phone, server);
          checkNothingTwice(phone, server);
        }
        phone.online = true;
        phone.signedOut = false;
        for (
          let i = 0;
          i < 1000 &&
          (phone.onTheirWay.length > 0 || nextSync(phone.stored, { online: true, signedOut: false }));
          i++
        ) {
          phone.start();
          phone.finish(i, 'none');
        }
        expect(phone.stored).toEqual([]);
        checkNothingLost(phone, server);
        checkNothingTwice(phone, server);
        expect(server.vehicles).toHaveLength(phone.captured.size);
      }),
      { numRuns: 500 },
    );
  });

  it('starts up to three files together, the oldest car first, and a car’s create only after its files', () => {
    const car = (id: string, createdAt: number, files: number): SyncVehicleState => ({
      id,
      status: 'waiting',
      createdAt,
      files: Array.from({ length: files }, (_, i) =>
        keptFile(`${id}-f${i}`, { uploadUrl: null, done: false }),
      ),
      vehicleId: null,
      reconSaved: false,
      blocked: null,
    });
    const conditions = { online: true, signedOut: false };
    const cars = [car('b', 2, 2), car('a', 1, 2)];
    const first = nextSyncActions(cars, conditions, { inFlight: new Set(), limit: SYNC_PARALLEL });
    expect(first.map(actionKey)).toEqual(['a/a-f0', 'a/a-f1', 'b/b-f0']);
    // Car a's files on their way: its create waits; b's other file may go.
    const inFlight = new Set(['a/a-f1', 'b/b-f0']);
    const done = applyOutcome(
      applyOutcome(cars, { type: 'upload-url', vehicle: 'a', file: 'a-f0', url: '/u/1' }),
      { type: 'uploaded', vehicle: 'a', file: 'a-f0' },
    );
    expect(nextSyncActions(done, conditions, { inFlight, limit: 3 }).map(actionKey)).toEqual(['b/b-f1']);
    // Every file of a sent, nothing of a on its way: its create goes.
    const allSent = applyOutcome(
      applyOutcome(done, { type: 'upload-url', vehicle: 'a', file: 'a-f1', url: '/u/2' }),
      { type: 'uploaded', vehicle: 'a', file: 'a-f1' },
    );
    expect(nextSyncActions(allSent, conditions, { inFlight: new Set(['b/b-f0']), limit: 3 })).toEqual([
      { type: 'create', vehicle: 'a' },
      { type: 'upload', vehicle: 'b', file: 'b-f1', resumeUrl: null },
    ]);
    expect(
      nextSyncActions(allSent, { online: false, signedOut: false }, { inFlight: new Set(), limit: 3 }),
    ).toEqual([]);
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
