/** JSON values as the mock compares them. */
import { isRecord } from "../shared/json.js";

/** JSON with every object's keys in code-point order: equal for values JSON Schema finds equal (key order aside). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
