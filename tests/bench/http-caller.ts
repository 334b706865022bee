import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, Worker, workerData } from 'node:worker_threads';

/**
 * The bench's HTTP caller in its own thread, as a load generator on another machine would be: its fetches (request
 * building, response parsing) then do not run on the server's event loop and are not counted as the server's
 * time. The plain-SQL baseline's pg client does run in the measured process, but it is the server's own database
 * access, not a caller.
 */
export interface HttpCall {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface HttpCallerJob {
  calls: HttpCall[];
  /** Latency: `warmup` then `runs` calls one after another. Throughput: `concurrency` callers for `durationMs`. */
  mode: 'latency' | 'throughput';
  warmup?: number;
  runs?: number;
  concurrency?: number;
  durationMs?: number;
}

export interface HttpCallerResult {
  /** Latency mode: each call's milliseconds, in order. */
  samples: number[];
  /** Throughput mode: calls per second. */
  rate: number;
}

/**
 * A lean client, as load generators are (autocannon, wrk): node:http on kept-alive sockets. Node's `fetch` (undici)
 * spends about a millisecond of its own per call on this machine, which the server's figures would carry.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function call(each: HttpCall): Promise<void> {
  const url = new URL(each.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { ...each.headers, 'content-length': Buffer.byteLength(each.body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            const body = JSON.parse(text) as { data?: unknown; errors?: unknown };
            if (response.statusCode !== 200 || !body.data) {
              reject(new Error(`call failed (${response.statusCode}): ${JSON.stringify(body.errors)}`));
            } else resolve();
          } catch {
            reject(new Error(`call failed (${response.statusCode}): ${text.slice(0, 200)}`));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(each.body);
  });
}

async function work(job: HttpCallerJob): Promise<HttpCallerResult> {
  const { calls } = job;
  if (job.mode === 'latency') {
    for (let i = 0; i < (job.warmup ?? 0); i += 1) await call(calls[i % calls.length]);
    const samples: number[] = [];
    for (let i = 0; i < (job.runs ?? 100); i += 1) {
      const start = performance.now();
      await call(calls[i % calls.length]);
      samples.push(performance.now() - start);
    }
    return { samples, rate: 0 };
  }
  const concurrency = job.concurrency ?? 8;
  const end = performance.now() + (job.durationMs ?? 4000);
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < end; i += concurrency) {
        await call(calls[i % calls.length]);
        done += 1;
      }
    }),
  );
  return { samples: [], rate: done / ((performance.now() - started) / 1000) };
}

if (parentPort && (workerData as { httpCaller?: boolean } | undefined)?.httpCaller) {
  const port = parentPort;
  port.on('message', (job: HttpCallerJob) => {
    work(job).then(
      (result) => port.postMessage({ result }),
      (error: unknown) => port.postMessage({ error: String(error) }),
    );
  });
}

/** Starts the caller thread; `run` sends it one job at a time. */
export function startHttpCaller(): { run(job: HttpCallerJob): Promise<HttpCallerResult>; stop(): Promise<number> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { httpCaller: true } });
  return {
    run: (job) =>
      new Promise((resolve, reject) => {
        // Both listeners go when either fires: a bench sends many jobs (alternating blocks) to one thread.
        const failed = (error: Error) => {
          worker.off('message', answered);
          reject(error);
        };
        const answered = (message: { result?: HttpCallerResult; error?: string }) => {
          worker.off('error', failed);
          if (message.error) reject(new Error(message.error));
          else resolve(message.result!);
        };
        worker.once('message', answered);
        worker.once('error', failed);
        worker.postMessage(job);
      }),
    stop: () => worker.terminate(),
  };
}
