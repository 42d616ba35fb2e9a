/** Constructors of the syntax tree the emitters build (src/ir/code.ts), for what every emitter writes. */
import type {
  CommentLines,
  Expression,
  ImportDeclaration,
  JsDoc,
  LiteralType,
  PropertySignature,
  TypeLiteral,
  TypeMember,
  TypeNode,
  TypeReference,
} from "../ir/code.js";
import type { ManifestIR } from "../ir/index.js";
import { docLines } from "../shared/escape.js";
import { fileHeader } from "./header.js";

export const reference = (name: string, typeArguments: readonly TypeNode[] = []): TypeReference => ({ kind: "reference", name, typeArguments });

export const literal = (text: string): LiteralType => ({ kind: "literal", text });

export const typeLiteral = (members: readonly TypeMember[], multiLine: boolean): TypeLiteral => ({ kind: "typeLiteral", members, multiLine });

export const property = (key: string, type: TypeNode, options: { optional?: boolean; doc?: JsDoc } = {}): PropertySignature => ({
  kind: "property",
  doc: options.doc ?? [],
  key,
  optional: options.optional ?? false,
  type,
});

export const identifier = (name: string): Expression => ({ kind: "identifier", name });

export const string = (text: string): Expression => ({ kind: "string", text });

/**
 * `import { names } from "from";`, the names as written in one (`type X`
 * for a type inside a value import); `typeOnly` for `import type`.
 */
export function importDeclaration(names: readonly string[], from: string, typeOnly = false): ImportDeclaration {
  return {
    kind: "import",
    typeOnly,
    names: names.map((name) => (name.startsWith("type ") ? { name: name.slice("type ".length), typeOnly: true } : { name, typeOnly: false })),
    from,
  };
}

/**
 * A JSDoc from paragraphs of server text (titles, descriptions) and mcpgen's own words, those absent
 * or empty left out, escaped by `docLines`.
 */
export function docParagraphs(...parts: ReadonlyArray<string | undefined>): JsDoc {
  return docLines({ text: paragraphs(...parts) });
}

/** Paragraphs as one text (a blank line between them), those absent or empty left out. */
export function paragraphs(...parts: ReadonlyArray<string | undefined>): string {
  return parts.filter((part) => part !== undefined && part !== "").join("\n\n");
}

/** The generated header (see `fileHeader`) as comment lines. */
export function header(ir: Pick<ManifestIR, "source">, purpose: string): CommentLines {
  return { kind: "comments", lines: fileHeader(ir, purpose).trimEnd().split("\n") };
}
