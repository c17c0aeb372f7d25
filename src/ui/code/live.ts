import { LiveRuns } from '../../code';

/** The runs going on now in this page: the sandbox tells of them, the cards show them (both load lazily). */
export const liveRuns = new LiveRuns();
