/**
 * Top-level statements as Prettier prints them. Vouched for: comments,
 * imports, type aliases and interfaces (as far as types.ts vouches for their
 * types), constants whose value is a name, a string, an object literal of
 * those one entry a line, or `new X([...strings])`, and templates copied as
 * they are (kept in Prettier's layout). Template fills and code are printed
 * all the same and marked: Prettier lays them out.
 */
import type { Expression, ImportDeclaration, InterfaceDeclaration, ObjectLiteral, Statement, TemplateInsertion, VariableStatement } from "../../ir/code.js";
import { jsDocText } from "./jsdoc.js";
import type { Layout } from "./layout.js";
import { prettierString } from "./literals.js";
import { breaks, declaredType, membersBlock, propertyKey, typeText } from "./types.js";

/** The statement's text, ending with a line break. */
export function statementText(layout: Layout, statement: Statement): string {
  switch (statement.kind) {
    case "comments":
      return `${statement.lines.join("\n")}\n`;
    case "import":
      return `${jsDocText(statement.doc, "")}${importText(layout, statement)}\n`;
    case "typeAlias": {
      const parameters = statement.typeParameters === undefined ? "" : `<${statement.typeParameters.join(", ")}>`;
      const text = declaredType(layout, `${exported(statement)}type ${statement.name}${parameters} =`, "", statement.type, ";", true);
      // Type parameters change how Prettier breaks an alias: vouched for on one line only.
      if (parameters !== "" && text.includes("\n")) layout.unsure();
      return `${jsDocText(statement.doc, "")}${text}\n`;
    }
    case "interface":
      return `${jsDocText(statement.doc, "")}${interfaceText(layout, statement)}\n`;
    case "const":
      return `${jsDocText(statement.doc, "")}${constText(layout, statement)}\n`;
    case "template":
      return `${jsDocText(statement.doc, "")}${templateText(layout, statement)}`;
    case "code":
      layout.unsure();
      return `${statement.text.replace(/\n*$/, "")}\n`;
  }
}

const exported = (statement: { exported: boolean }) => (statement.exported ? "export " : "");

/** On one line when it fits (or names one binding), otherwise one name a line. */
function importText(layout: Layout, statement: ImportDeclaration): string {
  const head = statement.typeOnly ? "import type " : "import ";
  const from = prettierString(statement.from);
  if (statement.defaultName !== undefined) return `${head}${statement.defaultName} from ${from};`;
  if (statement.namespaceName !== undefined) return `${head}* as ${statement.namespaceName} from ${from};`;
  const names = statement.names.map((name) => `${name.typeOnly ? "type " : ""}${name.name}`);
  const flat = `${head}{ ${names.join(", ")} } from ${from};`;
  if (names.length <= 1 || layout.fits(flat)) return flat;
  return `${head}{\n${names.map((name) => `  ${name},\n`).join("")}} from ${from};`;
}

function interfaceText(layout: Layout, statement: InterfaceDeclaration): string {
  const body = statement.members.length === 0 ? "{}" : membersBlock(layout, statement.members, "", statement.spaced);
  return `${exported(statement)}interface ${statement.name} ${body}`;
}

/** `const name: Type = value;` */
function constText(layout: Layout, statement: VariableStatement): string {
  let head = `${exported(statement)}const ${statement.name}`;
  if (statement.type !== undefined) {
    if (breaks(statement.type)) layout.unsure();
    head += `: ${typeText(layout, statement.type, "")}`;
  }
  head += " =";
  const value = statement.value;
  const asConst = value.kind === "asConst";
  const inner = value.kind === "asConst" ? value.expression : value;
  const suffix = asConst ? " as const;" : ";";
  if (inner.kind === "object" && inner.multiLine) return objectAssignment(layout, head, inner, suffix, asConst);
  if (inner.kind === "new" && !asConst) return newAssignment(layout, head, inner.callee, inner.arguments);
  const flat = `${head} ${expressionText(layout, inner)}${suffix}`;
  if (!layout.fits(flat)) layout.unsure();
  return flat;
}

/**
 * `head {` and one entry a line, when `head {` fits; otherwise (no `as
 * const`) the object starts the next line, indented.
 */
function objectAssignment(layout: Layout, head: string, object: ObjectLiteral, suffix: string, asConst: boolean): string {
  if (!layout.fits(head)) layout.unsure();
  const inline = layout.fits(`${head} {`);
  if (!inline && asConst) layout.unsure();
  if (object.properties.length === 0) return asConst || layout.fits(`${head} {}${suffix}`) ? `${head} {}${suffix}` : `${head}\n  {}${suffix}`;
  const indent = inline || asConst ? "" : "  ";
  const entries = object.properties.map(([key, value]) => propertyText(layout, `${indent}  `, propertyKey(layout, key), value));
  return inline || asConst ? `${head} {\n${entries.join("")}}${suffix}` : `${head}\n  {\n${entries.join("")}  }${suffix}`;
}

/**
 * `key: value,` on one line when it fits, or when the key is shorter than
 * Prettier's tab width plus three columns (breaking there gains little);
 * otherwise the value, a name or a string, on the next line (Prettier's
 * assignment layout for a property). Any other value is not vouched for.
 */
function propertyText(layout: Layout, indent: string, key: string, value: Expression): string {
  const text = expressionText(layout, value);
  const line = `${indent}${key}: ${text},`;
  if (layout.fits(line) || key.length < 5) return `${line}\n`;
  if (value.kind !== "identifier" && value.kind !== "string") layout.unsure();
  return `${indent}${key}:\n${indent}  ${text},\n`;
}

/** `new X([a, b])` on one line when it fits; otherwise its only argument, an array, hugged: one element a line. */
function newAssignment(layout: Layout, head: string, callee: string, args: readonly Expression[]): string {
  const flat = `${head} new ${callee}(${args.map((argument) => expressionText(layout, argument)).join(", ")});`;
  if (layout.fits(flat)) return flat;
  const only = args[0];
  if (args.length !== 1 || only?.kind !== "array" || !layout.fits(`${head} new ${callee}([`)) {
    layout.unsure();
    return flat;
  }
  const elements = only.elements.map((element) => {
    if (element.kind !== "string") layout.unsure();
    return `  ${expressionText(layout, element)},\n`;
  });
  return `${head} new ${callee}([\n${elements.join("")}]);`;
}

/** An expression on one line (an object literal as written, `multiLine` or not: only assignments vouch for one). */
function expressionText(layout: Layout, expression: Expression): string {
  switch (expression.kind) {
    case "identifier":
      return expression.name;
    case "string":
      return prettierString(expression.text);
    case "array":
      return `[${expression.elements.map((element) => expressionText(layout, element)).join(", ")}]`;
    case "new":
      return `new ${expression.callee}(${expression.arguments.map((argument) => expressionText(layout, argument)).join(", ")})`;
    case "asConst":
      return `${expressionText(layout, expression.expression)} as const`;
    case "lazyImport":
      return `() => import(${prettierString(expression.specifier)})`;
    case "object": {
      layout.unsure();
      const entries = expression.properties.map(([key, value]) => `${key}: ${expressionText(layout, value)}`);
      if (entries.length === 0) return "{}";
      return expression.multiLine ? `{\n${entries.map((entry) => `  ${entry},\n`).join("")}}` : `{ ${entries.join(", ")} }`;
    }
    case "code":
      layout.unsure();
      return expression.text;
  }
}

/** The template's text with its fills in (each found in the template's own text, never in another fill); the fills are not vouched for. */
function templateText(layout: Layout, template: TemplateInsertion): string {
  const text = template.text;
  const places = template.fills.map((fill) => {
    const at = text.indexOf(fill.find);
    if (at === -1 || text.indexOf(fill.find, at + 1) !== -1)
      throw new Error(`internal: ${JSON.stringify(fill.find)} does not occur exactly once in templates/${template.name}`);
    return { at, fill };
  });
  if (places.length === 0) return text;
  layout.unsure();
  let filled = "";
  let from = 0;
  for (const { at, fill } of places.sort((a, b) => a.at - b.at)) {
    if (at < from) throw new Error(`internal: fills overlap in templates/${template.name}`);
    filled += `${text.slice(from, at)}${fill.replace}`;
    from = at + fill.find.length;
  }
  return filled + text.slice(from);
}
