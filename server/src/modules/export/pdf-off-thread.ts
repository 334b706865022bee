import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfBlock } from './pdf-blocks.js';
import type { PageFrame } from './pdf-document.js';

/**
 * PDFs drawn off the request thread (pdfkit is synchronous, ~6 ms a page, STACK.md): one worker thread, started on
 * first use and kept (unref'd, so it never holds the process open), draws the documents one after another. A worker
 * that dies fails the documents it held and the next one starts a new worker.
 */
interface Pending {
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The worker's module beside this one: the built .js, or the .ts source with the TypeScript loader (dev, tests). */
function workerFile(): { url: URL; execArgv?: string[] } {
  const js = new URL('./pdf-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return { url: js };
  return {
    url: new URL('./pdf-worker.ts', import.meta.url),
    execArgv: ['--import', '@swc-node/register/esm-register'],
  };
}

function failAll(error: Error): void {
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function start(): Worker {
  const { url, execArgv } = workerFile();
  const started = new Worker(url, execArgv ? { execArgv } : {});
  started.unref();
  started.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    if (!job) return;
    pending.delete(message.id);
    if (message.pdf) job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    else job.reject(new Error(message.error ?? 'The PDF could not be made.'));
  });
  started.on('error', (error) => {
    if (worker === started) worker = null;
    failAll(error);
  });
  started.on('exit', () => {
    if (worker === started) worker = null;
    failAll(new Error('The PDF worker stopped.'));
  });
  return started;
}

export function renderPdfOffThread(frame: PageFrame, blocks: PdfBlock[]): Promise<Buffer> {
  worker ??= start();
  const id = nextId++;
  const target = worker;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage({ id, frame, blocks });
  });
}

/** Stops the worker (server shutdown, tests). */
export async function stopPdfWorker(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
}
