import { LiveRuns, ServerFileDownloads } from '../../code';

/** The runs going on now in this page: the sandbox tells of them, the cards show them (both load lazily). */
export const liveRuns = new LiveRuns();

/** Files Anthropic's code execution made, on their way to the panel (`main.ts` collects them, the cards show them). */
export const serverFileDownloads = new ServerFileDownloads();
