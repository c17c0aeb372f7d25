/**
 * Issues IndexedDB requests and waits for all of them. A request can throw synchronously (a full disk, a
 * value that cannot be cloned); the requests issued before it are then still observed, so their rejection
 * when the transaction aborts is never left unhandled.
 */
export async function allRequests(issue: (add: (request: Promise<unknown>) => void) => void): Promise<void> {
  const issued: Promise<unknown>[] = [];
  try {
    issue((request) => {
      issued.push(request);
    });
  } catch (error) {
    for (const request of issued) request.catch(() => undefined);
    throw error;
  }
  await Promise.all(issued);
}
