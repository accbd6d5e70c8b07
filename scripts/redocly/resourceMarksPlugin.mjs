// Redocly plugin of `npm run lint:api` (redocly.yaml): the rule `portal/resource-marks` checks the
// contract's x-resource marks with the same function gen:api builds the resource table with
// (scripts/lib/resourceMarks.mjs): an unknown action, a mark whose operation does not take the
// request its action sends, two operations marked with the same resource and action, a resource
// with no one menu url. Each problem is reported at the operation's x-resource.
import { checkResourceMarks, describeOperation } from "../lib/resourceMarks.mjs";

function ResourceMarks() {
  const operations = [];
  let path;
  let pathItem;
  return {
    PathItem: {
      enter(item, ctx) {
        path = String(ctx.key);
        pathItem = item;
      },
    },
    Operation: {
      enter(op, ctx) {
        const resolve = (node) => (node && typeof node === "object" ? ctx.resolve(node).node : node);
        const at = op["x-resource"] === undefined ? ctx.location : ctx.location.child(["x-resource"]);
        operations.push(describeOperation({ path, method: String(ctx.key), op, pathItem, resolve, at }));
      },
    },
    Root: {
      leave(_root, ctx) {
        for (const { message, at } of checkResourceMarks(operations).problems) ctx.report({ message, location: at });
      },
    },
  };
}

export default function portalPlugin() {
  return { id: "portal", rules: { oas3: { "resource-marks": ResourceMarks } } };
}
