// Worker-thread entry: loads the OCR models once, then reads one photo per message.
import { parentPort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { calibrateReading } from './confidence-calibration.js';
import { createLabelPipeline } from './label-pipeline.js';
import type { WorkerReply, WorkerRequest } from './worker-protocol.js';
import { answerMemoryRequest } from '../../worker-memory.js';

const port = parentPort;
if (!port) throw new Error('reader-worker must run in a worker thread');
const { threads } = workerData as { threads: number };
const pipeline = createLabelPipeline({ threads });
// The bench asks for the raw confidences (it fits the calibration on them and applies it itself).
const rawConfidence = process.env.LABEL_READER_RAW_CONFIDENCE === '1';

port.on('message', (request: WorkerRequest) => {
  // GET /internal/metrics asks each thread what its JavaScript engine holds.
  if (answerMemoryRequest(port, request)) return;
  void handle(request).then((reply) => port.postMessage(reply));
});

async function handle({ id, image }: WorkerRequest): Promise<WorkerReply> {
  try {
    const reading = await (await pipeline).read(Buffer.from(image));
    return { id, ok: true, reading: rawConfidence ? reading : calibrateReading(reading) };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { id, ok: false, error: { name, message } };
  }
}
