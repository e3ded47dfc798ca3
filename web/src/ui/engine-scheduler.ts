/**
 * Runs the engine job the page wants (model/engine-jobs.ts) on the worker: a job still wanted
 * keeps running, any other is stopped first. Progress and answers go to the page's hooks with the
 * job they belong to; an answer to a job no longer current is dropped.
 */

import type { InfoReport, SearchReport } from '../../../src/protocol/search-messages.js';
import { type EngineJob, sameJob } from '../model/engine-jobs.js';
import { EngineClient } from './engine-client.js';

export interface EngineHooks {
  readonly onInfo: (job: EngineJob, info: InfoReport) => void;
  /** The search ended by itself (`report` undefined: the engine failed). */
  readonly onDone: (job: EngineJob, report: SearchReport | undefined, startedAt: number) => void;
}

export class EngineScheduler {
  private readonly client = new EngineClient();
  private current: EngineJob | undefined;
  private running = false;

  constructor(private readonly hooks: EngineHooks) {}

  /** Is the computer thinking about its move? */
  get thinking(): boolean {
    return this.running && this.current?.kind === 'move';
  }

  /** Make `job` (or nothing) what the engine does. */
  run(job: EngineJob | undefined): void {
    if (sameJob(job, this.current)) return;
    this.stop();
    if (!job) return;
    this.current = job;
    this.running = true;
    const startedAt = performance.now();
    void this.client
      .search(job.request, (info) => {
        if (this.current === job) this.hooks.onInfo(job, info);
      })
      .then((report) => {
        if (this.current !== job) return;
        this.running = false;
        // A finished move job is over; a finished analysis stays current, so it is not restarted.
        if (job.kind === 'move') this.current = undefined;
        this.hooks.onDone(job, report, startedAt);
      });
  }

  stop(): void {
    this.current = undefined;
    this.running = false;
    this.client.cancel();
  }

  dispose(): void {
    this.stop();
    this.client.dispose();
  }
}
