import { css, html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { loadServerFiles, type ServerFileDownloads, type ServerFileState } from '../../code';
import { OpenArtifactEvent } from '../events';
import { msg, str } from '../l10n';
import { focusRing } from '../styles/controls';
import { serverCardStyles } from '../styles/server-card';

/** A block of the code execution tool as the provider kept it: `unknown` until read here. */
type Block = Readonly<Record<string, unknown>>;

/**
 * What each error code of the code execution tool means, in words (the tool's documentation). Getters: each
 * sentence is read in the active language when shown.
 */
const ERRORS: Readonly<Record<string, string>> = {
  get unavailable() {
    return msg('the code execution service was unavailable');
  },
  get execution_time_exceeded() {
    return msg('the run took longer than the time it is allowed');
  },
  get container_expired() {
    return msg('the sandbox had expired');
  },
  get invalid_tool_input() {
    return msg('the command was not valid');
  },
  get too_many_requests() {
    return msg('too many runs at once; try again in a moment');
  },
  get output_file_too_large() {
    return msg('a file it made was too large to keep');
  },
  get file_not_found() {
    return msg('the file does not exist');
  },
  get string_not_found() {
    return msg('the text to replace was not in the file');
  },
};

/**
 * A run of Anthropic's code execution tool (Settings → Code): the command or file edit Claude sent to the
 * sandbox on Anthropic's servers, what came back (output, errors, exit code) and the files it made, each on its
 * way to the panel or there (a button opens it). Everything is shown as text, never as markup.
 */
@customElement('easel-server-code-card')
export class EaselServerCodeCard extends LitElement {
  static override styles = [
    serverCardStyles,
    css`
      pre {
        max-height: 20rem;
        overflow: auto;
      }
      button {
        font: inherit;
        color: var(--easel-accent);
        background: none;
        border: none;
        padding: 0;
        cursor: pointer;
        text-decoration: underline;
      }
      button:focus-visible {
        ${focusRing}
      }
    `,
  ];

  /** The call (`server_tool_use` named `bash_code_execution`, `text_editor_code_execution` or `code_execution`). */
  @property({ attribute: false }) use: Block | undefined;
  /** Its result block, once it arrived. */
  @property({ attribute: false }) result: Block | undefined;
  /** Whether the call is still streaming. */
  @property({ type: Boolean }) streaming = false;
  /** Where the files the run made stand (downloading, in the panel, failed); default: this page's. */
  @property({ attribute: false }) downloads: ServerFileDownloads | undefined;

  /** The code that reads a result's files, once loaded. */
  @state() private files: Awaited<ReturnType<typeof loadServerFiles>> | undefined;

  private unsubscribe: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    void loadServerFiles().then((files) => {
      this.files = files;
      this.downloads ??= files.serverFileDownloads;
      if (this.isConnected && !this.unsubscribe)
        this.unsubscribe = this.downloads.subscribe(() => this.requestUpdate());
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  override render() {
    const name = text(this.use?.name) ?? text(this.result?.type)?.replace(/_tool_result$/, '') ?? '';
    const input = record(this.use?.input);
    const editing = name === 'text_editor_code_execution';
    const label = editing ? msg("File edit on Anthropic's servers") : msg("Code run on Anthropic's servers");
    return html`<section role="group" aria-label=${label}>
      <span class="title">${editing ? msg("Edited a file on Anthropic's servers") : msg("Ran code on Anthropic's servers")}</span>
      ${editing ? html`<span class="muted">: ${text(input.command) ?? ''} ${text(input.path) ?? ''}</span>` : nothing}
      ${this.renderCode(input, editing)} ${this.result ? this.renderResult(this.result) : this.renderPending()}
    </section>`;
  }

  private renderCode(input: Block, editing: boolean) {
    const code = editing
      ? (text(input.file_text) ?? text(input.new_str))
      : (text(input.command) ?? text(input.code));
    if (!code) return nothing;
    return html`<details ?open=${!editing}>
      <summary>${editing ? msg('Text') : msg('Code')}</summary>
      <pre aria-label=${editing ? msg('Text') : msg('Code')}><code>${code}</code></pre>
    </details>`;
  }

  private renderResult(result: Block) {
    const content = record(result.content);
    const code = text(content.error_code);
    if (code) {
      const message = text(content.error_message);
      const why = ERRORS[code] ?? msg(str`error ${code}`);
      return html`<div class="error" role="note">
        ${message ? msg(str`The run failed: ${why} (${message}).`) : msg(str`The run failed: ${why}.`)}
      </div>`;
    }
    const stdout = text(content.stdout);
    const stderr = text(content.stderr);
    const exit = typeof content.return_code === 'number' ? content.return_code : undefined;
    const viewed =
      content.type === 'text_editor_code_execution_view_result' ? text(content.content) : undefined;
    return html`${stdout ? html`<pre aria-label=${msg('Output')}>${stdout}</pre>` : nothing}
      ${viewed ? html`<pre aria-label=${msg('File')}>${viewed}</pre>` : nothing}
      ${stderr ? html`<pre class="error" aria-label=${msg('Errors')}>${stderr}</pre>` : nothing}
      ${exit !== undefined && exit !== 0 ? html`<div class="error">${msg(str`Exit code ${exit}`)}</div>` : nothing}
      ${this.renderFiles(result)}`;
  }

  private renderFiles(result: Block) {
    const ids = this.files?.resultFileIds(result) ?? [];
    if (ids.length === 0) return nothing;
    return html`<ul aria-label=${msg('Files made')}>
      ${ids.map((id) => html`<li>${this.renderFile(id, this.downloads?.get(id))}</li>`)}
    </ul>`;
  }

  private renderFile(fileId: string, file: ServerFileState | undefined) {
    switch (file?.status) {
      case 'saved':
        return html`<button type="button" @click=${() => this.dispatchEvent(new OpenArtifactEvent(file.filename))}>
          ${msg(str`Open ${file.filename}`)}
        </button>`;
      case 'failed':
        return html`<span class="error" role="note">${file.problem}</span>`;
      case 'downloading':
        return html`<span class="muted">${msg(str`Downloading a file (${fileId})…`)}</span>`;
      default:
        return html`<span class="muted">${msg(str`A file on Anthropic's servers (${fileId})`)}</span>`;
    }
  }

  private renderPending() {
    return this.streaming || !this.result ? html`<span class="muted"> ${msg('· running…')}</span>` : nothing;
  }
}

function record(x: unknown): Block {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Block) : {};
}

function text(x: unknown): string | undefined {
  return typeof x === 'string' && x !== '' ? x : undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-server-code-card': EaselServerCodeCard;
  }
}
