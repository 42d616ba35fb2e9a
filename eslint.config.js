// The linter for mcpgen's own sources (`npm run lint`). Generated output (golden/, examples/generated/)
// is not linted here: it carries `/* eslint-disable */` for the users' linters, which are not ours.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "golden/",
      "examples/generated/",
      ".tmp/",
      "node_modules/",
      "test/typing/*.fixture.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // mcpgen escapes, detects and strips control characters on purpose (terminal output, JSON text, secrets):
      // a regex that names them is the point, not a mistake.
      "no-control-regex": "off",
      // `_name`: a parameter a signature requires and the body does not use (handler stubs say so too).
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
      // Hints are indented by two spaces where mcpgen prints them; tests match the text as printed.
      "no-regex-spaces": "off",
    },
  },
  {
    files: ["test/**"],
    rules: {
      // Tests edit JSON documents of any shape in place (fixtures, snapshots, configurations).
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
);
