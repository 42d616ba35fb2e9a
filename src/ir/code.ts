/**
 * The TypeScript mcpgen writes, as a small syntax tree: the emitters build
 * it, the printer (src/format/printer/) lays it out. It holds the few kinds
 * of declaration and type mcpgen writes and nothing of their layout but what
 * TypeScript's own factory holds too (`multiLine` on an object). Every text
 * in it (names, keys, literals, doc lines) is already code-safe: it came
 * through src/shared/escape.ts.
 */

/** A TypeScript output file as statements (a text file is an `EmittedFile`). */
export interface SourceFile {
  /** Path relative to the output directory, `/`-separated. */
  path: string;
  format: "typescript";
  /** Separated by a blank line, except consecutive imports. */
  statements: readonly Statement[];
}

/** The lines of a JSDoc comment, without `/**`, `*` or `*\/`; empty for none. */
export type JsDoc = readonly string[];

export type Statement = CommentLines | ImportDeclaration | TypeAliasDeclaration | InterfaceDeclaration | VariableStatement | TemplateInsertion | CodeStatement;

/** Comment lines (`// ...`, `/* ... *\/`), each printed as it is. */
export interface CommentLines {
  kind: "comments";
  lines: readonly string[];
}

/** `import { a, type B } from "x";`, `import type { A } from "x";`, `import x from "x";` or `import * as x from "x";`. */
export interface ImportDeclaration {
  kind: "import";
  doc?: JsDoc | undefined;
  typeOnly: boolean;
  /** A default import (then `names` is empty). */
  defaultName?: string | undefined;
  /** A namespace import, `* as name` (then `names` is empty). */
  namespaceName?: string | undefined;
  names: readonly ImportName[];
  /** The module specifier as a string literal. */
  from: string;
}

export interface ImportName {
  name: string;
  /** `type name` inside a value import. */
  typeOnly: boolean;
}

/** `export type Name = Type;` */
export interface TypeAliasDeclaration {
  kind: "typeAlias";
  doc: JsDoc;
  exported: boolean;
  name: string;
  /** Type parameters as written (`M extends keyof Client`). */
  typeParameters?: readonly string[] | undefined;
  type: TypeNode;
}

/** `export interface Name { members }` */
export interface InterfaceDeclaration {
  kind: "interface";
  doc: JsDoc;
  exported: boolean;
  name: string;
  members: readonly TypeMember[];
  /** A blank line between members. */
  spaced: boolean;
}

/** `export const name: Type = value;` */
export interface VariableStatement {
  kind: "const";
  doc: JsDoc;
  exported: boolean;
  name: string;
  type?: TypeNode | undefined;
  value: Expression;
}

/**
 * Code copied from a file under `templates/` (its `emitted` region, or all
 * of it), with `fills`: each `find` is a text that occurs exactly once in
 * it, and is replaced by `replace`. A template is kept in Prettier's layout
 * (test/templates/templates.test.ts checks it); what a fill changes is not.
 */
export interface TemplateInsertion {
  kind: "template";
  doc?: JsDoc | undefined;
  /** Its path under `templates/`, for messages. */
  name: string;
  text: string;
  fills: readonly TemplateFill[];
}

export interface TemplateFill {
  find: string;
  replace: string;
}

/** A statement as text, left to Prettier's layout: for what the tree has no node for. */
export interface CodeStatement {
  kind: "code";
  text: string;
}

/** A type. Composite types nest as built: printing adds the parentheses that keep them so. */
export type TypeNode = TypeReference | LiteralType | UnionType | IntersectionType | ArrayType | TupleType | TypeLiteral | IndexedAccessType | MappedType;

/** A keyword (`string`, `unknown`), a type name, or a generic instance (`Array<-1>`). */
export interface TypeReference {
  kind: "reference";
  name: string;
  typeArguments: readonly TypeNode[];
}

/** A string, number, boolean or `null` literal type, as written. */
export interface LiteralType {
  kind: "literal";
  text: string;
}

export interface UnionType {
  kind: "union";
  types: readonly TypeNode[];
}

export interface IntersectionType {
  kind: "intersection";
  types: readonly TypeNode[];
}

/** `T[]`, or `readonly T[]` */
export interface ArrayType {
  kind: "array";
  element: TypeNode;
  readonly?: boolean | undefined;
}

export interface TupleType {
  kind: "tuple";
  elements: readonly TupleElement[];
}

export interface TupleElement {
  type: TypeNode;
  /** `T?` */
  optional: boolean;
  /** `...T` */
  rest: boolean;
}

/** `{ members }`; `multiLine`: one member a line, even where they would fit on one. */
export interface TypeLiteral {
  kind: "typeLiteral";
  members: readonly TypeMember[];
  multiLine: boolean;
}

/** `Object["constructor"]` */
export interface IndexedAccessType {
  kind: "indexedAccess";
  object: TypeNode;
  index: TypeNode;
}

/** `{ readonly [N in Keys]: Type }` */
export interface MappedType {
  kind: "mapped";
  readonly: boolean;
  parameter: string;
  constraint: TypeNode;
  type: TypeNode;
}

export type TypeMember = PropertySignature | IndexSignature | MethodSignature;

/** `key?: Type;` with the key as written (a name or a string literal). */
export interface PropertySignature {
  kind: "property";
  doc: JsDoc;
  key: string;
  optional: boolean;
  type: TypeNode;
}

/** `[key: string]: Type;` */
export interface IndexSignature {
  kind: "index";
  readonly: boolean;
  parameter: string;
  type: TypeNode;
}

/** `name(parameters): Returns;` */
export interface MethodSignature {
  kind: "method";
  doc: JsDoc;
  name: string;
  parameters: readonly Parameter[];
  returns: TypeNode;
}

export interface Parameter {
  name: string;
  optional: boolean;
  type: TypeNode;
}

export type Expression = Identifier | StringLiteral | ObjectLiteral | ArrayLiteral | NewExpression | AsConstExpression | LazyImport | CodeExpression;

export interface Identifier {
  kind: "identifier";
  name: string;
}

/** A string literal as written (`stringLiteral` in shared/escape.ts). */
export interface StringLiteral {
  kind: "string";
  text: string;
}

/** `{ key: value, ... }`, keys as written (`objectLiteralKey`); `multiLine` as for `TypeLiteral`. */
export interface ObjectLiteral {
  kind: "object";
  properties: ReadonlyArray<readonly [key: string, value: Expression]>;
  multiLine: boolean;
}

export interface ArrayLiteral {
  kind: "array";
  elements: readonly Expression[];
}

/** `new Callee(arguments)` */
export interface NewExpression {
  kind: "new";
  callee: string;
  arguments: readonly Expression[];
}

/** `expression as const` */
export interface AsConstExpression {
  kind: "asConst";
  expression: Expression;
}

/** `() => import("./path.js")`: a module loaded on first use (a bundler makes it a chunk of its own). */
export interface LazyImport {
  kind: "lazyImport";
  /** The module specifier, a string literal as written. */
  specifier: string;
}

/** An expression as text, left to Prettier's layout. */
export interface CodeExpression {
  kind: "code";
  text: string;
}
