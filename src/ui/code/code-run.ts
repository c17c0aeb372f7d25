import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { ToolCall, ToolResultMessage } from '../../agent';
import type { LiveRuns, RunCodeDetails } from '../../code';
import { OpenArtifactEvent } from '../events';
import '../markdown/markdown-view';
import { msg, str } from '../l10n';
import { liveRuns } from './live';

/**
 * One `run_code` call in the conversation: its code (highlighted, folded once it has run), then while it runs
 * the output so far, the time and `Stop`, and once it has run the output, the value or error, the images, the
 * files written (buttons that open them in the panel) and the time it took.
 */
@customElement('easel-code-run')
export class EaselCodeRun extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    .head {
      display: flex;
      gap: var(--easel-space-2);
      align-items: center;
      margin-top: var(--easel-space-2);
      font-size: 0.8rem;
      color: var(--easel-text-muted);
    }
    .head .grow {
      flex: 1;
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
    .stderr,
    .error {
      color: var(--easel-danger);
    }
    img {
      display: block;
      max-width: 100%;
      margin-top: var(--easel-space-2);
      background: #fff;
      border-radius: var(--easel-radius-sm);
    }
    ul {
      margin: var(--easel-space-2) 0 0;
      padding-left: var(--easel-space-4);
    }
    button {
      font: inherit;
      cursor: pointer;
    }
    button.link {
      background: none;
      border: none;
      padding: 0;
      color: var(--easel-accent);
      text-decoration: underline;
    }
    button.stop {
      border: 1px solid var(--easel-border);
      border-radius: var(--easel-radius-sm);
      background: var(--easel-surface);
      color: var(--easel-text);
      padding: 2px var(--easel-space-2);
    }
  `;

  /** The call (its arguments may still be streaming). */
  @property({ attribute: false }) call: ToolCall | undefined;
  /** Its result, once it has one. */
  @property({ attribute: false }) result: ToolResultMessage | undefined;
  /** Whether the call's arguments are still streaming. */
  @property({ type: Boolean }) streaming = false;
  /** Where a run going on now is found. */
  @property({ attribute: false }) live: LiveRuns = liveRuns;

  @state() private now = Date.now();

  private unsubscribe: (() => void) | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.tick(false);
  }

  override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('live')) this.subscribe();
    this.tick(this.running() !== undefined);
  }

  override render() {
    const call = this.call;
    if (!call) {
      const details = this.result ? detailsOf(this.result) : undefined;
      return details ? this.renderDetails(details) : nothing;
    }
    const code = typeof call.arguments.code === 'string' ? call.arguments.code : '';
    const language = call.arguments.language === 'python' ? 'python' : 'javascript';
    const run = this.running();
    const details = this.result ? detailsOf(this.result) : run?.details;
    const fence = '`'.repeat(Math.max(3, ...[...code.matchAll(/`+/g)].map((m) => m[0].length + 1)));
    return html`<details ?open=${this.streaming || run !== undefined}>
        <summary>${msg(str`${language === 'python' ? 'Python' : 'JavaScript'} code`)}</summary>
        <easel-markdown .source=${`${fence}${language}\n${code}\n${fence}`}></easel-markdown>
      </details>
      ${
        run
          ? html`<div class="head" role="status">
              <span class="grow">${run.details?.status ?? msg('Running…')} ${seconds(this.now - run.startedAt)}</span>
              <button type="button" class="stop" @click=${this.handleStop}>${msg('Stop')}</button>
            </div>`
          : nothing
      }
      ${details ? this.renderDetails(details) : nothing}`;
  }

  private renderDetails(details: RunCodeDetails) {
    return html`${
      details.output.length > 0
        ? html`<pre aria-label=${msg('Output')}>${details.output.map((o) =>
            o.stream === 'stderr' ? html`<span class="stderr">${o.text}</span>` : o.text,
          )}</pre>`
        : nothing
    }
      ${details.value !== undefined ? html`<pre aria-label=${msg('Value')}>${details.value}</pre>` : nothing}
      ${details.error !== undefined ? html`<pre class="error" aria-label=${msg('Error')}>${details.error}</pre>` : nothing}
      ${details.images.map(
        (image, i) =>
          html`<img alt=${msg(str`Image ${i + 1} the code showed`)} src=${`data:${safeImageType(image.mediaType)};base64,${image.data}`} />`,
      )}
      ${
        details.files.length > 0
          ? html`<ul aria-label=${msg('Files written')}>
              ${details.files.map(
                (f) =>
                  html`<li>${
                    f.version !== undefined
                      ? html`<button type="button" class="link" @click=${() => this.dispatchEvent(new OpenArtifactEvent(f.name))}>${f.name}</button>`
                      : f.name
                  }${f.note ? ` (${f.note})` : ''}</li>`,
              )}
            </ul>`
          : nothing
      }
      ${details.ending && details.elapsedMs !== undefined ? html`<div class="head">${endingText(details)}</div>` : nothing}`;
  }

  private handleStop() {
    if (this.call) this.live?.stop(this.call.id);
  }

  private running() {
    return this.call && !this.result ? this.live?.get(this.call.id) : undefined;
  }

  private subscribe() {
    this.unsubscribe?.();
    this.unsubscribe = this.live?.subscribe((id) => {
      if (id === this.call?.id) this.requestUpdate();
    });
  }

  private tick(on: boolean) {
    if (on && !this.ticker) this.ticker = setInterval(() => (this.now = Date.now()), 1000);
    if (!on && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
    this.now = Date.now();
  }
}

/** The details of a result, checked (a stored record is untrusted). */
function detailsOf(result: ToolResultMessage): RunCodeDetails | undefined {
  const d = result.details as Partial<RunCodeDetails> | undefined;
  if (
    !d ||
    typeof d !== 'object' ||
    !Array.isArray(d.output) ||
    !Array.isArray(d.images) ||
    !Array.isArray(d.files)
  )
    return undefined;
  return {
    language: d.language === 'python' ? 'python' : 'javascript',
    output: d.output
      .filter((o) => typeof o?.text === 'string')
      .map((o) => ({ stream: o.stream === 'stderr' ? 'stderr' : 'stdout', text: o.text })),
    images: d.images.filter((i) => typeof i?.data === 'string' && /^[A-Za-z0-9+/=]*$/.test(i.data)),
    files: d.files.filter((f) => typeof f?.name === 'string'),
    ...(typeof d.value === 'string' ? { value: d.value } : {}),
    ...(typeof d.error === 'string' ? { error: d.error } : {}),
    ...(typeof d.ending === 'string' ? { ending: d.ending } : {}),
    ...(typeof d.elapsedMs === 'number' ? { elapsedMs: d.elapsedMs } : {}),
  };
}

function safeImageType(type: string): string {
  return /^image\/(png|jpeg|gif|webp)$/.test(type) ? type : 'image/png';
}

function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function endingText(details: RunCodeDetails): string {
  const took = seconds(details.elapsedMs ?? 0);
  switch (details.ending) {
    case 'timeout':
      return msg(str`Ended at the time limit after ${took}`);
    case 'stopped':
      return msg(str`Stopped after ${took}`);
    case 'failed':
      return msg(str`Could not run (${took})`);
    case 'error':
      return msg(str`Failed after ${took}`);
    default:
      return msg(str`Ran in ${took}`);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-code-run': EaselCodeRun;
  }
}
