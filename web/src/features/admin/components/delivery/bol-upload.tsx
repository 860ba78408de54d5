import { TRANSPORT_STATUS_RANK, type TransportBoardRow } from '@contracts/delivery';
import { FileImage } from 'lucide-react';
import { useState } from 'react';
import { PHOTO_ACCEPT } from '@/components/media/file-pick-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { pickFiles } from '@/lib/pick-files';
import { downscalePhoto } from '@/lib/uploads/downscale-photo';
import { uploadPhoto } from '@/lib/uploads/photo-upload';
import { DELIVERY_ADMIN_LABELS as L } from '../../admin-texts';
import { useAttachBillOfLading } from '../../api/attach-bill-of-lading';
import { ROW_BUTTON } from './transport-actions';

/** A bill of lading has at most this many pages photographed (the contract's limit). */
const MAX_BOL_PHOTOS = 12;

/**
 * "Add bill of lading photos": each photo is downscaled and sent through the tus photo upload (as
 * the shop's task photos are), then all are attached to the transport at once. Offered once a
 * carrier has the order (the bill is signed at pickup), never on a cancelled one.
 */
export function BolUpload({ row }: { row: TransportBoardRow }) {
  const attach = useAttachBillOfLading();
  const [progress, setProgress] = useState<string | null>(null);
  if (row.status === 'cancelled' || TRANSPORT_STATUS_RANK[row.status] < TRANSPORT_STATUS_RANK.assigned)
    return null;
  const send = async (files: File[]) => {
    const chosen = files.slice(0, MAX_BOL_PHOTOS);
    try {
      const ids: number[] = [];
      for (const [i, file] of chosen.entries()) {
        setProgress(L.bolUploading(i, chosen.length));
        ids.push((await uploadPhoto(await downscalePhoto(file))).id);
      }
      await attach.mutateAsync({ id: row.orderId, photoIds: ids });
      toast({
        title: L.bolAdded,
        description: `${row.vehicle}: ${ids.length} ${ids.length === 1 ? 'photo' : 'photos'}`,
      });
    } catch (error) {
      toast({ variant: 'destructive', title: L.bolFailed, description: (error as Error).message });
    } finally {
      setProgress(null);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant="outline"
        className={ROW_BUTTON}
        aria-label={`${L.addBol}: ${row.vehicle}`}
        disabled={progress !== null}
        onClick={() => pickFiles({ accept: PHOTO_ACCEPT, multiple: true }, (files) => void send(files))}
      >
        <FileImage aria-hidden="true" className="h-4 w-4" />
        {L.addBol}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {progress ?? ''}
      </span>
    </span>
  );
}
