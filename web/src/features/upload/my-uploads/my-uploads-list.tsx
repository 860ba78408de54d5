import {
  MY_UPLOADS_TEXT,
  STAFF_UPLOAD_STATE_TEXT,
  type StaffUpload,
  type StaffUploadState,
} from '@contracts/staff-uploads';
import { CloudOff, ListChecks } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { DashboardSection, QuerySection, type SectionSpec } from '@/components/ui/query-states';
import { formatMiles } from '@/lib/display/format';
import { formatDateTime } from '@/lib/display/time-left';
import { vehicleTitle } from '@/lib/display/vehicle-title';
import type { useStaffUploads } from './get-staff-uploads';

const STATE_TONE: Record<StaffUploadState, BadgeTone> = {
  queued: 'yellow',
  'first-look': 'blue',
  listed: 'green',
  sold: 'gray',
  removed: 'red',
};

/** The list of what this sign-in uploaded, as a section that reads it. */
const UPLOADED_SECTION: SectionSpec = {
  id: 'uploaded',
  icon: ListChecks,
  title: MY_UPLOADS_TEXT.uploadedTitle,
  intro: MY_UPLOADS_TEXT.description,
  loading: 'Loading your uploads…',
  failed: 'Could not load your uploads:',
  empty: MY_UPLOADS_TEXT.empty,
};

/**
 * A capture kept on this phone that has not reached the server yet. The offline capture (IndexedDB)
 * fills this list; each shows above the uploaded vehicles, under "Waiting on this phone".
 */
export interface PendingUpload {
  /** Stable key of the capture on the phone. */
  id: string;
  /** What the staff member would recognise: "2018 Toyota Camry" or the VIN. */
  title: string;
  /** Where it stands on the phone: "Waiting for signal", "Sending 3 of 12 photos"… */
  detail: string;
}

export function MyUploadsList({
  uploads,
  pending,
}: {
  uploads: ReturnType<typeof useStaffUploads>;
  /** Captures still on this phone (none until the offline capture provides them). */
  pending: PendingUpload[];
}) {
  return (
    <div className="mt-6 grid gap-6">
      {pending.length > 0 ? (
        <DashboardSection id="pending-uploads" icon={CloudOff} title={MY_UPLOADS_TEXT.pendingTitle}>
          <ul className="mt-4 grid gap-3">
            {pending.map((item) => (
              <li key={item.id} className="rounded-xl border border-slate-200 p-4">
                <p className="font-semibold text-slate-900">{item.title}</p>
                <p className="mt-1 text-sm text-slate-600">{item.detail}</p>
              </li>
            ))}
          </ul>
        </DashboardSection>
      ) : null}
      <QuerySection
        section={UPLOADED_SECTION}
        query={uploads}
        isEmpty={(data) => !data || data.uploads.length === 0}
        lead={
          uploads.isPending && uploads.fetchStatus === 'paused' ? (
            <p
              role="status"
              className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200"
            >
              {MY_UPLOADS_TEXT.offline}
            </p>
          ) : null
        }
      >
        {(data) => (
          <>
            <p className="mt-3 text-sm text-slate-600" data-testid="uploads-count">
              {MY_UPLOADS_TEXT.showing(data.uploads.length, data.total)}
            </p>
            <ul className="mt-3 grid gap-3">
              {data.uploads.map((upload) => (
                <UploadItem key={upload.id} upload={upload} />
              ))}
            </ul>
          </>
        )}
      </QuerySection>
    </div>
  );
}

function UploadItem({ upload }: { upload: StaffUpload }) {
  const title = [vehicleTitle(upload), upload.trim].filter(Boolean).join(' ');
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid={`upload-${upload.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">{title}</p>
        <Badge tone={STATE_TONE[upload.state]}>{STAFF_UPLOAD_STATE_TEXT[upload.state]}</Badge>
      </div>
      <p className="mt-1 break-all font-mono text-xs text-slate-600">{upload.vin}</p>
      <p className="mt-1 text-sm text-slate-600">
        Uploaded {formatDateTime(upload.uploadedAt)}
        {upload.mileage !== null ? ` · ${formatMiles(upload.mileage)}` : ''}
      </p>
    </li>
  );
}
