import { NOTIFICATION_STATUS_LABELS, type NotificationView } from '@contracts/notifications';
import { BellRing, RotateCw } from 'lucide-react';
import { Badge, NOTIFICATION_STATUS_TONE } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { Pager, useListParams, useServerPaged } from '@/components/ui/pager';
import { Empty } from '@/components/ui/query-states';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/display/time-left';
import {
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  useNotifications,
  useResendNotification,
} from '../../api/get-notifications';
import { Cell, DataTable, Row } from '../common/data-table';
import { Panel, PanelStates } from '../common/panel';

/** Only these can be sent again; the others are on their way or arrived. */
const RESENDABLE = new Set<NotificationStatus>(['failed', 'dead', 'suppressed']);

/** What a provider's answer means to an admin, where ours is terse. */
const answerText = (item: NotificationView) =>
  item.status === 'suppressed' && item.providerAnswer === 'no transport'
    ? item.channel === 'sms'
      ? 'Not sent: no SMS provider is configured (TWILIO_*).'
      : 'Not sent: no e-mail server is configured (SMTP_URL).'
    : item.providerAnswer;

/** "offer_received" → "Offer received". */
const eventLabel = (event: string) => {
  const words = event.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Notifications (docs/design.md §6): every message of the outbox, its status and the provider's answer. */
export function NotificationsTab() {
  const [params, setParams] = useListParams('outbox-', ['status'] as const);
  const status = NOTIFICATION_STATUSES.find((value) => value === params.status) ?? '';
  const paging = useServerPaged<HTMLDivElement>(status);
  const log = useNotifications(status || undefined, { cursor: paging.cursor, limit: paging.limit });
  return (
    <Panel
      title="Notifications"
      description="Every e-mail and text message sent to admins and dealers, newest first, with what the provider answered."
      actions={
        <SelectField
          label={<span className="sr-only">Show notifications that are</span>}
          value={status}
          onChange={(e) => setParams({ status: e.target.value })}
          className="w-44"
        >
          <option value="">Every status</option>
          {NOTIFICATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {NOTIFICATION_STATUS_LABELS[value]}
            </option>
          ))}
        </SelectField>
      }
    >
      <PanelStates
        query={log}
        loading="Loading notifications..."
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Empty
            icon={BellRing}
            title={status ? 'No notifications with this status' : 'No notifications yet'}
            text="Offers, counters, sales and deadlines send messages; each one appears here."
          />
        }
      >
        {(data) => (
          <div ref={paging.listRef}>
            <DataTable label="Notifications" columns={['When', 'To', 'Message', 'Status', '']}>
              {data.items.map((item) => (
                <NotificationRow key={item.id} item={item} />
              ))}
            </DataTable>
            <Pager label="Notifications" {...paging.pagerOf(data)} />
          </div>
        )}
      </PanelStates>
    </Panel>
  );
}

function NotificationRow({ item }: { item: NotificationView }) {
  const resend = useResendNotification();
  const send = () =>
    // Through the promise (docs/conventions.md habit 6): the mutation settles once the list is read
    // again, and under a status filter this row has left it by then, with mutate()'s callbacks.
    resend.mutateAsync(item.id).then(
      () => toast({ title: 'Notification queued', description: `It will be sent to ${item.recipient}.` }),
      (error: Error) =>
        toast({
          title: 'Could not resend the notification',
          description: error.message,
          variant: 'destructive',
        }),
    );
  const retrying = item.status === 'failed' && item.attempts > 0;
  return (
    <Row>
      <Cell label="When" className="whitespace-nowrap">
        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
      </Cell>
      <Cell label="To">
        <span className="min-w-0 break-all">
          {item.recipient}
          <span className="ml-1 text-xs text-slate-500">({item.channel === 'sms' ? 'SMS' : 'e-mail'})</span>
        </span>
      </Cell>
      <Cell label="Message" phone="heading">
        <span className="min-w-0 max-w-md">
          <span className="block font-medium text-slate-900">{item.subject}</span>
          <span className="block text-xs text-slate-500">{eventLabel(item.event)}</span>
        </span>
      </Cell>
      <Cell label="Status" className="max-md:items-start">
        <span className="flex min-w-0 max-w-xs flex-col items-end gap-1 md:items-start">
          <Badge tone={NOTIFICATION_STATUS_TONE[item.status]}>
            {NOTIFICATION_STATUS_LABELS[item.status]}
          </Badge>
          <span className="text-xs text-slate-600">
            {item.status === 'suppressed'
              ? null
              : item.attempts === 1
                ? '1 attempt'
                : `${item.attempts} attempts`}
            {item.sentAt ? (
              <>
                {' · sent '}
                <time dateTime={item.sentAt}>{formatDateTime(item.sentAt)}</time>
              </>
            ) : retrying ? (
              <>
                {' · next try '}
                <time dateTime={item.nextAttemptAt}>{formatDateTime(item.nextAttemptAt)}</time>
              </>
            ) : null}
          </span>
          {item.providerAnswer ? (
            <span className="break-words text-xs text-slate-500">{answerText(item)}</span>
          ) : null}
        </span>
      </Cell>
      <Cell>
        {RESENDABLE.has(item.status) ? (
          <Button
            variant="outline"
            size="sm"
            onClick={send}
            disabled={resend.isPending}
            aria-label={`Resend “${item.subject}” to ${item.recipient}`}
          >
            <RotateCw aria-hidden="true" className="h-3.5 w-3.5" />
            Resend
          </Button>
        ) : null}
      </Cell>
    </Row>
  );
}
