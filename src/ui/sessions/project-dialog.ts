/**
 * `<easel-project-dialog>`: creates or edits a project — its name, its instructions and its knowledge files —
 * and deletes one. Loaded with the first `New project` or `Edit project`.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property, query, state } from 'lit/decorators.js';
import { errorText } from '../../agent';
import type { AttachmentRecord } from '../../messages';
import type { ProjectDraft, ProjectFileBytes } from '../../storage';
import { formatBytes } from '../format';
import { msg, str } from '../l10n';
import { projectDialogStyles } from './project-dialog-styles';
import {
  type KnowledgeRead,
  knowledgeTokens,
  MAX_KNOWLEDGE_PDF_PAGES,
  MAX_KNOWLEDGE_TOKENS,
  ProjectDeleteEvent,
  ProjectSaveEvent,
  pdfPages,
  readKnowledge,
} from './project-knowledge';

/**
 * A modal dialog named `New project` or `Edit project`: `Name`, `Instructions` and `Files` (`Add files`, or drop
 * them on the dialog; `Remove <name>` for each), the estimated tokens the files add to every request, `Save` and
 * `Cancel` (Esc), and for a saved project `Delete project`, which asks first. Files are read with `readFiles`
 * (the attachment pipeline: refusals say why), and stored only when the project is saved. Focus goes back to
 * where it was when the dialog closes.
 */
@customElement('easel-project-dialog')
export class EaselProjectDialog extends LitElement {
  static override styles = projectDialogStyles;

  /** Reads chosen files into knowledge; default the attachment pipeline (`readKnowledge`). Tests may replace it. */
  @property({ attribute: false }) readFiles: (files: readonly File[]) => Promise<KnowledgeRead> =
    readKnowledge;
  /** How many chats the project holds, for the delete question. */
  @property({ attribute: false }) chatCount = 0;

  @state() private draft: ProjectDraft | undefined;
  @state() private existing = false;
  @state() private reading = 0;
  @state() private problems: readonly string[] = [];
  @state() private busy = false;
  @state() private confirming = false;
  @state() private dropping = false;

  @query('dialog') private dialog!: HTMLDialogElement;
  @query('input[type=file]') private picker!: HTMLInputElement;

  /** Bytes of files added since the dialog opened, by id: stored with `Save`, dropped with `Cancel`. */
  private added = new Map<string, readonly ProjectFileBytes[]>();
  private returnTo: HTMLElement | undefined;

  get open(): boolean {
    return this.dialog?.open ?? false;
  }

  /** Opens the dialog on `project` (editing it) or on a new, empty one with the id `newId`. */
  async show(project: ProjectDraft | undefined, newId: string): Promise<void> {
    this.draft = project ?? { id: newId, name: '', instructions: '', files: [] };
    this.existing = project !== undefined;
    this.added = new Map();
    this.problems = [];
    this.confirming = false;
    this.busy = false;
    await this.updateComplete;
    if (this.dialog.open) return;
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    this.returnTo = active instanceof HTMLElement && active !== document.body ? active : undefined;
    this.dialog.showModal();
    this.renderRoot.querySelector<HTMLInputElement>('#name')?.focus();
  }

  close(): void {
    this.dialog?.close();
  }

  override render() {
    const draft = this.draft;
    return html`<dialog
      aria-labelledby="title"
      class=${this.dropping ? 'dropping' : ''}
      @close=${this.handleClose}
      @dragover=${this.handleDragOver}
      @dragleave=${() => {
        this.dropping = false;
      }}
      @drop=${this.handleDrop}
    >
      ${draft ? this.renderForm(draft) : nothing}
    </dialog>`;
  }

  private renderForm(draft: ProjectDraft) {
    return html`<h2 id="title">${this.existing ? msg('Edit project') : msg('New project')}</h2>
      <form @submit=${this.handleSubmit}>
        <label for="name">${msg('Name')}</label>
        <input id="name" autocomplete="off" maxlength="120" .value=${draft.name} @input=${this.handleName} />
        <label for="instructions">${msg('Instructions')}</label>
        <textarea
          id="instructions"
          aria-describedby="instructions-help"
          .value=${draft.instructions}
          @input=${this.handleInstructions}
        ></textarea>
        <p class="help" id="instructions-help">
          ${msg("Claude reads these in every chat of the project, after Easel's own instructions.")}
        </p>
        <h3 id="files-title">${msg('Files')}</h3>
        <p class="help">
          ${msg("Sent with every message of the project's chats, before the conversation, and read from the prompt cache after the first (cache reads cost a tenth of input). Drop files here or add them.")}
        </p>
        ${this.renderFiles(draft.files)}
        <p class="estimate" aria-live="polite">${this.estimateText(draft.files)}</p>
        ${
          this.problems.length > 0
            ? html`<ul class="problem" role="alert">${this.problems.map((p) => html`<li>${p}</li>`)}</ul>`
            : nothing
        }
        <input type="file" multiple aria-hidden="true" tabindex="-1" @change=${this.handlePicked} />
        <div class="row">
          <button type="button" ?disabled=${this.reading > 0} @click=${() => this.picker.click()}>
            ${this.reading > 0 ? msg(str`Reading ${this.reading} file${this.reading === 1 ? '' : 's'}…`) : msg('Add files')}
          </button>
          ${
            this.existing && !this.confirming
              ? html`<button type="button" class="danger" @click=${this.askDelete}>${msg('Delete project')}</button>`
              : nothing
          }
          <button type="button" class="end" @click=${() => this.close()}>${msg('Cancel')}</button>
          <button type="submit" class="primary" ?disabled=${this.busy || this.reading > 0}>${msg('Save')}</button>
        </div>
        ${this.confirming ? this.renderConfirm(draft) : nothing}
      </form>`;
  }

  private renderFiles(files: readonly AttachmentRecord[]) {
    if (files.length === 0) return html`<p class="help">${msg('No files yet.')}</p>`;
    return html`<ul aria-labelledby="files-title">
      ${files.map(
        (file) => html`<li>
          <span class="what">${file.name}</span>
          <span class="size">${file.summary ?? formatBytes(file.size)}</span>
          <button type="button" aria-label=${msg(str`Remove ${file.name}`)} @click=${() => this.removeFile(file)}>
            ${msg('Remove')}
          </button>
        </li>`,
      )}
    </ul>`;
  }

  private renderConfirm(draft: ProjectDraft) {
    const n = this.chatCount;
    const chats =
      n === 0
        ? msg('It holds no chats')
        : msg(str`Its ${n} chat${n === 1 ? '' : 's'} stay${n === 1 ? 's' : ''}, outside any project`);
    return html`<div class="confirm" role="alertdialog" aria-labelledby="confirm-text">
      <p id="confirm-text">${msg(str`Delete “${draft.name || msg('Untitled project')}”? ${chats}; its instructions and files are deleted.`)}</p>
      <button type="button" class="danger" ?disabled=${this.busy} @click=${this.confirmDelete}>${msg('Delete project')}</button>
      <button type="button" @click=${this.cancelDelete}>${msg('Keep it')}</button>
    </div>`;
  }

  private estimateText(files: readonly AttachmentRecord[]): string {
    if (files.length === 0) return '';
    const tokens = knowledgeTokens(files);
    return msg(
      str`${files.length} file${files.length === 1 ? '' : 's'}, about ${tokens.toLocaleString('en-US')} tokens with every message.`,
    );
  }

  private handleName(e: InputEvent) {
    if (this.draft) this.draft = { ...this.draft, name: (e.target as HTMLInputElement).value };
  }

  private handleInstructions(e: InputEvent) {
    if (this.draft) this.draft = { ...this.draft, instructions: (e.target as HTMLTextAreaElement).value };
  }

  private handlePicked() {
    const files = [...(this.picker.files ?? [])];
    this.picker.value = '';
    void this.addFiles(files);
  }

  private handleDragOver(e: DragEvent) {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    this.dropping = true;
  }

  private handleDrop(e: DragEvent) {
    e.preventDefault();
    this.dropping = false;
    void this.addFiles([...(e.dataTransfer?.files ?? [])]);
  }

  /** Reads files into the draft; what cannot go, or would take the project over its budget, is said. */
  async addFiles(files: readonly File[]): Promise<void> {
    const read = this.readFiles;
    if (files.length === 0 || !read || !this.draft) return;
    this.reading += files.length;
    let result: KnowledgeRead;
    try {
      result = await read(files);
    } catch (error) {
      result = { files: [], refusals: [msg(str`The files could not be read: ${errorText(error)}`)] };
    } finally {
      this.reading -= files.length;
    }
    const draft = this.draft;
    if (!draft) return;
    const problems = [...result.refusals];
    const kept: AttachmentRecord[] = [...draft.files];
    for (const file of result.files) {
      if (pdfPages([...kept, file.record]) > MAX_KNOWLEDGE_PDF_PAGES) {
        problems.push(
          msg(
            str`${file.record.name} was not added: a project's PDFs may have ${MAX_KNOWLEDGE_PDF_PAGES} pages in all (a request holds 100, and the chat needs room for its own). Attach it to a chat instead.`,
          ),
        );
        continue;
      }
      if (knowledgeTokens([...kept, file.record]) > MAX_KNOWLEDGE_TOKENS) {
        problems.push(
          msg(
            str`${file.record.name} was not added: the project's files would pass about ${MAX_KNOWLEDGE_TOKENS.toLocaleString('en-US')} tokens, which every message would carry. Remove a file or attach this one to a chat instead.`,
          ),
        );
        continue;
      }
      kept.push(file.record);
      this.added.set(file.record.id, file.bytes);
    }
    this.problems = problems;
    this.draft = { ...draft, files: kept };
  }

  private removeFile(file: AttachmentRecord) {
    if (!this.draft) return;
    const at = this.draft.files.indexOf(file);
    this.added.delete(file.id);
    this.draft = { ...this.draft, files: this.draft.files.filter((f) => f.id !== file.id) };
    // The button went with its row: focus goes to the next file's (else the one before, else `Add files`).
    void this.updateComplete.then(() => {
      const removes = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('li button')];
      const next =
        removes[Math.min(at, removes.length - 1)] ??
        this.renderRoot.querySelector<HTMLButtonElement>('.row button');
      next?.focus();
    });
  }

  private async handleSubmit(e: SubmitEvent) {
    e.preventDefault();
    const draft = this.draft;
    if (!draft || this.busy) return;
    this.busy = true;
    const added = draft.files.flatMap((f) => this.added.get(f.id) ?? []);
    const event = new ProjectSaveEvent({ ...draft, name: draft.name.trim() }, added);
    this.dispatchEvent(event);
    const problem = await event.outcome.catch(errorText);
    this.busy = false;
    if (problem) this.problems = [problem];
    else this.close();
  }

  private async askDelete() {
    this.confirming = true;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('.confirm button')?.focus();
  }

  private async cancelDelete() {
    this.confirming = false;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('button.danger')?.focus();
  }

  private async confirmDelete() {
    const draft = this.draft;
    if (!draft || this.busy) return;
    this.busy = true;
    const event = new ProjectDeleteEvent(draft.id);
    this.dispatchEvent(event);
    const problem = await event.outcome.catch(errorText);
    this.busy = false;
    if (problem) this.problems = [problem];
    else this.close();
  }

  private handleClose() {
    this.draft = undefined;
    this.added = new Map();
    const back = this.returnTo;
    this.returnTo = undefined;
    if (back?.isConnected) back.focus();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'easel-project-dialog': EaselProjectDialog;
  }
}
