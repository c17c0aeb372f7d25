import { consume } from '@lit/context';
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { ToolCall, ToolResultMessage } from '../../agent';
import { msg, str } from '../l10n';
import { type ToolRenderers, toolRenderersContext } from './tool-renderers';

/**
 * Why a call has no result and will not get one: its answer was stopped, failed or was cut off while the call
 * was being written (`stopped`: it was never run), or the call had arrived whole and the page was closed or
 * reloaded before it ran or finished (`closed`).
 */
export type UnfinishedCall = 'stopped' | 'closed';

/** A tool call: its name, its arguments (growing while they stream), then its result or error. */
@customElement('easel-tool-call-card')
export class EaselToolCallCard extends LitElement {
  static override styles = css`
    :host {
      display: block;
      margin: var(--easel-space-2) 0;
    }
    details {
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface);
    }
    summary {
      cursor: pointer;
      padding: var(--easel-space-2) var(--easel-space-3);
      display: flex;
      gap: var(--easel-space-2);
      align-items: baseline;
    }
    summary:focus-visible {
      outline: 2px solid var(--easel-focus);
    }
    .name {
      font-family: var(--easel-font-mono);
      font-size: 0.85rem;
    }
    .status {
      margin-left: auto;
      font-size: 0.8rem;
      color: var(--easel-text-muted);
    }
    .status.error {
      color: var(--easel-danger);
    }
    .body {
      padding: 0 var(--easel-space-3) var(--easel-space-3);
    }
    pre {
      margin: var(--easel-space-2) 0 0;
      padding: var(--easel-space-2);
      background: var(--easel-code-bg);
      border-radius: var(--easel-radius-sm);
      font-family: var(--easel-font-mono);
      font-size: 0.8rem;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
      max-height: 320px;
      overflow: auto;
    }
    h4 {
      margin: var(--easel-space-2) 0 0;
      font-size: 0.75rem;
      text-transform: uppercase;
      letter-spacing: 0.04em;
      color: var(--easel-text-muted);
    }
  `;

  /** The call. */
  @property({ attribute: false }) call: ToolCall | undefined;
  /** Its result, once there is one. */
  @property({ attribute: false }) result: ToolResultMessage | undefined;
  /** Whether its arguments are still streaming. */
  @property({ type: Boolean }) streaming = false;
  /** Whether the tool is running now. */
  @property({ type: Boolean }) running = false;
  /** Why the call has no result and never will, if so. */
  @property({ attribute: false }) unfinished: UnfinishedCall | undefined;

  @consume({ context: toolRenderersContext, subscribe: true })
  @property({ attribute: false })
  renderers: ToolRenderers | undefined;

  override render() {
    const call = this.call;
    if (!call) return nothing;
    const renderer = this.renderers?.get(call.name);
    const own = this.unfinished ? undefined : renderer?.card?.(call, this.result);
    if (own) return own;
    const summary = this.summary(call);
    return html`<details aria-label=${msg(str`Tool call: ${summary}`)} ?open=${renderer?.expanded?.(call) ?? false}>
      <summary>
        <span class="name">${summary}</span>
        <span class="status ${this.result?.isError || this.unfinished ? 'error' : ''}">${this.status()}</span>
      </summary>
      <div class="body">
        <h4>${msg('Arguments')}</h4>
        ${
          renderer?.renderArgs?.(call, this.streaming || this.unfinished === 'stopped') ??
          html`<pre>${JSON.stringify(call.arguments, null, 2)}</pre>`
        }
        ${this.result ? this.renderResult(this.result) : nothing}
      </div>
    </details>`;
  }

  private renderResult(result: ToolResultMessage) {
    const custom = this.renderers?.get(result.toolName)?.renderResult?.(result);
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '[image]')).join('\n');
    return html`<h4>${result.isError ? msg('Error') : msg('Result')}</h4>
      ${custom ?? html`<pre>${text}</pre>`}`;
  }

  private summary(call: ToolCall): string {
    const renderer = this.renderers?.get(call.name);
    switch (this.unfinished) {
      case 'stopped':
        return renderer?.stoppedSummary?.(call) ?? msg(str`Stopped while writing a call to ${call.name}`);
      case 'closed':
        return renderer?.closedSummary?.(call) ?? msg(str`Page closed before ${call.name} finished`);
      case undefined:
        return renderer?.summary?.(call, this.streaming) ?? call.name;
      default:
        return this.unfinished satisfies never;
    }
  }

  private status(): string {
    if (this.streaming) return msg('writing…');
    if (this.running) return msg('running…');
    if (!this.result) {
      if (this.unfinished === 'stopped') return msg('not run');
      return this.unfinished === 'closed' ? msg('no result') : '';
    }
    return this.result.isError ? msg('failed') : msg('done');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-tool-call-card': EaselToolCallCard;
  }
}
