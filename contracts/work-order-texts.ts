/*
 * Work orders' texts, labels and the small rules both sides share (docs/design.md §14, issue #31), apart
 * from their schemas (contracts/work-orders.ts) so that screens which only show them load no
 * validation library.
 */
import {
  DAMAGE_PANELS,
  DAMAGE_SIZES,
  DAMAGE_TYPES,
  type DamageKey,
  GRADE_RULES,
  TIRE_POSITIONS,
  type TirePosition,
} from './condition-report-rules';

export const WORK_ORDER_STATUSES = ['to_do', 'in_progress', 'done', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_STATUS_LABELS: Record<WorkOrderStatus, string> = {
  to_do: 'Not started',
  in_progress: 'In progress',
  done: 'Front-line ready',
  cancelled: 'Cancelled',
};

export const TASK_STATUSES = ['to_do', 'in_progress', 'done', 'not_needed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  to_do: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  not_needed: 'Not needed',
};

export const TASK_SOURCES = ['package', 'damage', 'tire', 'warning_light', 'added', 'claim'] as const;
export type TaskSource = (typeof TASK_SOURCES)[number];
export const TASK_SOURCE_LABELS: Record<TaskSource, string> = {
  package: 'Package',
  damage: 'Condition report: damage',
  tire: 'Condition report: tire',
  warning_light: 'Condition report: warning light',
  added: 'Added by the shop',
  /** The claimed item of a car bought back on a guarantee claim (docs/decisions/0043-claim-coverage-and-deductible.md). */
  claim: 'Guarantee claim',
};

export const PHOTO_STAGES = ['before', 'after'] as const;
export type PhotoStage = (typeof PHOTO_STAGES)[number];
export const PHOTO_STAGE_LABELS: Record<PhotoStage, string> = { before: 'Before', after: 'After' };

/** Costs are kept per task, parts and labour each: from $0 to just under $100,000 (the column's check). */
export const MAX_TASK_COST_CENTS = 100_000 * 100 - 1;
export const MAX_TASK_NOTES = 2000;
export const MAX_TASK_TITLE = 200;
export const MAX_NOT_NEEDED_REASON = 500;
/** Photos one request may attach to a task. */
export const MAX_TASK_PHOTOS_PER_REQUEST = 10;
/** Photos a task may hold in all (before and after together). */
export const MAX_TASK_PHOTOS = 20;

export const WORK_ORDER_TEXT = {
  notFound: 'Work order not found',
  taskNotFound: 'Task not found',
  done: 'This work order is done and can no longer be changed',
  cancelled: 'This work order was cancelled with its sale and can no longer be changed',
  reasonRequired: 'Say why the task is not needed',
  reasonTooLong: `The reason can be at most ${MAX_NOT_NEEDED_REASON} characters`,
  costInvalid: 'A cost must be an amount from $0 to $99,999.99',
  notesTooLong: `Notes can be at most ${MAX_TASK_NOTES} characters`,
  titleRequired: 'Name the task',
  titleTooLong: `A task's name can be at most ${MAX_TASK_TITLE} characters`,
  nothingToChange: 'Send a status, a cost or notes to change',
  photosRequired: 'Attach at least one photo',
  tooManyPhotosPerRequest: `Attach at most ${MAX_TASK_PHOTOS_PER_REQUEST} photos at a time`,
  tooManyPhotos: `A task holds at most ${MAX_TASK_PHOTOS} photos`,
  duplicatePhoto: 'The same photo is listed twice',
  photoUnknown:
    'Unknown photo: upload it first as a photo; one already used by a vehicle, a claim or another task cannot be attached',
  // Screens
  staffTitle: 'Reconditioning',
  staffIntro: 'Open work orders, oldest promise first. Tap one to work its tasks.',
  staffEmpty: 'No open work orders. New ones appear here when a car is sold with a package.',
  loadFailed: 'Could not load the work orders.',
  loadOneFailed: 'Could not load this work order.',
  retry: 'Try again',
  backToList: 'All work orders',
  uploadLink: 'Upload a vehicle',
  reconLink: 'Reconditioning',
  start: 'Start',
  markDone: 'Done',
  notNeeded: 'Not needed',
  reopen: 'To do',
  reasonLabel: 'Why is it not needed?',
  confirmNotNeeded: 'Mark not needed',
  cancel: 'Cancel',
  partsCost: 'Parts',
  labourCost: 'Labour',
  notes: 'Notes',
  save: 'Save',
  saved: 'Saved',
  addTask: 'Add a task',
  addTaskLabel: 'New task',
  beforePhoto: 'Before photo',
  afterPhoto: 'After photo',
  photoUploading: 'Uploading photo…',
  photoFailed: 'The photo could not be uploaded.',
  dealerTitle: 'Reconditioning',
  dealerIntro: 'The work on the cars you bought with a package, as the shop does it.',
  dealerEmpty: 'No reconditioning yet. Choose a package when you buy and follow the work here, with photos.',
  promised: 'Promised by',
  overdue: 'Past its promised date',
  costs: 'Cost so far',
  timeToLine: 'Time to line',
  afterPhotos: 'After photos',
  noTasks: 'No tasks yet.',
} as const;

/** The refusal of pickup, gate pass and transport while the work order is open (issue #31). */
export const reconNotFinishedText = (left: number, total: number) =>
  `Reconditioning is not finished: ${left} of ${total} ${total === 1 ? 'task' : 'tasks'} left`;

/** "3 of 7 tasks done". */
export const progressText = (done: number, total: number) =>
  `${done} of ${total} ${total === 1 ? 'task' : 'tasks'} done`;

/** A task generated from a damage item of the condition report, in the vehicle page's words. */
export const damageTaskTitle = (item: DamageKey & { note?: string | null }) =>
  `Repair ${DAMAGE_PANELS[item.panel].toLowerCase()}: ${DAMAGE_TYPES[item.type].toLowerCase()} ${DAMAGE_SIZES[item.size]}${item.note ? ` (${item.note})` : ''}`;

/** A task for a tire under the grade's minimum tread. */
export const tireTaskTitle = (position: TirePosition, depth: number) =>
  `Replace ${TIRE_POSITIONS[position].toLowerCase()} tire (${depth}/32, under ${GRADE_RULES.tireMin32nds}/32)`;

/** A task for a warning light or OBD code. */
export const warningLightTaskTitle = (light: string) => `Diagnose and fix warning light: ${light}`;

/** A tire whose tread makes a task: measured and under the grade's minimum. */
export const isWornTread = (depth: number | null) => depth !== null && depth < GRADE_RULES.tireMin32nds;

/** A duration in minutes as people say it: "45 min", "5 h 12 min", "3 d 4 h". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 24) return m % 60 ? `${hours} h ${m % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export const TIME_TO_LINE_LABELS = {
  saleToReady: 'Sale to ready',
  readyToRelease: 'Ready to picked up or delivered',
  saleToRelease: 'Sale to picked up or delivered',
} as const;
