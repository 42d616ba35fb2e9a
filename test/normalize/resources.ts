/** Rows of the resources family (src/normalize/mcp-resources.ts): resources and resource templates, through `normalizeManifest`. */
import type { Rows } from "./rows.js";

const template = (name: string, uriTemplate: string, extra: Record<string, unknown> = {}) => ({ name, uriTemplate, ...extra });

export const rows: Rows = [
  [
    "resource-shape",
    {
      stage: "manifest",
      says: "a resource without a URI or a name, and a template without a name or a uriTemplate, is left out with a warning",
      given: {
        tools: [],
        resources: [{ name: "no uri" }, { uri: "demo://a" }, 3, { uri: "demo://b", name: "b" }],
        resourceTemplates: [{ uriTemplate: "demo://{x}" }, { name: "t" }],
      },
      want: { resources: [{ uri: "demo://b", name: "b", methodName: "readB", fileBase: "read-b" }], resourceTemplates: [], resourceReader: "readResource" },
      warnings: [
        { code: "resource-invalid", pointer: "/resources/0/uri", message: "a resource needs a non-empty string `uri`; it is left out" },
        { code: "resource-invalid", pointer: "/resources/1/name", message: 'resource "demo://a": a resource needs a string `name`; it is left out' },
        { code: "resource-invalid", pointer: "/resources/2", message: "a resource must be an object; it is left out" },
        { code: "resource-invalid", pointer: "/resourceTemplates/0/name", message: "a resource template needs a non-empty string `name`; it is left out" },
        {
          code: "resource-invalid",
          pointer: "/resourceTemplates/1/uriTemplate",
          message: 'resource template "t": a resource template needs a string `uriTemplate`; it is left out',
        },
      ],
    },
  ],
  [
    "duplicate-resources",
    {
      stage: "manifest",
      says: "a resource listed twice by URI, and a template twice by name, keep the first",
      given: {
        tools: [],
        resources: [
          { uri: "demo://a", name: "a" },
          { uri: "demo://a", name: "again" },
        ],
        resourceTemplates: [template("t", "demo://{x}"), template("t", "demo://other/{x}")],
      },
      want: {
        resources: [{ uri: "demo://a", name: "a", methodName: "readA", fileBase: "read-a" }],
        resourceTemplates: [
          {
            wireName: "t",
            uriTemplate: "demo://{x}",
            methodName: "readT",
            completionMethodName: "completeT",
            typeName: "TVariables",
            fileBase: "read-t",
            variables: [{ name: "x", required: true, composite: false }],
          },
        ],
      },
      warnings: [
        {
          code: "entry-duplicate",
          pointer: "/resources/1",
          message: 'resource "demo://a": resource listed twice; keeping the first (/resources/0), ignoring /resources/1',
        },
        {
          code: "entry-duplicate",
          pointer: "/resourceTemplates/1",
          message: 'resource template "t": resource template listed twice; keeping the first (/resourceTemplates/0), ignoring /resourceTemplates/1',
        },
      ],
    },
  ],
  [
    "uri-templates",
    {
      stage: "manifest",
      says: "each variable once: required when only ever held alone by a {var} or {+var}, optional where its absence shows in the URI ({/x}, {#x}, {?x}, ...), composite when only ever exploded",
      given: {
        tools: [],
        resourceTemplates: [template("Dynamic Text Resource", "demo://resource/{+base}{/segments*}{?q,page}{&q}{;v}{#frag:3}")],
      },
      want: {
        resourceTemplates: [
          {
            wireName: "Dynamic Text Resource",
            uriTemplate: "demo://resource/{+base}{/segments*}{?q,page}{&q}{;v}{#frag:3}",
            methodName: "readDynamicTextResource",
            completionMethodName: "completeDynamicTextResource",
            typeName: "DynamicTextResourceVariables",
            fileBase: "read-dynamic-text-resource",
            variables: [
              { name: "base", required: true, composite: false },
              { name: "segments", required: false, composite: true },
              { name: "q", required: false, composite: false },
              { name: "page", required: false, composite: false },
              { name: "v", required: false, composite: false },
              { name: "frag", required: false, composite: false },
            ],
          },
        ],
      },
    },
  ],
  [
    "uri-templates",
    {
      stage: "manifest",
      says: "a template that does not parse, or whose variable is no RFC 6570 name, is left out with a warning; the others stay",
      given: {
        tools: [],
        resourceTemplates: [template("open", "demo://{id"), template("dash", "demo://{default-graph}"), template("ok", "demo://{id}")],
      },
      want: {
        resourceTemplates: [
          {
            wireName: "ok",
            uriTemplate: "demo://{id}",
            methodName: "readOk",
            completionMethodName: "completeOk",
            typeName: "OkVariables",
            fileBase: "read-ok",
            variables: [{ name: "id", required: true, composite: false }],
          },
        ],
      },
      warnings: [
        {
          code: "resource-invalid",
          pointer: "/resourceTemplates/0/uriTemplate",
          message:
            'resource template "open": `uriTemplate` is not an RFC 6570 URI template: the expression at 7 is not closed with "}"; the template is left out',
        },
        {
          code: "resource-invalid",
          pointer: "/resourceTemplates/1/uriTemplate",
          message:
            'resource template "dash": `uriTemplate` is not an RFC 6570 URI template: "default-graph" at 8 is not a variable name (letters, digits, "_", percent-encoded triplets, and "." between them); the template is left out',
        },
      ],
    },
  ],
  [
    "resource-metadata",
    {
      stage: "manifest",
      says: "title, description and mimeType kept when strings, annotations when an object, size when a non-negative number",
      given: {
        tools: [],
        resources: [
          {
            uri: "demo://resource/static/document/architecture.md",
            name: "architecture.md",
            title: "Architecture",
            description: "The design.",
            mimeType: "text/markdown",
            size: 1024,
            annotations: { audience: ["user"], priority: 0.5 },
          },
          { uri: "demo://b", name: "b", mimeType: 3, size: -1, annotations: "high" },
        ],
        resourceTemplates: [template("t", "demo://{x}", { mimeType: "text/plain", annotations: { priority: 1 }, description: "A text." })],
      },
      want: {
        resources: [
          {
            uri: "demo://resource/static/document/architecture.md",
            name: "architecture.md",
            methodName: "readArchitectureMd",
            fileBase: "read-architecture-md",
            title: "Architecture",
            description: "The design.",
            mimeType: "text/markdown",
            size: 1024,
            annotations: { audience: ["user"], priority: 0.5 },
          },
          { uri: "demo://b", name: "b", methodName: "readB", fileBase: "read-b" },
        ],
        resourceTemplates: [
          {
            wireName: "t",
            uriTemplate: "demo://{x}",
            methodName: "readT",
            completionMethodName: "completeT",
            typeName: "TVariables",
            fileBase: "read-t",
            description: "A text.",
            mimeType: "text/plain",
            annotations: { priority: 1 },
            variables: [{ name: "x", required: true, composite: false }],
          },
        ],
      },
    },
  ],
];
