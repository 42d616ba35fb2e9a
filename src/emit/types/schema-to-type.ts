/**
 * JSON Schema (normalised, 2020-12) to a TypeScript type, by the rules of
 * rules.ts; refs become the names the normaliser chose for their targets.
 */
import type { Schema, TypeNode } from "../../ir/index.js";
import { refTarget } from "../../ir/refs.js";
import { reference } from "../nodes.js";
import { schemaType, type TypeContext } from "./rules.js";

export interface TypeNames {
  root: string;
  defs: ReadonlyMap<string, string>;
}

export class SchemaTypeWriter implements TypeContext {
  constructor(private readonly names: TypeNames) {}

  /** The type of `schema`. */
  type(schema: Schema): TypeNode {
    return schemaType(schema, this);
  }

  ref(ref: string): TypeNode {
    const target = refTarget(ref);
    const name = target === "#" ? this.names.root : this.names.defs.get(target);
    if (name === undefined) throw new Error(`internal: no type name for ${ref}`);
    return reference(name);
  }
}
