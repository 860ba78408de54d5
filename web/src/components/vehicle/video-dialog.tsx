import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { VEHICLE_TEXTS } from './vehicle-texts';

interface VideoDialogProps {
  videoUrl: string;
  poster: string | null;
  vehicleName: string;
  /** The element that opens the dialog. */
  trigger: ReactNode;
}

/**
 * The 'Vehicle Video Walkthrough' dialog (docs/product.md §2). The video loads nothing until the user
 * presses play (preload none), showing the thumbnail meanwhile.
 */
export function VideoDialog({ videoUrl, poster, vehicleName, trigger }: VideoDialogProps) {
  return (
    <Modal
      trigger={trigger}
      title={VEHICLE_TEXTS.videoDialogTitle}
      description={vehicleName}
      className="max-w-3xl"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: walkaround videos are uploaded from the lot without captions */}
      <video
        controls
        preload="none"
        playsInline
        poster={poster ?? undefined}
        src={videoUrl}
        className="aspect-video w-full rounded-lg bg-black"
      />
    </Modal>
  );
}
