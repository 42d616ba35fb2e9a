/**
 * The properties an object closed by `additionalProperties: false` refuses though its own `allOf` declares them: a
 * classic mistake of schemas. `additionalProperties` sees only the `properties` and `patternProperties` beside it
 * (2020-12 Core §10.3.2.3), never into `allOf`, so every property declared only in an `allOf` member is refused
 * wherever it is sent. Normalisation reports each (`closed-allof-properties`), and the type mapping types each as
 * never given (`?: never`), as the validators check it; both read this one function.
 */
import type { Schema, SchemaObject } from "./index.js";

/** A property an `allOf` member declares, that `additionalProperties: false` refuses. */
export interface ClosedOutProperty {
  name: string;
  /** Where its schema is, below the closed object's: `["allOf", 0, "properties", "limit"]`. */
  path: ReadonlyArray<string | number>;
}

/**
 * The properties `allOf` (its members, and theirs, however nested) declares that `schema` refuses by its
 * `additionalProperties: false`, each name once, at the first place met; none where the object has
 * `patternProperties` (which may admit them: a pattern is not run here). Not yet followed: a member's `$ref` (its
 * target's properties are refused too, but normalisation meets the target only later) and `anyOf`/`oneOf` branches.
 */
export function propertiesClosedOut(schema: SchemaObject): ClosedOutProperty[] {
  if (schema["additionalProperties"] !== false || !Array.isArray(schema["allOf"])) return [];
  const patterns = schema["patternProperties"];
  if (typeof patterns === "object" && patterns !== null && Object.keys(patterns).length > 0) return [];
  const own = ownProperties(schema);
  const found = new Map<string, ClosedOutProperty>();
  const visit = (members: readonly Schema[], path: ReadonlyArray<string | number>) => {
    members.forEach((member, index) => {
      if (typeof member !== "object") return;
      const at = [...path, "allOf", index];
      for (const name of ownProperties(member)) {
        if (!own.has(name) && !found.has(name)) found.set(name, { name, path: [...at, "properties", name] });
      }
      if (Array.isArray(member["allOf"])) visit(member["allOf"] as Schema[], at);
    });
  };
  visit(schema["allOf"] as Schema[], []);
  return [...found.values()];
}

function ownProperties(schema: SchemaObject): Set<string> {
  const properties = schema["properties"];
  return new Set(typeof properties === "object" && properties !== null ? Object.keys(properties) : []);
}
