// The layers of the browser code (issue 22 item 4), enforced on every import, static or dynamic:
//
//   root      src/App.tsx, src/main.tsx       the page's composition: may import anything
//   features  portal, admin, login, relogin   never one another: what two of them share moves down
//   account   src/account                     the personal centre both shells show
//   services  auth, navigation, dataProviders, live: the session, the router's guard, refine's
//                                             providers, the live event stream
//   ground    shared, api, i18n, assets       imports nothing above it (api and i18n are the two
//                                             foundations shared stands on; the three import only
//                                             one another)
//
// A layer imports its own and the layers below it. Types only from the contract, one client from
// the context: see README.md (Layout) and src/api/README.md. Run by `npm run lint` (part of `npm test`).
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const GROUND = ["src/shared", "src/api", "src/i18n", "src/assets"];
const SERVICES = ["src/auth", "src/navigation", "src/dataProviders", "src/live"];
const ACCOUNT = ["src/account"];
const FEATURES = ["src/portal", "src/admin", "src/login", "src/relogin"];
const ROOT = ["src/App.tsx", "src/main.tsx"];

const above = (...layers) => layers.flat();
const why = {
  ground: "src/shared (with api and i18n) is the ground floor: it imports nothing above it; move the helper down or pass it in.",
  services: "A service (auth, navigation, dataProviders, live) imports only services and the ground floor.",
  account: "The personal centre serves both shells: it imports only services and the ground floor.",
  feature: "Features never import one another: move what they share to src/shared (or src/account), or pass it in from the root.",
};

const zones = [
  { target: GROUND, from: above(SERVICES, ACCOUNT, FEATURES, ROOT), message: why.ground },
  { target: SERVICES, from: above(ACCOUNT, FEATURES, ROOT), message: why.services },
  { target: ACCOUNT, from: above(FEATURES, ROOT), message: why.account },
  ...FEATURES.map((feature) => ({
    target: [feature],
    from: [...FEATURES.filter((other) => other !== feature), ...ROOT],
    message: why.feature,
  })),
];

export default [
  { ignores: ["dist/**", "node_modules/**", "**/*.d.ts", "src/api/schema.d.ts"] },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: "latest", sourceType: "module", ecmaFeatures: { jsx: true } } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones }],
      // An import the resolver cannot find would pass every zone unseen.
      "import-x/no-unresolved": ["error", { ignore: ["\\.css$", "\\.svg\\?", "^virtual:"] }],
      // Hooks only at a component's or hook's top level; dependency lists are reported, not fatal
      // (a few effects run on purpose only when one value changes, each with its comment).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
];
