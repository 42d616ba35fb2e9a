/**
 * JSON Schema (normalised, 2020-12) to a TypeScript type, by the rules of
 * rules.ts; refs become the names the normaliser chose for their targets.
 */
import type { McpHeader, Schema, TypeNode } from "../../ir/index.js";
import { refTarget } from "../../ir/refs.js";
import { reference } from "../nodes.js";
import { schemaType, type TypeContext } from "./rules.js";

export interface TypeNames {
  root: string;
  defs: ReadonlyMap<string, string>;
}

export class SchemaTypeWriter implements TypeContext {
  /** `headers`: the `x-mcp-header` name of each marked property schema (`forArguments` finds them). */
  constructor(
    private readonly names: TypeNames,
    private readonly headers: ReadonlyMap<Schema, string> = new Map(),
  ) {}

  /**
   * A writer of the types of `schema`, a tool's `inputSchema` whose `x-mcp-header` arguments are `mcpHeaders`
   * (the IR's): each marked property schema is found by its path through `properties`, the only place the
   * revision allows a mark.
   */
  static forArguments(names: TypeNames, schema: Schema, mcpHeaders: readonly McpHeader[]): SchemaTypeWriter {
    const headers = new Map<Schema, string>();
    for (const { path, header } of mcpHeaders) {
      let node: Schema | undefined = schema;
      for (const name of path) node = propertySchema(node, name);
      // A mark sits on an object schema; a boolean one (`true` may stand anywhere) is never keyed.
      if (typeof node === "object") headers.set(node, header);
    }
    return new SchemaTypeWriter(names, headers);
  }

  mcpHeader(property: Schema): string | undefined {
    return this.headers.get(property);
  }

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

/** The schema of property `name` of an object schema, as `properties` lists it. */
function propertySchema(schema: Schema | undefined, name: string): Schema | undefined {
  if (typeof schema !== "object") return undefined;
  const properties = schema.properties as Record<string, Schema> | undefined;
  return properties !== undefined && Object.hasOwn(properties, name) ? properties[name] : undefined;
}
