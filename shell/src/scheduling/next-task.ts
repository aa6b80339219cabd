/**
 * Resolves in a task of its own, after the browser has had its turn (input, paint): start-up work
 * split by `await nextTask()` runs as several short tasks instead of one long one, which is what a
 * slow phone's Total Blocking Time counts. A message, not `setTimeout(0)`,
 * which browsers delay by 4 ms once timers nest.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
