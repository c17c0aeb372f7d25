/**
 * Icons: Lucide's (ISC licence) drawn as inline SVG. Each icon is imported by name from `lucide`, whose icons are
 * plain arrays of SVG elements and which has no side effects, so the build keeps only the icons used here. An
 * icon is decoration: the control that shows it carries the accessible name.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';
import {
  ArrowUp,
  Check,
  ChevronRight,
  Code,
  Copy,
  Ellipsis,
  Eye,
  Globe,
  HatGlasses,
  KeyRound,
  Maximize2,
  Mic,
  PanelLeft,
  PanelRight,
  Paperclip,
  Pencil,
  Plus,
  RefreshCw,
  Search,
  Settings,
  Square,
  SquarePen,
  Volume2,
  X,
} from 'lucide';

type IconNode = readonly (readonly [string, Record<string, string | number | undefined>])[];

/** The icons the app draws, by the name the code uses. */
const ICONS = {
  send: ArrowUp,
  check: Check,
  'chevron-right': ChevronRight,
  code: Code,
  copy: Copy,
  more: Ellipsis,
  preview: Eye,
  web: Globe,
  incognito: HatGlasses,
  key: KeyRound,
  expand: Maximize2,
  dictate: Mic,
  sidebar: PanelLeft,
  artifacts: PanelRight,
  attach: Paperclip,
  edit: Pencil,
  plus: Plus,
  regenerate: RefreshCw,
  search: Search,
  settings: Settings,
  stop: Square,
  'new-chat': SquarePen,
  'read-aloud': Volume2,
  close: X,
} satisfies Record<string, IconNode>;

export type IconName = keyof typeof ICONS;

/** One SVG child element of an icon, its attributes written as the node lists them. */
function part([tag, attrs]: IconNode[number]): TemplateResult {
  const a = (name: string) => attrs[name] ?? nothing;
  // Lucide draws with these elements only; each attribute that may appear is bound (absent ones are left out).
  switch (tag) {
    case 'path':
      return svg`<path d=${a('d')}></path>`;
    case 'circle':
      return svg`<circle cx=${a('cx')} cy=${a('cy')} r=${a('r')}></circle>`;
    case 'rect':
      return svg`<rect x=${a('x')} y=${a('y')} width=${a('width')} height=${a('height')} rx=${a('rx')} ry=${a('ry')}></rect>`;
    case 'line':
      return svg`<line x1=${a('x1')} y1=${a('y1')} x2=${a('x2')} y2=${a('y2')}></line>`;
    case 'polyline':
      return svg`<polyline points=${a('points')}></polyline>`;
    default:
      return svg``;
  }
}

/** The icon `name`, 1em square in the current text colour, hidden from assistive technology. */
export function icon(name: IconName, size = 18): TemplateResult {
  const node: IconNode = ICONS[name];
  return html`<svg class="icon" xmlns="http://www.w3.org/2000/svg" width=${size} height=${size} viewBox="0 0 24 24"
    fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"
    aria-hidden="true" focusable="false">${node.map(part)}</svg>`;
}
