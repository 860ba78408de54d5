import { Loader2, ScanBarcode } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { extractVinFromBarcode } from './vin-input';

/** The Barcode Detection API (not in TypeScript's DOM library yet). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?: () => Promise<string[]>;
}

/** VIN labels use Code 39 (older), Code 128, Data Matrix or QR. */
const VIN_FORMATS = ['code_39', 'code_128', 'data_matrix', 'qr_code'];
const SCAN_INTERVAL_MS = 200;

/** Only browsers that ship the Barcode Detection API (Chrome on Android, Safari on recent iOS) offer scanning. */
export const canScanBarcodes = () =>
  typeof window !== 'undefined' &&
  'BarcodeDetector' in window &&
  Boolean(navigator.mediaDevices?.getUserMedia);

type ScanStatus = 'starting' | 'scanning' | 'denied' | 'failed';

function ScannerView({ onVin }: { onVin: (vin: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onVinRef = useRef(onVin);
  onVinRef.current = onVin;
  const [status, setStatus] = useState<ScanStatus>('starting');
  const [notAVin, setNotAVin] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    const run = async () => {
      const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorClass }).BarcodeDetector;
      const supported = (await Detector.getSupportedFormats?.().catch(() => null)) ?? VIN_FORMATS;
      const formats = VIN_FORMATS.filter((format) => supported.includes(format));
      const detector = new Detector(formats.length ? { formats } : undefined);
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      const video = videoRef.current;
      if (stopped || !video) return stop();
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setStatus('scanning');
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const codes = await detector.detect(video).catch(() => []);
          for (const code of codes) {
            const vin = extractVinFromBarcode(code.rawValue);
            if (vin) {
              stop();
              onVinRef.current(vin);
              return;
            }
          }
          if (codes.length) setNotAVin(true);
        }
        timer = setTimeout(tick, SCAN_INTERVAL_MS);
      };
      void tick();
    };

    run().catch((error: unknown) => {
      if (stopped) return;
      const name = (error as { name?: unknown } | null)?.name;
      setStatus(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed');
    });
    return stop;
  }, []);

  return (
    <div className="grid gap-3">
      <div className="relative overflow-hidden rounded-lg bg-slate-950">
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Camera preview"
          className="aspect-[4/3] w-full object-cover"
        />
        {status === 'scanning' ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-6 top-1/2 h-20 -translate-y-1/2 rounded-md border-2 border-accent/90 shadow-[0_0_0_9999px_rgba(2,6,23,0.35)]"
          />
        ) : null}
        {status === 'starting' ? (
          <div className="absolute inset-0 flex items-center justify-center text-white">
            <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin" />
          </div>
        ) : null}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {status === 'starting' ? 'Starting the camera…' : null}
        {status === 'scanning'
          ? notAVin
            ? 'That barcode holds no VIN. Aim at the VIN barcode (17 characters).'
            : 'Hold the barcode inside the frame. It is read automatically.'
          : null}
        {status === 'denied'
          ? 'Camera access was refused. Allow the camera for this site in the browser settings, or type the VIN.'
          : null}
        {status === 'failed' ? 'The camera could not be started on this device. Please type the VIN.' : null}
      </p>
    </div>
  );
}

/** 'Scan barcode': a live camera preview in a modal; a detected VIN fills the input. */
export function BarcodeScanButton({ onVin }: { onVin: (vin: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Scan the VIN barcode"
      description="Find it on the driver's door jamb or at the bottom of the windshield."
      trigger={
        <Button variant="outline" size="lg" className="w-full shrink-0 whitespace-nowrap sm:w-auto">
          <ScanBarcode aria-hidden="true" className="h-5 w-5" />
          Scan barcode
        </Button>
      }
    >
      {open ? (
        <ScannerView
          onVin={(vin) => {
            setOpen(false);
            onVin(vin);
          }}
        />
      ) : null}
    </Modal>
  );
}
