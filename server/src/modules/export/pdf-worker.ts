import { parentPort } from 'node:worker_threads';
import { renderBlocksPdf, type PdfBlock } from './pdf-blocks.js';
import type { PageFrame } from './pdf-document.js';

/** The PDF thread (started by `pdf-off-thread.ts`): draws one document per message, answers its bytes. */
export interface PdfJob {
  id: number;
  frame: PageFrame;
  blocks: PdfBlock[];
}

const port = parentPort;
if (port) {
  port.on('message', (job: PdfJob) => {
    renderBlocksPdf(job.frame, job.blocks).then(
      (pdf) => {
        const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
        port.postMessage({ id: job.id, pdf: bytes }, [bytes.buffer]);
      },
      (error: unknown) => port.postMessage({ id: job.id, error: String(error) }),
    );
  });
}
