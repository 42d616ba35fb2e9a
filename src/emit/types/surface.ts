/**
 * The types of the prompts, resource templates and fixed resources in
 * `types.ts`: each prompt's arguments (every value a string, as MCP's
 * `prompts/get` says), each template's variables (RFC 6570 values), the
 * names of each (`PromptName`, `ResourceTemplateName`, as `ToolName` is the
 * tools'), and `ResourceUri`, the URIs of the fixed resources.
 */
import type { InterfaceDeclaration, ManifestIR, PromptIR, ResourceTemplateIR, TypeAliasDeclaration, TypeMember, TypeNode } from "../../ir/index.js";
import { stringLiteral, typePropertyKey } from "../../shared/escape.js";
import { inheritedMemberType } from "./rules.js";
import { docParagraphs, literal, property, reference, typeLiteral } from "../nodes.js";

/**
 * What a prompt without arguments (a template without variables) takes for one: nothing can be
 * given, as with `never`, but a call given one fails in words (`Type 'string' is not assignable to
 * type 'PromptTakesNoArguments'`, not `... to type 'never'`): TypeScript names an interface in its
 * message, and no value is one (its member is `never`). Declared once, not exported, when a
 * prompt (template) needs it.
 */
const NONE_GIVEN = { argument: "PromptTakesNoArguments", variable: "TemplateTakesNoVariables" } as const;

function noneGiven(parameter: keyof typeof NONE_GIVEN): InterfaceDeclaration {
  return {
    kind: "interface",
    doc: [`What a ${parameter === "argument" ? "prompt without arguments" : "resource template without variables"} takes for one: nothing can be given.`],
    exported: false,
    name: NONE_GIVEN[parameter],
    members: [property("none", reference("never"))],
    spaced: false,
  };
}

/** A type no key of which can be given: what a prompt without arguments, or a template without variables, takes. */
const nothing = (parameter: keyof typeof NONE_GIVEN): TypeNode =>
  typeLiteral([{ kind: "index", readonly: false, parameter, type: reference(NONE_GIVEN[parameter]) }], false);

/** `string | readonly string[] | { readonly [key: string]: string }`: an exploded variable's value. */
const COMPOSITE: TypeNode = {
  kind: "union",
  types: [
    reference("string"),
    { kind: "array", element: reference("string"), readonly: true },
    typeLiteral([{ kind: "index", readonly: true, parameter: "key", type: reference("string") }], false),
  ],
};

/**
 * The type of an argument or variable named `name`: `type`, or for an optional one that names a
 * member every object inherits (`toString`, `constructor`) `type | Object["toString"]`, as for a
 * tool's properties: reading it when it was not given gets the inherited member, and without the
 * union an object literal that leaves it out would not be assignable.
 */
function memberType(name: string, type: TypeNode, optional: boolean): TypeNode {
  const inherited = optional ? inheritedMemberType(name) : undefined;
  return inherited === undefined ? type : { kind: "union", types: [type, inherited] };
}

function promptArguments(prompt: PromptIR): TypeAliasDeclaration {
  const members: TypeMember[] = prompt.arguments.map((argument) =>
    property(typePropertyKey(argument.name), memberType(argument.name, reference("string"), !argument.required), {
      optional: !argument.required,
      doc: docParagraphs(argument.title, argument.description),
    }),
  );
  return {
    kind: "typeAlias",
    doc: docParagraphs(`Arguments of prompt ${stringLiteral(prompt.wireName)}.`, prompt.title, prompt.description),
    exported: true,
    name: prompt.typeName,
    type: members.length === 0 ? nothing("argument") : typeLiteral(members, true),
  };
}

function templateVariables(template: ResourceTemplateIR): TypeAliasDeclaration {
  const members: TypeMember[] = template.variables.map((variable) =>
    property(typePropertyKey(variable.name), memberType(variable.name, variable.composite ? COMPOSITE : reference("string"), !variable.required), {
      optional: !variable.required,
    }),
  );
  return {
    kind: "typeAlias",
    doc: docParagraphs(
      `Variables of resource template ${stringLiteral(template.wireName)}: ${stringLiteral(template.uriTemplate)} (RFC 6570).`,
      template.title,
    ),
    exported: true,
    name: template.typeName,
    type: members.length === 0 ? nothing("variable") : typeLiteral(members, true),
  };
}

/** `export type <name> = "a" | "b"`: the union of `values` as string literal types. */
function literalUnion(name: string, doc: string, values: readonly string[]): TypeAliasDeclaration {
  const literals = values.map((value) => literal(stringLiteral(value)));
  return { kind: "typeAlias", doc: [doc], exported: true, name, type: literals.length === 1 ? literals[0]! : { kind: "union", types: literals } };
}

const resourceUri = (ir: ManifestIR) =>
  literalUnion(
    "ResourceUri",
    "The URI of every fixed resource the server lists (`resources/list`).",
    ir.resources.map((resource) => resource.uri),
  );

/** `PromptName`, as `ToolName` is for the tools. */
const promptName = (ir: ManifestIR) =>
  literalUnion(
    "PromptName",
    "Wire names of all prompts (`prompts/list`).",
    ir.prompts.map((prompt) => prompt.wireName),
  );

const resourceTemplateName = (ir: ManifestIR) =>
  literalUnion(
    "ResourceTemplateName",
    "Wire names of all resource templates (`resources/templates/list`).",
    ir.resourceTemplates.map((template) => template.wireName),
  );

/** The types of the prompts, templates and resources, in that order; none for a manifest without them. */
export function surfaceTypes(ir: ManifestIR): Array<TypeAliasDeclaration | InterfaceDeclaration> {
  return [
    ...(ir.prompts.some((prompt) => prompt.arguments.length === 0) ? [noneGiven("argument")] : []),
    ...ir.prompts.map(promptArguments),
    ...(ir.prompts.length > 0 ? [promptName(ir)] : []),
    ...(ir.resourceTemplates.some((template) => template.variables.length === 0) ? [noneGiven("variable")] : []),
    ...ir.resourceTemplates.map(templateVariables),
    ...(ir.resourceTemplates.length > 0 ? [resourceTemplateName(ir)] : []),
    ...(ir.resources.length > 0 ? [resourceUri(ir)] : []),
  ];
}
