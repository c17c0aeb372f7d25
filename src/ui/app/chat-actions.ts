/**
 * `ChatActions`: what the person asks of the conversation — send, retry, regenerate, edit and resend, and
 * switching between the versions an edit or a regenerate leaves.
 */
import type { AgentMessage } from '../../agent';
import { errorText } from '../../agent';
import type { PreparedAttachment } from '../../attachments';
import { type AttachmentBlobRecord, DEFAULT_SETTINGS, requestKey } from '../../storage';
import type { ReturnedMessage } from '../chat/composer';
import type { SendMessageEvent } from '../events';
import { msg, str } from '../l10n';
import type { EaselServices } from './services';

export interface ChatActionsHost {
  /** The services, once the app has them. */
  readonly services: () => EaselServices | undefined;
  /** Opens the Settings dialog asking for the key, saying `notice`. */
  readonly askForKey: (notice: string) => void;
  /** Hands a message that could not be sent back to the box (the composer's `returned`), files and all. */
  readonly giveBack: (message: ReturnedMessage) => void;
  /** The conversation follows the answer about to start (scrolls with it). */
  readonly follow: () => void;
  /** Shows why an action could not run. */
  readonly report: (text: string) => void;
}

/** A message typed before a key was given. */
type HeldMessage = ReturnedMessage;

/**
 * Sending, and retry, regenerate and edit-and-resend (each rewinds the history, then runs the agent again).
 * Nothing typed is lost: a message that cannot be sent goes back to the box, and one typed before a key was
 * given is held until the key is saved (or back to the box when Settings closes without one).
 */
export class ChatActions {
  private held: HeldMessage | undefined;

  constructor(private readonly host: ChatActionsHost) {}

  /** The composer's `Send`: a new run, or while Claude works a steering or follow-up message. */
  async send(e: SendMessageEvent): Promise<void> {
    const services = this.host.services();
    if (!services) {
      this.host.giveBack({ text: e.text, attachments: e.attachments });
      return;
    }
    if (e.mode === 'prompt' && !requestKey(services.settingsStore.snapshot)) {
      this.held = { text: e.text, attachments: e.attachments };
      this.host.askForKey(msg('Enter your Anthropic API key to send your message.'));
      return;
    }
    const session = services.saver.sessionId;
    const message = await this.toMessage(services, e.text, e.attachments);
    // Another session opened while the files were stored: the message was written for this one, so it goes
    // back to the box rather than into the other.
    if (!message || services.saver.sessionId !== session) {
      this.host.giveBack({ text: e.text, attachments: e.attachments });
      return;
    }
    if (e.mode === 'steer') services.agent.steer(message);
    else if (e.mode === 'followUp') services.agent.followUp(message);
    else this.prompt(message, () => this.host.giveBack({ text: e.text, attachments: e.attachments }));
  }

  /** Sends text as the person's message (`Fix` in the artifacts panel), or steers with it while Claude works. */
  sendText(text: string): void {
    const services = this.host.services();
    if (!services || !this.requireKey(msg('Enter your Anthropic API key to send.'))) return;
    const message: AgentMessage = { role: 'user', content: text, timestamp: Date.now() };
    if (services.agent.state.isStreaming) services.agent.steer(message);
    else this.prompt(message);
  }

  /** The settings were saved: the message held for a key is sent now that there is one. */
  async keySaved(): Promise<void> {
    const services = this.host.services();
    const held = this.held;
    if (!services || !held || !requestKey(services.settingsStore.snapshot)) return;
    this.held = undefined;
    const message = await this.toMessage(services, held.text, held.attachments);
    if (!message) {
      this.host.giveBack(held);
      return;
    }
    this.prompt(message, () => this.host.giveBack(held));
  }

  /** Settings closed: a message that was waiting for a key that never came goes back into the box. */
  settingsClosed(): void {
    if (this.held && !requestKey(this.host.services()?.settingsStore.snapshot ?? DEFAULT_SETTINGS)) {
      this.host.giveBack(this.held);
      this.held = undefined;
    }
  }

  /** Continues from where the last answer stopped (its failed part is replaced). */
  retry(): void {
    const agent = this.host.services()?.agent;
    if (!agent || !this.requireKey(msg('Enter your Anthropic API key to retry.'))) return;
    agent.continue().catch((error: unknown) => this.host.report(errorText(error)));
  }

  /** A new answer to the last message the person sent; the old answer stays as its other version. */
  regenerate(): void {
    const services = this.host.services();
    if (!services || !this.requireKey(msg('Enter your Anthropic API key to regenerate.'))) return;
    const { agent, saver } = services;
    const messages = agent.state.messages;
    const lastUser = messages.findLastIndex(isPersonMessage);
    if (lastUser < 0) return;
    saver.branch(() => agent.replaceMessages(messages.slice(0, lastUser + 1)));
    agent.continue().catch((error: unknown) => this.host.report(errorText(error)));
  }

  /**
   * Sends `text` in place of the person's message at `index` (keeping its files) and answers it again; the
   * message as it was, and what followed it, stay as its other version.
   */
  edit(index: number, text: string): void {
    const services = this.host.services();
    if (!services || !this.requireKey(msg('Enter your Anthropic API key to resend.'))) return;
    const { agent, saver } = services;
    const original = agent.state.messages[index];
    const edited: AgentMessage =
      original?.role === 'user-with-attachments'
        ? { ...original, text, timestamp: Date.now() }
        : { role: 'user', content: text, timestamp: Date.now() };
    saver.branch(() => agent.replaceMessages(agent.state.messages.slice(0, index)));
    agent.prompt(edited).catch((error: unknown) => this.host.report(errorText(error)));
  }

  /** Shows the previous or next version of a message (the conversation after it follows that version). */
  switchVersion(message: AgentMessage, step: -1 | 1): void {
    const services = this.host.services();
    if (!services) return;
    if (!services.saver.switchVersion(message, step))
      this.host.report(
        msg('That version cannot be shown while Claude is answering. Try again when it is done.'),
      );
  }

  /** True when a key is set; otherwise asks for one (with `notice`) and returns false. */
  private requireKey(notice: string): boolean {
    if (requestKey(this.host.services()?.settingsStore.snapshot ?? DEFAULT_SETTINGS)) return true;
    this.host.askForKey(notice);
    return false;
  }

  /**
   * Starts a run with `message`. Should one have started meanwhile (a second tab of the same session, a click
   * racing a key press), the message is queued as a follow-up instead of being lost; `onFail` runs if even
   * that is impossible.
   */
  private prompt(message: AgentMessage, onFail: () => void = () => undefined): void {
    const agent = this.host.services()?.agent;
    if (!agent) {
      onFail();
      return;
    }
    this.host.follow();
    agent.prompt(message).catch((error: unknown) => {
      if (agent.isRunning) {
        agent.followUp(message);
        return;
      }
      onFail();
      this.host.report(msg(str`The message could not be sent: ${errorText(error)}`));
    });
  }

  /** The message to send; attachment bytes are stored first (the message keeps references). */
  private async toMessage(
    services: EaselServices,
    text: string,
    attachments: readonly PreparedAttachment[],
  ): Promise<AgentMessage | undefined> {
    if (attachments.length === 0) return { role: 'user', content: text, timestamp: Date.now() };
    const repository = services.attachments;
    if (!repository) {
      // A message must never refer to files that were not kept.
      this.host.report(
        msg('The files could not be stored: file storage is not available. Reload the page and send again.'),
      );
      return undefined;
    }
    // While the open session is deleted in another tab, its purge must not take the new files.
    const sessionId = services.saver.attachmentSessionId ?? 'unsaved';
    // An incognito chat's files are held in memory only: nothing of it is written.
    const keep = services.saver.incognito
      ? async (r: AttachmentBlobRecord) => repository.hold(r)
      : (r: AttachmentBlobRecord) => repository.put(r);
    try {
      await Promise.all(
        attachments.flatMap(({ record, blob, original }) => [
          keep({ id: record.id, sessionId, blob, mimeType: record.mimeType, size: record.size }),
          // The file as attached, beside its conversion, for artifacts that read it.
          ...(original && record.sourceId
            ? [
                keep({
                  id: record.sourceId,
                  sessionId,
                  blob: original,
                  mimeType: original.type,
                  size: original.size,
                }),
              ]
            : []),
        ]),
      );
    } catch (error) {
      this.host.report(
        msg(
          str`The files could not be stored (${errorText(error)}). Free some space (Settings → Export all, then delete old sessions) and send again.`,
        ),
      );
      return undefined;
    }
    return {
      role: 'user-with-attachments',
      text,
      attachments: attachments.map((a) => a.record),
      timestamp: Date.now(),
    };
  }
}

function isPersonMessage(m: AgentMessage): boolean {
  return m.role === 'user' || m.role === 'user-with-attachments';
}
