import type { Agent, AgentMessage } from '../../agent';

export interface ChatActionsHost {
  readonly agent: () => Agent | undefined;
  /** True when a key is set; otherwise asks for one (with `notice`) and returns false. */
  readonly requireKey: (notice: string) => boolean;
  /** Shows why an action could not run. */
  readonly report: (text: string) => void;
}

/** Retry, regenerate and edit-and-resend: each rewinds the history, then runs the agent again. */
export class ChatActions {
  constructor(private readonly host: ChatActionsHost) {}

  /** Continues from where the last answer stopped (its failed part is replaced). */
  retry(): void {
    const agent = this.host.agent();
    if (!agent || !this.host.requireKey('Enter your Anthropic API key to retry.')) return;
    agent.continue().catch((error: unknown) => this.host.report(messageOf(error)));
  }

  /** A new answer to the last message the person sent. */
  regenerate(): void {
    const agent = this.host.agent();
    if (!agent || !this.host.requireKey('Enter your Anthropic API key to regenerate.')) return;
    const messages = agent.state.messages;
    const lastUser = messages.findLastIndex(isPersonMessage);
    if (lastUser < 0) return;
    agent.replaceMessages(messages.slice(0, lastUser + 1));
    agent.continue().catch((error: unknown) => this.host.report(messageOf(error)));
  }

  /** Replaces the person's message at `index` with `text` (keeping its files) and answers it again. */
  edit(index: number, text: string): void {
    const agent = this.host.agent();
    if (!agent || !this.host.requireKey('Enter your Anthropic API key to resend.')) return;
    const original = agent.state.messages[index];
    const edited: AgentMessage =
      original?.role === 'user-with-attachments'
        ? { ...original, text, timestamp: Date.now() }
        : { role: 'user', content: text, timestamp: Date.now() };
    agent.replaceMessages(agent.state.messages.slice(0, index));
    agent.prompt(edited).catch((error: unknown) => this.host.report(messageOf(error)));
  }
}

function isPersonMessage(m: AgentMessage): boolean {
  return m.role === 'user' || m.role === 'user-with-attachments';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
