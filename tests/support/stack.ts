// How much stack a piece of code needs, measured: for tests that code runs
// the same whatever the depth of the stack it is called from.

/**
 * For each task, how many frames of a small recursive function must still
 * fit on the stack for it to run: it is tried at every level while a
 * recursion that exhausted the stack unwinds. Infinity: it never ran.
 */
export function headroomNeeded(tasks: Array<() => unknown>): number[] {
  const needed = tasks.map(() => Infinity);
  let bottom = -1;
  const dive = (level: number): void => {
    try {
      dive(level + 1);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      if (bottom < 0) bottom = level;
    }
    for (let i = 0; i < tasks.length; i++) {
      if (needed[i] !== Infinity) continue;
      try {
        tasks[i]();
        needed[i] = bottom - level;
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
    }
  };
  dive(0);
  return needed;
}
