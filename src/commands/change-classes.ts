/**
 * The classes of a contract change and their labels, and how subjects are
 * named, for the printer of
 * `--check`, which loads with the CLI: only the diff stage's rule data
 * (src/diff/rules.ts), none of its comparison.
 */
export { CHANGE_CLASSES, CLASS_ORDER, type ChangeClass } from "../diff/rules.js";
export { SUBJECT_NOUNS, type ContractChange, type ContractDiff } from "../diff/change.js";
