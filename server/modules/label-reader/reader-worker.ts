// Worker-thread entry: loads the OCR models once, then reads one photo per message.
import { parentPort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { calibrateReading } from './confidence-calibration.js';
import { createLabelPipeline } from './label-pipeline.js';
import {
  isCloseRequest,
  type WorkerCloseRequest,
  type WorkerReply,
  type WorkerRequest,
} from './worker-protocol.js';
import { answerMemoryRequest } from '../../worker-memory.js';

const port = parentPort;
if (!port) throw new Error('reader-worker must run in a worker thread');
const { threads } = workerData as { threads: number };
const pipeline = createLabelPipeline({ threads });
// The bench asks for the raw confidences (it fits the calibration on them and applies it itself).
const rawConfidence = process.env.LABEL_READER_RAW_CONFIDENCE === '1';

/** Reads in progress; the models are released only when none is (a run on a released session fails). */
let readsInFlight = 0;
let closing = false;

port.on('message', (request: WorkerRequest | WorkerCloseRequest) => {
  // GET /internal/metrics asks each thread what its JavaScript engine holds.
  if (answerMemoryRequest(port, request)) return;
  if (isCloseRequest(request)) {
    closing = true;
    if (readsInFlight === 0) shutDown();
    return;
  }
  readsInFlight += 1;
  void handle(request).then((reply) => {
    port.postMessage(reply);
    readsInFlight -= 1;
    if (closing && readsInFlight === 0) shutDown();
  });
});

/** Releases the models, and with them onnxruntime's native memory, and ends this thread. */
function shutDown(): void {
  void pipeline.then((ready) => ready.close()).finally(() => process.exit(0));
}

async function handle({ id, image }: WorkerRequest): Promise<WorkerReply> {
  try {
    const { reading, variantLine } = await (await pipeline).readWithVariantLine(Buffer.from(image));
    return { id, ok: true, reading: rawConfidence ? reading : calibrateReading(reading), variantLine };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { id, ok: false, error: { name, message } };
  }
}
