/**
 * Work a response does not wait for (a member's goods view recorded upstream, best effort): it
 * runs on after the page has left, its failure is swallowed (it logs itself), and a stopping
 * worker lets it finish before the process exits (server.ts), as it does running requests.
 */
const running = new Set<Promise<unknown>>();

export function inBackground(work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  running.add(settled);
  void settled.then(() => running.delete(settled));
}

/** Resolves once all work started so far has finished (shutdown, tests). */
export async function backgroundWorkDone(): Promise<void> {
  while (running.size > 0) await Promise.all(running);
}
