/**
 * The sidebar's rows: a session's row (its title link, its snippet, its `⋯` button and, when open, its menu), the
 * row while it is renamed (a textbox) or moved (a group of buttons, one per place), the lists under their
 * headings, and the `Projects` section with each project's disclosure button and list. `SidebarRows` is the base
 * class of `<easel-sessions-sidebar>`: it draws from the sidebar's state and leaves what the person does to the
 * sidebar's handlers (its abstract members), so the split costs the first screen nothing at run time.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '../l10n';
import { plainText as plainSnippet } from '../plain-text';
import { icon } from '../styles/icons';
import { ProjectEditEvent } from './events';
import type { DateGroup, ProjectGroup } from './groups';
import { newChatInProjectHref, sessionHref } from './route';
import { displayTitle, type ProjectSummary, type SessionSummary } from './types';

export abstract class SidebarRows extends LitElement {
  /** The open session. */
  abstract currentId: string | undefined;
  /** The open chat's project (open unless the person closed it). */
  abstract currentProjectId: string | undefined;
  abstract projects: readonly ProjectSummary[];
  /** Projects the person opened or closed. */
  protected abstract expanded: ReadonlyMap<string, boolean>;
  /** The session being renamed, moved, or whose `⋯` menu is open. */
  protected abstract editingId: string | undefined;
  protected abstract movingId: string | undefined;
  protected abstract menuId: string | undefined;

  /** The row's open menu (`row-menu.ts`, once loaded). */
  protected abstract renderMenu(session: SessionSummary, title: string): TemplateResult | typeof nothing;
  protected abstract toggleMenu(id: string): void;
  protected abstract toggleProject(id: string, open: boolean): void;
  protected abstract handleRenameKeydown(e: KeyboardEvent, session: SessionSummary): void;
  protected abstract commitRename(session: SessionSummary, input: HTMLInputElement): void;
  protected abstract handleMoveKeydown(e: KeyboardEvent, session: SessionSummary): void;
  protected abstract commitMove(
    session: SessionSummary,
    to: string | undefined,
    from: string | undefined,
  ): void;
  protected abstract endMove(session: SessionSummary): void;

  /** A list of sessions under its heading (`id` names it). */
  protected renderList(id: string, label: string, sessions: readonly SessionSummary[]) {
    return html`<h2 id=${id}>${label}</h2>
      <ul aria-labelledby=${id}>
        ${repeat(
          sessions,
          (s) => s.id,
          (s) => this.renderRow(s, s.preview ?? ''),
        )}
      </ul>`;
  }

  /** The `Projects` section: its heading, `New project`, and each project with its chats. */
  protected renderProjects(groups: readonly ProjectGroup[]) {
    return html`<section class="projects" aria-labelledby="projects">
      <div class="projects-head">
        <h2 id="projects">${msg('Projects')}</h2>
        <button type="button" class="new-project" @click=${() => this.dispatchEvent(new ProjectEditEvent(undefined))}>
          ${icon('plus', 14)}${msg('New project')}
        </button>
      </div>
      ${
        groups.length === 0
          ? html`<p class="hint">${msg('A project keeps instructions and files for all its chats.')}</p>`
          : repeat(
              groups,
              (group) => group.project.id,
              (group) => this.renderProject(group),
            )
      }
    </section>`;
  }

  private renderProject({ project, sessions }: ProjectGroup) {
    const current = project.id === this.currentProjectId;
    const open = this.expanded.get(project.id) ?? current;
    const listId = `project-${project.id}`;
    const count = sessions.length;
    return html`<div class=${current ? 'project current' : 'project'}>
      <div class="project-head">
        <button
          type="button"
          class="toggle"
          aria-expanded=${open ? 'true' : 'false'}
          aria-controls=${listId}
          @click=${() => this.toggleProject(project.id, !open)}
        >
          <span class="name">${project.name}</span>
          <span class="count" aria-hidden="true">${count}</span>
          <span class="visually-hidden">${msg(str`${count} chat${count === 1 ? '' : 's'}`)}</span>
        </button>
        <a class="new-chat" href=${newChatInProjectHref(project.id)} aria-label=${msg(str`New chat in ${project.name}`)} title=${msg('New chat in this project')}>${msg('New chat')}</a>
        <button type="button" class="edit" aria-label=${msg(str`Edit project ${project.name}`)} title=${msg('Name, instructions and files')} @click=${() => this.dispatchEvent(new ProjectEditEvent(project.id))}>
          ${msg('Edit')}
        </button>
      </div>
      <ul id=${listId} aria-label=${msg(str`Chats in ${project.name}`)} ?hidden=${!open}>
        ${
          !open
            ? nothing
            : count === 0
              ? html`<li class="hint">${msg('No chats yet.')}</li>`
              : repeat(
                  sessions,
                  (s) => s.id,
                  (s) => this.renderRow(s, s.preview ?? ''),
                )
        }
      </ul>
    </div>`;
  }

  /** A session's row, with `sub` (its preview, or the search's snippet) under its title. */
  protected renderRow(session: SessionSummary, sub: string) {
    const title = displayTitle(session);
    const current = session.id === this.currentId;
    if (session.id === this.movingId) return this.renderMove(session, title, current);
    if (session.id === this.editingId) {
      return html`<li class=${current ? 'current' : ''}>
        <input
          class="rename"
          aria-label=${msg(str`New title for ${title}`)}
          .value=${session.title}
          @keydown=${(e: KeyboardEvent) => this.handleRenameKeydown(e, session)}
          @blur=${(e: FocusEvent) => this.commitRename(session, e.target as HTMLInputElement)}
        />
      </li>`;
    }
    const menuOpen = this.menuId === session.id;
    return html`<li class=${`${current ? 'current' : ''} ${menuOpen ? 'menu-open' : ''}`}>
      <a
        class="row-link"
        href=${sessionHref(session.id)}
        data-row=${session.id}
        tabindex="-1"
        aria-current=${current ? 'page' : nothing}
        title=${title}
        >${title}</a
      >
      <div class="sub">${plainSnippet(sub)}</div>
      <button
        type="button"
        class="row-menu btn ghost icon sm"
        data-menu=${session.id}
        tabindex="-1"
        aria-label=${msg(str`Actions for ${title}`)}
        aria-haspopup="menu"
        aria-expanded=${menuOpen ? 'true' : 'false'}
        title=${msg('Rename, pin, move, export or delete')}
        @click=${() => this.toggleMenu(session.id)}
      >
        ${icon('more', 16)}
      </button>
      ${menuOpen ? this.renderMenu(session, title) : nothing}
    </li>`;
  }

  /** The row while its session is being moved: a button per place it can go, and `Cancel`. */
  private renderMove(session: SessionSummary, title: string, current: boolean) {
    const inProject = this.projects.some((p) => p.id === session.projectId) ? session.projectId : undefined;
    const places = [{ id: undefined, name: msg('No project') }, ...this.projects];
    return html`<li class=${current ? 'current' : ''}>
      <div class="move" role="group" aria-label=${msg(str`Move ${title} to`)} @keydown=${(e: KeyboardEvent) => this.handleMoveKeydown(e, session)}>
        ${places.map(
          (place) => html`<button
            type="button"
            aria-pressed=${place.id === inProject ? 'true' : 'false'}
            @click=${() => this.commitMove(session, place.id, inProject)}
          >
            ${place.name}
          </button>`,
        )}
        <button type="button" class="cancel" @click=${() => this.endMove(session)}>${msg('Cancel')}</button>
      </div>
    </li>`;
  }
}

/** A date group's heading in the active language. */
export function groupName(label: DateGroup['label']): string {
  switch (label) {
    case 'Today':
      return msg('Today');
    case 'Yesterday':
      return msg('Yesterday');
    case 'Previous 7 days':
      return msg('Previous 7 days');
    case 'Older':
      return msg('Older');
  }
}
