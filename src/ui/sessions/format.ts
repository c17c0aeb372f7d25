/** Wording for times in the sessions UI: one formatter for the whole interface, in `../format`. */
export { formatAgo } from '../format';
