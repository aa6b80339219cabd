const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Imports modules one after the other, each evaluated in a task of its own, and answers the last.
 * A page's chunk, its contracts and zod arrive together, and evaluating them all at once is one
 * long task on a slow phone (/api-docs: 150-240 ms at 4× CPU, issue 13, Total Blocking Time);
 * importing the heavy dependencies first, a task apart, cuts it where the modules part. The
 * downloads are the same, and all of them start with the first import's.
 */
export async function importInSteps<T>(
  before: ReadonlyArray<() => Promise<unknown>>,
  last: () => Promise<T>,
): Promise<T> {
  for (const step of before) {
    await step();
    await nextTask();
  }
  return last();
}
