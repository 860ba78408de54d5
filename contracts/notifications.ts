import { z } from './zod';

/** Notification outbox, as the admin reads it (GET /api/notifications, DESIGN.md §6). */
export const NOTIFICATION_STATUSES = ['queued', 'sending', 'sent', 'failed', 'dead', 'suppressed'] as const;

export const notificationsQuerySchema = z.object({
  status: z.enum(NOTIFICATION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  recipient: z.string(),
  channel: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  subject: z.string(),
  link: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  providerAnswer: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type NotificationView = z.infer<typeof notificationSchema>;
