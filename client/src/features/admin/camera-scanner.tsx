import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';

/** The browser's barcode reader where it exists (Chrome on Android, Safari 17+ on iOS). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => BarcodeDetectorLike;
  }
}

/** Reads Code 128 from a video frame: BarcodeDetector when present, else zxing-wasm (loaded on demand). */
async function createReader(): Promise<
  (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>
> {
  if (window.BarcodeDetector) {
    const detector = new window.BarcodeDetector({ formats: ['code_128'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Served from our own origin: the default would fetch the WebAssembly from a CDN.
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return async (video, canvas) => {
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || canvas.width === 0) return null;
    context.drawImage(video, 0, 0);
    const results = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), {
      formats: ['Code128'],
      tryHarder: true,
    });
    return results[0]?.text ?? null;
  };
}

/** A dialog showing the back camera that closes with the first label barcode it reads. */
export function CameraScanner({
  onResult,
  onClose,
}: {
  onResult: (value: string) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The latest callback, so a parent re-render does not restart the camera.
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        const video = videoRef.current;
        if (!video || stopped) return;
        video.srcObject = stream;
        await video.play();
        const read = await createReader();
        while (!stopped) {
          const value = await read(video, canvasRef.current!).catch(() => null);
          if (value) {
            onResultRef.current(value);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } catch {
        if (!stopped) setProblem('The camera is not available. Type the code from the label instead.');
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Scan a shipping label</DialogTitle>
        <DialogDescription>Point the camera at the barcode on the package.</DialogDescription>
        {problem ? (
          <p className="mt-4 font-semibold text-red-800" role="alert">
            {problem}
          </p>
        ) : (
          <video
            ref={videoRef}
            className="mt-4 w-full rounded-lg bg-slate-900"
            muted
            playsInline
            aria-label="Camera view"
          />
        )}
        <canvas ref={canvasRef} className="hidden" />
      </DialogContent>
    </Dialog>
  );
}
