/**
 * The write stage as the CLI sees it: what a run did to each file, and the
 * clean stop on a signal (writes under way finish or are undone).
 */
export { interruptWrites, type FileStatus, type WriteResult } from "../write/index.js";
