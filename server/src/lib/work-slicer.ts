/**
 * Long work in short slices (D41): a loop calls `pause()` between its steps, and every `sliceMs`
 * of work the event loop gets a turn (setImmediate), so that other requests are answered while a
 * large import or read goes on. `spent` and `overBudget` let the loop stop after a total budget.
 */
import { performance } from 'node:perf_hooks';

/** A turn of the event loop: what is waiting (a request, a timer) runs before the caller goes on. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class WorkSlicer {
  private sliceStart = performance.now();
  private readonly started = performance.now();

  constructor(
    /** The longest stretch of work between two turns of the event loop. */
    private readonly sliceMs = 15,
    /** The total time the work may take, turns included. */
    private readonly budgetMs = Infinity,
  ) {}

  /** Gives the event loop a turn when this slice has lasted `sliceMs`. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await turn();
    this.sliceStart = performance.now();
  }

  get spent(): number {
    return performance.now() - this.started;
  }

  get overBudget(): boolean {
    return this.spent > this.budgetMs;
  }
}
