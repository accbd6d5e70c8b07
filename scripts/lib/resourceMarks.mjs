// The contract's resource marks (issue 22 item 2): an operation that serves a generic admin resource
// says so with `x-resource: {name, action}` (or a list of them, when one operation serves several
// resources). This one module checks the marks and turns them into the resource table, for both
// readers: the Redocly rule of `npm run lint:api` (scripts/redocly/resourceMarksPlugin.mjs) and the
// generator of `npm run gen:api` (scripts/gen-api.mjs), which writes common/generated/resources.ts.
// Plain JavaScript, so Redocly and node load it without a compiler; types in resourceMarks.d.mts.

/**
 * The actions of the refine data provider (src/dataProviders/provider.ts), each with the request
 * shape the provider sends, which the marked operation must accept. There is no export action:
 * the admin's export reads the page operation page by page (src/admin/crud/ExportButton.tsx).
 */
export const RESOURCE_ACTIONS = {
  /** POST { page, pageSize, sortField?, sortOrder?, ...filters } in a JSON body. */
  page: { methods: ["post"], body: [] },
  /** GET ?id. */
  getById: { methods: ["get"], query: ["id"] },
  /** POST the record as a JSON body. */
  create: { methods: ["post"], body: [] },
  /** PUT the record with its id as a JSON body. */
  update: { methods: ["put"], body: [] },
  /** DELETE ?id. */
  removeById: { methods: ["delete"], query: ["id"] },
  /** Enable/disable: GET ?id&status, or PUT/POST { id, status } (the provider picks by method). */
  status: { methods: ["get", "put", "post"], query: ["id", "status"], body: ["id", "status"] },
};

const ACTION_ORDER = Object.keys(RESOURCE_ACTIONS);
/** A resource name is a TypeScript union member and a key of the generated table. */
const NAME = /^[a-z][A-Za-z0-9]*$/;

/**
 * The menu url an `x-permission` requires: a menu url, or `[menu, button]`; alternatives
 * (`/a|/b`) name no single menu, so they give none.
 */
function menuOf(permission) {
  const menu = Array.isArray(permission) ? permission[0] : permission;
  return typeof menu === "string" && menu.startsWith("/") && !menu.includes("|") ? menu : undefined;
}

/** Whether an operation accepts the request the provider sends for an action (a reason when not). */
function misfit(action, op) {
  const rule = RESOURCE_ACTIONS[action];
  if (op.path.includes("{")) return `the data provider fills no path parameter, but ${op.path} has one`;
  if (!rule.methods.includes(op.method)) return `${action} is ${rule.methods.map((m) => m.toUpperCase()).join(" or ")}, not ${op.method.toUpperCase()}`;
  if (op.method === "get" || op.method === "delete") {
    const missing = rule.query.filter((name) => !op.queryParams.includes(name));
    return missing.length ? `${action} sends ${missing.join(" and ")} in the query, which ${op.method.toUpperCase()} ${op.path} does not declare` : undefined;
  }
  if (!op.jsonBody) return `${action} sends a JSON body, which ${op.method.toUpperCase()} ${op.path} does not declare`;
  const missing = rule.body.filter((name) => !(op.bodyProps ?? []).includes(name));
  return missing.length ? `${action} sends ${missing.join(" and ")} in the body, which ${op.method.toUpperCase()} ${op.path} does not declare` : undefined;
}

/** The marks of one operation as a list; a problem for anything else. */
function marksOf(raw) {
  const list = Array.isArray(raw) ? raw : [raw];
  const marks = [];
  const problems = [];
  for (const mark of list) {
    const keys = mark && typeof mark === "object" ? Object.keys(mark).sort().join(",") : "";
    if (keys !== "action,name") {
      problems.push("x-resource is {name, action} or a list of them, with nothing else");
      continue;
    }
    if (typeof mark.name !== "string" || !NAME.test(mark.name)) {
      problems.push(`x-resource name ${JSON.stringify(mark.name)} is not an identifier (lowerCamelCase letters and digits)`);
      continue;
    }
    if (!Object.hasOwn(RESOURCE_ACTIONS, mark.action)) {
      problems.push(`x-resource action ${JSON.stringify(mark.action)} of ${mark.name} is unknown (one of ${ACTION_ORDER.join(", ")})`);
      continue;
    }
    marks.push(mark);
  }
  return { marks, problems };
}

/**
 * Checks every marked operation and builds the resource table.
 *
 * @param {import("./resourceMarks.d.mts").MarkedOperation[]} operations every operation of the document
 * @returns {import("./resourceMarks.d.mts").MarkCheck}
 */
export function checkResourceMarks(operations) {
  const problems = [];
  const report = (op, message) => problems.push({ message: `${op.operationId} (${op.method.toUpperCase()} ${op.path}): ${message}`, at: op.at });
  /** name -> action -> operation */
  const byName = new Map();

  for (const op of operations) {
    if (op.mark === undefined) continue;
    const { marks, problems: shapeProblems } = marksOf(op.mark);
    for (const message of shapeProblems) report(op, message);
    if (marks.length && op.permission === undefined) {
      report(op, "an admin resource's operation declares the menu or button it needs (x-permission)");
    }
    for (const { name, action } of marks) {
      const why = misfit(action, op);
      if (why) {
        report(op, `does not fit ${name}'s ${action}: ${why}`);
        continue;
      }
      const actions = byName.get(name) ?? new Map();
      const first = actions.get(action);
      if (first) {
        report(op, `${name}'s ${action} is already ${first.operationId} (${first.method.toUpperCase()} ${first.path}): one operation per resource and action`);
        continue;
      }
      actions.set(action, op);
      byName.set(name, actions);
    }
  }

  const resources = {};
  for (const name of [...byName.keys()].sort()) {
    const actions = byName.get(name);
    const permission = permissionOf(name, actions, (op, message) => report(op, message));
    const ops = {};
    for (const action of ACTION_ORDER) {
      const op = actions.get(action);
      if (op) ops[action] = { operationId: op.operationId, method: op.method, path: op.path };
    }
    resources[name] = { permission, operations: ops };
  }
  return { problems, resources };
}

/**
 * The menu url guarding a resource (the admin's menuUrl default): its page's, which is what its
 * list needs; without a page, the one menu all its operations need.
 */
function permissionOf(name, actions, report) {
  const page = actions.get("page");
  if (page) {
    const menu = menuOf(page.permission);
    if (menu === undefined) report(page, `${name}'s page declares no single menu url (x-permission), so the resource has no permission`);
    return menu ?? "";
  }
  const menus = new Set([...actions.values()].map((op) => menuOf(op.permission)));
  const [only] = menus;
  if (menus.size !== 1 || only === undefined) {
    const [first] = actions.values();
    report(first, `${name} has no page, and its operations need different menus (x-permission): the resource has no one permission`);
    return "";
  }
  return only;
}

/** The TypeScript module gen:api writes (common/generated/resources.ts). */
export function renderResourceModule(resources) {
  const names = Object.keys(resources);
  const lines = [
    "// Generated by `npm run gen:api` (scripts/gen-api.mjs) from the contract's x-resource marks. Do",
    "// not edit: mark the operation in openapi/paths/ and regenerate (`npm run check:api` fails when this",
    "// file differs). It imports nothing, so the web app and the server both load it.",
    "",
    "/** Every generic admin resource, and per action the operation that serves it. */",
    "export const RESOURCE_OPERATIONS = {",
  ];
  for (const name of names) {
    lines.push(`  ${name}: {`);
    for (const [action, op] of Object.entries(resources[name].operations)) {
      lines.push(`    ${action}: { operationId: ${JSON.stringify(op.operationId)}, method: ${JSON.stringify(op.method)}, path: ${JSON.stringify(op.path)} },`);
    }
    lines.push("  },");
  }
  lines.push(
    "} as const;",
    "",
    "/** A generic admin resource's name: a typo fails the type check. */",
    "export type ResourceName = keyof typeof RESOURCE_OPERATIONS;",
    "",
    "/** The menu url guarding each resource (its page operation's x-permission): the admin's menuUrl default. */",
    "export const RESOURCE_PERMISSIONS = {",
    ...names.map((name) => `  ${name}: ${JSON.stringify(resources[name].permission)},`),
    "} as const satisfies Record<ResourceName, string>;",
    "",
  );
  return lines.join("\n");
}

/** A `#/...` JSON pointer of a bundled document, resolved (non-local refs are left as they are). */
function resolveLocal(doc, node) {
  let current = node;
  for (let hops = 0; current && typeof current === "object" && typeof current.$ref === "string" && current.$ref.startsWith("#/") && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((at, key) => (at == null ? undefined : at[key]), doc);
  }
  return current;
}

/** The property names a (resolved) JSON schema declares, through allOf. */
export function schemaProperties(schema, resolve) {
  const s = resolve(schema);
  if (!s || typeof s !== "object") return [];
  const own = Object.keys(s.properties ?? {});
  return [...own, ...(s.allOf ?? []).flatMap((part) => schemaProperties(part, resolve))];
}

/**
 * What the rule reads of one operation, with `resolve` following `$ref`s (Redocly's ctx.resolve in
 * the lint, resolveLocal in the generator).
 */
export function describeOperation({ path, method, op, pathItem, resolve, at }) {
  const params = [...(pathItem?.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolve(p)).filter(Boolean);
  const body = op.requestBody ? resolve(op.requestBody) : undefined;
  const json = body?.content?.["application/json"];
  return {
    path,
    method,
    operationId: op.operationId ?? `${method} ${path}`,
    mark: op["x-resource"],
    tags: op.tags ?? [],
    permission: op["x-permission"],
    queryParams: params.filter((p) => p.in === "query").map((p) => p.name),
    jsonBody: Boolean(json),
    bodyProps: json?.schema ? schemaProperties(json.schema, resolve) : null,
    at,
  };
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of a bundled document (refs local), described for checkResourceMarks. */
export function operationsOfBundle(doc) {
  const resolve = (node) => resolveLocal(doc, node);
  const out = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const pathItem = resolve(rawItem);
    for (const method of METHODS) {
      const op = pathItem?.[method];
      if (op) out.push(describeOperation({ path, method, op, pathItem, resolve, at: `${method.toUpperCase()} ${path}` }));
    }
  }
  return out;
}
