// Written by scripts/shelf-list.mjs from the shelf manifest (npm run shelf): do not edit by hand.

/** The shelf's libraries with their versions, as the `artifacts` tool's description names them. */
export const SHELF_LIBRARIES =
  'react 18.3.1, react-dom 18.3.1, lucide-react 1.81.0, recharts 3.11.2, framer-motion 14.14.0, motion 14.14.0 (also motion/react), d3 7.9.2, three 0.128.0 (r128, with OrbitControls from three/examples/jsm/controls/OrbitControls.js), chart.js 4.6.1 (chart.js/auto too), chart.js@3 3.9.1 (pages that ask for chart.js 3 get it), chart.js@2 2.9.4 (pages that ask for Chart.js 2 get it), mathjs 15.2.0, lodash 4.18.1, lodash-es 4.18.1, date-fns 4.4.0, papaparse 5.7.1, xlsx 0.20.3 (SheetJS), mermaid 12.4.0, marked 18.2.1, marked@12 12.0.2 (pages that ask for marked 12 or older get it), tailwindcss 4.3.4, jszip 3.10.2, docx 9.15.2, pptxgenjs 4.0.1, js-yaml 4.1.1, diff 9.0.0, pako 2.1.0, qrcode-generator 1.5.2, exif-js 2.3.0, jsmediatags 3.9.7, tone 15.5.44, uuid 14.0.3, clsx 2.1.1, tailwind-merge 3.7.1, class-variance-authority 0.7.1, leaflet 1.9.4, @tabler/icons-webfont 3.49.0 (the ti ti-<name> icon font, as a stylesheet), canvas-confetti 1.9.4, matter-js 0.20.0, d3-sankey 0.12.3, p5 1.11.13, gifuct-js 2.1.2, pyodide 0.28.3, pdfjs-dist 6.5.438, sql.js 1.17.0, @viz-js/viz 3.31.0, react-router-dom 7.18.7, html2canvas 1.4.1, jspdf 4.2.1, html2pdf.js 0.14.0, react-markdown 10.1.0, react-color 2.19.3, react-day-picker 9.14.0, cmdk 1.1.1, sonner 2.0.8, react-hook-form 7.92.0, embla-carousel-react 8.6.0, vaul 1.1.2, input-otp 1.5.0, react-resizable-panels 3.0.6, @radix-ui/react-*';

/** The shadcn/ui components on the shelf (`@/components/ui/<name>`). */
export const SHELF_COMPONENTS =
  'accordion, alert, alert-dialog, aspect-ratio, avatar, badge, breadcrumb, button, calendar, card, carousel, checkbox, collapsible, command, context-menu, dialog, drawer, dropdown-menu, form, hover-card, input, input-otp, label, menubar, navigation-menu, pagination, popover, progress, radio-group, resizable, scroll-area, select, separator, sheet, skeleton, slider, sonner, switch, table, tabs, textarea, toast, toaster, toggle, toggle-group, tooltip, use-toast';

/** The shelf's libraries `run_code`'s JavaScript may import, by name, with their versions. */
export const CODE_LIBRARIES: Readonly<Record<string, string>> = {
  d3: '7.9.2',
  mathjs: '15.2.0',
  lodash: '4.18.1',
  'date-fns': '4.4.0',
  papaparse: '5.7.1',
  xlsx: '0.20.3',
  marked: '18.2.1',
  jszip: '3.10.2',
  docx: '9.15.2',
  pptxgenjs: '4.0.1',
  'js-yaml': '4.1.1',
  diff: '9.0.0',
  pako: '2.1.0',
  uuid: '14.0.3',
  jspdf: '4.2.1',
};
