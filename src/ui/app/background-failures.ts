/** `BackgroundFailures`: a promise nobody awaited that failed is said in the app's notice, never lost. */
import type { ReactiveControllerHost } from 'lit';
import { errorText } from '../../agent';
import { listen, SubscriptionController } from '../controllers/subscriptions';
import { msg, str } from '../l10n';

/** The notice for a failure nothing else reported, e.g. "Something failed in the background: Disk full." */
export function backgroundFailureText(reason: unknown): string {
  return msg(str`Something failed in the background: ${errorText(reason).replace(/[.\s]+$/, '')}.`);
}

/**
 * While the host is connected, every `unhandledrejection` of the page (a fire-and-forget `void promise` that
 * failed) is passed to `report` as one sentence. The event is not cancelled, so the console still has the
 * stack.
 */
export class BackgroundFailures {
  /** `page` is the window (a test gives its own target, so the test runner does not see the rejection too). */
  constructor(host: ReactiveControllerHost, report: (text: string) => void, page: EventTarget = window) {
    new SubscriptionController(host, () => [
      listen(page, 'unhandledrejection', (e) =>
        report(backgroundFailureText((e as PromiseRejectionEvent).reason)),
      ),
    ]);
  }
}
